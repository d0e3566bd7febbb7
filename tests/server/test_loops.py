"""`tigerden serve --loop uvloop` (issue 14): the server runs on uvloop as on asyncio's own loop,
and the default needs nothing beyond the standard library."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from client.api import connect
from server.loops import loop_factory
from server.main import start_server
from tests.server.helpers import two_humans


def test_the_default_loop_is_asyncios_own() -> None:
    assert loop_factory("asyncio") is None


def test_a_match_is_played_on_uvloop(tmp_path: Path) -> None:
    pytest.importorskip("uvloop", reason="uvloop is an optional extra (installed by .[dev])")
    factory = loop_factory("uvloop")
    assert factory is not None

    async def play_one_move() -> tuple[str, int, int]:
        running = await start_server("127.0.0.1:0", tmp_path / "uv.sqlite")
        try:
            async with connect(f"127.0.0.1:{running.port}") as client:
                seats = await two_humans(client)
                async with seats[0].play() as first, seats[1].play() as second:
                    streams = [first.snapshots(), second.snapshots()]
                    seen = [await anext(stream) for stream in streams]
                    mover = seen[0].to_act
                    move = seen[mover].legal_moves[0].move
                    accepted = await seats[mover].act(seen[mover].version, move)
                    after = await anext(streams[1 - mover])
                    while after.version < accepted:  # a seat's stream opening is news too
                        after = await anext(streams[1 - mover])
                    loop = type(asyncio.get_running_loop()).__module__
                    return loop, accepted, after.version
        finally:
            await running.stop(grace=0.2)

    with asyncio.Runner(loop_factory=factory) as runner:
        module, accepted, seen_by_other = runner.run(play_one_move())
    assert module.startswith("uvloop")
    assert accepted == 1 and seen_by_other == 1
