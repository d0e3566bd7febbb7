"""A match room: the authority over one match. No gRPC here.

Moves go through `submit`, which checks its guards in a fixed order, applies the move to a copy
of the state, commits it to the event log, and only then makes the copy current and tells the
subscribers. Anything that fails before the commit leaves the room exactly as it was. Seat
changes (`seat_player`, `free_seat`, `seat_bot`) and endings (`end`) follow the same order:
commit, then change, then tell.

`submit` is synchronous on purpose: nothing in it awaits, so on one event loop two moves can never
interleave, and no lock is needed.
"""

from __future__ import annotations

import asyncio
import enum
import time
from collections import deque
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from engine.core import Event, Game, IllegalMove, Move, PublicEvent, Result, Seat, State
from server.clock import Ending, TurnClock, away_seconds, clock_rule
from server.errors import Reason, Refusal

RECAP_EVENTS = 300
"""How many recent events a new stream starts with, so a player who reconnects sees what
happened while away: more than the longest deal, round or contest of any game (in 30 random
matches per game the longest was a Tiger & Dragon round of 68 events)."""


class SeatKind(enum.Enum):
    HUMAN = "human"
    BOT = "bot"


class Status(enum.Enum):
    WAITING = "waiting"
    PLAYING = "playing"
    FINISHED = "finished"


class PlayedBy(enum.Enum):
    """Who chose a logged move: the seat itself, its clock running out, or the bot that plays
    for an absent player."""

    SEAT = "seat"
    CLOCK = "clock"
    AWAY = "away"


@dataclass
class SeatSlot:
    """One seat: who plays it and how many streams it has open."""

    seat: Seat
    kind: SeatKind
    bot_level: str = ""
    name: str = ""
    token_hash: str | None = None
    connections: int = 0
    gone_since: float = 0.0
    """When the seat's last stream closed (or it was taken); what `away` is measured from."""
    away: bool = False
    """A bot plays for the seat until its player opens a stream again."""

    @property
    def taken(self) -> bool:
        return self.kind is SeatKind.BOT or self.token_hash is not None

    @property
    def connected(self) -> bool:
        return self.kind is SeatKind.BOT or self.connections > 0

    @property
    def absent(self) -> bool:
        """A person holds the seat but has no stream open."""
        return self.kind is SeatKind.HUMAN and self.token_hash is not None and not self.connections


@dataclass(frozen=True)
class TableEvent(PublicEvent):
    """Something that happened at the table rather than in the game (a player away, back,
    kicked; the match aborted): one public line of text."""

    text: str

    def describe(self) -> str:
        return self.text


class MatchLog(Protocol):
    """Where a room commits what happens to it (the SQLite store, through the game's codec)."""

    def append(
        self,
        match_id: str,
        version: int,
        seat: Seat,
        move: Move,
        played_by: PlayedBy,
        finished: bool,
        clock: dict[str, Any],
    ) -> None: ...

    def save_seat(self, match_id: str, slot: SeatSlot, clock: dict[str, Any]) -> None: ...

    def save_ending(self, match_id: str, ending: Ending, clock: dict[str, Any]) -> None: ...


@dataclass(frozen=True)
class Accepted:
    """The answer to an accepted move (also given again to a resent duplicate)."""

    version: int
    new_version: int


