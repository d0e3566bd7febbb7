"""`make bench-ai`: the bot levels against each other in every game, with 95% intervals.

Each pairing plays `--matches` complete matches (200 by default, the issue's sample). Seats
rotate match by match, so neither level always moves first (the engines draw the first
Collector, dealer or start player from the match seed as well). A match won by a seat of level A
counts 1 for A, a drawn match 1/2. Koi-Koi is played as 6-deal matches decided by total points;
Tiger & Dragon at 2, 3, 4 and 5 players and as the 2 vs 2 team game (levels alternate round the
table).

Searching levels get iteration budgets (`--normal`, `--hard`), not their default times: what
their default time buys on one core of the development machine (`python -m bench.calibrate`),
so that a run repeats exactly and a busy machine only slows it down, never weakens a bot.

Long work: every finished match is appended to `--log` (bench/results/ai-matches.csv) at once,
and a run first takes the matches the log already holds for the same pairing, budgets and bots
(the last commit that touched `bots/` or `engine/`, hints aside), so an interrupted run
resumes where it stopped. Progress is printed as it goes. One worker process by default;
`make bench-ai` runs at `nice -n 10`. Each pairing's row replaces its earlier row in
bench/results/ai.csv, other rows stay.
"""

from __future__ import annotations

import argparse
import csv
import math
import subprocess
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, replace
from pathlib import Path

from bots import Budget, decide
from engine import GAMES
from engine.core import Event

RESULTS = Path(__file__).parent / "results" / "ai.csv"
LOG = Path(__file__).parent / "results" / "ai-matches.csv"
HEADER = (
    "game,players,level_a,level_b,matches,win_rate_a,ci_low,ci_high,"
    "avg_points_a,avg_points_b,sec_per_decision_a,options,iterations_a,iterations_b,bots"
)
"""The issue's columns, then the table options, each level's iterations (0: it does not search)
and the bots' version the matches were played with."""
LOG_HEADER = (
    "config,level_a,level_b,iterations_a,iterations_b,bots,number,"
    "credit_a,points_a,points_b,seconds_a,decisions_a"
)


@dataclass(frozen=True)
class Config:
    """One game at one player count and options, with each searching level's iterations."""

    game: str
    players: int
    options: dict[str, str]
    budgets: dict[str, int]

    @property
    def name(self) -> str:
        """How `--config` names it: "koikoi-2", "tiger-dragon-4-teams"."""
        teams = "-teams" if self.options.get("teams") == "on" else ""
        return f"{self.game}-{self.players}{teams}"

    @property
    def options_text(self) -> str:
        return " ".join(f"{key}={value}" for key, value in sorted(self.options.items()))

    def iterations(self, pair: tuple[str, str]) -> list[str]:
        """Each level's iterations as the CSV and the log write them (0: it does not search)."""
        return [str(self.budgets.get(level, 0)) for level in pair]

    def match(self, pair: tuple[str, str], number: int) -> Match:
        """Match `number` of the pairing `pair` (A, B) at this table."""
        return Match(self.game, self.players, self.options, pair, self.budgets, number)


CONFIGS: tuple[Config, ...] = (
    Config("doors", 2, {}, {"normal": 2800, "hard": 3400}),
    Config("koikoi", 2, {"deals": "6"}, {"normal": 2000, "hard": 2100}),
    Config("tiger-dragon", 2, {}, {"normal": 1900, "hard": 2400}),
    Config("tiger-dragon", 3, {}, {"normal": 1500, "hard": 1900}),
    Config("tiger-dragon", 4, {}, {"normal": 1400, "hard": 1800}),
    Config("tiger-dragon", 5, {}, {"normal": 1600, "hard": 2300}),
    Config("tiger-dragon", 4, {"teams": "on"}, {"normal": 1500, "hard": 1900}),
)
"""The budgets are the iterations `normal` (0.5 s) and `hard` (1 s) get through in their default
time on one core of the development machine: `python -m bench.calibrate` run twice on
2026-11-30 (probing 200 and 1,000 iterations a decision), the higher rate of the two, rounded
down to a hundred (docs/ai.md has the table)."""

PAIRS: tuple[tuple[str, str], ...] = (
    ("easy", "random"),
    ("normal", "random"),
    ("normal", "easy"),
    ("hard", "random"),
    ("hard", "easy"),
    ("hard", "normal"),
)
"""(level A, level B), the cheap pairings first."""

