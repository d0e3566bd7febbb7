"""The SQLite event log: matches, seats and every accepted move.

A move is committed here before anyone is told of it, and a match is rebuilt on start by
replaying its moves from (game, options, seed). One transaction per write (a write of one
statement is its own); anything short of a commit leaves the file as it was. WAL mode lets
readers (the replay viewer, an export) run beside the server.

Finished matches are the archive: they stay in the file for listing, replay and export, but
`unfinished()` is all a starting server reads, so start-up time does not grow with them.

The schema is versioned with `PRAGMA user_version`: `MIGRATIONS[n]` takes a file from version n
to n + 1, and opening a file runs the steps it lacks, each in one transaction. Version 0 is an empty
file or any schema from before the versioning (the first release's, or that plus the chat and
match origins): step 0 creates only the tables that are absent.
"""

from __future__ import annotations

import json
import os
import sqlite3
import stat
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from server.log import ChatRecord

UNVERSIONED_SCHEMA = """
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

MATCH_LIFE_SCHEMA = """
ALTER TABLE matches ADD COLUMN host_hash TEXT;
ALTER TABLE matches ADD COLUMN join_code TEXT;
ALTER TABLE matches ADD COLUMN ending TEXT;
ALTER TABLE matches ADD COLUMN clock TEXT;
ALTER TABLE matches ADD COLUMN finished_at REAL;
ALTER TABLE moves ADD COLUMN played_by TEXT NOT NULL DEFAULT 'seat';
ALTER TABLE moves ADD COLUMN at REAL;
CREATE INDEX IF NOT EXISTS matches_by_finished ON matches (finished, created_at);
CREATE INDEX IF NOT EXISTS seats_by_token ON seats (token_hash);
CREATE INDEX IF NOT EXISTS rematches ON match_origins (rematch_of);
"""
"""Version 1: host rights, private join codes, how a match ended, its turn clock, and when and
by whom (the seat, its clock, the away bot) each move was played."""

MATCH_NAME_SCHEMA = """
ALTER TABLE match_origins ADD COLUMN name TEXT NOT NULL DEFAULT '';
"""
"""Version 2: a match's own name (CreateMatchRequest.match_name)."""

MIGRATIONS: tuple[str, ...] = (UNVERSIONED_SCHEMA, MATCH_LIFE_SCHEMA, MATCH_NAME_SCHEMA)
SCHEMA_VERSION = len(MIGRATIONS)


class SchemaTooNew(RuntimeError):
    """The file was written by a newer tigerden; this one would misread it."""


@dataclass(frozen=True)
class SeatRecord:
    seat: int
    kind: str
    bot_level: str
    name: str
    token_hash: str | None


@dataclass(frozen=True)
class MoveRecord:
    seat: int
    move: bytes
    played_by: str = "seat"
    at: float | None = None


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
    moves: tuple[MoveRecord, ...]
    """In version order."""
    host_hash: str | None = None
    join_code: str | None = None
    ending: dict[str, Any] | None = None
    clock: dict[str, Any] | None = None
    finished_at: float | None = None
    move_count: int = 0
    """The match's version (set also when `moves` was not read)."""
    created_by: str = ""
    rematch_of: str | None = None
    chat: tuple[ChatRecord, ...] = ()
    rematch: str | None = None
    """The id of this match's rematch, once someone asked to play again."""
    name: str = ""
    """The match's own name, cleaned; empty for none."""


@dataclass
class Write:
    """Statements that commit together."""

    statements: list[tuple[str, tuple[object, ...]]] = field(default_factory=list)

    def add(self, sql: str, *params: object) -> Write:
        self.statements.append((sql, params))
        return self


