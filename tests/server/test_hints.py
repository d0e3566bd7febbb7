"""Hints and the post-match review over a real server: who may ask, when, and what comes back."""

from __future__ import annotations

import asyncio
import random
from dataclasses import replace
from pathlib import Path

import grpc
import pytest
from tigerden.v1 import match_pb2

from bots.reasons import ENGLISH
from client.api import Server, connect
from client.bot import play_seat, random_chooser
from server.limits import LAN_LIMITS
from server.main import start_server
from tests.server.helpers import BOT, HUMAN, first_snapshot, refused, two_humans

FAST = replace(LAN_LIMITS, max_bot_seconds=0.05)
"""Every hint thinks 0.05 s: the tests check what a hint holds, not how strong it is."""


async def test_a_hint_ranks_every_legal_move_with_chances_and_reasons(quick_client: Server) -> None:
    match = await quick_client.create("koikoi", 2, seats=[(HUMAN, ""), (BOT, "easy")])
    assert match.hints and "hints" not in match.options  # a bot plays: on by default
    seat = await quick_client.join(match.match_id, "ada", 0)
    snapshot = await first_snapshot(seat)
    while not snapshot.legal_moves:  # the bot may deal first
        snapshot = await first_snapshot(seat)
    hint = await seat.hint(snapshot.version)
    assert hint.version == snapshot.version
    assert sorted(m.move.label for m in hint.moves) == sorted(m.label for m in snapshot.legal_moves)
    assert all(m.reason for m in hint.moves)
    for m in hint.moves:  # the typed reason: known keys, the first saying what the move does
        keys = [clause.key for clause in m.reason_clauses]
        assert keys and set(keys) <= set(ENGLISH) and keys[0].startswith("koikoi.")
        assert m.reason.startswith(ENGLISH[keys[0]].split("{")[0])
    chances = [m.win_chance for m in hint.moves if m.HasField("win_chance")]
    assert chances and all(0.0 <= c <= 1.0 for c in chances)
    visits = [m.visits for m in hint.moves]
    assert visits == sorted(visits, reverse=True)
    # The first move is playable as it is.
    await seat.act(snapshot.version, hint.moves[0].move.move)


async def test_hints_are_refused_precisely(quick_client: Server) -> None:
    ada, _bob = await two_humans(quick_client, "doors")
    assert not (await quick_client.find_match(ada.match_id)).hints  # type: ignore[union-attr]
    details = await refused(ada.hint(), grpc.StatusCode.FAILED_PRECONDITION, "HINTS_OFF")
    assert "hints=on" in details
    match = await quick_client.create(
        "doors", 2, options={"hints": "on"}, seats=[(HUMAN, ""), (HUMAN, "")]
    )
    one = await quick_client.join(match.match_id, "ada", 0)
    await refused(one.hint(), grpc.StatusCode.FAILED_PRECONDITION, "MATCH_NOT_STARTED")
    two = await quick_client.join(match.match_id, "bob", 1)
    snapshot = await first_snapshot(one)
    mover, waiter = (one, two) if snapshot.legal_moves else (two, one)
    await refused(waiter.hint(), grpc.StatusCode.FAILED_PRECONDITION, "NOT_YOUR_TURN")
    await refused(mover.hint(snapshot.version + 1), grpc.StatusCode.ABORTED, "STALE_VERSION")
    (doors,) = [g for g in await quick_client.games() if g.game_id == "doors"]
    (listed,) = [o for o in doors.options if o.name == "hints"]
    assert (list(listed.values), listed.default_value) == (["auto", "on", "off"], "auto")
    people = await quick_client.create(
        "doors", 2, options={"hints": "auto"}, seats=[(HUMAN, ""), (HUMAN, "")]
    )
    assert not people.hints
    await refused(
        quick_client.create("doors", 2, options={"hints": "maybe"}),
        grpc.StatusCode.INVALID_ARGUMENT,
        "BAD_OPTIONS",
    )
    await refused(mover.review().__anext__(), grpc.StatusCode.FAILED_PRECONDITION, "MATCH_NOT_OVER")
    no_token = quick_client.match.Hint(match_pb2.HintRequest())
    await refused(no_token, grpc.StatusCode.UNAUTHENTICATED, "MISSING_TOKEN")