GOALS: dict[tuple[str, str], float] = {
    ("hard", "random"): 0.90,
    ("hard", "easy"): 0.65,
    ("hard", "normal"): 0.55,
    ("normal", "easy"): 0.55,
}
"""A's win rate the issue asks for, in every game and player count."""

NOT_PLAY = ("bots/hints.py", "bots/reasons.py")
"""Files under `bots/` that no decision reads: changing them keeps a run's logged matches."""

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


def row(config: Config, pair: tuple[str, str], outcomes: Sequence[Outcome], bots: str) -> list[str]:
    """The CSV row of one pairing (HEADER's columns)."""
    n = len(outcomes)
    wins = sum(o.credit_a for o in outcomes)
    low, high = wilson(wins, n)
    decisions = sum(o.decisions_a for o in outcomes)
    per_decision = sum(o.seconds_a for o in outcomes) / max(decisions, 1)
    return [
        config.game,
        str(config.players),
        *pair,
        str(n),
        f"{wins / n:.3f}",
        f"{low:.3f}",
        f"{high:.3f}",
        f"{sum(o.points_a for o in outcomes) / n:.2f}",
        f"{sum(o.points_b for o in outcomes) / n:.2f}",
        f"{per_decision:.4f}",
        config.options_text,
        *config.iterations(pair),
        bots,
    ]


def bots_version() -> str:
    """The last commit that touched `bots/` or `engine/` (what decides how a match goes; the
    hints and their reasons do not), "+dirty" when those have uncommitted changes, "unknown"
    outside a git checkout."""
    root = Path(__file__).parent.parent
    paths = ("--", "bots", "engine", *(f":(exclude){path}" for path in NOT_PLAY))

    def git(*args: str) -> str:
        return subprocess.run(
            ["git", *args], cwd=root, capture_output=True, text=True, check=True
        ).stdout.strip()

    try:
        commit = git("log", "-1", "--format=%h", *paths)
        dirty = git("status", "--porcelain", *paths)
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return f"{commit}+dirty" if dirty else commit


def logged(log: Path, key: tuple[str, ...]) -> dict[int, Outcome]:
    """The outcomes `log` holds for the pairing `key` (LOG_HEADER's first six columns)."""
    if not log.exists():
        return {}
    found: dict[int, Outcome] = {}
    with log.open(newline="") as lines:
        for entry in csv.reader(lines):
            if tuple(entry[:6]) == key:
                credit, points_a, points_b, seconds = map(float, entry[7:11])
                found[int(entry[6])] = Outcome(credit, points_a, points_b, seconds, int(entry[11]))
    return found


def record(log: Path, key: tuple[str, ...], number: int, outcome: Outcome) -> None:
    """Appends one finished match to `log` at once (a run stopped later loses nothing)."""
    new = not log.exists()
    log.parent.mkdir(parents=True, exist_ok=True)
    with log.open("a", newline="") as out:
        writer = csv.writer(out)
        if new:
            writer.writerow(LOG_HEADER.split(","))
        writer.writerow(
            [
                *key,
                number,
                outcome.credit_a,
                outcome.points_a,
                outcome.points_b,
                f"{outcome.seconds_a:.4f}",
                outcome.decisions_a,
            ]
        )


def store(out: Path, cells: list[str]) -> None:
    """Writes the row of one pairing into `out`, replacing the row of the same game, player
    count, options and levels; the other rows stay, in their order."""
    rows: list[list[str]] = []
    if out.exists():
        with out.open(newline="") as lines:
            rows = [r for r in csv.reader(lines)][1:]
    fields = HEADER.split(",")
    key = [fields.index(f) for f in ("game", "players", "options", "level_a", "level_b")]

    def same(r: list[str]) -> bool:
        padded = dict(zip(fields, r, strict=False))
        return [padded.get(fields[i], "") for i in key] == [cells[i] for i in key]

    kept = [r for r in rows if not same(r)]
    at = next((i for i, r in enumerate(rows) if same(r)), len(rows))
    kept.insert(min(at, len(kept)), cells)
    out.parent.mkdir(parents=True, exist_ok=True)
    with out.open("w", newline="") as file:
        writer = csv.writer(file)
        writer.writerow(fields)
        writer.writerows(kept)


def show(cells: list[str]) -> str:
    """One row of the printed table."""
    goal = GOALS.get((cells[2], cells[3]))
    verdict = (
        ""
        if goal is None
        else f" goal {goal:.0%}: " + ("met" if float(cells[5]) >= goal else "missed")
    )
    return (
        f"{cells[0]:<13}{cells[1]:>3} {cells[11]:<9} {cells[2]:<7}{cells[3]:<7}{cells[4]:>4}"
        f" {cells[5]:>7} {'[' + cells[6] + ', ' + cells[7] + ']':>13}"
        f" {cells[8]:>6} {cells[9]:>6} {cells[10]:>8}{verdict}"
    )


