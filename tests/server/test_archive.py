"""The archive: finished matches stay in the database for listing, replay and export, but a
starting server rebuilds only the unfinished ones; the schema is versioned and migrated."""

from __future__ import annotations

import asyncio
import json
import sqlite3
import time
from pathlib import Path

import grpc
import pytest
from tigerden.v1 import lobby_pb2

from client.api import Server, connect
from engine import GAMES
from server.codecs import CODECS, wrap_move
from server.main import Running, start_server
from server.registry import token_hash
from server.store import SCHEMA_VERSION, SchemaTooNew, Store
from tests.server.helpers import BOT, first_snapshot, refused, to_act, two_humans

FIRST_RELEASE_DDL = """
CREATE TABLE IF NOT EXISTS matches (
    match_id   TEXT PRIMARY KEY,
    game_id    TEXT NOT NULL,
    players    INTEGER NOT NULL,
    options    TEXT NOT NULL,
    seed       INTEGER NOT NULL,
    created_at REAL NOT NULL,
    finished   INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS seats (
    match_id   TEXT NOT NULL REFERENCES matches(match_id),
    seat       INTEGER NOT NULL,
    kind       TEXT NOT NULL,
    bot_level  TEXT NOT NULL,
    name       TEXT NOT NULL,
    token_hash TEXT,
    PRIMARY KEY (match_id, seat)
);
CREATE TABLE IF NOT EXISTS moves (
    match_id TEXT NOT NULL REFERENCES matches(match_id),
    version  INTEGER NOT NULL,
    seat     INTEGER NOT NULL,
    move     BLOB NOT NULL,
    PRIMARY KEY (match_id, version)
);
"""
"""The schema of v0.1.0 (server/store.py as released), copied here so that a change to the
migration's first step cannot hide a broken upgrade."""

CHAT_DDL = """
CREATE TABLE IF NOT EXISTS match_origins (
    match_id   TEXT PRIMARY KEY REFERENCES matches(match_id),
    created_by TEXT NOT NULL,
    rematch_of TEXT REFERENCES matches(match_id)
);
CREATE TABLE IF NOT EXISTS chat (
    match_id  TEXT NOT NULL REFERENCES matches(match_id),
    number    INTEGER NOT NULL,
    seat      INTEGER,
    name      TEXT NOT NULL,
    text      TEXT NOT NULL,
    sent_at   REAL NOT NULL,
    PRIMARY KEY (match_id, number)
);
"""
"""What main added before the schema had a version (issue 11: chat and rematch links)."""


def first_release_db(path: Path, moves: int, ddl: str) -> tuple[str, list[str]]:
    """A database as an unversioned tigerden wrote it (schema `ddl`): one Doors match two
    people play, `moves` moves in, and one finished match. Returns the open match's id and its
    seat tokens."""
    game, codec = GAMES["doors"], CODECS["doors"]
    options = game.info.validate(2, {})
    state = game.new(2, options, 7)
    db = sqlite3.connect(path)
    db.executescript(ddl)
    tokens = ["token-ada", "token-bob"]
    for match_id, finished in (("open0001", 0), ("done0001", 1)):
        db.execute(
            "INSERT INTO matches VALUES (?, 'doors', 2, ?, 7, ?, ?)",
            (match_id, json.dumps(options), time.time(), finished),
        )
        for seat, name in enumerate(("ada", "bob")):
            hashed = token_hash(tokens[seat]) if finished == 0 else None
            db.execute(
                "INSERT INTO seats VALUES (?, ?, 'human', '', ?, ?)",
                (match_id, seat, name, hashed),
            )
    for version in range(moves):
        to_act = state.to_act()
        assert to_act is not None
        move = state.legal_moves()[0]
        state.apply(move)
        data = wrap_move(codec, move).SerializeToString()
        db.execute("INSERT INTO moves VALUES ('open0001', ?, ?, ?)", (version, to_act, data))
    db.commit()
    db.close()
    return "open0001", tokens


@pytest.mark.parametrize(
    "ddl", [FIRST_RELEASE_DDL, FIRST_RELEASE_DDL + CHAT_DDL], ids=["v0.1.0", "with-chat"]
)
async def test_an_unversioned_database_is_migrated_and_keeps_its_matches(
    tmp_path: Path, ddl: str
) -> None:
    db = tmp_path / "old.sqlite"
    match_id, tokens = first_release_db(db, moves=3, ddl=ddl)
    running = await start_server("127.0.0.1:0", db)
    try:
        assert running.served.archive.store.schema_version == SCHEMA_VERSION
        async with connect(f"127.0.0.1:{running.port}") as client:
            (listed,) = await client.matches()
            assert listed.match_id == match_id and listed.version == 3
            assert dict(listed.options) == {
                "collector_set": "automatic",
                "clock": "none",
                "timeout": "play",
                "away": "60",
            }
            seats = (
                await client.resume(match_id, tokens[0]),
                await client.resume(match_id, tokens[1]),
            )
            seat, snapshot = await to_act(seats)
            assert await seat.act(3, snapshot.legal_moves[0].move) == 4
            (done,) = await client.matches(status=lobby_pb2.MATCH_STATUS_FINISHED)
            assert done.match_id == "done0001"
    finally:
        await running.stop(grace=0.1)
    # Opening it again runs no step twice.
    store = Store(db)
    assert store.schema_version == SCHEMA_VERSION
    store.close()


