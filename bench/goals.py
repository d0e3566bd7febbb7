"""The goals `make bench-server` checks (issue 24), each a ratio within one run, because on this
shared machine only ratios of cases measured side by side mean anything:

- a game's Play case: server CPU per move at most 2x the bare floor's, p99 at most 1.5x;
- the four-player Tiger & Dragon case: server CPU per move at most boardgame.io's (the peer's
  four-player card game, same table count);
- the spectator case: CPU per delivery at most the floor's (both deliver to the same streams,
  so it is the ratio of CPU per move);
- the browser-seat case: CPU per move at most 1.5x the same game's Play case, same table count.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Run:
    """One case's row: what kind of case, and what it and its floor measured."""

    kind: str  # "play", "spectators", "browser" or "peer"
    game: str
    tables: int
    cpu_us_per_move: float
    p99_ms: float
    floor_cpu_us_per_move: float
    floor_p99_ms: float


@dataclass(frozen=True)
class Goal:
    name: str
    value: float
    limit: float

    @property
    def met(self) -> bool:
        return self.value <= self.limit

    def __str__(self) -> str:
        return f"{self.name} {self.value:.2f} (<= {self.limit:g}) {'yes' if self.met else 'NO'}"


def goals(runs: Sequence[Run]) -> list[list[Goal]]:
    """The goals of each run, in order (none for the peer, or where the run to compare with is
    not part of this run)."""
    play = {(r.game, r.tables): r for r in runs if r.kind == "play"}
    peer = {r.tables: r for r in runs if r.kind == "peer"}
    found: list[list[Goal]] = []
    for run in runs:
        these: list[Goal] = []
        if run.kind == "play":
            these.append(Goal("cpu/floor", run.cpu_us_per_move / run.floor_cpu_us_per_move, 2))
            these.append(Goal("p99/floor", run.p99_ms / run.floor_p99_ms, 1.5))
            if run.game == "tiger-dragon" and run.tables in peer:
                ratio = run.cpu_us_per_move / peer[run.tables].cpu_us_per_move
                these.append(Goal("cpu/boardgame.io", ratio, 1))
        elif run.kind == "spectators":
            ratio = run.cpu_us_per_move / run.floor_cpu_us_per_move
            these.append(Goal("cpu per delivery/floor", ratio, 1))
        elif run.kind == "browser" and (run.game, run.tables) in play:
            ratio = run.cpu_us_per_move / play[run.game, run.tables].cpu_us_per_move
            these.append(Goal("cpu/Play seat", ratio, 1.5))
        found.append(these)
    return found