def pairing(
    config: Config,
    pair: tuple[str, str],
    size: int,
    log: Path,
    bots: str,
    workers: int,
    every: float,
) -> list[Outcome]:
    """The first `size` matches of a pairing: those in `log` (same budgets and bots) and the
    rest played now, each appended to `log` as it finishes, with progress every `every` s."""
    key = (config.name, *pair, *config.iterations(pair), bots)
    done = {} if bots.endswith("+dirty") else logged(log, key)
    done = {n: o for n, o in done.items() if n < size}
    todo = [n for n in range(size) if n not in done]
    label = f"{config.name} {pair[0]} vs {pair[1]}"
    if done:
        print(f"  {label}: {len(done)} of {size} matches from {log.name}", flush=True)
    started = last = time.perf_counter()
    matches = [config.match(pair, n) for n in todo]
    pool = ProcessPoolExecutor(workers) if workers > 1 else None
    results = pool.map(play, matches) if pool is not None else map(play, matches)
    try:
        for count, (match, outcome) in enumerate(zip(matches, results, strict=True), 1):
            record(log, key, match.number, outcome)
            done[match.number] = outcome
            now = time.perf_counter()
            if now - last >= every or count == len(matches):
                last = now
                wins = sum(o.credit_a for o in done.values())
                low, high = wilson(wins, len(done))
                left = (now - started) / count * (len(matches) - count)
                print(
                    f"  {label}: {len(done)}/{size}, A {wins / len(done):.1%}"
                    f" [{low:.1%}, {high:.1%}], {now - started:.0f} s, about {left / 60:.0f} min"
                    " to go",
                    flush=True,
                )
    finally:
        if pool is not None:
            pool.shutdown(cancel_futures=True)
    return [done[n] for n in range(size)]


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=200, help="matches per pairing")
    parser.add_argument("--normal", type=int, help="normal's iterations (default: per game)")
    parser.add_argument("--hard", type=int, help="hard's iterations (default: per game)")
    parser.add_argument("--workers", type=int, default=1, help="processes (default 1)")
    parser.add_argument("--game", action="append", help="only these games, e.g. koikoi")
    parser.add_argument(
        "--config",
        action="append",
        help="only these tables: " + ", ".join(c.name for c in CONFIGS),
    )
    parser.add_argument("--pair", action="append", help="only these pairings, e.g. hard-easy")
    parser.add_argument("--every", type=float, default=60.0, help="seconds between progress lines")
    parser.add_argument("--out", type=Path, default=RESULTS)
    parser.add_argument("--log", type=Path, default=LOG, help="every match, to resume from")
    args = parser.parse_args(argv)
    overrides = {
        level: iterations
        for level, iterations in (("normal", args.normal), ("hard", args.hard))
        if iterations is not None
    }
    pairs = [p for p in PAIRS if not args.pair or f"{p[0]}-{p[1]}" in args.pair]
    configs = [
        replace(c, budgets=c.budgets | overrides)
        for c in CONFIGS
        if (not args.game or c.game in args.game) and (not args.config or c.name in args.config)
    ]
    if not pairs or not configs:
        parser.error("no pairing or table matches --pair / --game / --config")
    bots = bots_version()
    if bots.endswith("+dirty"):
        print(f"bots/ or engine/ has uncommitted changes: not resuming from {args.log}")
    started = time.perf_counter()
    print(
        f"{'game':<13}{'pl':>3} {'options':<9} {'A':<7}{'B':<7}{'n':>4} {'A wins':>7}"
        f" {'95% CI':>13} {'pts A':>6} {'pts B':>6} {'s/dec A':>8}",
        flush=True,
    )
    for config in configs:
        print(f"{config.name}: iterations {config.budgets}, bots {bots}", flush=True)
        for pair in pairs:
            outcomes = pairing(config, pair, args.matches, args.log, bots, args.workers, args.every)
            cells = row(config, pair, outcomes, bots)
            store(args.out, cells)
            print(show(cells), flush=True)
    print(
        f"{len(configs) * len(pairs)} pairings in {time.perf_counter() - started:.0f} s;"
        f" wrote {args.out}"
    )


if __name__ == "__main__":
    main()
