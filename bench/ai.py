"""`make bench-ai`: a round robin of the bot levels in every game, with 95% intervals.

Each pairing plays `--matches` complete matches. Seats rotate match by match, so neither level
always moves first (the engines draw the first Collector, dealer or start player from the match
seed as well). A match won by a seat of level A counts 1 for A, a drawn match 1/2. Koi-Koi is
played as 6-deal matches decided by total points; Tiger & Dragon at 2 and at 4 players (at 4,
levels alternate round the table).

Searching levels get iteration budgets here (`--normal`, `--hard`), not their default times:
results then do not depend on how busy the machine is, and a run can be repeated exactly.
Matches run in `--workers` processes. Writes bench/results/ai.csv.
"""

from __future__ import annotations

import argparse
import csv
import math
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from bots import Budget, decide
from engine import GAMES
from engine.core import Event

RESULTS = Path(__file__).parent / "results" / "ai.csv"
HEADER = (
    "game,players,level_a,level_b,matches,win_rate_a,ci_low,ci_high,"
    "avg_points_a,avg_points_b,sec_per_decision_a"
)
CONFIGS: tuple[tuple[str, int, dict[str, str], int, dict[str, int]], ...] = (
    ("doors", 2, {}, 60, {"normal": 200, "hard": 1000}),
    ("koikoi", 2, {"deals": "6"}, 40, {"normal": 100, "hard": 600}),
    ("tiger-dragon", 2, {}, 40, {"normal": 100, "hard": 200}),
    ("tiger-dragon", 4, {}, 40, {"normal": 60, "hard": 150}),
)
"""(game, players, options, matches per goal pairing, iterations per searching level). The
budgets are what each game's searches get through in a tenth to a third of a second here, so
the whole round robin takes about half an hour on two cores; at their default second the
searching levels think three to ten times longer."""

PAIRS: tuple[tuple[str, str, bool], ...] = (
    ("easy", "random", False),
    ("normal", "random", False),
    ("normal", "easy", False),
    ("hard", "random", True),
    ("hard", "easy", True),
    ("hard", "normal", False),
)
"""(level A, level B, whether it is a goal pairing). The goal pairings (hard beats random in
90% of matches, easy in 65%) play the full count; the others half as many."""
Z95 = 1.959964


@dataclass(frozen=True)
class Match:
    game: str
    players: int
    options: dict[str, str]
    levels: tuple[str, str]  # (A, B)
    budgets: dict[str, int]  # iterations per searching level
    number: int


@dataclass(frozen=True)
class Outcome:
    credit_a: float  # 1 won, 1/2 drawn, 0 lost
    points_a: float  # mean final score of A's seats
    points_b: float
    seconds_a: float  # thinking time of A's decisions with a choice
    decisions_a: int


def sides(players: int, number: int) -> list[int]:
    """Which level each seat plays in match `number` (0: A, 1: B): A and B alternate round the
    table, and swap seats from one match to the next."""
    return [(seat + number) % 2 for seat in range(players)]


Watcher = Callable[[list[Event], list[int]], None]
"""Sees the events of every move of a match, with each seat's side (0: A, 1: B)."""


def play(match: Match, watch: Watcher | None = None) -> Outcome:
    """One complete match, seats playing the levels `sides` gives."""
    game = GAMES[match.game]
    options = game.info.validate(match.players, match.options)
    state = game.new(match.players, options, 1_000_003 * match.number + 17)
    side = sides(match.players, match.number)
    seconds = 0.0
    decisions = 0
    turn = 0
    while (seat := state.to_act()) is not None:
        level = match.levels[side[seat]]
        iterations = match.budgets.get(level)
        budget = None if iterations is None else Budget(iterations=iterations)
        started = time.perf_counter()
        move = decide(state, seat, level, seed=match.number * 7919 + turn, budget=budget)
        if side[seat] == 0 and len(state.legal_moves()) > 1:
            seconds += time.perf_counter() - started
            decisions += 1
        events = state.apply(move)
        if watch is not None:
            watch(events, side)
        turn += 1
    result = state.result()
    assert result is not None
    won = {side[seat] for seat in result.winners}
    credit = 0.5 if won in (set(), {0, 1}) else float(won == {0})
    scores = result.scores

    def mean(which: int) -> float:
        points = [scores[s] for s in range(match.players) if side[s] == which]
        return sum(points) / len(points)

    return Outcome(credit, mean(0), mean(1), seconds, decisions)