MATCH_COLUMNS = (
    "match_id, game_id, players, options, seed, created_at, finished,"
    " host_hash, join_code, ending, clock, finished_at"
)


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
        self.migrate()

    @property
    def schema_version(self) -> int:
        version: int = self._db.execute("PRAGMA user_version").fetchone()[0]
        return version

    def migrate(self) -> None:
        """Brings the file to SCHEMA_VERSION, one step per transaction."""
        version = self.schema_version
        if version > SCHEMA_VERSION:
            raise SchemaTooNew(
                f"{self.path} has schema version {version}; this tigerden knows up to "
                f"{SCHEMA_VERSION}: upgrade tigerden"
            )
        for step in range(version, SCHEMA_VERSION):
            self._db.execute("BEGIN IMMEDIATE")
            try:
                for statement in MIGRATIONS[step].split(";"):
                    if statement.strip():
                        self._db.execute(statement)
                self._db.execute(f"PRAGMA user_version = {step + 1}")
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")

    def close(self) -> None:
        self._db.close()

    def commit(self, write: Write) -> None:
        """Runs the write's statements as one transaction. A single statement runs alone, as
        SQLite's own transaction (autocommit: all of it or nothing, committed to the WAL before
        `execute` returns, as durable as with BEGIN and COMMIT around it), which saves two
        statements on every move of a clockless match."""
        if len(write.statements) == 1:
            sql, params = write.statements[0]
            self._db.execute(sql, params)
            return
        self._db.execute("BEGIN IMMEDIATE")
        try:
            for sql, params in write.statements:
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
        seats: Sequence[SeatRecord],
        host_hash: str | None = None,
        created_by: str = "",
        rematch_of: str | None = None,
        finished: bool = False,
        join_code: str | None = None,
        name: str = "",
    ) -> float:
        """Stores a new match; `finished` when its deal already decided it."""
        created_at = time.time()
        write = Write().add(
            "INSERT INTO matches (match_id, game_id, players, options, seed, created_at,"
            " host_hash, join_code) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            match_id,
            game_id,
            players,
            json.dumps(options, sort_keys=True),
            seed,
            created_at,
            host_hash,
            join_code,
        )
        for s in seats:
            write.add(
                "INSERT INTO seats (match_id, seat, kind, bot_level, name, token_hash)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                match_id,
                s.seat,
                s.kind,
                s.bot_level,
                s.name,
                s.token_hash,
            )
        write.add(
            "INSERT INTO match_origins (match_id, created_by, rematch_of, name)"
            " VALUES (?, ?, ?, ?)",
            match_id,
            created_by,
            rematch_of,
            name,
        )
        if finished:
            self.ending_write(match_id, {"kind": "played_out"}, write)
        try:
            self.commit(write)
        except sqlite3.IntegrityError as error:
            raise MatchIdTaken(match_id) from error
        return created_at

    @staticmethod
    def seat_write(match_id: str, seat: SeatRecord, write: Write | None = None) -> Write:
        return (write or Write()).add(
            "UPDATE seats SET kind = ?, bot_level = ?, name = ?, token_hash = ?"
            " WHERE match_id = ? AND seat = ?",
            seat.kind,
            seat.bot_level,
            seat.name,
            seat.token_hash,
            match_id,
            seat.seat,
        )

    @staticmethod
    def clock_write(match_id: str, clock: dict[str, Any] | None, write: Write) -> Write:
        """Stores the match's turn clock; None (a clock that never runs) stores nothing."""
        if clock is None:
            return write
        return write.add(
            "UPDATE matches SET clock = ? WHERE match_id = ?", json.dumps(clock), match_id
        )

    @staticmethod
    def ending_write(match_id: str, ending: dict[str, Any], write: Write) -> Write:
        return write.add(
            "UPDATE matches SET finished = 1, ending = ?, finished_at = ? WHERE match_id = ?",
            json.dumps(ending, sort_keys=True),
            time.time(),
            match_id,
        )

    def append_chat(self, match_id: str, line: ChatRecord) -> None:
        self.commit(
            Write().add(
                "INSERT INTO chat (match_id, number, seat, name, text, sent_at)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                match_id,
                line.number,
                line.seat,
                line.name,
                line.text,
                line.sent_at,
            )
        )

    def set_join_code(self, match_id: str, code: str | None) -> None:
        self.commit(
            Write().add("UPDATE matches SET join_code = ? WHERE match_id = ?", code, match_id)
        )

    def append_move(
        self,
        match_id: str,
        version: int,
        move: MoveRecord,
        finished: bool,
        clock: dict[str, Any] | None = None,
    ) -> None:
        """Records the move that takes the match from `version` to `version + 1`, with the
        clock as it stands after it (None: a clock that never runs, not stored)."""
        write = Write().add(
            "INSERT INTO moves (match_id, version, seat, move, played_by, at)"
            " VALUES (?, ?, ?, ?, ?, ?)",
            match_id,
            version,
            move.seat,
            move.move,
            move.played_by,
            move.at,
        )
        self.clock_write(match_id, clock, write)
        if finished:
            self.ending_write(match_id, {"kind": "played_out"}, write)
        self.commit(write)

    def _records(self, where: str, params: tuple[object, ...]) -> Iterator[MatchRecord]:
        rows = self._db.execute(f"SELECT {MATCH_COLUMNS} FROM matches {where}", params).fetchall()
        for row in rows:
            yield self._record(row)

    def _record(self, row: tuple[Any, ...], with_moves: bool = True) -> MatchRecord:
        (
            match_id,
            game_id,
            players,
            options,
            seed,
            created_at,
            finished,
            host_hash,
            join_code,
            ending,
            clock,
            finished_at,
        ) = row
        seats = tuple(
            SeatRecord(*seat)
            for seat in self._db.execute(
                "SELECT seat, kind, bot_level, name, token_hash FROM seats"
                " WHERE match_id = ? ORDER BY seat",
                (match_id,),
            )
        )
        moves: tuple[MoveRecord, ...] = ()
        if with_moves:
            moves = tuple(
                MoveRecord(seat, bytes(move), played_by, at)
                for seat, move, played_by, at in self._db.execute(
                    "SELECT seat, move, played_by, at FROM moves WHERE match_id = ?"
                    " ORDER BY version",
                    (match_id,),
                )
            )
        origin = self._db.execute(
            "SELECT created_by, rematch_of, name FROM match_origins WHERE match_id = ?",
            (match_id,),
        ).fetchone()
        chat: tuple[ChatRecord, ...] = ()
        if with_moves:
            chat = tuple(
                ChatRecord(*line)
                for line in self._db.execute(
                    "SELECT number, seat, name, text, sent_at FROM chat"
                    " WHERE match_id = ? ORDER BY number",
                    (match_id,),
                )
            )
        return MatchRecord(
            match_id,
            game_id,
            players,
            json.loads(options),
            seed,
            created_at,
            bool(finished),
            seats,
            moves,
            host_hash,
            join_code,
            None if ending is None else json.loads(ending),
            None if clock is None else json.loads(clock),
            finished_at,
            len(moves) if with_moves else self.move_count(match_id),
            origin[0] if origin else "",
            origin[1] if origin else None,
            chat,
            self.rematch_of(match_id),
            origin[2] if origin else "",
        )

    def unfinished(self) -> Iterator[MatchRecord]:
        """Every match still under way (or waiting), oldest first: what a server rebuilds."""
        return self._records("WHERE finished = 0 ORDER BY created_at", ())

    def match(self, match_id: str) -> MatchRecord | None:
        """One stored match with its moves, finished or not."""
        return next(self._records("WHERE match_id = ?", (match_id,)), None)

    def finished(
        self,
        game_id: str = "",
        limit: int | None = None,
        before: tuple[float, str] | None = None,
    ) -> list[MatchRecord]:
        """The archive, newest first (by creation time, then id), without moves (the move
        count is `version`): at most `limit` matches, created before `before` (a page's key)."""
        sql = f"SELECT {MATCH_COLUMNS} FROM matches WHERE finished = 1 AND (? = '' OR game_id = ?)"
        params: list[object] = [game_id, game_id]
        if before is not None:
            sql += " AND (created_at, match_id) < (?, ?)"
            params += before
        sql += " ORDER BY created_at DESC, match_id DESC"
        if limit is not None:
            sql += " LIMIT ?"
            params.append(limit)
        rows = self._db.execute(sql, params).fetchall()
        return [self._record(row, with_moves=False) for row in rows]

    def finished_count(self, game_id: str = "") -> int:
        """How many finished matches (of `game_id`, if given) the archive holds."""
        count: int = self._db.execute(
            "SELECT COUNT(*) FROM matches WHERE finished = 1 AND (? = '' OR game_id = ?)",
            (game_id, game_id),
        ).fetchone()[0]
        return count

    def move_count(self, match_id: str) -> int:
        count: int = self._db.execute(
            "SELECT COUNT(*) FROM moves WHERE match_id = ?", (match_id,)
        ).fetchone()[0]
        return count

    def rematch_of(self, match_id: str) -> str | None:
        """The id of the rematch of `match_id`, if one was opened."""
        row = self._db.execute(
            "SELECT match_id FROM match_origins WHERE rematch_of = ?", (match_id,)
        ).fetchone()
        return None if row is None else str(row[0])

    def seat_of_token(self, token_hash: str) -> tuple[str, int] | None:
        """The (match, seat) a token hash holds, in any match, archived ones included."""
        row = self._db.execute(
            "SELECT match_id, seat FROM seats WHERE token_hash = ?", (token_hash,)
        ).fetchone()
        return None if row is None else (row[0], row[1])
