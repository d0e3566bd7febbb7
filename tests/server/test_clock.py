"""Turn clocks: the option for every game, deadlines in snapshots, the server playing for a seat
whose time is up (or the seat forfeiting), and deadlines that survive a restart."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import grpc
import pytest
from tigerden.v1 import lobby_pb2, match_pb2

from client.api import SeatHandle, Server, connect
from engine.core import BadOptions
from server.clock import ClockRule, TurnClock
from server.main import start_server
from tests.server.helpers import HUMAN, first_snapshot, refused, snapshot_where, to_act


def test_clock_rules_parse_and_refuse() -> None:
    assert ClockRule.parse("none") == ClockRule()
    assert ClockRule.parse("move:30") == ClockRule("move", 30, 0)
    assert ClockRule.parse("bank:300+5", "forfeit") == ClockRule("bank", 300, 5, True)
    for bad in ("move", "move:0", "bank:300", "bank:10+x", "move:-1", "fast"):
        with pytest.raises(BadOptions) as caught:
            ClockRule.parse(bad)
        assert caught.value.option == "clock"


def test_a_bank_keeps_what_is_left_plus_the_increment_and_pauses() -> None:
    clock = TurnClock.start(ClockRule("bank", 100, 5), 2)
    clock.sync(0, True, now=1000.0)
    assert clock.deadline == 1100.0
    clock.moved(0, now=1030.0)
    assert clock.banks == [75.0, 100.0] and clock.deadline is None
    clock.sync(1, True, now=1030.0)
    clock.sync(1, False, now=1040.0)  # a seat was freed: the turn pauses
    assert clock.deadline is None and clock.paused == 90.0
    clock.sync(1, True, now=2000.0)
    assert clock.deadline == 2090.0
    assert clock.remaining(0, 2000.0) == 75.0 and clock.remaining(1, 2010.0) == 80.0


async def test_every_game_accepts_a_clock_and_refuses_a_bad_one(client: Server) -> None:
    for game in await client.games():
        assert {"clock", "timeout", "away"} <= {option.name for option in game.options}
        match = await client.create(game.game_id, options={"clock": "bank:60+2"})
        assert match.options["clock"] == "bank:60+2"
    details = await refused(
        client.create("doors", options={"clock": "move:soon"}),
        grpc.StatusCode.INVALID_ARGUMENT,
        "BAD_OPTIONS",
    )
    assert "move:S" in details
    await refused(
        client.create("doors", options={"timeout": "never"}),
        grpc.StatusCode.INVALID_ARGUMENT,
        "BAD_OPTIONS",
    )


async def clocked_pair(client: Server, clock: str, **more: str) -> tuple[SeatHandle, SeatHandle]:
    match = await client.create(
        "doors", 2, {"clock": clock, **more}, seats=[(HUMAN, ""), (HUMAN, "")]
    )
    return (
        await client.join(match.match_id, "ada", 0),
        await client.join(match.match_id, "bob", 1),
    )


async def test_snapshots_carry_the_deadline_and_the_banks(client: Server) -> None:
    seats = await clocked_pair(client, "bank:100+5")
    seat, snapshot = await to_act(seats)
    now_ms = time.time() * 1000
    assert 99_000 < snapshot.turn_remaining_ms <= 100_000
    assert abs(snapshot.deadline_unix_ms - (now_ms + snapshot.turn_remaining_ms)) < 2000
    assert list(snapshot.bank_remaining_ms)[1 - seat.seat] == 100_000
    await seat.act(snapshot.version, snapshot.legal_moves[0].move)
    after = await first_snapshot(seat)
    mover_bank = after.bank_remaining_ms[seat.seat]
    assert 104_000 < mover_bank <= 105_000  # what was left plus the 5-second increment
    spectator = await anext(client.watch(seat.match_id))
    assert spectator.deadline_unix_ms == after.deadline_unix_ms
    unclocked = await client.create("doors", 2, seats=[(HUMAN, ""), (HUMAN, "")])
    ada = await client.join(unclocked.match_id, "ada")
    await client.join(unclocked.match_id, "bob")
    plain = await first_snapshot(ada)
    assert plain.deadline_unix_ms == 0 and not plain.bank_remaining_ms


async def test_the_server_plays_for_a_seat_whose_time_is_up(client: Server) -> None:
    seats = await clocked_pair(client, "move:1")
    seat, snapshot = await to_act(seats)
    started = time.monotonic()
    later = await snapshot_where(seat, lambda s: s.version > snapshot.version)
    assert 0.8 < time.monotonic() - started < 5
    other = seats[1 - seat.seat]
    seen = await first_snapshot(other)
    assert seen.version >= 1
    recap = await anext(client.watch(seat.match_id))
    assert recap.events_are_recap
    assert later.status == lobby_pb2.MATCH_STATUS_PLAYING
    # Only the seat played for is told the move, which came from its hand (issue 20).
    played = match_pb2.TABLE_NOTE_KIND_CLOCK_PLAYED

    def clock_notes(snapshot: match_pb2.Snapshot) -> list[match_pb2.Event]:
        return [e for e in snapshot.events if e.table_note.kind == played]

    note = clock_notes(recap)[0]
    assert note.text == f"{note.table_note.name}'s time ran out: the server played for them"
    assert not [e for e in clock_notes(recap) + clock_notes(seen) if e.table_note.HasField("move")]
    own = await anext(seat.watch())
    mine = clock_notes(own)[0].table_note
    assert mine.move.label and mine.move.label in [m.label for m in snapshot.legal_moves]


async def test_timeout_forfeit_loses_the_match(client: Server) -> None:
    seats = await clocked_pair(client, "move:1", timeout="forfeit")
    seat, _ = await to_act(seats)
    final = await snapshot_where(seat, lambda s: s.HasField("result"))
    assert final.result.ending == lobby_pb2.MATCH_ENDING_FORFEIT
    assert final.result.forfeited_seat == seat.seat
    assert list(final.result.winners) == [1 - seat.seat]
    assert any("loses the match" in event.text for event in final.events)


async def test_a_deadline_survives_a_restart(tmp_path: Path) -> None:
    db = tmp_path / "tigerden.sqlite"
    running = await start_server("127.0.0.1:0", db)
    async with connect(f"127.0.0.1:{running.port}") as client:
        seats = await clocked_pair(client, "bank:60+0")
        seat, snapshot = await to_act(seats)
        await seat.act(snapshot.version, snapshot.legal_moves[0].move)
        seat, before = await to_act(seats)
        tokens = [(s.seat, s.token) for s in seats]
    await running.stop(grace=0.1)
    await asyncio.sleep(0.5)
    running = await start_server("127.0.0.1:0", db)
    try:
        async with connect(f"127.0.0.1:{running.port}") as client:
            restored = [SeatHandle(client, seat.match_id, n, token) for n, token in tokens]
            after = await first_snapshot(restored[seat.seat])
            assert after.deadline_unix_ms == before.deadline_unix_ms  # not a fresh turn
            assert after.turn_remaining_ms <= before.turn_remaining_ms - 400
            assert (
                list(after.bank_remaining_ms)[1 - seat.seat]
                == list(before.bank_remaining_ms)[1 - seat.seat]
            )
    finally:
        await running.stop(grace=0.1)