class Subscriber:
    """The mailbox of one Play or Watch stream.

    Move results are kept in order; state changes coalesce, so a slow client gets the newest
    snapshot (with every event since its last one) instead of a backlog, and never slows the
    table down. The first snapshot carries the room's recent events (`recap`).
    """

    def __init__(self, seat: Seat | None, recap: list[Event]) -> None:
        self.seat = seat
        self.closed = False
        self.revoked = False
        """Set when the seat was given up: the stream must end and read no more moves."""
        self._events: list[Event] = list(recap)
        self.recap = True
        """The pending events are a recap of earlier ones (the first snapshot of a stream)."""
        self._dirty = True  # a new stream starts with a snapshot
        self._results: deque[tuple[int, Accepted | Refusal]] = deque()
        self._wake = asyncio.Event()
        self._wake.set()

    def notify(self, events: list[Event]) -> None:
        self._events.extend(events)
        self._dirty = True
        self._wake.set()

    def post(self, version: int, result: Accepted | Refusal) -> None:
        """Queues the answer to a move chosen at `version`."""
        self._results.append((version, result))
        self._wake.set()

    def close(self) -> None:
        self.closed = True
        self._wake.set()

    async def wait(self) -> None:
        await self._wake.wait()
        self._wake.clear()

    def take_results(self) -> list[tuple[int, Accepted | Refusal]]:
        results = list(self._results)
        self._results.clear()
        return results

    def take_update(self) -> tuple[list[Event], bool] | None:
        """The raw events since the last snapshot and whether they are a recap, or None when
        nothing changed."""
        if not self._dirty:
            return None
        events, self._events, self._dirty = self._events, [], False
        recap, self.recap = self.recap, False
        return events, recap


