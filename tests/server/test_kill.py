"""A `tigerden serve` killed with SIGKILL loses no accepted move: every move is committed to
SQLite before it is acknowledged. The short version runs in `make test`; the slow one kills the
server many times in the middle of play."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from client.api import connect
from tests.server.helpers import HUMAN, first_snapshot, to_act

PORT_LINE = re.compile(r"serving on [^:]+:(\d+)")


def serve(db: Path, *options: str) -> tuple[subprocess.Popen[str], str]:
    """Starts `tigerden serve` on a free loopback port, with more `options`; returns the
    process and its address."""
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "client.cli",
            "serve",
            "--host",
            "127.0.0.1",
            "--port",
            "0",
            "--db",
            str(db),
            "--bot-delay",
            "0",
            *options,
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    assert process.stdout is not None
    line = process.stdout.readline()
    found = PORT_LINE.search(line)
    if found is None:
        process.kill()
        raise AssertionError(f"unexpected first line from tigerden serve: {line!r}")
    return process, f"127.0.0.1:{found[1]}"


async def kill_and_check(db: Path, kills: int, moves_between: int) -> None:
    process, address = serve(db)
    try:
        async with connect(address) as client:
            match = await client.create("doors", 2, seats=[(HUMAN, ""), (HUMAN, "")])
            seats = (
                await client.join(match.match_id, "ada", 0),
                await client.join(match.match_id, "bob", 1),
            )
        acknowledged = 0
        for _ in range(kills):
            async with connect(address) as client:
                handles = (
                    await client.resume(seats[0].match_id, seats[0].token),
                    await client.resume(seats[1].match_id, seats[1].token),
                )
                assert (await first_snapshot(handles[0])).version == acknowledged
                for _ in range(moves_between):
                    if (await first_snapshot(handles[0])).HasField("result"):
                        break
                    seat, snapshot = await to_act(handles)
                    # Passing where possible makes long matches: the deck runs out slowly.
                    by_label = {move.label: move.move for move in snapshot.legal_moves}
                    move = by_label.get("pass", snapshot.legal_moves[0].move)
                    acknowledged = await seat.act(snapshot.version, move)
            os.kill(process.pid, signal.SIGKILL)
            process.wait(10)
            process, address = serve(db)
        async with connect(address) as client:
            (listed,) = await client.matches(include_finished=True)
            assert listed.version == acknowledged > 0
    finally:
        process.kill()
        process.wait(10)


async def test_a_sigkilled_server_keeps_every_acknowledged_move(tmp_path: Path) -> None:
    await kill_and_check(tmp_path / "tigerden.sqlite", kills=1, moves_between=4)


@pytest.mark.slow
async def test_a_server_killed_again_and_again_keeps_every_acknowledged_move(
    tmp_path: Path,
) -> None:
    await kill_and_check(tmp_path / "tigerden.sqlite", kills=15, moves_between=3)
