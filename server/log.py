"""The log interface: where a room commits what happens to it before anyone hears of it.

The authority (server/room.py and the modules that build rooms) knows the log only as this
Protocol; server/codec_log.py implements it over the SQLite store, moves encoded by the game's
codec, and tests use a list in memory. A method that returns has made its change durable (an
acknowledged move survives SIGKILL); one that raises has made none, and the room then changes
nothing either. A `clock` of None (`TurnClock.record`: the match's clock never runs) leaves the
stored clock as it is.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any, Protocol

from engine.core import Move, Seat
from server.clock import Ending
from server.seats import SeatSlot


class PlayedBy(enum.Enum):
    """Who chose a logged move: the seat itself, its clock running out, or the bot that plays
    for an absent player."""

    SEAT = "seat"
    CLOCK = "clock"
    AWAY = "away"


@dataclass(frozen=True)
class ChatRecord:
    """One chat line; `seat` is None for a spectator's."""

    number: int
    seat: int | None
    name: str
    text: str
    sent_at: float


class MatchLog(Protocol):
    """Where a room commits its moves, seat changes, ending, chat and join code."""

    def append(
        self,
        match_id: str,
        version: int,
        seat: Seat,
        move: Move,
        played_by: PlayedBy,
        finished: bool,
        clock: dict[str, Any] | None,
    ) -> None: ...

    def save_seat(
        self, match_id: str, slot: SeatSlot, clock: dict[str, Any] | None, finished: bool = False
    ) -> None: ...

    def save_ending(self, match_id: str, ending: Ending, clock: dict[str, Any] | None) -> None: ...

    def append_chat(self, match_id: str, line: ChatRecord) -> None: ...

    def save_join_code(self, match_id: str, code: str | None) -> None: ...
