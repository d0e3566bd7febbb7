"""The authority on its own: `Room` driven directly, with a log in memory and a clock that only
moves when the test moves it (boardgame.io tests its Master the same way, with an in-memory
store). No gRPC, no store, no event loop.

`Room.submit` checks its guards in one order: a negative version, a resent move (answered
again), the match over, the match not started, a stale version, not the seat's turn, an
illegal move; then it commits the move and only then changes. Each guard is tested alone and
against the next one, so that reordering or dropping any of them fails a test; and a commit
that fails (the log raising) leaves the room exactly as it was, for moves and for every other
change a room commits.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

import pytest

from engine import GAMES
from engine.core import Move, Seat
from engine.doors.model import Pass
from server.clock import Ending
from server.errors import Reason, Refusal
from server.log import ChatRecord, PlayedBy
from server.mailbox import Accepted, Subscriber
from server.notes import NoteKind
from server.room import Room, Status
from server.seats import SeatKind, SeatSlot

START = 1_000_000.0
"""The fake clock's reading when each test starts (Unix seconds)."""


class LogDown(Exception):
    """What the log in memory raises while it is told to fail."""


@dataclass
class MemoryLog:
    """A MatchLog in a list. While `failing` every commit raises and keeps nothing; `seen`
    records the room's version and revision at each commit, to show the room had not changed
    yet when it committed."""

    room: Room | None = None
    failing: bool = False
    entries: list[tuple[Any, ...]] = field(default_factory=list)
    seen: list[tuple[int, int]] = field(default_factory=list)

    def _commit(self, *entry: Any) -> None:
        if self.failing:
            raise LogDown("the disk is full")
        if self.room is not None:
            self.seen.append((self.room.version, self.room.revision))
        self.entries.append(entry)

    def append(
        self,
        match_id: str,
        version: int,
        seat: Seat,
        move: Move,
        played_by: PlayedBy,
        finished: bool,
        clock: dict[str, Any] | None,
    ) -> None:
        self._commit("move", match_id, version, seat, move, played_by, finished, clock)

    def save_seat(
        self, match_id: str, slot: SeatSlot, clock: dict[str, Any] | None, finished: bool = False
    ) -> None:
        self._commit("seat", match_id, replace(slot), clock, finished)

    def save_ending(self, match_id: str, ending: Ending, clock: dict[str, Any] | None) -> None:
        self._commit("ending", match_id, ending, clock)

    def append_chat(self, match_id: str, line: ChatRecord) -> None:
        self._commit("chat", match_id, line)

    def save_join_code(self, match_id: str, code: str | None) -> None:
        self._commit("join_code", match_id, code)


@dataclass
class Table:
    """A room of Doors (two seats) with its log, its fake clock and one stream per seat."""

    room: Room
    log: MemoryLog
    now: list[float]
    streams: list[Subscriber]

    @property
    def mover(self) -> Seat:
        seat = self.room.state.to_act()
        assert seat is not None
        return seat

    @property
    def other(self) -> Seat:
        return 1 - self.mover

    def legal(self) -> Move:
        return self.room.state.legal_moves()[0]

    def play(self) -> Accepted:
        """Plays the mover's first legal move and lets a second pass on the clock; the streams
        take what they were told."""
        accepted = self.room.submit(self.mover, self.room.version, self.legal())
        self.now[0] += 1.0
        for stream in self.streams:
            stream.take_update()
        return accepted


def table(
    taken: int = 2, options: dict[str, str] | None = None, seed: int = 3, streams: bool = True
) -> Table:
    """A Doors room whose first `taken` seats are people's, under `options` (e.g. a clock)."""
    now = [START]
    seats = [
        SeatSlot(n, SeatKind.HUMAN, "", f"p{n}", f"hash-{n}")
        if n < taken
        else SeatSlot(n, SeatKind.HUMAN)
        for n in range(2)
    ]
    log = MemoryLog()
    room = Room("m1", GAMES["doors"], 2, dict(options or {}), seed, seats, log, now=lambda: now[0])
    log.room = room
    room.clock.sync(room.state.to_act(), room.status is Status.PLAYING, now[0])
    subscribers = [room.subscribe(seat) for seat in range(taken)] if streams else []
    for subscriber in subscribers:
        subscriber.take_update()  # the first snapshot is owed at once; start from nothing owed
    return Table(room, log, now, subscribers)


def refused(room: Room, seat: Seat, version: int, move: Move) -> Refusal:
    with pytest.raises(Refusal) as caught:
        room.submit(seat, version, move)
    return caught.value


def fingerprint(room: Room) -> tuple[object, ...]:
    """Everything a commit could change in a room, by value."""
    views = [room.state.view(seat) for seat in (*range(room.players), None)]
    return (
        room.version,
        list(room.history),
        views,
        room.state.to_act(),
        room.clock.to_dict(),
        [replace(slot) for slot in room.seats],
        room.revision,
        list(room.recent),
        list(room.chat),
        room.ending,
        room.began,
        room.join_code,
        room.status,
        len(room.subscribers),
    )


