"""A `tigerden serve` killed with SIGKILL loses no accepted move and plays none twice: every move
is committed to SQLite before it is acknowledged, and turn-clock deadlines are stored with it.

Matches of all three games, with a clock and without, run at once, each with one seat played
here (by Watch + Act, some moves slow enough for the clock to play them) and server bots in the
others, while the server is killed at random moments and restarted on the same port. Then
each match's replay must hold every acknowledged move at its version, no move of ours that was
never sent, and end with the result the engine gives when the logged moves are played again.
The short version runs in `make test` (one kill); the slow one kills at least 20 times across at
least 50 matches.
"""

from __future__ import annotations

import asyncio
import functools
import os
import random
import re
import signal
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import grpc
import pytest
from tigerden.v1 import lobby_pb2, match_pb2

from client.api import SeatHandle, Server, connect
from engine import GAMES
from server.codecs import CODECS, unwrap_move
from tests.server.helpers import BOT, HUMAN, first_snapshot, to_act

PORT_LINE = re.compile(r"serving on [^:]+:(\d+)")
GAME_IDS = ("doors", "koikoi", "tiger-dragon")
GONE = (grpc.StatusCode.UNAVAILABLE, grpc.StatusCode.CANCELLED, grpc.StatusCode.UNKNOWN)
"""What a call sees while the server is down or being killed."""
CLOCKS = ("move:1", "none")
CHANGED = (grpc.StatusCode.ABORTED, grpc.StatusCode.FAILED_PRECONDITION)
UNLIMITED = tuple(
    f"--{rate}={100_000}"
    for rate in ("acts-per-second", "joins-per-minute", "creates-per-minute", "replays-per-minute")
)
"""Server options: one client plays every seat of ours, so no per-address rate applies."""
"""A move refused because the table moved on (the clock played it first)."""


def serve(db: Path, *options: str, port: int = 0) -> tuple[subprocess.Popen[bytes], str]:
    """Starts `tigerden serve` on a loopback port (0: a free one; not advertised on the LAN),
    with more `options`; returns the process and its address. Its output goes to a file beside
    the database, so a chatty server never blocks on a full pipe."""
    output = db.with_suffix(".log")
    with output.open("ab") as log:
        start = log.tell()
        process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "cli",
                "serve",
                "--host",
                "127.0.0.1",
                "--port",
                str(port),
                "--db",
                str(db),
                "--bot-delay",
                "0",
                "--no-advertise",
                "--no-web",
                *options,
            ],
            stdout=log,
            stderr=subprocess.STDOUT,
        )
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        with output.open("rb") as log:
            log.seek(start)
            found = PORT_LINE.search(log.read().decode(errors="replace"))
        if found is not None:
            return process, f"127.0.0.1:{found[1]}"
        if process.poll() is not None:
            break
        time.sleep(0.05)
    process.kill()
    raise AssertionError(f"tigerden serve did not start; see {output}")


@dataclass
class Table:
    """One match as this test plays it: our seat, what we sent and what was acknowledged."""

    seat: SeatHandle
    sent: set[tuple[int, bytes]] = field(default_factory=set)
    acked: dict[int, match_pb2.Move] = field(default_factory=dict)
    final: match_pb2.Snapshot | None = None


async def play(table: Table, rng: random.Random, slow: float) -> None:
    """Plays our seat to the end, through any number of server deaths. A stream's first
    snapshot is the match as the server holds it: never behind a move it acknowledged."""
    acted_at = -1
    while table.final is None:
        try:
            first = True
            async for snapshot in table.seat.watch():
                if first and table.acked:
                    last = max(table.acked)
                    assert snapshot.version > last, f"the move acknowledged at {last} was lost"
                first = False
                if snapshot.HasField("result"):
                    table.final = snapshot
                    break
                if not snapshot.legal_moves or snapshot.version <= acted_at:
                    continue
                acted_at = snapshot.version
                if rng.random() < slow:
                    await asyncio.sleep(rng.uniform(0.5, 1.6))  # the 1-second clock may win
                move = rng.choice(snapshot.legal_moves).move
                table.sent.add((snapshot.version, move.SerializeToString()))
                try:
                    await table.seat.act(snapshot.version, move)
                except grpc.aio.AioRpcError as error:
                    if error.code() in GONE:  # unanswered, so maybe not kept: choose again
                        acted_at = snapshot.version - 1  # (without a clock none plays for us)
                    if error.code() not in CHANGED:
                        raise
                else:
                    table.acked[snapshot.version] = move
        except grpc.aio.AioRpcError as error:
            if error.code() not in GONE:
                raise
            await asyncio.sleep(0.1)


def replays_to(header: match_pb2.ReplayHeader, steps: list[match_pb2.ReplayStep]) -> bool:
    """Whether the logged moves, played again from the seed, give the logged result."""
    match = header.match
    game, codec = GAMES[match.game_id], CODECS[match.game_id]
    rules = {spec.name for spec in game.info.options}
    options = {k: v for k, v in match.options.items() if k in rules}
    state = game.new(len(match.seats), options, header.seed)
    for step in steps[1:]:
        if state.to_act() != step.seat:
            return False
        state.apply(unwrap_move(codec, step.move))
    result = state.result()
    return (
        result is not None
        and list(result.scores) == list(header.result.scores)
        and list(result.winners) == list(header.result.winners)
    )


