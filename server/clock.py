"""Turn clocks and the other table options every game accepts, as rules with no I/O.

`clock` is `none`, `move:S` (S seconds per decision) or `bank:S+I` (S seconds per seat for the
whole match, I seconds added after each of its moves). When a seat's time is up the server
plays for it (the `easy` bot's move) or, with `timeout=forfeit`, the seat loses the match.
`away` is how many seconds a seat's streams may all be gone before a bot plays for it.

A `TurnClock` holds absolute deadlines (seconds since the epoch) and is stored with every move
of a match whose clock runs, so a restarted server keeps the deadline it had: the seat to act
gets the time it had left, not a fresh turn. While the match waits for a free seat the running
turn is paused. A clock that never runs (`clock=none`) is never stored: it has nothing to keep.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.core import BadOptions, OptionSpec, Seat

MAX_SECONDS = 24 * 3600
DEFAULT_AWAY_SECONDS = 60

TABLE_OPTIONS = (
    OptionSpec(
        "clock",
        "turn clock: none, move:S (S seconds per decision) or bank:S+I (S seconds per seat, "
        "I added per move); any whole S and I",
        ("none", "move:30", "bank:300+5"),
        "none",
    ),
    OptionSpec(
        "timeout",
        "when a seat's time is up: play (the easy bot moves for it) or forfeit (it loses)",
        ("play", "forfeit"),
        "play",
    ),
    OptionSpec(
        "away",
        "seconds without a connection before a bot plays for a seat (until its player returns)",
        ("60", "10", "300"),
        str(DEFAULT_AWAY_SECONDS),
    ),
)
"""Options of the table, not of a game: every game accepts them, and the lobby checks them."""

CLOCK = re.compile(r"none|move:(\d+)|bank:(\d+)\+(\d+)")


@dataclass(frozen=True)
class ClockRule:
    """How much time a decision may take."""

    kind: str = "none"
    seconds: int = 0
    increment: int = 0
    forfeit: bool = False

    @classmethod
    def parse(cls, text: str, timeout: str = "play") -> ClockRule:
        found = CLOCK.fullmatch(text.strip())
        if found is None:
            raise BadOptions(
                "clock", f"clock={text!r} is not none, move:S or bank:S+I (e.g. bank:300+5)"
            )
        forfeit = timeout == "forfeit"
        if found[1] is not None:
            rule = cls("move", int(found[1]), 0, forfeit)
        elif found[2] is not None:
            rule = cls("bank", int(found[2]), int(found[3]), forfeit)
        else:
            return cls()
        if not 1 <= rule.seconds <= MAX_SECONDS or rule.increment > MAX_SECONDS:
            raise BadOptions("clock", f"clock={text!r}: seconds must be 1-{MAX_SECONDS}")
        return rule

    @property
    def runs(self) -> bool:
        return self.kind != "none"


def validate_table_options(raw: Mapping[str, str]) -> dict[str, str]:
    """The table options among `raw`, checked, with defaults filled in."""
    options = {spec.name: raw.get(spec.name, spec.default).strip() for spec in TABLE_OPTIONS}
    if options["timeout"] not in ("play", "forfeit"):
        raise BadOptions("timeout", f"timeout={options['timeout']!r} is not play or forfeit")
    ClockRule.parse(options["clock"])
    away = options["away"]
    if not away.isdigit() or not 1 <= int(away) <= MAX_SECONDS:
        raise BadOptions("away", f"away={away!r} is not a number of seconds (1-{MAX_SECONDS})")
    return options


def clock_rule(options: Mapping[str, str]) -> ClockRule:
    return ClockRule.parse(options.get("clock", "none"), options.get("timeout", "play"))


def away_seconds(options: Mapping[str, str]) -> float:
    return float(options.get("away", DEFAULT_AWAY_SECONDS))


@dataclass
class TurnClock:
    """The time of every seat: whose time runs, until when, and each seat's bank."""

    rule: ClockRule
    banks: list[float]
    seat: Seat | None = None
    deadline: float | None = None
    paused: float | None = None
    """Seconds left of `seat`'s turn while the match waits for a seat."""

    @classmethod
    def start(cls, rule: ClockRule, players: int) -> TurnClock:
        return cls(rule, [float(rule.seconds)] * players if rule.kind == "bank" else [])

    def copy(self) -> TurnClock:
        return TurnClock(self.rule, list(self.banks), self.seat, self.deadline, self.paused)

    def sync(self, to_act: Seat | None, running: bool, now: float) -> None:
        """Starts, pauses or resumes the time so that it runs for `to_act` while `running`."""
        if not self.rule.runs:
            return
        if not running or to_act is None:
            if self.deadline is not None:
                self.paused, self.deadline = max(0.0, self.deadline - now), None
            return
        if self.seat == to_act and self.deadline is not None:
            return
        if self.seat == to_act and self.paused is not None:
            self.deadline, self.paused = now + self.paused, None
            return
        self.seat, self.paused = to_act, None
        allowed = self.banks[to_act] if self.rule.kind == "bank" else self.rule.seconds
        self.deadline = now + allowed

    def moved(self, seat: Seat, now: float) -> None:
        """Stops `seat`'s time after its move; a bank keeps what was left plus the increment."""
        if not self.rule.runs:
            return
        if self.rule.kind == "bank" and self.seat == seat:
            left = self.deadline - now if self.deadline is not None else self.paused or 0.0
            self.banks[seat] = max(0.0, left) + self.rule.increment
        self.seat = self.deadline = self.paused = None

    def remaining(self, seat: Seat, now: float) -> float | None:
        """Seconds `seat` has left: of this turn when its time runs, else of its bank."""
        if self.seat == seat and self.deadline is not None:
            return max(0.0, self.deadline - now)
        if self.seat == seat and self.paused is not None:
            return self.paused
        if self.rule.kind == "bank":
            return self.banks[seat]
        return None

    def record(self) -> dict[str, Any] | None:
        """What the log keeps of this clock: None for one that never runs, whose stored copy
        nobody reads (`from_dict` starts it afresh), so a clockless match's move commits one
        statement, not two (docs/performance.md)."""
        return self.to_dict() if self.rule.runs else None

    def to_dict(self) -> dict[str, Any]:
        return {
            "banks": self.banks,
            "seat": self.seat,
            "deadline": self.deadline,
            "paused": self.paused,
        }

    @classmethod
    def from_dict(cls, rule: ClockRule, players: int, data: Mapping[str, Any] | None) -> TurnClock:
        clock = cls.start(rule, players)
        if data and rule.runs:
            clock.banks = [float(b) for b in data.get("banks") or clock.banks]
            clock.seat, clock.deadline, clock.paused = (
                data.get("seat"),
                data.get("deadline"),
                data.get("paused"),
            )
        return clock


@dataclass(frozen=True)
class Ending:
    """How a match ended other than by its rules: aborted by the host, a seat's time ran out
    under `timeout=forfeit`, or nobody joined it in time."""

    kind: str
    seat: Seat | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "seat": self.seat}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any] | None) -> Ending | None:
        if not data or data.get("kind") in (None, "played_out"):
            return None
        return cls(str(data["kind"]), data.get("seat"))