@dataclass
class Room:
    match_id: str
    game: Game
    players: int
    options: Mapping[str, str]
    seed: int
    seats: list[SeatSlot]
    log: MatchLog
    created_at: float = 0.0
    host_hash: str | None = None
    join_code: str | None = None
    now: Callable[[], float] = time.time
    version: int = 0
    state: State = field(init=False)
    clock: TurnClock = field(init=False)
    ending: Ending | None = None
    history: list[tuple[Seat, Move]] = field(default_factory=list)
    recent: deque[Event] = field(default_factory=lambda: deque(maxlen=RECAP_EVENTS))
    subscribers: set[Subscriber] = field(default_factory=set)
    listeners: list[Callable[[Room], None]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.state = self.game.new(self.players, self.game_options(), self.seed)
        self.clock = TurnClock.start(clock_rule(self.options), self.players)
        now = self.now()
        for slot in self.seats:
            slot.gone_since = now

    def game_options(self) -> dict[str, str]:
        """The options the game's rules read (the others are the table's: clock, away)."""
        names = {spec.name for spec in self.game.info.options}
        return {name: value for name, value in self.options.items() if name in names}

    @property
    def game_id(self) -> str:
        return self.game.info.id

    @property
    def away_after(self) -> float:
        """Seconds without a stream before a bot plays for a seat."""
        return away_seconds(self.options)

    def result(self) -> Result | None:
        """The rules' result, or the one an ending imposed (abort, forfeit, expiry)."""
        if self.ending is None:
            return self.state.result()
        scores = self.state.scores()
        if self.ending.kind == "forfeit" and self.ending.seat is not None:
            losers = self.state.team(self.ending.seat)
            winners = tuple(s for s in range(self.players) if self.state.team(s) != losers)
            return Result(scores, winners, {"forfeit": self.ending.seat})
        return Result(scores, (), {self.ending.kind: True})

    @property
    def status(self) -> Status:
        if self.result() is not None:
            return Status.FINISHED
        if not all(slot.taken for slot in self.seats):
            return Status.WAITING
        return Status.PLAYING

    def replay(self, moves: list[tuple[Seat, Move]]) -> None:
        """Rebuilds the match from its logged moves (on server start, or for the archive)."""
        for seat, move in moves:
            self.recent.extend(self.state.apply(move))
            self.history.append((seat, move))
        self.version = len(self.history)

    def restore_clock(self, data: Mapping[str, Any] | None) -> None:
        """Takes the stored clock, deadlines unchanged, and lets it run if the match does."""
        self.clock = TurnClock.from_dict(clock_rule(self.options), self.players, data)
        self.clock.sync(self.state.to_act(), self.status is Status.PLAYING, self.now())

    def submit(
        self, seat: Seat, version: int, move: Move, played_by: PlayedBy = PlayedBy.SEAT
    ) -> Accepted:
        """Plays `move` for `seat`, chosen at `version`; raises Refusal and changes nothing
        when it may not be played."""
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
        now = self.now()
        clock = self.clock.copy()
        clock.moved(seat, now)
        clock.sync(successor.to_act(), not finished, now)
        self.log.append(self.match_id, version, seat, move, played_by, finished, clock.to_dict())
        self.state, self.clock = successor, clock
        self.history.append((seat, move))
        self.version += 1
        self.broadcast(events)
        return Accepted(version, self.version)

    def _seat_changed(
        self, slot: SeatSlot, events: list[Event], change: Callable[[], None]
    ) -> None:
        """Commits a seat change (with the clock it leaves), then makes it and tells everyone."""
        before = (slot.kind, slot.bot_level, slot.name, slot.token_hash)
        change()
        clock = self.clock.copy()
        clock.sync(self.state.to_act(), self.status is Status.PLAYING, self.now())
        try:
            self.log.save_seat(self.match_id, slot, clock.to_dict())
        except BaseException:
            slot.kind, slot.bot_level, slot.name, slot.token_hash = before
            raise
        self.clock = clock
        self.broadcast(events)

    def seat_player(self, seat: Seat, name: str, token_hash: str) -> None:
        slot = self.seats[seat]

        def change() -> None:
            slot.name, slot.token_hash = name, token_hash
            slot.gone_since, slot.away = self.now(), False

        self._seat_changed(slot, [], change)

    def free_seat(self, seat: Seat, why: str = "") -> None:
        """Frees the seat: its token stops working and its streams end."""
        slot = self.seats[seat]
        name = slot.name

        def change() -> None:
            slot.kind, slot.bot_level, slot.name, slot.token_hash = SeatKind.HUMAN, "", "", None
            slot.away = False

        self._seat_changed(slot, [TableEvent(f"{name} {why}")] if why else [], change)
        self.revoke(seat)

    def seat_bot(self, seat: Seat, level: str) -> None:
        """Hands the seat to a server bot at `level`; a person holding it is removed."""
        slot = self.seats[seat]
        name = slot.name or f"seat {seat}"

        def change() -> None:
            slot.kind, slot.bot_level, slot.token_hash = SeatKind.BOT, level, None
            slot.name, slot.away = f"bot-{seat} ({level})", False

        self._seat_changed(slot, [TableEvent(f"a bot ({level}) now plays for {name}")], change)
        self.revoke(seat)

    def end(self, ending: Ending) -> None:
        """Ends the match outside its rules (abort, forfeit, expiry)."""
        if self.status is Status.FINISHED:
            raise Refusal(Reason.MATCH_OVER, "the match is already over")
        clock = self.clock.copy()
        clock.sync(None, False, self.now())
        self.log.save_ending(self.match_id, ending, clock.to_dict())
        self.ending, self.clock = ending, clock
        self.broadcast([self.ending_event()])

    def ending_event(self) -> TableEvent:
        assert self.ending is not None
        names = [slot.name or f"seat {slot.seat}" for slot in self.seats]
        return TableEvent(self.ending.describe(names))

    def mark_away(self, now: float) -> None:
        """Hands seats whose player has been gone for the grace time to the away bot."""
        for slot in self.seats:
            if slot.absent and not slot.away and now - slot.gone_since >= self.away_after:
                slot.away = True
                self.broadcast([TableEvent(f"{slot.name} is away — a bot plays for them")])

    def subscribe(self, seat: Seat | None) -> Subscriber:
        subscriber = Subscriber(seat, list(self.recent))
        self.subscribers.add(subscriber)
        if seat is not None:
            slot = self.seats[seat]
            slot.connections += 1
            events: list[Event] = []
            if slot.away:
                slot.away = False
                events.append(TableEvent(f"{slot.name} is back"))
            self.broadcast(events)
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
            slot = self.seats[subscriber.seat]
            slot.connections -= 1
            if not slot.connections:
                slot.gone_since = self.now()
            self.broadcast([])

    def broadcast(self, events: list[Event]) -> None:
        """Tells every stream and listener that the room changed."""
        self.recent.extend(events)
        for subscriber in self.subscribers:
            subscriber.notify(events)
        for listener in list(self.listeners):
            listener(self)
