"""What the terminal UI shows, as plain data: the newest snapshot, the log and a status line.

The Play reader writes here and calls `invalidate()`; the panes only read. No rules here: what
can be played is exactly `snapshot.legal_moves`.
"""

from __future__ import annotations

import re
import time
from collections import deque
from dataclasses import dataclass, field

from tigerden.v1 import lobby_pb2, match_pb2

LOG_LINES = 200
SEAT = re.compile(r"\bseat (\d+)\b")
"""How event texts name seats; the log shows the player's name instead."""


@dataclass
class ClientState:
    game: lobby_pb2.Game
    match_id: str
    snapshot: match_pb2.Snapshot | None = None
    log: deque[str] = field(default_factory=lambda: deque(maxlen=LOG_LINES))
    status: str = "connecting..."
    show_help: bool = False
    acted_at: int = -1
    received_at: float = 0.0
    """`time.monotonic()` when the snapshot arrived: the clock counts down from there."""

    def receive(self, snapshot: match_pb2.Snapshot) -> None:
        self.snapshot = snapshot
        self.received_at = time.monotonic()
        if snapshot.events_are_recap:
            self.log.clear()  # a new stream: its recap replaces what we had
        self.log.extend(
            SEAT.sub(lambda m: self.player_name(int(m[1])), e.text) for e in snapshot.events
        )
        if snapshot.HasField("result"):
            self.status = "match over: " + self.result_text(snapshot)
        elif snapshot.status == lobby_pb2.MATCH_STATUS_WAITING:
            self.status = "waiting for every seat to be taken..."
        elif snapshot.legal_moves:
            self.status = "your move: type a move (Tab completes) or its number"
        elif snapshot.HasField("to_act"):
            self.status = f"waiting for {self.seat_name(snapshot.to_act)}..."

    def reconnecting(self, attempt: int, delay: float) -> None:
        self.status = f"reconnecting… (attempt {attempt}, next in {delay:g} s)"

    def clock_text(self, now: float | None = None) -> str:
        """The countdown of the seat to act and, with a bank clock, every seat's bank; "" when
        the match has no clock."""
        snapshot = self.snapshot
        if snapshot is None:
            return ""
        elapsed = (time.monotonic() if now is None else now) - self.received_at
        parts = []
        if snapshot.deadline_unix_ms and snapshot.HasField("to_act"):
            left = snapshot.turn_remaining_ms / 1000 - elapsed
            parts.append(f"{self.seat_name(snapshot.to_act)}: {clock(left)} to move")
        if snapshot.bank_remaining_ms:
            banks = []
            for seat, bank in enumerate(snapshot.bank_remaining_ms):
                running = snapshot.HasField("to_act") and snapshot.to_act == seat
                left = bank / 1000 - (elapsed if running and snapshot.deadline_unix_ms else 0)
                banks.append(f"{self.seat_name(seat)} {clock(left)}")
            parts.append("banks: " + " · ".join(banks))
        return " · ".join(parts)

    def receive_result(self, result: match_pb2.MoveResult) -> None:
        if not result.accepted:
            self.status = f"refused ({result.rejection.reason}): {result.rejection.message}"

    def player_name(self, seat: int) -> str:
        if self.snapshot is None or seat >= len(self.snapshot.seats):
            return f"seat {seat}"
        return self.snapshot.seats[seat].name or f"seat {seat}"

    def seat_name(self, seat: int) -> str:
        """The player's name, or "you" for the viewer's own seat."""
        snapshot = self.snapshot
        viewing = snapshot is not None and snapshot.HasField("viewer_seat")
        if viewing and snapshot is not None and seat == snapshot.viewer_seat:
            return "you"
        return self.player_name(seat)

    def result_text(self, snapshot: match_pb2.Snapshot) -> str:
        winners = " and ".join(self.seat_name(s) for s in snapshot.result.winners)
        scores = " - ".join(str(s) for s in snapshot.result.scores)
        outcome = f"{winners} won" if winners else "a draw"
        return f"{outcome} ({scores}); Ctrl-Q quits"

    def legal_labels(self) -> list[str]:
        return [] if self.snapshot is None else [m.label for m in self.snapshot.legal_moves]

    def find_move(self, text: str) -> match_pb2.LegalMove | None:
        """The legal move named by its label or its 1-based number in the list."""
        if self.snapshot is None:
            return None
        text = text.strip()
        moves = list(self.snapshot.legal_moves)
        if text.isdigit() and 1 <= int(text) <= len(moves):
            return moves[int(text) - 1]
        return next((m for m in moves if m.label == text), None)


def clock(seconds: float) -> str:
    """M:SS, never below zero."""
    whole = max(0, int(seconds + 0.999))
    return f"{whole // 60}:{whole % 60:02d}"
