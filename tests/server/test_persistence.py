"""The SQLite event log: a restarted server rebuilds every match, tokens included."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import grpc
import pytest

from client.api import connect
from server.main import start_server
from server.store import MoveRecord, Store
from tests.server.helpers import first_snapshot, refused, to_act, two_humans
from tests.server.test_match import game_part


async def test_matches_survive_a_restart(tmp_path: Path) -> None:
    db = tmp_path / "tigerden.sqlite"
    running = await start_server("127.0.0.1:0", db)
    async with connect(f"127.0.0.1:{running.port}") as client:
        seats = await two_humans(client)
        for _ in range(5):
            seat, snapshot = await to_act(seats)
            await seat.act(snapshot.version, snapshot.legal_moves[-1].move)
        before = [game_part(await first_snapshot(seat)) for seat in seats]
        tokens = [(seat.seat, seat.token) for seat in seats]
        match_id = seats[0].match_id
    await running.stop(grace=0.1)

    running = await start_server("127.0.0.1:0", db)
    try:
        async with connect(f"127.0.0.1:{running.port}") as client:
            (match,) = await client.matches()
            assert match.match_id == match_id and match.version == 5
            restored = [type(seats[0])(client, match_id, seat, token) for seat, token in tokens]
            assert [game_part(await first_snapshot(seat)) for seat in restored] == before
            seat, snapshot = await to_act((restored[0], restored[1]))
            assert await seat.act(5, snapshot.legal_moves[0].move) == 6
    finally:
        await running.stop(grace=0.1)


async def test_a_refused_move_is_not_logged(tmp_path: Path) -> None:
    db = tmp_path / "tigerden.sqlite"
    running = await start_server("127.0.0.1:0", db)
    async with connect(f"127.0.0.1:{running.port}") as client:
        seats = await two_humans(client)
        seat, snapshot = await to_act(seats)
        await refused(
            seat.act(3, snapshot.legal_moves[0].move), grpc.StatusCode.ABORTED, "STALE_VERSION"
        )
    await running.stop(grace=0.1)
    running = await start_server("127.0.0.1:0", db)
    try:
        async with connect(f"127.0.0.1:{running.port}") as client:
            (match,) = await client.matches()
            assert match.version == 0
    finally:
        await running.stop(grace=0.1)


def test_a_write_of_one_statement_is_committed_alone_and_one_that_fails_leaves_nothing(
    tmp_path: Path,
) -> None:
    """A clockless match's move is one INSERT, run as SQLite's own transaction: committed when
    `append_move` returns (another connection reads it), and not at all when it fails."""
    store = Store(tmp_path / "tigerden.sqlite")
    reader = sqlite3.connect(tmp_path / "tigerden.sqlite")

    def moves() -> list[tuple[int, int, bytes]]:
        return reader.execute("SELECT version, seat, move FROM moves ORDER BY version").fetchall()

    store.create_match("m", "doors", 2, {}, 1, [])
    store.append_move("m", 0, MoveRecord(0, b"first"), False)
    assert moves() == [(0, 0, b"first")]
    with pytest.raises(sqlite3.IntegrityError):
        store.append_move("m", 0, MoveRecord(1, b"again"), False)  # version 0 is taken
    assert moves() == [(0, 0, b"first")]
    store.append_move("m", 1, MoveRecord(1, b"last"), True, {"banks": [], "seat": None})
    record = store.match("m")
    assert record is not None and record.finished and record.clock == {"banks": [], "seat": None}
    assert moves() == [(0, 0, b"first"), (1, 1, b"last")]
    reader.close()
    store.close()
