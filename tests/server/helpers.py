"""Scripted-client helpers for server tests."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
from collections.abc import AsyncIterator, Callable, Mapping
from pathlib import Path

import grpc
import pytest
from tigerden.v1 import lobby_pb2, match_pb2

from client.api import SeatHandle, Server, error_reason
from engine import GAMES
from server.limits import Limits
from server.main import Running, start_server

HUMAN = lobby_pb2.SEAT_KIND_HUMAN
BOT = lobby_pb2.SEAT_KIND_BOT


MOVES_FIRST: Mapping[str, Mapping[str, str]] = {"koikoi": {"dealt_hand": "ignore"}}
"""Options under which a game's deal never decides its match before a move, for the tests that
must play moves in a match: about one Koi-Koi deal in 90 ends at once on a dealt hand (teshi,
kuttsuki), which the rules score before anyone moves. Such a match is played to its result like
any other (tests/server/test_koikoi_wire.py: test_a_match_its_deal_decided_*)."""


def moves_first(game_id: str, **more: str) -> dict[str, str]:
    """`more` and the options under which the deal of `game_id` never decides its match."""
    return {**MOVES_FIRST.get(game_id, {}), **more}


def deciding_seed(game_id: str, options: Mapping[str, str]) -> int:
    """The first seed whose deal decides a two-player match of `game_id` before anyone moves
    (in Koi-Koi a dealt hand with teshi or kuttsuki), for the tests of such matches."""
    game = GAMES[game_id]
    validated = game.info.validate(2, options)
    return next(seed for seed in itertools.count() if game.new(2, validated, seed).result())


async def two_humans(client: Server, game_id: str = "doors") -> tuple[SeatHandle, SeatHandle]:
    match = await client.create(game_id, 2, seats=[(HUMAN, ""), (HUMAN, "")])
    return (
        await client.join(match.match_id, "ada", 0),
        await client.join(match.match_id, "bob", 1),
    )


async def first_snapshot(seat: SeatHandle) -> match_pb2.Snapshot:
    async for snapshot in seat.watch():
        return snapshot
    raise AssertionError("Watch ended without a snapshot")


async def to_act(seats: tuple[SeatHandle, SeatHandle]) -> tuple[SeatHandle, match_pb2.Snapshot]:
    """The seat whose turn it is, with its snapshot."""
    for seat in seats:
        snapshot = await first_snapshot(seat)
        if snapshot.legal_moves:
            return seat, snapshot
    raise AssertionError("nobody is to act")


async def snapshot_where(
    seat: SeatHandle, condition: Callable[[match_pb2.Snapshot], bool], timeout: float = 10
) -> match_pb2.Snapshot:
    """The first snapshot of the seat's view that meets `condition`, within `timeout` s."""

    async def wait() -> match_pb2.Snapshot:
        async for snapshot in seat.watch():
            if condition(snapshot):
                return snapshot
        raise AssertionError("the stream ended before the condition was met")

    return await asyncio.wait_for(wait(), timeout)


async def refused(call: object, code: grpc.StatusCode, reason: str) -> str:
    """Awaits `call`, expecting it to fail with `code` and ErrorInfo `reason`; returns details."""
    with pytest.raises(grpc.aio.AioRpcError) as caught:
        await call  # type: ignore[misc]
    assert caught.value.code() == code, caught.value.details()
    assert error_reason(caught.value) == reason
    return caught.value.details() or ""


@contextlib.asynccontextmanager
async def serving_web(db: Path, limits: Limits) -> AsyncIterator[Running]:
    """A server within `limits`, its gRPC and web ports on free loopback ports, stopped after."""
    running = await start_server("127.0.0.1:0", db, limits=limits, web=("127.0.0.1", 0))
    try:
        yield running
    finally:
        await running.stop(grace=0.2)
