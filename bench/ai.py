"""`make bench-ai`: the bot levels against each other in every game, by paired matches and a
sequential test.

Card games turn on the deal, so the matches come in *units*: one seed (the same cards, stock,
Doors and draws) played twice, A in the seats B had the first time (for Tiger & Dragon the
alternating seats and their complement, so each level holds each seat once). A unit scores A's
mean credit over its matches (a match won 1, drawn 1/2), and the deal's luck largely cancels:
duplicate bridge's and chess engine testing's game pairs. Each pairing is then judged by a
sequential probability ratio test (bench.sprt) against its goal, which stops as soon as the
goal is confirmed or refuted at 95%, or at the cap (`--max-units`).

Searching levels get iteration budgets (`--normal`, `--hard`), not their default times: what
their default time buys on one core of the development machine (`python -m bench.calibrate`),
so that a run repeats exactly and a busy machine only slows it down, never weakens a bot.

Long work: every finished match is appended to `--log` (bench/results/ai-matches.csv) at once,
and a run first takes the matches the log already holds for the same pairing, budgets and bots
version — per game (bench.versions: the last commit that touched the code that game's matches
run, hints aside), so that a change to one game's bots keeps the other games' matches, or a
version that `PLAYS_AS` says plays as an earlier one — and an interrupted run resumes where it
stopped. The test reads the units in order, so a verdict does not depend on how many workers
(`--workers`) played them. Progress is printed as it goes;
`make bench-ai` runs at `nice -n 10`. Each pairing's row replaces its earlier row in
bench/results/ai.csv.
`--plan` prints what the whole table would take, from the seconds per decision measured.

`--compiled build/mypyc` (what `make bench-ai` passes) plays on the compiled build: the same
search, choosing the same moves for the same seeds and iterations (tests/bots/test_builds.py),
about twice as fast (bench/results/builds.csv); the log records which build played a match.
"""

from __future__ import annotations

import argparse
import csv
import math
import os
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from contextlib import closing
from dataclasses import dataclass, replace
from pathlib import Path

from bench import builds
from bench.longrun import append, as_finished
from bench.sprt import Sprt, Verdict, pairing, variance
from bench.versions import ROOT, played_by, version, without
from bots import Budget, decide
from bots.levels import LEVELS
from engine import GAMES
from engine.core import Event, State

RESULTS = Path(__file__).parent / "results" / "ai.csv"
LOG = Path(__file__).parent / "results" / "ai-matches.csv"
HEADER = (
    "game,players,level_a,level_b,matches,win_rate_a,ci_low,ci_high,"
    "avg_points_a,avg_points_b,sec_per_decision_a,options,iterations_a,iterations_b,bots,"
    "units,goal,verdict,llr,unit_variance,single_variance,matches_ratio,"
    "sec_per_decision_b,decisions_per_match"
)
"""The issue's columns (the interval is that of the mean unit score), then the table options,
each level's iterations (0: it does not search), the bots' version, and the test: units played,
the goal, the verdict, its log-likelihood ratio, the variance of a unit's score and of a single
match's credit, the matches a test needs with pairing per match without it, B's seconds per
decision and the decisions with a choice per match (both sides)."""
LOG_HEADER = (
    "config,level_a,level_b,iterations_a,iterations_b,bots,number,"
    "credit_a,points_a,points_b,seconds_a,decisions_a,seconds_b,decisions_b,build"
)
"""`build`: the build that played (its seconds differ; its decisions do not); empty in the
matches logged before it was recorded, which were all interpreted."""

COMPILED_CHILD = "TIGERDEN_BENCH_AI_COMPILED"
"""Set in the child `--compiled` starts: it must find the compiled build there."""

UNIT = 2
"""Matches per unit: the seats as `sides` gives them for an even and an odd match number, which
are each other's complement at every player count."""


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

GOALS: dict[tuple[str, str], float] = {
    ("easy", "random"): 0.55,
    ("normal", "easy"): 0.55,
    ("hard", "random"): 0.90,
    ("hard", "easy"): 0.65,
    ("hard", "normal"): 0.55,
}
"""The goal table, (level A, level B): A's share of the credit the issue asks for, in every game
and player count; the cheap pairings first."""

PAIRS: tuple[tuple[str, str], ...] = tuple(GOALS)

NOT_PLAY = ("bots/hints.py", "bots/reasons.py", "bots/clauses.py", "bots/*/reasons.py")
"""Files under `bots/` that no decision reads: changing them keeps a run's logged matches."""

