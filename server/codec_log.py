"""The match log over the SQLite store: a room's moves, seats, ending, chat and join code,
moves encoded by the game's codec. The authority knows it only as `server.log.MatchLog`.

Each method is one transaction, committed before it returns (the store's WAL with
`synchronous=NORMAL`): an acknowledged move survives SIGKILL. A clockless match's move is one
statement, the INSERT, run as its own transaction (`Store.commit`).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from tigerden.v1 import match_pb2

from engine.core import Move, Seat
from server.clock import Ending
from server.codecs import Codec, unwrap_move, wrap_move
from server.log import ChatRecord, PlayedBy
from server.seats import SeatSlot
from server.store import MoveRecord, SeatRecord, Store, Write


@dataclass
class CodecLog:
    """Commits a room's moves, seats and ending to the store, moves encoded by the codec."""

    store: Store
    codec: Codec

    def append(
        self,
        match_id: str,
        version: int,
        seat: Seat,
        move: Move,
        played_by: PlayedBy,
        finished: bool,
        clock: dict[str, Any] | None,
    ) -> None:
        data = wrap_move(self.codec, move).SerializeToString()
        record = MoveRecord(seat, data, played_by.value, time.time())
        self.store.append_move(match_id, version, record, finished, clock)

    def save_seat(
        self, match_id: str, slot: SeatSlot, clock: dict[str, Any] | None, finished: bool = False
    ) -> None:
        record = SeatRecord(slot.seat, slot.kind.value, slot.bot_level, slot.name, slot.token_hash)
        write = Store.clock_write(match_id, clock, Store.seat_write(match_id, record))
        if finished:
            Store.ending_write(match_id, {"kind": "played_out"}, write)
        self.store.commit(write)

    def save_ending(self, match_id: str, ending: Ending, clock: dict[str, Any] | None) -> None:
        self.store.commit(
            Store.ending_write(
                match_id, ending.to_dict(), Store.clock_write(match_id, clock, Write())
            )
        )

    def append_chat(self, match_id: str, line: ChatRecord) -> None:
        self.store.append_chat(match_id, line)

    def save_join_code(self, match_id: str, code: str | None) -> None:
        self.store.set_join_code(match_id, code)

    def load(self, data: bytes) -> Move:
        """A logged move, decoded (for the replay that rebuilds a room)."""
        return unwrap_move(self.codec, match_pb2.Move.FromString(data))
