"""The SQLite event log: matches, seats and every accepted move.

A move is committed here before anyone is told of it, and a match is rebuilt on start by
replaying its moves from (game, options, seed). One transaction per write; anything short of a
commit leaves the file as it was. WAL mode lets readers (a future replay viewer) run beside the
server.
"""

from __future__ import annotations

import json
import os
import sqlite3
import stat
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

SCHEMA = """
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


@dataclass(frozen=True)
class SeatRecord:
    seat: int
    kind: str
    bot_level: str
    name: str
    token_hash: str | None


@dataclass(frozen=True)
class ChatRecord:
    """One chat line; `seat` is None for a spectator's."""

    number: int
    seat: int | None
    name: str
    text: str
    sent_at: float


@dataclass(frozen=True)
class MatchRecord:
    match_id: str
    game_id: str
    players: int
    options: dict[str, str]
    seed: int
    created_at: float
    finished: bool
    seats: tuple[SeatRecord, ...]
    moves: tuple[tuple[int, bytes], ...]
    """(seat, move) in version order."""
    created_by: str = ""
    rematch_of: str | None = None
    chat: tuple[ChatRecord, ...] = ()


class MatchIdTaken(Exception):
    """`create_match` was given an id that a stored match already has."""


def private_file(path: Path) -> None:
    """Creates `path` readable by its owner only (0600), and any folder it needs 0700: the file
    holds every match's seed, from which anyone could rebuild every hand. An existing file is
    made private too; SQLite gives its -wal and -shm files the database file's mode."""
    if not path.parent.exists():
        path.parent.mkdir(mode=0o700, parents=True)
    os.close(os.open(path, os.O_CREAT | os.O_RDWR, 0o600))
    if stat.S_IMODE(path.stat().st_mode) & 0o077:
        path.chmod(0o600)


class Store:
    """A SQLite file (or ":memory:") holding every match and move."""

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        if self.path != ":memory:":
            private_file(Path(path))
        self._db = sqlite3.connect(self.path, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.execute("PRAGMA foreign_keys=ON")
        self._db.executescript(SCHEMA)

    def close(self) -> None:
        self._db.close()

    def _transaction(self, statements: list[tuple[str, tuple[object, ...]]]) -> None:
        self._db.execute("BEGIN IMMEDIATE")
        try:
            for sql, params in statements:
                self._db.execute(sql, params)
        except BaseException:
            self._db.execute("ROLLBACK")
            raise
        self._db.execute("COMMIT")

    def create_match(
        self,
        match_id: str,
        game_id: str,
        players: int,
        options: dict[str, str],
        seed: int,
        seats: list[SeatRecord],
        created_by: str = "",
        rematch_of: str | None = None,
    ) -> float:
        created_at = time.time()
        statements: list[tuple[str, tuple[object, ...]]] = [
            (
                "INSERT INTO matches (match_id, game_id, players, options, seed, created_at)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                (match_id, game_id, players, json.dumps(options, sort_keys=True), seed, created_at),
            )
        ]
        statements += [
            (
                "INSERT INTO seats (match_id, seat, kind, bot_level, name, token_hash)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                (match_id, s.seat, s.kind, s.bot_level, s.name, s.token_hash),
            )
            for s in seats
        ]
        statements.append(
            (
                "INSERT INTO match_origins (match_id, created_by, rematch_of) VALUES (?, ?, ?)",
                (match_id, created_by, rematch_of),
            )
        )
        try:
            self._transaction(statements)
        except sqlite3.IntegrityError as error:
            raise MatchIdTaken(match_id) from error
        return created_at

    def set_seat(self, match_id: str, seat: int, name: str, token_hash: str | None) -> None:
        self._transaction(
            [
                (
                    "UPDATE seats SET name = ?, token_hash = ? WHERE match_id = ? AND seat = ?",
                    (name, token_hash, match_id, seat),
                )
            ]
        )

    def append_move(
        self, match_id: str, version: int, seat: int, move: bytes, finished: bool
    ) -> None:
        """Records the move that takes the match from `version` to `version + 1`."""
        statements: list[tuple[str, tuple[object, ...]]] = [
            (
                "INSERT INTO moves (match_id, version, seat, move) VALUES (?, ?, ?, ?)",
                (match_id, version, seat, move),
            )
        ]
        if finished:
            statements.append(("UPDATE matches SET finished = 1 WHERE match_id = ?", (match_id,)))
        self._transaction(statements)

    def append_chat(self, match_id: str, line: ChatRecord) -> None:
        self._transaction(
            [
                (
                    "INSERT INTO chat (match_id, number, seat, name, text, sent_at)"
                    " VALUES (?, ?, ?, ?, ?, ?)",
                    (match_id, line.number, line.seat, line.name, line.text, line.sent_at),
                )
            ]
        )

    def matches(self) -> Iterator[MatchRecord]:
        """Every stored match with its seats and moves, oldest first."""
        rows = self._db.execute(
            "SELECT match_id, game_id, players, options, seed, created_at, finished"
            " FROM matches ORDER BY created_at"
        ).fetchall()
        for match_id, game_id, players, options, seed, created_at, finished in rows:
            seats = tuple(
                SeatRecord(*row)
                for row in self._db.execute(
                    "SELECT seat, kind, bot_level, name, token_hash FROM seats"
                    " WHERE match_id = ? ORDER BY seat",
                    (match_id,),
                )
            )
            moves = tuple(
                (seat, bytes(move))
                for seat, move in self._db.execute(
                    "SELECT seat, move FROM moves WHERE match_id = ? ORDER BY version",
                    (match_id,),
                )
            )
            origin = self._db.execute(
                "SELECT created_by, rematch_of FROM match_origins WHERE match_id = ?", (match_id,)
            ).fetchone()
            chat = tuple(
                ChatRecord(*row)
                for row in self._db.execute(
                    "SELECT number, seat, name, text, sent_at FROM chat"
                    " WHERE match_id = ? ORDER BY number",
                    (match_id,),
                )
            )
            yield MatchRecord(
                match_id,
                game_id,
                players,
                json.loads(options),
                seed,
                created_at,
                bool(finished),
                seats,
                moves,
                created_by=origin[0] if origin else "",
                rematch_of=origin[1] if origin else None,
                chat=chat,
            )
