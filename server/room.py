"""A match room: the authority over one match. No gRPC here.

Moves go through `submit`, which checks its guards in a fixed order, applies the move to a copy
of the state, commits it to the event log, and only then makes the copy current and tells the
subscribers. Anything that fails before the commit leaves the room exactly as it was.

`submit` is synchronous on purpose: nothing in it awaits, so on one event loop two moves can never
interleave, and no lock is needed.
"""

from __future__ import annotations

import asyncio
import enum
import time
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from engine.core import Event, Game, IllegalMove, Move, Seat, State
from server.errors import Reason, Refusal
from server.store import ChatRecord

AWAY_NOTE_SECONDS = 3.0
"""How long a player's last stream must stay closed before the table is told they left: a
client that reconnects (or swaps a Watch for a Play stream) does not make noise."""
CHAT_BACKLOG = 50
"""Chat lines a new stream gets on its first snapshot."""


class SeatKind(enum.Enum):
    HUMAN = "human"
    BOT = "bot"


class Status(enum.Enum):
    WAITING = "waiting"
    PLAYING = "playing"
    FINISHED = "finished"


@dataclass
class SeatSlot:
    """One seat: who plays it and how many streams it has open."""

    seat: Seat
    kind: SeatKind
    bot_level: str = ""
    name: str = ""
    token_hash: str | None = None
    connections: int = 0
    away_since: float | None = None
    """Set (Unix time) while a taken human seat has no open stream."""
    announced_away: bool = False
    """Whether the table was told this player left (so it is told when they come back)."""

    @property
    def taken(self) -> bool:
        return self.kind is SeatKind.BOT or self.token_hash is not None

    @property
    def connected(self) -> bool:
        return self.kind is SeatKind.BOT or self.connections > 0


