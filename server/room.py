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
from collections import deque
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Protocol

from engine.core import Event, Game, IllegalMove, Move, Seat, State
from server.errors import Reason, Refusal


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
        self._dirty = True  # a new stream starts with a snapshot
        self._results: deque[tuple[int, Accepted | Refusal]] = deque()
        self._wake = asyncio.Event()
        self._wake.set()
        self._drained = asyncio.Event()

    def notify(self, events: list[Event]) -> None:
        self._events.extend(events)
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

    def take_update(self) -> list[Event] | None:
        """The raw events since the last snapshot, or None when nothing changed."""
        if not self._dirty:
            return None
        events, self._events, self._dirty = self._events, [], False
        return events


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
    version: int = 0
    state: State = field(init=False)
    history: list[tuple[Seat, Move]] = field(default_factory=list)
    subscribers: set[Subscriber] = field(default_factory=set)
    listeners: list[Callable[[Room], None]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.state = self.game.new(self.players, self.options, self.seed)

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

    def subscribe(self, seat: Seat | None) -> Subscriber:
        subscriber = Subscriber(seat)
        self.subscribers.add(subscriber)
        if seat is not None:
            self.seats[seat].connections += 1
            self.broadcast([])
        return subscriber

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
            self.seats[subscriber.seat].connections -= 1
            self.broadcast([])

    def broadcast(self, events: list[Event]) -> None:
        """Tells every stream and listener that the room changed."""
        for subscriber in self.subscribers:
            subscriber.notify(events)
        for listener in self.listeners:
            listener(self)