async def check(client: Server, table: Table) -> None:
    header, steps = await client.replay(table.seat.match_id)
    assert table.final is not None
    assert list(header.result.scores) == list(table.final.result.scores)
    assert len(steps) == header.match.version + 1 == table.final.version + 1
    ours = table.seat.seat
    for version, move in table.acked.items():  # nothing acknowledged was lost
        step = steps[version + 1]
        assert step.seat == ours and step.move == move, f"move at version {version} lost"
    for step in steps[1:]:  # nothing of ours was played that we did not send, or twice
        if step.seat == ours and step.played_by == match_pb2.PLAYED_BY_SEAT:
            assert (step.version - 1, step.move.SerializeToString()) in table.sent
    assert replays_to(header, steps), f"match {header.match.match_id} does not replay"


async def new_tables(client: Server, count: int) -> list[Table]:
    """`count` matches, the games in turn and every other one clockless, so each game is played
    with and without a clock (a clockless move commits one statement alone, a clocked one its
    clock with it: both must survive the kill)."""
    tables: list[Table] = []
    while len(tables) < count:
        game_id = GAME_IDS[len(tables) % len(GAME_IDS)]
        clock = CLOCKS[len(tables) % len(CLOCKS)]
        players = GAMES[game_id].info.default_players
        seats = [(HUMAN, "")] + [(BOT, "random")] * (players - 1)
        match = await client.create(game_id, players, {"clock": clock}, seats)
        if match.status == lobby_pb2.MATCH_STATUS_FINISHED:
            continue  # the deal decided it (a Koi-Koi hand yaku): nothing to play
        tables.append(Table(await client.join(match.match_id, "tester", 0)))
    return tables


async def kill_and_check(
    db: Path, kills: int, matches: int, wave: int, slow: float, seed: int
) -> None:
    rng = random.Random(seed)
    # One client plays every seat of ours: the per-address Act rate is not what is tested.
    process, address = serve(db, *UNLIMITED)
    port = int(address.rsplit(":", 1)[1])
    killed = 0
    clocks_played = 0
    try:
        async with connect(address) as client:
            done: list[Table] = []
            while killed < kills or len(done) < matches:
                tables = await new_tables(client, wave)
                players = asyncio.gather(*(play(t, rng, slow) for t in tables))
                while not players.done():
                    await asyncio.wait([players], timeout=rng.uniform(0.05, 0.8))
                    if players.done() or killed >= kills:
                        continue
                    os.kill(process.pid, signal.SIGKILL)
                    await asyncio.to_thread(process.wait, 10)
                    killed += 1
                    process, _ = await asyncio.to_thread(
                        functools.partial(serve, db, *UNLIMITED, port=port)
                    )
                await players
                done += tables
            for table in done:
                await check(client, table)
                _, steps = await client.replay(table.seat.match_id)
                clocks_played += sum(s.played_by == match_pb2.PLAYED_BY_CLOCK for s in steps)
        print(f"{killed} kills, {len(done)} matches, {clocks_played} moves played by the clock")
        assert killed >= kills and len(done) >= matches
        assert {t.seat.match_id for t in done} and all(t.final for t in done)
        if slow:
            assert clocks_played > 0, "no clock ever ran out: the clocks were not tested"
    finally:
        process.kill()
        process.wait(10)


async def test_the_moves_and_the_clock_acknowledged_just_before_a_kill_survive_it(
    tmp_path: Path,
) -> None:
    """Not left to chance: a server killed right after acknowledging a move holds it after a
    restart, for a clockless match (its move one statement, committed alone) and for one whose
    clock runs (the move and the deadline it sets, committed together)."""
    db = tmp_path / "tigerden.sqlite"
    process, address = serve(db, *UNLIMITED)
    try:
        played: dict[str, tuple[int, str, match_pb2.Snapshot]] = {}
        async with connect(address) as client:
            for clock in ("bank:60+0", "none"):
                match = await client.create("doors", 2, {"clock": clock}, [(HUMAN, "")] * 2)
                seats = (
                    await client.join(match.match_id, "ada", 0),
                    await client.join(match.match_id, "bob", 1),
                )
                for _ in range(5):
                    seat, snapshot = await to_act(seats)
                    await seat.act(snapshot.version, snapshot.legal_moves[0].move)
                seat, snapshot = await to_act(seats)
                played[match.match_id] = (seat.seat, seat.token, snapshot)
        os.kill(process.pid, signal.SIGKILL)
        process.wait(10)
        process, address = serve(db, *UNLIMITED)
        async with connect(address) as client:
            for match_id, (number, token, before) in played.items():
                after = await first_snapshot(SeatHandle(client, match_id, number, token))
                assert after.version == before.version == 5
                assert after.deadline_unix_ms == before.deadline_unix_ms  # 0 without a clock
                other = slice(1 - number, 2 - number)  # the bank of the seat not to act
                assert after.bank_remaining_ms[other] == before.bank_remaining_ms[other]
    finally:
        process.kill()
        process.wait(10)


async def test_a_sigkilled_server_keeps_every_acknowledged_move(tmp_path: Path) -> None:
    await kill_and_check(tmp_path / "tigerden.sqlite", kills=1, matches=4, wave=4, slow=0, seed=1)


@pytest.mark.slow
@pytest.mark.timeout(900)
async def test_a_server_killed_again_and_again_keeps_every_acknowledged_move(
    tmp_path: Path,
) -> None:
    await kill_and_check(
        tmp_path / "tigerden.sqlite", kills=20, matches=51, wave=17, slow=0.05, seed=2
    )