Z95 = 1.959964

AWAY = 0.10
"""The plan's expected case: how far from its goal an unmeasured pairing's score is assumed
(twice the test's margin)."""


@dataclass(frozen=True)
class Match:
    game: str
    players: int
    options: dict[str, str]
    levels: tuple[str, str]  # (A, B)
    budgets: dict[str, int]  # iterations per searching level
    number: int

    @property
    def seed(self) -> int:
        """The table's seed: one per unit, so both matches of a unit deal the same cards."""
        return 1_000_003 * (self.number // UNIT) + 17

    def table(self) -> State:
        """The match's table before its first move (the same for both matches of a unit)."""
        game = GAMES[self.game]
        return game.new(self.players, game.info.validate(self.players, self.options), self.seed)

    def budget(self, level: str) -> Budget | None:
        """`level`'s thinking budget in this match (None: it does not search)."""
        iterations = self.budgets.get(level)
        return None if iterations is None else Budget(iterations=iterations)


@dataclass(frozen=True)
class Outcome:
    credit_a: float  # 1 won, 1/2 drawn, 0 lost
    points_a: float  # mean final score of A's seats
    points_b: float
    seconds_a: float  # CPU s of A's decisions with a choice (wall s in logs before 2026-12-02)
    decisions_a: int
    seconds_b: float = 0.0
    decisions_b: int = 0


def sides(players: int, number: int) -> list[int]:
    """Which level each seat plays in match `number` (0: A, 1: B): A and B alternate round the
    table, and swap seats from one match to the next (so the two matches of a unit are each
    other's complement)."""
    return [(seat + number) % 2 for seat in range(players)]


Watcher = Callable[[list[Event], list[int]], None]
"""Sees the events of every move of a match, with each seat's side (0: A, 1: B)."""


def decision_seed(match: Match, turn: int) -> int:
    """The seed of the decision at `turn` (moves so far) of `match`: replaying a match with
    it makes the same decisions."""
    return match.number * 7919 + turn


def play(match: Match, watch: Watcher | None = None) -> Outcome:
    """One complete match, seats playing the levels `sides` gives."""
    state = match.table()
    side = sides(match.players, match.number)
    seconds = [0.0, 0.0]
    decisions = [0, 0]
    turn = 0
    while (seat := state.to_act()) is not None:
        level = match.levels[side[seat]]
        budget = match.budget(level)
        started = time.process_time()  # CPU seconds: what the table costs a core, load aside
        move = decide(state, seat, level, seed=decision_seed(match, turn), budget=budget)
        if len(state.legal_moves()) > 1:
            seconds[side[seat]] += time.process_time() - started
            decisions[side[seat]] += 1
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

    return Outcome(credit, mean(0), mean(1), seconds[0], decisions[0], seconds[1], decisions[1])


def unit_scores(outcomes: dict[int, Outcome]) -> list[float]:
    """A's score in each unit of the unbroken run of complete units from unit 0 (the test reads
    units in order, whatever order the workers finished them in)."""
    scores: list[float] = []
    while all(UNIT * len(scores) + k in outcomes for k in range(UNIT)):
        base = UNIT * len(scores)
        scores.append(sum(outcomes[base + k].credit_a for k in range(UNIT)) / UNIT)
    return scores


def interval(scores: Sequence[float]) -> tuple[float, float]:
    """The 95% normal interval of the mean unit score (units are independent; the matches of a
    unit are not)."""
    n = len(scores)
    mean = sum(scores) / n
    half = Z95 * math.sqrt(variance(scores) / n) if n > 1 else 1.0
    return max(0.0, mean - half), min(1.0, mean + half)


def row(
    config: Config,
    pair: tuple[str, str],
    outcomes: Sequence[Outcome],
    bots: str,
    test: Sprt,
) -> list[str]:
    """The CSV row of one pairing (HEADER's columns) from its matches in order, whole units."""
    n = len(outcomes)
    units = [[o.credit_a for o in outcomes[i : i + UNIT]] for i in range(0, n, UNIT)]
    scores = [sum(unit) / UNIT for unit in units]
    spread = pairing(units)
    low, high = interval(scores)

    def per_decision(seconds: float, decisions: int) -> str:
        return f"{seconds / max(decisions, 1):.4f}"

    decisions = sum(o.decisions_a + o.decisions_b for o in outcomes)
    return [
        config.game,
        str(config.players),
        *pair,
        str(n),
        f"{sum(scores) / len(scores):.3f}",
        f"{low:.3f}",
        f"{high:.3f}",
        f"{sum(o.points_a for o in outcomes) / n:.2f}",
        f"{sum(o.points_b for o in outcomes) / n:.2f}",
        per_decision(sum(o.seconds_a for o in outcomes), sum(o.decisions_a for o in outcomes)),
        config.options_text,
        *config.iterations(pair),
        bots,
        str(len(units)),
        f"{test.goal:.2f}",
        test.verdict(scores).value,
        f"{test.llr(scores):.2f}",
        f"{spread.unit_variance:.4f}",
        f"{spread.single_variance:.4f}",
        f"{spread.matches_ratio:.2f}",
        per_decision(sum(o.seconds_b for o in outcomes), sum(o.decisions_b for o in outcomes)),
        f"{decisions / n:.1f}",
    ]


def bots_version(game: str, root: Path = ROOT) -> str:
    """The version of the code a match of `game` runs (bench.versions: the last commit that
    touched its engine and bots packages or a shared module they import, the hints and their
    reasons left out), "+dirty" when one of those files has uncommitted changes."""
    return version(without(played_by(game, root), NOT_PLAY), root)


def compiled_run(folder: Path, argv: Sequence[str]) -> int:
    """Runs this benchmark (`argv`) in a child process on the compiled build in `folder`
    (bench.builds), which refuses a build that is not compiled or older than the source."""
    environment = builds.environment(folder) | {COMPILED_CHILD: str(folder)}
    return subprocess.run([sys.executable, "-m", "bench.ai", *argv], env=environment).returncode


def parse(entry: list[str]) -> Outcome:
    """One match of the log (LOG_HEADER's columns)."""
    return Outcome(
        float(entry[7]),
        float(entry[8]),
        float(entry[9]),
        float(entry[10]),
        int(entry[11]),
        float(entry[12]),
        int(entry[13]),
    )


PLAYS_AS: dict[tuple[str, str], str] = {
    ("doors", "05ab147"): "b1e8283",  # dealt on first read: 14 logged matches replayed alike
    ("tiger-dragon", "51d9ee5"): "4df4520",  # legal moves by holding: 6 replayed alike
    # 6fc0a55 and its revert a564a83 left every game's played files as they were (git diff):
    ("koikoi", "a564a83"): "6ee9eec",
    ("doors", "a564a83"): "05ab147",
    ("tiger-dragon", "a564a83"): "51d9ee5",
    ("koikoi", "9234ef3"): "a564a83",  # piles as shown remembered: 4 replayed alike
    ("doors", "6792997"): "4f78738",  # collector_doors factored out: 6 replayed alike
}
"""(game, bots version) -> an earlier version of that game's bots whose every match it plays
move for move (a change of speed, not of play, shown by replaying logged matches: docs/ai.md):
a run resumes from the matches logged under either, so that hours of logged matches survive a
faster engine. Keyed by game, since one commit can touch several games' code."""


def logged(log: Path, key: tuple[str, ...], game: str = "") -> dict[int, Outcome]:
    """The outcomes `log` holds for the pairing `key` (LOG_HEADER's first six columns), and,
    given its `game`, those logged under every earlier bots version that the version in `key`
    plays as (`PLAYS_AS`); a match logged under several is taken from the newest."""
    *pairing, bots = key
    versions = [bots]
    while (game, versions[-1]) in PLAYS_AS:
        versions.append(PLAYS_AS[(game, versions[-1])])
    if not log.exists():
        return {}
    found: dict[int, tuple[int, Outcome]] = {}  # number -> (age of its version, outcome)
    with log.open(newline="") as lines:
        for e in csv.reader(lines):
            if e[:5] == pairing and e[5] in versions:
                age = versions.index(e[5])
                if int(e[6]) not in found or age < found[int(e[6])][0]:
                    found[int(e[6])] = (age, parse(e))
    return {number: outcome for number, (_, outcome) in found.items()}


def record(log: Path, key: tuple[str, ...], number: int, outcome: Outcome, made_by: str) -> None:
    """Appends one finished match to `log` at once (a run stopped later loses nothing), with
    the build that played it."""
    match = [
        *key,
        number,
        outcome.credit_a,
        outcome.points_a,
        outcome.points_b,
        f"{outcome.seconds_a:.4f}",
        outcome.decisions_a,
        f"{outcome.seconds_b:.4f}",
        outcome.decisions_b,
        made_by,
    ]
    append(log, LOG_HEADER, [match])


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
    fields = dict(zip(HEADER.split(","), cells, strict=True))
    return (
        f"{fields['game']:<13}{fields['players']:>3} {fields['options']:<9}"
        f" {fields['level_a']:<7}{fields['level_b']:<7}{fields['matches']:>5}"
        f" {fields['win_rate_a']:>7} {'[' + fields['ci_low'] + ', ' + fields['ci_high'] + ']':>13}"
        f" {fields['avg_points_a']:>6} {fields['avg_points_b']:>6}"
        f" {fields['sec_per_decision_a']:>8} {fields['matches_ratio']:>6}"
        f"  goal {float(fields['goal']):.0%}: {fields['verdict']} (LLR {fields['llr']})"
    )


def played(
    config: Config,
    pair: tuple[str, str],
    test: Sprt,
    log: Path,
    bots: str,
    workers: int,
    every: float,
) -> list[Outcome]:
    """A pairing's matches, unit by unit, until `test` stops: those in `log` (same budgets and
    bots) and the rest played now, each appended to `log` as it finishes, with progress every
    `every` s. Returns the matches of the units the test read, in order."""
    key = (config.name, *pair, *config.iterations(pair), bots)
    done = {} if bots.endswith("+dirty") else logged(log, key, config.game)
    label = f"{config.name} {pair[0]} vs {pair[1]}"
    if done:
        print(f"  {label}: {len(done)} matches from {log.name}", flush=True)
    stop, verdict = test.stop(unit_scores(done))
    todo = ((n, config.match(pair, n)) for n in range(UNIT * test.max_units) if n not in done)
    started = last = time.perf_counter()
    count = 0
    made_by = builds.build()
    if verdict is Verdict.RUNNING:
        with closing(as_finished(play, todo, workers)) as finished:
            for number, outcome in finished:
                record(log, key, number, outcome, made_by)
                done[number] = outcome
                count += 1
                scores = unit_scores(done)
                stop, verdict = test.stop(scores)
                now = time.perf_counter()
                if now - last >= every or verdict is not Verdict.RUNNING:
                    last = now
                    mean = sum(scores) / max(len(scores), 1)
                    print(
                        f"  {label}: {len(scores)} units, A {mean:.1%}, LLR {test.llr(scores):.2f}"
                        f" in ({test.lower:.2f}, {test.upper:.2f}), {count} matches in"
                        f" {now - started:.0f} s ({(now - started) / count:.1f} s a match)",
                        flush=True,
                    )
                if verdict is not Verdict.RUNNING:
                    break
    return [done[n] for n in range(UNIT * stop)]


def plan(
    log: Path, test_for: Callable[[tuple[str, str]], Sprt], timed: Path = builds.TIMED
) -> None:
    """What the whole goal table takes on one core of the compiled build, from the matches
    `log` holds, printed in core-hours per pairing: units * matches per unit * decisions per
    side of a match * the two levels' seconds per decision.

    The decisions per match are those measured at the table (any pairing). A searching level's
    seconds per decision are the CPU seconds `timed` (python -m bench.calibrate --builds)
    measured for the compiled build at its budget; else those of its compiled matches at the
    table; else its default time (an upper bound: the budget is what that time buys
    interpreted). The units are Wald's expectation of the test with the unit variance measured
    for the pairing, else that of two independent matches at the goal (pairing assumed to gain
    nothing): at the worst, every true score at its goal; and expected, a measured pairing at
    its measured score, the others `AWAY` above their goals (an assumption, said so)."""
    matches: dict[tuple[str, str, str], dict[int, Outcome]] = {}
    made_by: dict[tuple[str, str, str], dict[int, str]] = {}
    with log.open(newline="") as lines:
        for entry in list(csv.reader(lines))[1:]:
            key, number = (entry[0], entry[1], entry[2]), int(entry[6])
            matches.setdefault(key, {})[number] = parse(entry)
            made_by.setdefault(key, {})[number] = entry[14] if len(entry) > 14 else ""
    seconds: dict[tuple[str, str], list[float]] = {}
    timings: dict[tuple[str, str], float] = {}
    if timed.exists():
        with timed.open(newline="") as lines:
            for line in csv.DictReader(lines):
                timings[(line["config"], line["level"])] = float(line["sec_compiled"])
    decisions: dict[str, list[float]] = {}
    measured: dict[tuple[str, str, str], tuple[float, float]] = {}
    for (name, a, b), found in matches.items():
        outcomes = list(found.values())
        fast = [o for n, o in found.items() if made_by[(name, a, b)][n] == "compiled"]
        for level, spent, count in (
            (a, sum(o.seconds_a for o in fast), sum(o.decisions_a for o in fast)),
            (b, sum(o.seconds_b for o in fast), sum(o.decisions_b for o in fast)),
        ):
            if count:
                seconds.setdefault((name, level), []).append(spent / count)
        sided = sum(o.decisions_a + o.decisions_b for o in outcomes) / len(outcomes) / 2
        decisions.setdefault(name, []).append(sided)
        if len(scores := unit_scores(found)) > 1:
            measured[(name, a, b)] = (sum(scores) / len(scores), variance(scores))

    def mean(values: list[float]) -> float:
        return sum(values) / len(values)

    def per_decision(name: str, level: str) -> float:
        if (name, level) in timings:
            return timings[(name, level)]
        if (name, level) in seconds:
            return mean(seconds[(name, level)])
        budget = LEVELS[level].budget
        return 0.0 if budget is None or budget.seconds is None else budget.seconds

    worst = expected = 0.0
    print(f"{'core-hours (worst)':<22}" + "".join(f"{a + '-' + b:>14}" for a, b in PAIRS))
    for config in CONFIGS:
        if config.name not in decisions:
            print(f"{config.name:<22} no matches logged")
            continue
        cells = []
        for pair in PAIRS:
            test = test_for(pair)
            alone = test.goal * (1 - test.goal) / UNIT  # independent matches: no gain assumed
            score, spread = measured.get((config.name, *pair), (test.goal + AWAY, alone))
            hours = UNIT * mean(decisions[config.name]) / 3600
            hours *= sum(per_decision(config.name, level) for level in pair)
            worst += hours * test.expected_units(test.goal, spread)
            expected += hours * test.expected_units(score, spread)
            cells.append(f"{hours * test.expected_units(test.goal, spread):>14.2f}")
        print(f"{config.name:<22}" + "".join(cells))
    print(
        f"about {worst:.1f} core-hours in all at the worst case (every true score at its goal),"
        f" {expected:.1f} expected (measured pairings at their scores, the others"
        f" {AWAY:.2f} above their goals)"
    )


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--max-units", type=int, default=200, help="cap per pairing (units)")
    parser.add_argument(
        "--min-units", type=int, default=8, help="units before any verdict (more: a closer look)"
    )
    parser.add_argument("--delta", type=float, default=0.05, help="the test's margin")
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
    parser.add_argument("--plan", action="store_true", help="estimate the whole table and stop")
    parser.add_argument(
        "--compiled",
        type=Path,
        help="play on the compiled build in DIR (make compiled: build/mypyc), which decides as "
        "the source does, faster; make bench-ai passes it",
    )
    args = parser.parse_args(argv)

    def test_for(pair: tuple[str, str]) -> Sprt:
        return Sprt(GOALS[pair], args.delta, min_units=args.min_units, max_units=args.max_units)

    if args.plan:
        plan(args.log, test_for)
        return
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
    if args.compiled is not None:
        if COMPILED_CHILD not in os.environ:
            raise SystemExit(compiled_run(args.compiled, sys.argv[1:] if argv is None else argv))
        if builds.build() != "compiled":
            raise SystemExit(f"{args.compiled} holds no compiled bots and engine: make compiled")
        files = [f for c in configs for f in played_by(c.game)]
        if changed := builds.stale(args.compiled, files):
            raise SystemExit(
                f"{args.compiled} was built from older source: make compiled ({changed})"
            )
    started = time.perf_counter()
    print(
        f"{'game':<13}{'pl':>3} {'options':<9} {'A':<7}{'B':<7}{'n':>5} {'A score':>7}"
        f" {'95% CI':>13} {'pts A':>6} {'pts B':>6} {'s/dec A':>8} {'ratio':>6}",
        flush=True,
    )
    for config in configs:
        bots = bots_version(config.game)
        print(
            f"{config.name}: iterations {config.budgets}, bots {bots}, {builds.build()}", flush=True
        )
        if bots.endswith("+dirty"):
            print(f"  its engine or bots have uncommitted changes: not resuming from {args.log}")
        for pair in pairs:
            test = test_for(pair)
            outcomes = played(config, pair, test, args.log, bots, args.workers, args.every)
            cells = row(config, pair, outcomes, bots, test)
            store(args.out, cells)
            print(show(cells), flush=True)
    print(
        f"{len(configs) * len(pairs)} pairings in {time.perf_counter() - started:.0f} s;"
        f" wrote {args.out}"
    )


if __name__ == "__main__":
    main()