async def test_one_hint_at_a_time_per_seat(quick_client: Server) -> None:
    match = await quick_client.create("koikoi", 2, seats=[(HUMAN, ""), (BOT, "easy")])
    seat = await quick_client.join(match.match_id, "ada", 0)
    snapshot = await first_snapshot(seat)
    while not snapshot.legal_moves:
        snapshot = await first_snapshot(seat)
    first = asyncio.ensure_future(seat.hint())
    await asyncio.sleep(0)  # the first call is on its way
    results = await asyncio.gather(first, seat.hint(), return_exceptions=True)
    busy = [r for r in results if isinstance(r, grpc.aio.AioRpcError)]
    assert len(busy) <= 1  # the first may finish before the second arrives
    for error in busy:
        assert error.code() == grpc.StatusCode.RESOURCE_EXHAUSTED
    assert any(isinstance(r, match_pb2.HintResponse) for r in results)


async def test_a_finished_match_is_reviewed_move_by_move(quick_client: Server) -> None:
    """Play a Doors match by always taking the LAST legal move (rarely the search's choice),
    then review it: progress counts to the total, and each reviewed move differs from the best
    with a loss that is the difference of their chances."""
    match = await quick_client.create("doors", 2, seats=[(HUMAN, ""), (BOT, "random")])
    seat = await quick_client.join(match.match_id, "ada", 0)
    async with seat.play() as table:
        async for snapshot in table.snapshots():
            if snapshot.result.winners or snapshot.result.scores:
                break
            if snapshot.legal_moves:
                await table.send(snapshot.version, snapshot.legal_moves[-1].move)
    progress = []
    reviewed = []
    async for message in seat.review():
        progress.append((message.reviewed, message.total))
        if message.HasField("move"):
            reviewed.append(message.move)
    total = progress[0][1]
    assert progress[0] == (0, total) and progress[-1] == (total, total)
    assert [r for r, _ in progress] == list(range(total + 1))
    assert reviewed, "the last legal move is the search's choice at every decision?"
    for move in reviewed:
        assert move.played.move.label != move.best.move.label
        assert move.view.HasField("doors")
        if move.played.HasField("win_chance") and move.best.HasField("win_chance"):
            assert move.loss == pytest.approx(move.best.win_chance - move.played.win_chance)


async def test_the_hints_option_survives_a_restart(tmp_path: Path) -> None:
    """An all-person match created with hints=on (not the default) keeps giving hints after the
    server restarts from its database; it is MatchInfo.hints, never among the options."""
    db = tmp_path / "kept.sqlite"
    first = await start_server("127.0.0.1:0", db, limits=FAST)
    try:
        async with connect(f"127.0.0.1:{first.port}") as server:
            match = await server.create(
                "doors", 2, options={"hints": "on"}, seats=[(HUMAN, ""), (HUMAN, "")]
            )
            assert match.hints and "hints" not in match.options
            seats = [await server.join(match.match_id, n, s) for s, n in enumerate("ab")]
    finally:
        await first.stop(grace=0.2)
    second = await start_server("127.0.0.1:0", db, limits=FAST)
    try:
        async with connect(f"127.0.0.1:{second.port}") as server:
            found = await server.find_match(match.match_id)
            assert found is not None and found.hints
            assert "hints" not in found.options
            for seat in seats:
                seat.server = server
            snapshot = await first_snapshot(seats[0])
            mover = seats[0] if snapshot.legal_moves else seats[1]
            hint = await mover.hint()
            assert hint.moves
    finally:
        await second.stop(grace=0.2)


async def test_a_finished_match_is_reviewed_after_a_restart(tmp_path: Path) -> None:
    """The review of a match that ended before the server restarted: the match comes back from
    the archive with its hints option, and the seat's token still asks for it."""
    db = tmp_path / "archived.sqlite"
    first = await start_server("127.0.0.1:0", db, limits=FAST)
    try:
        async with connect(f"127.0.0.1:{first.port}") as server:
            match = await server.create("doors", 2, seats=[(HUMAN, ""), (BOT, "random")])
            seat = await server.join(match.match_id, "ada", 0)
            await play_seat(seat, random_chooser(random.Random(4)))
    finally:
        await first.stop(grace=0.2)
    second = await start_server("127.0.0.1:0", db, limits=FAST)
    try:
        async with connect(f"127.0.0.1:{second.port}") as server:
            seat.server = server
            last = None
            async for message in seat.review():
                last = message
            assert last is not None and last.total > 0 and last.reviewed == last.total
    finally:
        await second.stop(grace=0.2)
