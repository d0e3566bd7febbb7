"""`make bench-engine`: complete random playouts per second, on one core.

A playout starts from a fresh deal and plays uniformly random legal moves until the segment
ends: a Doors contest, a Koi-Koi deal, a Tiger & Dragon round (at 2 to 5 players). It is what a
bot's search does thousands of times per decision: `copy`, `legal_moves`, `apply`. Writes
bench/results/engine.csv.
"""

from __future__ import annotations

import argparse
import csv
import random
import time
from collections.abc import Sequence
from pathlib import Path

from engine import GAMES
from engine.core import State

RESULTS = Path(__file__).parent / "results" / "engine.csv"
CONFIGS: tuple[tuple[str, int, str, int], ...] = (
    ("doors", 2, "contest", 10_000),
    ("koikoi", 2, "deal", 2_000),
    ("tiger-dragon", 2, "round", 0),
    ("tiger-dragon", 3, "round", 0),
    ("tiger-dragon", 4, "round", 2_000),
    ("tiger-dragon", 5, "round", 0),
)
"""(game, players, what a playout is, the goal in playouts per second; 0: none set)."""


def playout(start: State, rng: random.Random) -> None:
    """Random moves from `start` (copied) until someone scores or the match is over: the end of
    the contest, deal or round (a one-deal Koi-Koi match ends with its deal, drawn or not)."""
    state = start.copy()
    scores = state.scores()
    while state.to_act() is not None and state.scores() == scores:
        state.apply(rng.choice(state.legal_moves()))


def rate(game_id: str, players: int, seconds: float) -> float:
    game = GAMES[game_id]
    options = game.info.validate(players, {})
    starts = [game.new(players, options, seed) for seed in range(64)]
    rng = random.Random(0)
    done = 0
    began = time.perf_counter()
    while time.perf_counter() - began < seconds:
        for start in starts:
            playout(start, rng)
        done += len(starts)
    return done / (time.perf_counter() - began)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="per configuration")
    parser.add_argument("--out", type=Path, default=RESULTS)
    args = parser.parse_args(argv)
    rows = []
    print(f"{'game':<13}{'players':>8}{'playout':>9}{'per second':>12}{'goal':>8}")
    for game_id, players, what, goal in CONFIGS:
        per_second = rate(game_id, players, args.seconds)
        rows.append((game_id, players, round(per_second)))
        verdict = "" if not goal else f"{goal:>8}" + ("" if per_second >= goal else "  MISSED")
        print(f"{game_id:<13}{players:>8}{what:>9}{per_second:>12,.0f}{verdict}", flush=True)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    with args.out.open("w", newline="") as out:
        writer = csv.writer(out)
        writer.writerow(("game", "players", "playouts_per_s"))
        writer.writerows(rows)
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
