"""A match room: the authority over one match. It knows the engine, its log only as the
`MatchLog` Protocol (server/log.py), and its streams as mailboxes (server/mailbox.py); no gRPC,
protobuf, codec or store here.

Moves go through `submit`, which checks its guards in a fixed order, applies the move to a copy
of the state, commits it to the log, and only then makes the copy current and tells the
subscribers. Anything that fails before the commit, the commit included, leaves the room
exactly as it was. Seat changes (`seat_player`, `free_seat`, `seat_bot`), endings (`end`), chat
(`say`) and the join code (`set_join_code`) follow the same order: commit, then change, then
tell.

Presence is one notion shared by the table notes and the away bot: a taken human seat with no
open stream is away since `SeatSlot.away_since`. After AWAY_NOTE_SECONDS the table is told the
player left; after the match's `away` option (default 60 s) a bot plays for them
(`SeatSlot.bot_plays`) until they open a stream again.

`submit` is synchronous on purpose: nothing in it awaits, so on one event loop two moves can never
interleave, and no lock is needed.
"""

from __future__ import annotations

import asyncio
import enum
import time
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from engine.core import Event, Game, IllegalMove, Move, Result, Seat, State
from server.clock import Ending, TurnClock, away_seconds, clock_rule
from server.errors import Reason, Refusal
from server.log import ChatRecord, MatchLog, PlayedBy
from server.mailbox import Accepted, Subscriber, Told
from server.notes import NoteKind, TableEvent, TableNote
from server.seats import SeatKind, SeatSlot

AWAY_NOTE_SECONDS = 3.0
"""How long a player's last stream must stay closed before the table is told they left: a
client that reconnects (or swaps a Watch for a Play stream) does not make noise."""
CHAT_BACKLOG = 50
"""Chat lines a new stream gets on its first snapshot."""

RECAP_EVENTS = 300
"""How many recent events a new stream starts with, so a player who reconnects sees what
happened while away: more than the longest deal, round or contest of any game (in 30 random
matches per game the longest was a Tiger & Dragon round of 68 events)."""


ENDING_NOTES = {
    "forfeit": NoteKind.FORFEIT,
    "expired": NoteKind.EXPIRED,
    "aborted": NoteKind.ABORTED,
}
"""The table note that tells everyone how a match ended outside its rules."""


class Status(enum.Enum):
    WAITING = "waiting"
    PLAYING = "playing"
    FINISHED = "finished"


def check_version(version: int, whose: str) -> None:
    """Refuses a negative version (BAD_VERSION): every version a client may send is one a
    snapshot showed. Moves and hints answer it alike."""
    if version < 0:
        raise Refusal(
            Reason.BAD_VERSION,
            f"{whose} version is a snapshot's version, 0 or more, not {version}",
            version=str(version),
        )


