"""Bot seats on a real server: every level plays every game through `Room.submit`, and the
searching levels think in worker processes while the event loop keeps answering."""

from __future__ import annotations

import asyncio
import time

import grpc
import pytest
from tigerden.v1 import lobby_pb2

from cli.args import parser
from cli.new_match import seat_specs
from client.api import Server
from server.bots import RETRY_SECONDS
from server.main import Running
from tests.server.helpers import BOT, HUMAN, moves_first, refused

GAMES = (("doors", 2), ("koikoi", 2), ("tiger-dragon", 4))


async def info(client: Server, match_id: str) -> lobby_pb2.MatchInfo:
    match = await client.find_match(match_id)
    assert match is not None, f"no match {match_id}"
    return match


async def version(client: Server, match_id: str) -> int:
    return (await info(client, match_id)).version


async def played(client: Server, match_id: str, moves: int) -> bool:
    """Whether the match has seen `moves` moves or is over."""
    match = await info(client, match_id)
    return match.version >= moves or match.status == lobby_pb2.MATCH_STATUS_FINISHED


async def test_every_level_plays_every_game(client: Server) -> None:
    levels = ["random", "easy", "normal:0.02", "hard:0.02"]
    matches = []
    for game, players in GAMES:
        for first in range(len(levels)):
            seats = [(BOT, levels[(first + n) % len(levels)]) for n in range(players)]
            matches.append((await client.create(game, players, seats=seats)).match_id)
    deadline = time.monotonic() + 30
    waiting = matches
    while waiting and time.monotonic() < deadline:
        waiting = [m for m in waiting if not await played(client, m, 12)]
        await asyncio.sleep(0.2)
    assert not waiting


async def test_the_event_loop_answers_while_hard_bots_think(client: Server) -> None:
    # Each search thinks THINK seconds; a loop that waited for one would answer no faster. The
    # bound is a fraction of it, not a speed goal, so a loaded machine does not fail the test.
    think = 2.0
    level = f"hard:{think:g}"
    bots = [(BOT, level), (BOT, level)]  # thinking needs moves to think about
    thinking = await client.create("koikoi", 2, moves_first("koikoi"), seats=bots)
    other = await client.create("doors", 2, seats=[(HUMAN, ""), (HUMAN, "")])
    await asyncio.sleep(0.5)  # the workers start and the first decision is under way
    slowest = 0.0
    for _ in range(12):
        started = time.perf_counter()
        await client.matches()
        async for snapshot in client.watch(other.match_id):
            assert snapshot.match_id == other.match_id
            break
        slowest = max(slowest, time.perf_counter() - started)
        await asyncio.sleep(0.1)
    assert slowest < think / 2
    # Two bots at two seconds a move: meanwhile the table moved on, but only by a few moves.
    moved = await version(client, thinking.match_id)
    assert moved <= 4
    deadline = time.monotonic() + 10
    while moved == 0 and time.monotonic() < deadline:
        await asyncio.sleep(0.1)
        moved = await version(client, thinking.match_id)
    assert moved >= 1


async def test_a_seat_may_carry_its_thinking_time(client: Server, running: Running) -> None:
    match = await client.create("doors", 2, seats=[(HUMAN, ""), (BOT, "hard:0.3")])
    assert [s.bot_level for s in match.seats] == ["", "hard:0.3"]
    for level, complaint in (("hard:slow", "not a number of seconds"), ("easy:1", "think")):
        details = await refused(
            client.create("doors", 2, seats=[(HUMAN, ""), (BOT, level)]),
            grpc.StatusCode.INVALID_ARGUMENT,
            "BAD_SEATS",
        )
        assert complaint in details
    assert running.served.registry.rooms[match.match_id].seats[1].bot_level == "hard:0.3"


async def test_an_unspecified_bot_seat_plays_at_random(client: Server) -> None:
    match = await client.create("doors")
    assert [s.kind for s in match.seats] == [HUMAN, BOT]
    assert match.seats[1].bot_level == "random"


async def test_tigerden_play_and_join_seat_their_bots_at_normal_unless_told(
    client: Server,
) -> None:
    for argv, level in (
        (["play", "koikoi"], "normal"),
        (["play", "koikoi", "--level", "hard:2"], "hard:2"),
        (["join", "127.0.0.1", "--create", "koikoi", "--bots", "1"], "normal"),
        (["join", "127.0.0.1", "--create", "koikoi", "--bots", "1", "--level", "easy"], "easy"),
    ):
        args = parser().parse_args(argv)
        game = args.game if args.command == "play" else args.create
        count, seats = await seat_specs(client, game, args.players, 1, args.level)
        assert count == 2 and seats == [(HUMAN, ""), (BOT, level)]


def test_a_level_the_lobby_would_refuse_is_refused_before_connecting(
    capsys: pytest.CaptureFixture[str],
) -> None:
    for command in (["play", "koikoi"], ["join", "127.0.0.1", "--create", "koikoi"]):
        with pytest.raises(SystemExit):
            parser().parse_args([*command, "--level", "hard:-1"])
        assert "more than 0" in capsys.readouterr().err


async def test_a_bot_whose_workers_are_gone_retries_slowly_and_changes_nothing(
    client: Server, running: Running, caplog: pytest.LogCaptureFixture
) -> None:
    pool = running.served.registry.bots._pool
    assert pool is not None
    pool.shutdown()  # every decision sent to the workers now fails at once
    match = await client.create("doors", 2, seats=[(BOT, "hard"), (BOT, "hard")])
    await asyncio.sleep(2.5 * RETRY_SECONDS)
    failures = [r for r in caplog.records if "bot decision" in r.getMessage()]
    assert 1 <= len(failures) <= 3  # one try per RETRY_SECONDS, not a busy loop
    assert await version(client, match.match_id) == 0  # and no move was made or lost
    assert await client.matches()  # the server answers as before