class MoveLog(Protocol):
    """Where accepted moves are committed (the SQLite store, through the game's codec)."""

    def append(
        self, match_id: str, version: int, seat: Seat, move: Move, finished: bool
    ) -> None: ...

    def append_chat(self, match_id: str, line: ChatRecord) -> None: ...


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
    instead of a backlog, and never slows the table down.
    """

    def __init__(self, seat: Seat | None) -> None:
        self.seat = seat
        self.closed = False
        self.revoked = False
        """Set when the seat was given up: the stream must end and read no more moves."""
        self._events: list[Event] = []
        self._notes: list[str] = []
        self._chat: list[ChatRecord] = []
        self._dirty = True  # a new stream starts with a snapshot
        self._results: deque[tuple[int, Accepted | Refusal]] = deque()
        self._wake = asyncio.Event()
        self._wake.set()
        self._drained = asyncio.Event()

    def notify(
        self, events: list[Event], notes: Sequence[str] = (), chat: Sequence[ChatRecord] = ()
    ) -> None:
        self._events.extend(events)
        self._notes.extend(notes)
        self._chat.extend(chat)
        self._dirty = True
        self._wake.set()

    def post(self, version: int, result: Accepted | Refusal) -> None:
        """Queues the answer to a move chosen at `version`."""
        self._results.append((version, result))
        self._wake.set()

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
        self._wake.set()
        self._drained.set()

    async def wait(self) -> None:
        await self._wake.wait()
        self._wake.clear()

    def take_results(self) -> list[tuple[int, Accepted | Refusal]]:
        results = list(self._results)
        self._results.clear()
        self._drained.set()
        return results

    def take_update(self) -> Update | None:
        """What happened since the last snapshot, or None when nothing changed."""
        if not self._dirty:
            return None
        update = Update(self._events, self._notes, self._chat)
        self._events, self._notes, self._chat, self._dirty = [], [], [], False
        return update


@dataclass(frozen=True)
class Update:
    """What one stream has not been told yet: the game's raw events, table notes (someone left,
    came back, sat down) and chat lines."""

    events: list[Event]
    notes: list[str] = field(default_factory=list)
    chat: list[ChatRecord] = field(default_factory=list)


@dataclass
class Room:
    match_id: str
    game: Game
    players: int
    options: Mapping[str, str]
    seed: int
    seats: list[SeatSlot]
    log: MoveLog
    created_at: float = 0.0
    created_by: str = ""
    version: int = 0
    state: State = field(init=False)
    history: list[tuple[Seat, Move]] = field(default_factory=list)
    subscribers: set[Subscriber] = field(default_factory=set)
    listeners: list[Callable[[Room], None]] = field(default_factory=list)
    chat: list[ChatRecord] = field(default_factory=list)
    rematch_of: Room | None = None
    rematch: Room | None = None
    hints: bool = False
    """Whether the seats may ask for hints and a review (the `hints` match option)."""

    def __post_init__(self) -> None:
        self.state = self.game.new(self.players, self.options, self.seed)
        now = time.time()
        for slot in self.seats:
            if slot.kind is SeatKind.HUMAN and slot.token_hash is not None:
                slot.away_since = now  # restored: nobody is connected yet

    @property
    def game_id(self) -> str:
        return self.game.info.id

    @property
    def status(self) -> Status:
        if self.state.result() is not None:
            return Status.FINISHED
        if not all(slot.taken for slot in self.seats):
            return Status.WAITING
        return Status.PLAYING

    def replay(self, moves: list[tuple[Seat, Move]]) -> None:
        """Rebuilds the match from its logged moves (on server start)."""
        for seat, move in moves:
            self.state.apply(move)
            self.history.append((seat, move))
        self.version = len(self.history)

    def submit(self, seat: Seat, version: int, move: Move) -> Accepted:
        """Plays `move` for `seat`, chosen at `version`; raises Refusal and changes nothing
        when it may not be played."""
        if version < 0:
            raise Refusal(
                Reason.BAD_VERSION,
                f"a move's version is a snapshot's version, 0 or more, not {version}",
                version=str(version),
            )
        if version < self.version and self.history[version] == (seat, move):
            return Accepted(version, version + 1)  # a resent move: answered, not replayed
        status = self.status
        if status is Status.FINISHED:
            raise Refusal(Reason.MATCH_OVER, "the match is over; no more moves are accepted")
        if status is Status.WAITING:
            free = [slot.seat for slot in self.seats if not slot.taken]
            raise Refusal(
                Reason.MATCH_NOT_STARTED,
                f"the match starts when every seat is taken; waiting for seats {free}",
            )
        if version != self.version:
            raise Refusal(
                Reason.STALE_VERSION,
                f"the move was chosen at version {version} but the match is at version "
                f"{self.version}; choose again from the newest snapshot",
                version=str(version),
                current_version=str(self.version),
            )
        to_act = self.state.to_act()
        if to_act != seat:
            raise Refusal(
                Reason.NOT_YOUR_TURN,
                f"it is seat {to_act}'s turn, not seat {seat}'s; wait for a snapshot whose "
                "legal_moves is not empty",
            )
        successor = self.state.copy()
        try:
            events = successor.apply(move)
        except IllegalMove as error:
            raise Refusal.from_engine(error) from None
        finished = successor.result() is not None
        self.log.append(self.match_id, version, seat, move, finished)
        self.state = successor
        self.history.append((seat, move))
        self.version += 1
        self.broadcast(events)
        return Accepted(version, self.version)

    def reserved_for(self, seat: Seat) -> SeatSlot | None:
        """In a rematch: the previous match's slot whose player this free seat is held for."""
        if self.rematch_of is None or self.seats[seat].taken:
            return None
        previous = self.rematch_of.seats[seat]
        held = previous.kind is SeatKind.HUMAN and previous.token_hash is not None
        return previous if held else None

    def subscribe(self, seat: Seat | None) -> Subscriber:
        subscriber = Subscriber(seat)
        subscriber.notify([], chat=self.chat[-CHAT_BACKLOG:])
        self.subscribers.add(subscriber)
        if seat is not None:
            slot = self.seats[seat]
            slot.connections += 1
            notes = []
            if slot.connections == 1:
                if slot.announced_away:
                    notes.append(f"{slot.name} is back")
                slot.away_since, slot.announced_away = None, False
            self.broadcast([], notes)
        return subscriber

    def seated(self, seat: Seat) -> None:
        """Someone just took `seat` (before opening a stream)."""
        slot = self.seats[seat]
        slot.away_since, slot.announced_away = time.time(), False
        self.broadcast([], [f"{slot.name} sat down"])

    def vacated(self, seat: Seat, name: str) -> None:
        """`name` just gave `seat` up."""
        slot = self.seats[seat]
        slot.away_since, slot.announced_away = None, False
        self.revoke(seat)
        self.broadcast([], [f"{name} gave up their seat"])

    def say(self, line: ChatRecord) -> None:
        """Keeps a chat line (in the log first) and passes it to every stream."""
        self.log.append_chat(self.match_id, line)
        self.chat.append(line)
        self.broadcast([], chat=[line])

    def revoke(self, seat: Seat) -> None:
        """Ends every stream of `seat`, whose token was just given up."""
        for subscriber in [s for s in self.subscribers if s.seat == seat]:
            subscriber.revoked = True
            subscriber.close()
            self.unsubscribe(subscriber)

    def unsubscribe(self, subscriber: Subscriber) -> None:
        if subscriber not in self.subscribers:
            return
        self.subscribers.discard(subscriber)
        if subscriber.seat is not None:
            slot = self.seats[subscriber.seat]
            slot.connections -= 1
            if slot.connections == 0 and slot.kind is SeatKind.HUMAN and slot.token_hash:
                slot.away_since = time.time()
                self._announce_away_later(slot)
            self.broadcast([])

    def _announce_away_later(self, slot: SeatSlot) -> None:
        def announce(token_hash: str | None = slot.token_hash) -> None:
            if slot.connections == 0 and slot.token_hash == token_hash and not slot.announced_away:
                slot.announced_away = True
                self.broadcast([], [f"{slot.name} left the table"])

        try:
            asyncio.get_running_loop().call_later(AWAY_NOTE_SECONDS, announce)
        except RuntimeError:
            announce()  # no loop (a synchronous caller): tell at once

    def broadcast(
        self,
        events: list[Event],
        notes: Sequence[str] = (),
        chat: Sequence[ChatRecord] = (),
    ) -> None:
        """Tells every stream and listener that the room changed."""
        for subscriber in self.subscribers:
            subscriber.notify(events, notes, chat)
        for listener in self.listeners:
            listener(self)