@dataclass(eq=False)
class Room:
    """One match. Compared and hashed by identity: two rooms are never the same match's."""

    match_id: str
    game: Game
    players: int
    options: Mapping[str, str]
    seed: int
    seats: list[SeatSlot]
    log: MatchLog
    created_at: float = 0.0
    created_by: str = ""
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
    chat: list[ChatRecord] = field(default_factory=list)
    rematch_of: Room | None = None
    rematch: Room | None = None
    hints: bool = False
    """Whether the seats may ask for hints and a review (the `hints` match option)."""
    name: str = ""
    """The match's own name (cleaned), shown in the match list; empty for none."""
    revision: int = 0
    """Counts the room's broadcasts: whatever a snapshot shows can only change with one."""
    began: bool = False
    """Every seat has been taken: the match began. A deal can decide a match before anyone
    moves (Koi-Koi's dealt-hand yaku); such a match waits for its players like any other and
    is finished from the moment its last seat is taken."""
    _recap: tuple[tuple[int, int], Told] | None = field(init=False, repr=False)
    """The recap as of (revision, version), shared by the streams opened then (`recap`); set
    in `__post_init__` (a compiled dataclass leaves a field with init=False unset)."""
    derived: dict[object, Any] = field(default_factory=dict, repr=False)
    """What the adapters built from the room as it stands (server/snapshot_cache.py), opaque
    here: emptied at every broadcast, the only way anything the room shows changes, and gone
    with the room."""
    derived_from_state: dict[object, Any] = field(default_factory=dict, repr=False)
    """What the adapters built from the game state alone (the views), opaque here: emptied
    whenever `state` changes (a move, a replay), not at a broadcast that changes only the
    table (a seat taken, a stream opened or closed, a chat line)."""

    def __post_init__(self) -> None:
        self._recap = None
        self.state = self.game.new(self.players, self.game_options(), self.seed)
        self.clock = TurnClock.start(clock_rule(self.options), self.players)
        self.began = all(slot.taken for slot in self.seats)
        now = self.now()
        for slot in self.seats:
            if slot.kind is SeatKind.HUMAN and slot.token_hash is not None:
                slot.away_since = now  # restored: nobody is connected yet

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
        if self.result() is not None and (self.began or self.ending is not None):
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
        self.derived_from_state.clear()

    def restore_clock(self, data: Mapping[str, Any] | None) -> None:
        """Takes the stored clock, deadlines unchanged, and lets it run if the match does."""
        self.clock = TurnClock.from_dict(clock_rule(self.options), self.players, data)
        self.clock.sync(self.state.to_act(), self.status is Status.PLAYING, self.now())

    def submit(
        self, seat: Seat, version: int, move: Move, played_by: PlayedBy = PlayedBy.SEAT
    ) -> Accepted:
        """Plays `move` for `seat`, chosen at `version`; raises Refusal and changes nothing
        when it may not be played."""
        check_version(version, "a move's")
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
        clock = self.clock
        if clock.rule.runs:  # a clock that never runs never changes: nothing to copy or log
            now = self.now()
            clock = clock.copy()
            clock.moved(seat, now)
            clock.sync(successor.to_act(), not finished, now)
        self.log.append(self.match_id, version, seat, move, played_by, finished, clock.record())
        self.state, self.clock = successor, clock
        self.derived_from_state.clear()
        self.history.append((seat, move))
        self.version += 1
        self.broadcast(events)
        return Accepted(version, self.version)

    def _seat_changed(
        self, slot: SeatSlot, notes: list[TableNote], change: Callable[[], None]
    ) -> None:
        """Commits a seat change (with the clock it leaves), then makes it and tells everyone."""
        before = replace(slot)
        began = self.began
        change()
        self.began = began or all(s.taken for s in self.seats)
        # A match its deal decided ends as its last seat is taken: committed with the seat.
        decided = self.began and not began and self.state.result() is not None
        clock = self.clock.copy()
        clock.sync(self.state.to_act(), self.status is Status.PLAYING, self.now())
        try:
            self.log.save_seat(self.match_id, slot, clock.record(), decided)
        except BaseException:
            slot.kind, slot.bot_level, slot.name = before.kind, before.bot_level, before.name
            slot.token_hash, slot.away_since = before.token_hash, before.away_since
            slot.announced_away, slot.bot_plays = before.announced_away, before.bot_plays
            self.began = began
            raise
        self.clock = clock
        self.broadcast([], notes)

    def seat_player(self, seat: Seat, name: str, token_hash: str) -> None:
        """Gives `seat` to `name` (before they open a stream)."""
        slot = self.seats[seat]

        def change() -> None:
            slot.name, slot.token_hash = name, token_hash
            slot.away_since, slot.announced_away, slot.bot_plays = self.now(), False, False

        self._seat_changed(slot, [TableNote(NoteKind.SAT_DOWN, seat, name)], change)

    def free_seat(self, seat: Seat, why: NoteKind) -> None:
        """Frees the seat (`why`: GAVE_UP or REMOVED): its token stops working and its streams
        end."""
        slot = self.seats[seat]
        note = TableNote(why, seat, slot.name)

        def change() -> None:
            slot.kind, slot.bot_level, slot.name, slot.token_hash = SeatKind.HUMAN, "", "", None
            slot.away_since, slot.announced_away, slot.bot_plays = None, False, False

        self._seat_changed(slot, [note], change)
        self.revoke(seat, why)

    def seat_bot(self, seat: Seat, level: str, bot_name: str) -> None:
        """Hands the seat to a server bot at `level`; a person holding it is removed."""
        slot = self.seats[seat]
        note = TableNote(NoteKind.BOT_TAKES_OVER, seat, slot.name, level)

        def change() -> None:
            slot.kind, slot.bot_level, slot.token_hash = SeatKind.BOT, level, None
            slot.name = bot_name
            slot.away_since, slot.announced_away, slot.bot_plays = None, False, False

        self._seat_changed(slot, [note], change)
        self.revoke(seat, NoteKind.BOT_TAKES_OVER)

    def end(self, ending: Ending) -> None:
        """Ends the match outside its rules (abort, forfeit, expiry)."""
        if self.status is Status.FINISHED:
            raise Refusal(Reason.MATCH_OVER, "the match is already over")
        clock = self.clock.copy()
        clock.sync(None, False, self.now())
        self.log.save_ending(self.match_id, ending, clock.record())
        self.ending, self.clock = ending, clock
        self.broadcast([], [self.ending_note()])

    def ending_note(self) -> TableNote:
        assert self.ending is not None
        seat = self.ending.seat
        return TableNote(
            ENDING_NOTES[self.ending.kind], seat, self.seats[seat].name if seat is not None else ""
        )

    def mark_away(self, now: float) -> None:
        """Hands seats whose player has been gone for the grace time to the away bot."""
        for slot in self.seats:
            if not slot.absent or slot.bot_plays or slot.away_since is None:
                continue
            if now - slot.away_since >= self.away_after:
                slot.bot_plays = True
                self.broadcast([], [TableNote(NoteKind.AWAY, slot.seat, slot.name)])

    def reserved_for(self, seat: Seat) -> SeatSlot | None:
        """In a rematch: the previous match's slot whose player this free seat is held for."""
        if self.rematch_of is None or self.seats[seat].taken:
            return None
        previous = self.rematch_of.seats[seat]
        held = previous.kind is SeatKind.HUMAN and previous.token_hash is not None
        return previous if held else None

    def went_to_rematch(self, slot: SeatSlot) -> bool:
        """Whether the player of `slot` took their seat at this finished match's rematch: their
        stream here closed because they moved on, so the table is told so, not that they left
        (issue 20, 18). The rematch holds the seat for them alone until they take it or give up
        this one, so a taken rematch seat behind a still-held seat here is theirs."""
        return self.rematch is not None and self.rematch.seats[slot.seat].taken

    def recap(self) -> Told:
        """The recent events and the chat backlog as of now: the first update of a stream that
        opens now. Built once per revision and move count and shared by every stream opened
        then (a thousand spectators opening at once copy nothing)."""
        at = (self.revision, self.version)
        if self._recap is None or self._recap[0] != at:
            told = Told(tuple(self.recent), (), tuple(self.chat[-CHAT_BACKLOG:]))
            self._recap = (at, told)
        return self._recap[1]

    def subscribe(self, seat: Seat | None) -> Subscriber:
        subscriber = Subscriber(seat, self.recap(), self.revision)
        self.subscribers.add(subscriber)
        if seat is not None:
            slot = self.seats[seat]
            slot.connections += 1
            notes: list[TableNote] = []
            if slot.connections == 1:
                if slot.announced_away or slot.bot_plays:
                    notes.append(TableNote(NoteKind.BACK, seat, slot.name))
                slot.away_since, slot.announced_away, slot.bot_plays = None, False, False
            self.broadcast([], notes)
        return subscriber

    def spectators(self) -> list[Subscriber]:
        """The open streams without a seat: the spectators, anonymous (Watch has no name)."""
        return [s for s in self.subscribers if s.seat is None]

    def say(self, line: ChatRecord) -> None:
        """Keeps a chat line (in the log first) and passes it to every stream."""
        self.log.append_chat(self.match_id, line)
        self.chat.append(line)
        self.broadcast([], chat=[line])

    def set_join_code(self, code: str | None) -> None:
        """Makes the match private with `code` (in the log first), or public again with None."""
        self.log.save_join_code(self.match_id, code)
        self.join_code = code
        self.broadcast([])

    def revoke(self, seat: Seat, why: NoteKind) -> None:
        """Ends every stream of `seat`, whose token just stopped working (`why`)."""
        for subscriber in [s for s in self.subscribers if s.seat == seat]:
            subscriber.revoked = why
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
                slot.away_since = self.now()
                self._announce_away_later(slot)
            self.broadcast([])

    def _announce_away_later(self, slot: SeatSlot) -> None:
        def announce(token_hash: str | None = slot.token_hash) -> None:
            if slot.connections == 0 and slot.token_hash == token_hash and not slot.announced_away:
                slot.announced_away = True
                kind = NoteKind.WENT_TO_REMATCH if self.went_to_rematch(slot) else NoteKind.LEFT
                self.broadcast([], [TableNote(kind, slot.seat, slot.name)])

        try:
            asyncio.get_running_loop().call_later(AWAY_NOTE_SECONDS, announce)
        except RuntimeError:
            announce()  # no loop (a synchronous caller): tell at once

    def broadcast(
        self,
        events: list[Event],
        notes: Sequence[TableNote] = (),
        chat: Sequence[ChatRecord] = (),
    ) -> None:
        """Tells every stream and listener that the room changed; the recap keeps the events
        and notes."""
        self.recent.extend(events)
        if notes:
            self.recent.extend([TableEvent(note) for note in notes])
        self.revision += 1
        self.derived.clear()
        told = Told(events, notes, chat)  # one for every stream, not copied into each
        for subscriber in self.subscribers:
            subscriber.notify(self.revision, told)
        for listener in list(self.listeners):
            listener(self)