def test_an_accepted_move_is_committed_then_made_then_told() -> None:
    t = table(options={"clock": "move:10"})
    mover, move, revision = t.mover, t.legal(), t.room.revision
    accepted = t.room.submit(mover, 0, move)
    assert accepted == Accepted(0, 1)
    assert t.room.version == 1 and t.room.history == [(mover, move)]
    (entry,) = t.log.entries
    kind, match_id, version, seat, logged, played_by, finished, clock = entry
    assert (kind, match_id, version, seat, logged) == ("move", "m1", 0, mover, move)
    assert (played_by, finished) == (PlayedBy.SEAT, False)
    assert clock == t.room.clock.to_dict()  # the clock committed with the move is the table's
    assert t.room.clock.deadline == START + 10  # the next seat's time, from the fake clock
    assert t.log.seen == [(0, revision)]  # the room was as before when it committed
    for stream in t.streams:
        update = stream.take_update()
        assert update is not None and update.events  # told, with the move's events


def test_a_clockless_match_commits_its_moves_without_a_clock() -> None:
    """A clock that never runs is never read back (`TurnClock.from_dict`), so its moves, seat
    changes and ending log none (one SQLite statement a move, not two); a running one is logged
    with every move (above: the deadline survives a restart)."""
    t = table()
    t.play()
    t.room.seat_bot(1, "easy", "bot")
    t.room.end(Ending("aborted"))
    move, seat, ending = t.log.entries
    assert (move[0], move[-1]) == ("move", None)
    assert (seat[0], seat[3]) == ("seat", None)
    assert (ending[0], ending[-1]) == ("ending", None)


def test_a_move_the_clock_plays_is_logged_as_the_clocks() -> None:
    t = table()
    t.room.submit(t.mover, 0, t.legal(), PlayedBy.CLOCK)
    assert t.log.entries[0][5] is PlayedBy.CLOCK


def test_first_a_negative_version_is_refused_even_when_the_match_is_over() -> None:
    t = table()
    t.room.end(Ending("aborted"))
    refusal = refused(t.room, t.mover, -1, t.legal())
    assert refusal.reason is Reason.BAD_VERSION


def test_second_a_resent_move_is_answered_again_not_replayed_even_after_the_end() -> None:
    t = table()
    mover, move = t.mover, t.legal()
    t.play()
    t.room.end(Ending("aborted"))
    before, logged = fingerprint(t.room), list(t.log.entries)
    assert t.room.submit(mover, 0, move) == Accepted(0, 1)
    assert fingerprint(t.room) == before and t.log.entries == logged


def test_a_different_move_at_a_past_version_is_no_resend() -> None:
    t = table()
    mover = t.mover
    t.play()
    refusal = refused(t.room, mover, 0, Pass())
    assert refusal.reason is Reason.STALE_VERSION


def test_third_a_finished_match_refuses_before_the_version_and_the_turn_are_read() -> None:
    t = table()
    t.room.end(Ending("aborted"))
    refusal = refused(t.room, t.other, 5, t.legal())  # stale, and not that seat's turn
    assert refusal.reason is Reason.MATCH_OVER


def test_a_match_its_rules_ended_refuses_moves() -> None:
    t = table(streams=False)
    while t.room.state.result() is None:
        t.play()
    refusal = refused(t.room, 0, t.room.version, Pass())
    assert refusal.reason is Reason.MATCH_OVER


def test_fourth_a_waiting_match_refuses_before_the_version_is_read() -> None:
    t = table(taken=1)
    assert t.room.status is Status.WAITING
    refusal = refused(t.room, t.mover, 5, t.legal())
    assert refusal.reason is Reason.MATCH_NOT_STARTED
    assert "[1]" in refusal.message  # names the free seats


def test_fifth_a_stale_version_is_refused_before_the_turn_is_read() -> None:
    t = table()
    t.play()
    refusal = refused(t.room, t.other, 0, t.legal())  # version 0 is past, and not their turn
    assert refusal.reason is Reason.STALE_VERSION
    assert refusal.metadata == {"version": "0", "current_version": "1"}


def test_a_version_from_the_future_is_stale_too() -> None:
    t = table()
    refusal = refused(t.room, t.mover, 1, t.legal())
    assert refusal.reason is Reason.STALE_VERSION


def test_sixth_not_your_turn_even_with_a_move_that_is_legal_for_the_mover() -> None:
    t = table()
    refusal = refused(t.room, t.other, 0, t.legal())
    assert refusal.reason is Reason.NOT_YOUR_TURN