def wilson(successes: float, n: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion."""
    p = successes / n
    centre = (p + Z95 * Z95 / (2 * n)) / (1 + Z95 * Z95 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + Z95 * Z95 / (4 * n * n)) / (1 + Z95 * Z95 / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def row(game: str, players: int, pair: tuple[str, str], outcomes: Sequence[Outcome]) -> list[str]:
    n = len(outcomes)
    wins = sum(o.credit_a for o in outcomes)
    low, high = wilson(wins, n)
    decisions = sum(o.decisions_a for o in outcomes)
    per_decision = sum(o.seconds_a for o in outcomes) / max(decisions, 1)
    return [
        game,
        str(players),
        *pair,
        str(n),
        f"{wins / n:.3f}",
        f"{low:.3f}",
        f"{high:.3f}",
        f"{sum(o.points_a for o in outcomes) / n:.2f}",
        f"{sum(o.points_b for o in outcomes) / n:.2f}",
        f"{per_decision:.4f}",
    ]


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, help="matches per pairing (default: per game)")
    parser.add_argument("--normal", type=int, help="normal's iterations (default: per game)")
    parser.add_argument("--hard", type=int, help="hard's iterations (default: per game)")
    parser.add_argument("--workers", type=int, default=2, help="processes")
    parser.add_argument("--game", action="append", help="only these games (default: all)")
    parser.add_argument("--pair", action="append", help="only these pairings, e.g. hard-easy")
    parser.add_argument("--out", type=Path, default=RESULTS)
    args = parser.parse_args(argv)
    overrides = {
        level: iterations
        for level, iterations in (("normal", args.normal), ("hard", args.hard))
        if iterations is not None
    }
    pairs = [p for p in PAIRS if not args.pair or f"{p[0]}-{p[1]}" in args.pair]
    configs = [c for c in CONFIGS if not args.game or c[0] in args.game]
    started = time.perf_counter()
    rows: list[list[str]] = []
    print(
        f"{'game':<13}{'pl':>3} {'A':<7}{'B':<7}{'n':>4} {'A wins':>7} {'95% CI':>13}"
        f" {'pts A':>6} {'pts B':>6} {'s/dec A':>8}",
        flush=True,
    )
    with ProcessPoolExecutor(args.workers) as pool:
        for game, players, options, count, budgets in configs:
            budgets = budgets | overrides
            print(f"{game} at {players}: iterations {budgets}", flush=True)
            for first, second, goal in pairs:
                pair = (first, second)
                size = args.matches or (count if goal else count // 2)
                matches = [Match(game, players, options, pair, budgets, n) for n in range(size)]
                cells = row(game, players, pair, list(pool.map(play, matches)))
                rows.append(cells)
                print(
                    f"{cells[0]:<13}{cells[1]:>3} {cells[2]:<7}{cells[3]:<7}{cells[4]:>4}"
                    f" {cells[5]:>7} {'[' + cells[6] + ', ' + cells[7] + ']':>13}"
                    f" {cells[8]:>6} {cells[9]:>6} {cells[10]:>8}",
                    flush=True,
                )
    args.out.parent.mkdir(parents=True, exist_ok=True)
    with args.out.open("w", newline="") as out:
        writer = csv.writer(out)
        writer.writerow(HEADER.split(","))
        writer.writerows(rows)
    print(f"{len(rows)} pairings in {time.perf_counter() - started:.0f} s; wrote {args.out}")


if __name__ == "__main__":
    main()
