"""A match's seats: who plays each one and whether they are at the table. No I/O here.

Presence is one notion shared by the table notes and the away bot: a taken human seat with no
open stream is away since `SeatSlot.away_since` (server/room.py says what follows from it).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from engine.core import Seat


class SeatKind(enum.Enum):
    HUMAN = "human"
    BOT = "bot"


@dataclass
class SeatSlot:
    """One seat: who plays it and how many streams it has open."""

    seat: Seat
    kind: SeatKind
    bot_level: str = ""
    name: str = ""
    token_hash: str | None = None
    connections: int = 0
    away_since: float | None = None
    """Set (Unix time) while a taken human seat has no open stream."""
    announced_away: bool = False
    """Whether the table was told this player left (so it is told when they come back)."""
    bot_plays: bool = False
    """A bot plays for the seat until its player opens a stream again."""

    @property
    def taken(self) -> bool:
        return self.kind is SeatKind.BOT or self.token_hash is not None

    @property
    def connected(self) -> bool:
        return self.kind is SeatKind.BOT or self.connections > 0

    @property
    def absent(self) -> bool:
        """A person holds the seat but has no stream open."""
        held = self.kind is SeatKind.HUMAN and self.token_hash is not None
        return held and not self.connections and self.away_since is not None
