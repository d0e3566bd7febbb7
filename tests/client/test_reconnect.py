"""The terminal client reconnects by itself after the server goes away, shows "reconnecting…"
meanwhile, shows the turn clock counting down, and keeps a log without doubled lines."""

from __future__ import annotations

import asyncio
import re
import socket
from pathlib import Path

from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from client.api import connect
from client.ui.app import run_table
from client.ui.state import ClientState, clock
from server.main import start_server
from tests.client.test_ui import wait_for
from tests.server.helpers import HUMAN


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


async def test_the_table_reconnects_after_a_server_restart(tmp_path: Path) -> None:
    db, port = tmp_path / "db.sqlite", free_port()
    address = f"127.0.0.1:{port}"
    running = await start_server(address, db)
    client = connect(address)
    try:
        games = {game.game_id: game for game in await client.games()}
        match = await client.create(
            "doors", 2, {"clock": "move:300"}, seats=[(HUMAN, ""), (HUMAN, "")]
        )
        ada = await client.join(match.match_id, "ada")
        bob = await client.join(match.match_id, "bob")
        for _ in range(2):  # two moves, so the log has lines to recap
            for seat in (ada, bob):
                snapshot = await anext(seat.watch())
                if snapshot.legal_moves:
                    await seat.act(snapshot.version, snapshot.legal_moves[0].move)
                    break
        state = ClientState(games["doors"], match.match_id)
        with create_pipe_input() as pipe:
            table = asyncio.create_task(
                run_table(ada, state, input=pipe, output=DummyOutput(), delays=(0.2,))
            )
            await wait_for(lambda: state.snapshot is not None and state.snapshot.version == 2)
            before = list(state.log)
            assert len(before) >= 2
            assert re.fullmatch(r"(you|bob): [45]:\d\d to move", state.clock_text())
            await running.stop(grace=0)
            await wait_for(lambda: state.status.startswith("reconnecting…"), state=state)
            running = await start_server(address, db)
            await wait_for(lambda: not state.status.startswith("reconnecting"), state=state)
            # The recap replaced the log: nothing doubled, every move kept (the table notes
            # "... sat down" are not kept across a server restart).
            assert list(state.log) == [line for line in before if "sat down" not in line]
            snapshot = await anext(bob.watch())
            if snapshot.legal_moves:  # a move made after the reconnection reaches the table
                await bob.act(snapshot.version, snapshot.legal_moves[0].move)
                await wait_for(lambda: state.snapshot is not None and state.snapshot.version == 3)
            pipe.send_text("\x11")
            await asyncio.wait_for(table, 10)
    finally:
        await client.close()
        await running.stop(grace=0)


def test_the_clock_reads_minutes_and_seconds_and_stops_at_zero() -> None:
    assert clock(125.2) == "2:06" and clock(59.0) == "0:59" and clock(-3) == "0:00"
