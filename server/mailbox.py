"""The mailbox of one Play or Watch stream: what the stream owes its client. No gRPC here.

A room tells each of its streams of every change (`Subscriber.notify`) and posts the answers to
the moves a stream sent (`Subscriber.post`); the stream's loop (server/service.py) waits on the
mailbox and takes what is due when its client can take it. Move results are kept in order;
state changes coalesce, so a slow client gets the newest snapshot and never holds up the table.
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from engine.core import Event, Seat
from server.errors import Refusal
from server.log import ChatRecord
from server.notes import NoteKind, TableNote


@dataclass(frozen=True)
class Accepted:
    """The answer to an accepted move (also given again to a resent duplicate)."""

    version: int
    new_version: int


MAX_PENDING_RESULTS = 32
"""Move results a stream may owe its client before it stops reading the client's moves."""


class Subscriber:
    """The mailbox of one Play or Watch stream.

    Move results are kept in order, at most `MAX_PENDING_RESULTS` of them; state changes
    coalesce, so a slow client gets the newest snapshot (with every event since its last one)
    instead of a backlog, and never slows the table down. The first snapshot carries the
    room's recent events (`recap`).
    """

    def __init__(self, seat: Seat | None, recap: Told, revision: int) -> None:
        self.seat = seat
        self.closed = False
        self.revoked: NoteKind | None = None
        """Why the seat's token stopped working (GAVE_UP, REMOVED, BOT_TAKES_OVER), once it
        did: the stream must end, read no more moves and say why."""
        self._told: list[Told] = [recap]  # a new stream starts with a snapshot: the recap
        """What the room's broadcasts told this stream since its last snapshot, in order (the
        recap first on its first one): the broadcasts' own objects, shared by every stream."""
        self.recap = True
        """The pending events are a recap of earlier ones (the first snapshot of a stream)."""
        self._since = revision
        """The room's revision when the pending update began (this stream opened or last took
        one): what it holds is the recap as of then, if `recap`, and every broadcast since."""
        self._until = revision
        """The revision of the last broadcast this stream was told of."""
        self._results: deque[tuple[int, Accepted | Refusal]] = deque()
        self._woken = True  # a new stream starts with a snapshot
        self._waiter: asyncio.Future[None] | None = None
        self._drained = asyncio.Event()

    def notify(self, revision: int, told: Told) -> None:
        """Tells the stream of the room's broadcast number `revision`, which told every stream
        `told`: kept by reference (one object for all streams), and the stream woken; the
        broadcast of a thousand spectators' room runs this a thousand times."""
        self._until = revision
        self._told.append(told)
        self._woken = True
        waiter = self._waiter
        if waiter is not None and not waiter.done():
            waiter.set_result(None)

    def post(self, version: int, result: Accepted | Refusal) -> None:
        """Queues the answer to a move chosen at `version`."""
        self._results.append((version, result))
        self._wake()

    @property
    def pending_results(self) -> int:
        return len(self._results)

    async def room_for_results(self) -> None:
        """Returns once fewer than `MAX_PENDING_RESULTS` results wait to be sent (or the
        stream closed): the reader of moves waits here, so a client that never reads cannot
        make the server hold an ever-growing backlog."""
        while len(self._results) >= MAX_PENDING_RESULTS and not self.closed:
            self._drained.clear()
            await self._drained.wait()

    def close(self) -> None:
        self.closed = True
        self._wake()
        self._drained.set()

    def _wake(self) -> None:
        self._woken = True
        waiter = self._waiter
        if waiter is not None and not waiter.done():
            waiter.set_result(None)

    async def wait(self) -> None:
        """Returns once there is something to send or the stream closed (at once if there
        already is). A bare future rather than an asyncio.Event: one stream waits, and a
        spectator's delivery is little more than this wait and a write."""
        if not self._woken:
            self._waiter = asyncio.get_running_loop().create_future()
            try:
                await self._waiter
            finally:
                self._waiter = None
        self._woken = False

    def take_results(self) -> list[tuple[int, Accepted | Refusal]]:
        results = list(self._results)
        self._results.clear()
        self._drained.set()
        return results

    def take_update(self) -> Update | None:
        """What happened since the last snapshot, or None when nothing changed."""
        told = self._told
        if not told:
            return None
        update = Update(told, self.recap, self._since, self._until)
        self._told, self.recap, self._since = [], False, self._until
        return update


class Told(NamedTuple):
    """What one broadcast of a room told its streams: the game's raw events, table notes
    (someone left, came back, sat down) and chat lines. Built once per broadcast and kept by
    every stream's mailbox as it is, not copied into each; a stream's first one is the recap
    (the room's recent events and chat as of its opening, shared by the streams opened at the
    same revision)."""

    events: Sequence[Event]
    notes: Sequence[TableNote] = ()
    chat: Sequence[ChatRecord] = ()


class Update(NamedTuple):
    """What one stream has not been told yet: what each broadcast since its last snapshot told
    it, in order (`told`); `recap` on a stream's first snapshot, whose first `Told` is then the
    recent events and chat from before it opened.

    `since` and `until` are the room revisions it covers: the broadcasts after `since` up to
    and including `until` (with `recap`, the recap as of `since` first). Every stream of a room
    is told every broadcast from its opening until it closes, and the recap as of a revision is
    the same for every stream opened then, so (recap, since, until) says what an update holds:
    streams with the same three (and the same viewer) are owed the same update. Its events,
    notes and chat are read only where the update's part of a snapshot is built, once for all
    of those streams."""

    told: Sequence[Told]
    recap: bool
    since: int
    until: int

    @property
    def events(self) -> list[Event]:
        return [event for told in self.told for event in told.events]

    @property
    def notes(self) -> list[TableNote]:
        return [note for told in self.told for note in told.notes]

    @property
    def chat(self) -> list[ChatRecord]:
        return [line for told in self.told for line in told.chat]