def test_not_your_turn_is_refused_before_the_move_is_read() -> None:
    t = table()
    refusal = refused(t.room, t.other, 0, Pass())  # also illegal: the Collector takes first
    assert refusal.reason is Reason.NOT_YOUR_TURN


def test_last_an_illegal_move_of_the_seat_to_act() -> None:
    t = table()
    refusal = refused(t.room, t.mover, 0, Pass())
    assert refusal.reason is Reason.ILLEGAL_MOVE


REFUSED: dict[str, Callable[[Table], tuple[Seat, int, Move]]] = {
    "bad version": lambda t: (t.mover, -1, t.legal()),
    "stale version": lambda t: (t.mover, 7, t.legal()),
    "not your turn": lambda t: (t.other, 0, t.legal()),
    "illegal move": lambda t: (t.mover, 0, Pass()),
}


@pytest.mark.parametrize("case", REFUSED)
def test_a_refused_move_changes_nothing_and_commits_nothing(case: str) -> None:
    t = table(options={"clock": "move:10"})
    state, clock, before = t.room.state, t.room.clock, fingerprint(t.room)
    seat, version, move = REFUSED[case](t)
    t.now[0] += 3.0
    with pytest.raises(Refusal):
        t.room.submit(seat, version, move)
    assert t.room.state is state and t.room.clock is clock
    assert fingerprint(t.room) == before
    assert t.log.entries == []
    assert all(stream.take_update() is None for stream in t.streams)


def test_a_failed_commit_leaves_the_room_as_it_was_and_the_move_can_be_sent_again() -> None:
    t = table(options={"clock": "move:10"})
    t.play()
    state, clock, before = t.room.state, t.room.clock, fingerprint(t.room)
    mover, move = t.mover, t.legal()
    t.log.failing = True
    with pytest.raises(LogDown):
        t.room.submit(mover, 1, move)
    assert t.room.state is state and t.room.clock is clock
    assert fingerprint(t.room) == before
    assert all(stream.take_update() is None for stream in t.streams)
    t.log.failing = False
    assert t.room.submit(mover, 1, move) == Accepted(1, 2)  # never acknowledged: not a resend


CHANGES: dict[str, Callable[[Room], object]] = {
    "seat a player": lambda room: room.seat_player(1, "ada", "hash-ada"),
    "free a seat": lambda room: room.free_seat(0, NoteKind.GAVE_UP),
    "seat a bot": lambda room: room.seat_bot(0, "easy", "bot-0 (easy)"),
    "end the match": lambda room: room.end(Ending("aborted")),
    "chat": lambda room: room.say(ChatRecord(1, 0, "p0", "hello", START)),
    "make it private": lambda room: room.set_join_code("ABCDEF"),
}


@pytest.mark.parametrize("change", CHANGES)
def test_every_other_change_commits_first_and_is_undone_by_nothing(change: str) -> None:
    """A seat change, an ending, a chat line or a join code whose commit fails leaves the room
    exactly as it was (the seat's presence too) and tells nobody; one that commits is made."""
    t = table(taken=1, options={"clock": "move:10"})
    t.now[0] += 5.0  # a seat taken now would be away from a different time than the first
    before = fingerprint(t.room)
    t.log.failing = True
    with pytest.raises(LogDown):
        CHANGES[change](t.room)
    assert fingerprint(t.room) == before
    assert all(stream.take_update() is None for stream in t.streams)
    assert not t.streams[0].closed
    t.log.failing = False
    CHANGES[change](t.room)
    assert fingerprint(t.room) != before
    assert t.log.seen == [(0, before[6])]  # committed while the room was as before


def test_the_seat_change_that_takes_the_last_seat_commits_the_start_with_it() -> None:
    t = table(taken=1)
    t.room.seat_player(1, "ada", "hash-ada")
    assert t.room.status is Status.PLAYING and t.room.began
    (entry,) = t.log.entries
    assert entry[0] == "seat" and entry[2].token_hash == "hash-ada"
    assert t.room.submit(t.mover, 0, t.legal()) == Accepted(0, 1)


@pytest.mark.parametrize("change", ["free a seat", "seat a bot"])
def test_a_failed_seat_change_keeps_an_absent_players_presence(change: str) -> None:
    """The seat of a player who left (the table was told) and whose away bot plays: a change
    of it that fails to commit keeps both facts, so the room is as it was."""
    t = table(streams=False)
    t.room.unsubscribe(t.room.subscribe(0))  # no event loop: the table is told at once
    t.now[0] += t.room.away_after
    t.room.mark_away(t.now[0])
    slot = t.room.seats[0]
    assert slot.announced_away and slot.bot_plays
    before = fingerprint(t.room)
    t.log.failing = True
    with pytest.raises(LogDown):
        CHANGES[change](t.room)
    assert fingerprint(t.room) == before