def test_a_database_from_a_newer_tigerden_is_refused(tmp_path: Path) -> None:
    db = tmp_path / "new.sqlite"
    with sqlite3.connect(db) as connection:
        connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    with pytest.raises(SchemaTooNew, match="upgrade tigerden"):
        Store(db)


def archive_of(db: Path, matches: int) -> None:
    """`matches` finished four-player Tiger & Dragon matches of 150 moves each. The moves are
    junk bytes: a server that tried to replay them would fail to start."""
    store = Store(db)
    store.close()
    connection = sqlite3.connect(db)
    options = json.dumps(GAMES["tiger-dragon"].info.validate(4, {}))
    with connection:
        for number in range(matches):
            match_id = f"old{number:05d}"
            connection.execute(
                "INSERT INTO matches (match_id, game_id, players, options, seed, created_at,"
                " finished, ending) VALUES (?, 'tiger-dragon', 4, ?, ?, ?, 1,"
                ' \'{"kind": "played_out"}\')',
                (match_id, options, number, 1000.0 + number),
            )
            connection.executemany(
                "INSERT INTO seats VALUES (?, ?, 'bot', 'random', ?, NULL)",
                [(match_id, seat, f"bot-{seat}") for seat in range(4)],
            )
            connection.executemany(
                "INSERT INTO moves (match_id, version, seat, move) VALUES (?, ?, ?, ?)",
                [(match_id, version, version % 4, b"junk") for version in range(150)],
            )
    connection.close()


async def start_seconds(db: Path) -> float:
    """The fastest of three start-ups of a server on `db`."""
    times = []
    for _ in range(3):
        started = time.perf_counter()
        running = await start_server("127.0.0.1:0", db)
        times.append(time.perf_counter() - started)
        await running.stop(grace=0)
    return min(times)


async def test_start_up_does_not_grow_with_the_archive(tmp_path: Path) -> None:
    empty, full = tmp_path / "empty.sqlite", tmp_path / "full.sqlite"
    Store(empty).close()
    archive_of(full, 3000)
    running = await start_server("127.0.0.1:0", full)
    try:
        assert running.served.registry.rooms == {}  # nothing finished is rebuilt
        async with connect(f"127.0.0.1:{running.port}") as client:
            assert await client.matches() == []
            listed = await client.matches(status=lobby_pb2.MATCH_STATUS_FINISHED)
            assert len(listed) == 3000 and listed[0].match_id == "old02999"
            assert listed[0].version == 150
    finally:
        await running.stop(grace=0)
    ratio = await start_seconds(full) / await start_seconds(empty)
    assert ratio < 3, f"start-up with 3,000 finished matches took {ratio:.1f}x an empty one"


async def finish_bot_match(client: Server, game_id: str = "doors") -> str:
    """A match two server bots play to the end; returns its id once it is over."""
    match = await client.create(game_id, 2, seats=[(BOT, "random"), (BOT, "random")])
    async for snapshot in client.watch(match.match_id):
        last = snapshot
    assert last.HasField("result")
    return match.match_id


async def test_a_finished_match_leaves_memory_but_stays_listed_and_watchable(
    running: Running, client: Server
) -> None:
    match_id = await finish_bot_match(client)
    assert match_id not in running.served.registry.rooms
    assert await client.matches() == []
    (finished,) = await client.matches(status=lobby_pb2.MATCH_STATUS_FINISHED)
    assert finished.match_id == match_id
    assert finished.ending == lobby_pb2.MATCH_ENDING_PLAYED_OUT
    assert [m.match_id for m in await client.matches(include_finished=True)] == [match_id]
    assert await client.matches(status=lobby_pb2.MATCH_STATUS_PLAYING) == []
    (final,) = [snapshot async for snapshot in client.watch(match_id)]
    assert final.status == lobby_pb2.MATCH_STATUS_FINISHED and final.version == finished.version
    assert running.served.registry.rooms == {}


async def test_a_finished_seat_token_still_shows_its_final_view(client: Server) -> None:
    ada, bob = await two_humans(client)
    while True:
        seat, snapshot = await to_act((ada, bob))
        await asyncio.sleep(0.05)  # within the server's Act rate (20 a second)
        await seat.act(snapshot.version, snapshot.legal_moves[0].move)
        final = await first_snapshot(ada)
        if final.HasField("result"):
            break
    assert final.viewer_seat == 0
    await refused(
        ada.act(final.version, snapshot.legal_moves[0].move),
        grpc.StatusCode.FAILED_PRECONDITION,
        "MATCH_OVER",
    )


async def test_joining_a_finished_match_is_refused_as_over(client: Server) -> None:
    match_id = await finish_bot_match(client)
    await refused(client.join(match_id, "late"), grpc.StatusCode.FAILED_PRECONDITION, "MATCH_OVER")


async def test_list_finished_matches_of_one_game(client: Server) -> None:
    await finish_bot_match(client, "doors")
    await finish_bot_match(client, "koikoi")
    (koikoi,) = await client.matches("koikoi", status=lobby_pb2.MATCH_STATUS_FINISHED)
    assert koikoi.game_id == "koikoi"
    assert len(await client.matches(status=lobby_pb2.MATCH_STATUS_FINISHED)) == 2
