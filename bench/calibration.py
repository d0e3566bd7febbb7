"""`make bench-hints`: whether a hint's chance of winning agrees with what the match then shows.

A hint (bots/hints.py) shows every legal move with the `hard` search's estimate of the seat's
chance of winning the match after it. Calibration asks whether those numbers can be taken at
their word: of the moves hinted at 60-70%, do about 65% go on to win?

Each *position* is a decision with a choice, drawn at random from an `easy` self-play match on a
seeded deal (one position per match, anywhere in it). The hint engine ranks its legal moves at
its default budget in iterations (`hard`'s calibrated second, bench.ai.CONFIGS), and the match is
played on to its end after the hinted move and after one other move drawn at random from the
rest (`--moves`; 0: every move), so that the lower estimates are tested too. From there the
seat plays `hard` (the hinting level, as if it followed the hints; `--player` names another), and
the other seats play as the hint assumes they will: the search's opponent model, the heuristic
on each seat's own view with a random move `surprise` of the time (`--opponents` names a level
instead). A move's *credit* is what the search's rewards count for a finished match: 1 won, 0
lost, 1/2 a draw. Where the segment (contest, deal, round) ends, the search's own judge values
the world too: the target the search estimates, so a bucket shows which of the two misses.

The estimates are then bucketed by tenths and each bucket shows its count, mean estimate,
observed mean credit and the 95% Wilson interval of it; the summary numbers are the Brier score
(mean squared error of the estimates), the expected calibration error (the buckets' |mean
estimate - observed| weighted by count) and the Brier score of always saying the observed mean
(what the estimates must beat to tell positions apart at all).

Long work: every position's samples are appended to `--log` (bench/results/hints-samples.csv)
as soon as it is finished, and a run takes the positions that log holds for the same table,
budgets, players and bots version first, so it resumes where it stopped; `--workers N` plays
positions in N processes, and a progress line comes every `--every` seconds.
"""

from __future__ import annotations

import argparse
import csv
import math
import random
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path

from bench.ai import CONFIGS, Config
from bench.longrun import append, as_finished
from bench.versions import PACKAGES, version
from bots import Budget, decide
from bots.decide import _informed
from bots.games import policy_for
from bots.hints import hint
from bots.policy import ends_with, winners_rewards
from engine import GAMES
from engine.core import Move, Seat, State

RESULTS = Path(__file__).parent / "results" / "hints.csv"
LOG = Path(__file__).parent / "results" / "hints-samples.csv"
LOG_HEADER = (
    "config,hint_iterations,player,play_iterations,opponents,bots,number,seat,turn,rank,move,"
    "chance,visits,credit,judged,seconds"
)
"""The key (a table, the hint's iterations, the level that plays the seat on and its iterations,
who the other seats are, the bots version), then one sample: the position's number, the seat and
turn it was at, the move's place in the hint (0: the hinted move), the move, its estimate and
visits, the credit the match then gave the seat, the judge's value of the world where the segment
ended (what the search estimates: the chance of winning the match from the score it leaves) and
the seconds the match took to play on."""
HEADER = (
    "config,bucket,samples,positions,mean_chance,win_rate,ci_low,ci_high,mean_judged,"
    "brier,ece,base_brier,hint_iterations,player,play_iterations,opponents,bots"
)
"""One row per bucket of each table (bucket "0.6-0.7"), then the table's summary rows "all"
(every sample) and "hinted" (the hinted moves only), which carry the Brier score, the expected
calibration error and the Brier score of the observed mean."""

TABLES = ("doors-2", "koikoi-2", "tiger-dragon-4")
"""The tables measured by default (`--config` names others of bench.ai.CONFIGS)."""

KEY = 6
"""LOG_HEADER's columns that say what a sample was measured with."""
BUCKETS = 10
Z95 = 1.959964
MODEL = "model"
"""`--opponents` for the search's own opponent model (the default)."""


@dataclass(frozen=True)
class Sample:
    """One move played on from one position, and what the match then gave the seat."""

    number: int
    seat: Seat
    turn: int
    rank: int
    move: str
    chance: float
    visits: int
    credit: float
    judged: float
    """The search's own target: its judge's value of the world where the segment ended."""
    seconds: float


@dataclass(frozen=True)
class Setup:
    """What a position is measured with: a table, the hint's iterations, the level that plays
    the seat on and its iterations (0: it does not search), who plays the other seats, and how
    many of the hint's moves are played on (0: all)."""

    config: Config
    hint_iterations: int
    play_iterations: int
    opponents: str = MODEL
    moves: int = 2
    player: str = "hard"

    def key(self, bots: str) -> tuple[str, ...]:
        return (
            self.config.name,
            str(self.hint_iterations),
            self.player,
            str(self.play_iterations),
            self.opponents,
            bots,
        )


def position(config: Config, number: int) -> tuple[State, int]:
    """Position `number` of a table and its turn: a decision with a choice drawn at random from
    an `easy` self-play match on the position's own seed."""
    game = GAMES[config.game]
    options = game.info.validate(config.players, config.options)
    seed = 1_000_033 * number + 71
    state = game.new(config.players, options, seed)
    found: list[tuple[State, int]] = []
    turn = 0
    while (seat := state.to_act()) is not None:
        if len(state.legal_moves()) > 1:
            found.append((state.copy(), turn))
        state.apply(decide(state, seat, "easy", seed=seed + turn))
        turn += 1
    return random.Random(seed).choice(found)


def play_on(state: State, seat: Seat, move: Move, setup: Setup, seed: int) -> tuple[float, float]:
    """The seat's credit at the end of the match after `move` from `state` (which it changes),
    and what the search's judge made of the world where the segment (contest, deal, round)
    ended: the seat plays `setup.player` (`hard`: as the hints would), the others as
    `setup.opponents` says (the search's opponent model: `surprise` as the seat's view at the
    time gives it, as a hint then would assume)."""
    view = state.view(seat)
    policy = policy_for(view)
    judge = policy.judge(view)
    judged = None
    rng = random.Random(seed)
    budget = Budget(iterations=setup.play_iterations) if setup.play_iterations else None
    turn = 0
    while True:
        events = state.apply(move)
        if judged is None and ends_with(events, policy.segment_end):
            judged = judge(state)[seat]
        if (actor := state.to_act()) is None:
            break
        legal = state.legal_moves()
        if actor == seat:
            move = decide(state, seat, setup.player, seed=seed + turn, budget=budget)
        elif setup.opponents == MODEL:
            now = policy_for(state.view(seat))
            move = _informed(now, seat, now.surprise(state.view(seat)))(state, legal, rng)
        else:
            iterations = setup.config.budgets.get(setup.opponents)
            other = None if iterations is None else Budget(iterations=iterations)
            move = decide(state, actor, setup.opponents, seed=seed + turn, budget=other)
        turn += 1
    result = state.result()
    assert result is not None and judged is not None
    return winners_rewards(len(result.scores), result.winners)[seat], judged


def measure(setup: Setup, number: int) -> list[Sample]:
    """Position `number`: the hint there, and the match played on after the hinted move and
    after `setup.moves - 1` others drawn at random from those with an estimate (interchangeable
    twins of a move already played aside: they would repeat it)."""
    state, turn = position(setup.config, number)
    seat = state.to_act()
    assert seat is not None
    seed = 7_919 * number + 13
    advice = hint(state, seat, seed, Budget(iterations=setup.hint_iterations))
    policy = policy_for(state.view(seat))
    ranked = [(rank, a) for rank, a in enumerate(advice) if a.chance is not None]
    chosen = ranked[:1]
    rest = [(r, a) for r, a in ranked[1:] if policy.twin(a.move) != policy.twin(advice[0].move)]
    others = {policy.twin(a.move): (r, a) for r, a in rest}  # one of each set of twins
    rng = random.Random(seed)
    count = len(others) if setup.moves == 0 else min(setup.moves - 1, len(others))
    chosen += rng.sample(sorted(others.values(), key=lambda c: c[0]), count)
    samples = []
    for rank, advised in chosen:
        assert advised.chance is not None
        started = time.perf_counter()
        credit, judged = play_on(state.copy(), seat, advised.move, setup, seed + 1_000 * (rank + 1))
        samples.append(
            Sample(
                number,
                seat,
                turn,
                rank,
                advised.move.label(),
                advised.chance,
                advised.visits,
                credit,
                judged,
                time.perf_counter() - started,
            )
        )
    return samples


def logged(log: Path, key: tuple[str, ...]) -> dict[int, list[Sample]]:
    """The samples `log` holds for `key` (LOG_HEADER's first `KEY` columns), by position."""
    found: dict[int, list[Sample]] = {}
    if not log.exists():
        return found
    with log.open(newline="") as lines:
        for entry in csv.reader(lines):
            if tuple(entry[:KEY]) == key:
                sample = Sample(
                    int(entry[6]),
                    int(entry[7]),
                    int(entry[8]),
                    int(entry[9]),
                    entry[10],
                    float(entry[11]),
                    int(entry[12]),
                    float(entry[13]),
                    float(entry[14]),
                    float(entry[15]),
                )
                found.setdefault(sample.number, []).append(sample)
    return found


def record(log: Path, key: tuple[str, ...], samples: Iterable[Sample]) -> None:
    """Appends one position's samples to `log` at once (a run stopped later loses nothing)."""
    lines = [
        [
            *key,
            s.number,
            s.seat,
            s.turn,
            s.rank,
            s.move,
            f"{s.chance:.6f}",
            s.visits,
            s.credit,
            f"{s.judged:.6f}",
            f"{s.seconds:.3f}",
        ]
        for s in samples
    ]
    append(log, LOG_HEADER, lines)


@dataclass(frozen=True)
class Bucket:
    low: float
    high: float
    samples: int
    mean_chance: float
    win_rate: float
    ci_low: float
    ci_high: float
    positions: int
    """How many positions the samples come from: the moves of one position share its match,
    so the interval (which counts samples) is too narrow where a bucket has few."""
    mean_judged: float
    """The judge's mean value at the segment's end: where the estimate and this part, the
    search missed within the segment; where this and the win rate part, the judge did."""


def wilson(rate: float, n: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a rate observed over `n` samples."""
    if n == 0:
        return 0.0, 1.0
    z2 = Z95 * Z95
    centre = (rate + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * math.sqrt(rate * (1 - rate) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def buckets(samples: Sequence[Sample]) -> list[Bucket]:
    """The samples by tenths of their estimate (1.0 in the last), the empty buckets left out."""
    by: dict[int, list[Sample]] = {}
    for s in samples:
        by.setdefault(min(int(s.chance * BUCKETS), BUCKETS - 1), []).append(s)
    found = []
    for index in sorted(by):
        group = by[index]
        n = len(group)
        rate = sum(s.credit for s in group) / n
        found.append(
            Bucket(
                index / BUCKETS,
                (index + 1) / BUCKETS,
                n,
                sum(s.chance for s in group) / n,
                rate,
                *wilson(rate, n),
                len({s.number for s in group}),
                sum(s.judged for s in group) / n,
            )
        )
    return found


@dataclass(frozen=True)
class Summary:
    samples: int
    mean_chance: float
    win_rate: float
    mean_judged: float
    brier: float
    """The mean squared difference of estimate and credit (0 is perfect)."""
    ece: float
    """The expected calibration error: each bucket's |mean estimate - observed| by its share."""
    base_brier: float
    """The Brier score of estimating every sample at the observed mean: what telling positions
    apart must beat."""


def summary(samples: Sequence[Sample]) -> Summary:
    n = len(samples)
    rate = sum(s.credit for s in samples) / n
    return Summary(
        n,
        sum(s.chance for s in samples) / n,
        rate,
        sum(s.judged for s in samples) / n,
        sum((s.chance - s.credit) ** 2 for s in samples) / n,
        sum(b.samples * abs(b.mean_chance - b.win_rate) for b in buckets(samples)) / n,
        sum((rate - s.credit) ** 2 for s in samples) / n,
    )


def rows(setup: Setup, bots: str, samples: Sequence[Sample]) -> list[list[str]]:
    """HEADER's rows of one table: its buckets, then the summaries of all samples and of the
    hinted moves."""
    tail = [
        str(setup.hint_iterations),
        setup.player,
        str(setup.play_iterations),
        setup.opponents,
        bots,
    ]
    found = [
        [
            setup.config.name,
            f"{b.low:.1f}-{b.high:.1f}",
            str(b.samples),
            str(b.positions),
            f"{b.mean_chance:.3f}",
            f"{b.win_rate:.3f}",
            f"{b.ci_low:.3f}",
            f"{b.ci_high:.3f}",
            f"{b.mean_judged:.3f}",
            "",
            "",
            "",
            *tail,
        ]
        for b in buckets(samples)
    ]
    hinted = [s for s in samples if s.rank == 0]
    for name, group in (("all", samples), ("hinted", hinted)):
        if group:
            s = summary(group)
            low, high = wilson(s.win_rate, s.samples)
            found.append(
                [
                    setup.config.name,
                    name,
                    str(s.samples),
                    str(len({x.number for x in group})),
                    f"{s.mean_chance:.3f}",
                    f"{s.win_rate:.3f}",
                    f"{low:.3f}",
                    f"{high:.3f}",
                    f"{s.mean_judged:.3f}",
                    f"{s.brier:.4f}",
                    f"{s.ece:.4f}",
                    f"{s.base_brier:.4f}",
                    *tail,
                ]
            )
    return found


def table(setup: Setup, samples: Sequence[Sample]) -> str:
    """The printed calibration table of one table's samples."""
    lines = [
        f"{setup.config.name}: {len({s.number for s in samples})} positions,"
        f" {len(samples)} moves played on (hint {setup.hint_iterations} iterations,"
        f" then {setup.player} {setup.play_iterations}, opponents {setup.opponents})",
        f"  {'estimate':<10}{'n':>6}{'pos.':>6}{'mean est.':>11}{'won':>8}{'95% interval':>16}"
        f"{'judged':>9}",
    ]
    for b in buckets(samples):
        lines.append(
            f"  {f'{b.low:.0%}-{b.high:.0%}':<10}{b.samples:>6}{b.positions:>6}"
            f"{b.mean_chance:>11.1%}"
            f"{b.win_rate:>8.1%}{f'{b.ci_low:.0%}-{b.ci_high:.0%}':>16}{b.mean_judged:>9.1%}"
        )
    hinted = [s for s in samples if s.rank == 0]
    for name, group in (("all moves", samples), ("hinted moves", hinted)):
        if group:
            s = summary(group)
            lines.append(
                f"  {name}: n {s.samples}, mean estimate {s.mean_chance:.1%}, judged at the"
                f" segment's end {s.mean_judged:.1%}, won {s.win_rate:.1%}, Brier"
                f" {s.brier:.4f} (observed mean alone {s.base_brier:.4f}), ECE {s.ece:.4f}"
            )
    return "\n".join(lines)


_SETUP_AT = HEADER.split(",").index("hint_iterations")
"""Where a row's setup and bots version begin: the columns after the bucket's own."""


def _table_of(row: list[str]) -> tuple[str, ...]:
    """Which table a row belongs to: its config, setup and bots version."""
    return (row[0], *row[_SETUP_AT:])


def store(out: Path, found: Sequence[list[str]]) -> None:
    """Writes the rows of the tables measured into `out`, replacing those tables' earlier rows
    and keeping every other table's: another setup or bots version of the same config too."""
    measured_now = {_table_of(r) for r in found}
    kept: list[list[str]] = []
    if out.exists():
        with out.open(newline="") as lines:
            kept = [r for r in list(csv.reader(lines))[1:] if _table_of(r) not in measured_now]
    out.parent.mkdir(parents=True, exist_ok=True)
    with out.open("w", newline="") as file:
        writer = csv.writer(file)
        writer.writerow(HEADER.split(","))
        writer.writerows([*kept, *found])


def measured(
    setup: Setup, positions: int, log: Path, bots: str, workers: int, every: float
) -> list[Sample]:
    """Positions 0 .. `positions` - 1 of a table: those in `log` and the rest measured now,
    each appended to `log` as it finishes, with progress every `every` s."""
    key = setup.key(bots)
    done = {} if bots.endswith("+dirty") else logged(log, key)
    done = {n: s for n, s in done.items() if n < positions}
    name = setup.config.name
    if done:
        print(f"  {name}: {len(done)} positions from {log.name}", flush=True)
    todo = [(n, n) for n in range(positions) if n not in done]
    started = last = time.perf_counter()
    jobs = as_finished(partial(measure, setup), todo, workers)
    for count, (number, samples) in enumerate(jobs, 1):
        record(log, key, samples)
        done[number] = samples
        now = time.perf_counter()
        if now - last >= every or len(done) == positions:
            last = now
            each = (now - started) / count
            left = (positions - len(done)) * each / max(workers, 1)
            print(
                f"  {name}: {len(done)} of {positions} positions, {now - started:.0f} s"
                f" ({each:.1f} s a position), about {left:.0f} s left",
                flush=True,
            )
    return [s for n in sorted(done) for s in done[n]]


def everything(log: Path) -> list[tuple[Setup, str, list[Sample]]]:
    """Every setup (and bots version) `log` holds, with its samples in position order."""
    keys: list[tuple[str, ...]] = []
    with log.open(newline="") as lines:
        for entry in list(csv.reader(lines))[1:]:
            if tuple(entry[:KEY]) not in keys:
                keys.append(tuple(entry[:KEY]))
    found = []
    for key in keys:
        name, hint_iterations, player, play_iterations, opponents, bots = key
        config = next(c for c in CONFIGS if c.name == name)
        setup = Setup(config, int(hint_iterations), int(play_iterations), opponents, player=player)
        by = logged(log, key)
        found.append((setup, bots, [s for n in sorted(by) for s in by[n]]))
    return found


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--config",
        action="append",
        help=f"tables (default {', '.join(TABLES)}): " + ", ".join(c.name for c in CONFIGS),
    )
    parser.add_argument("--positions", type=int, default=200, help="positions per table")
    parser.add_argument(
        "--moves", type=int, default=2, help="moves played on per position (0: all)"
    )
    parser.add_argument("--hint", type=int, help="the hint's iterations (default: hard's)")
    parser.add_argument(
        "--player", default="hard", help="the level that plays the seat on (default hard)"
    )
    parser.add_argument(
        "--player-iterations", type=int, help="its iterations (default: the table's budget)"
    )
    parser.add_argument(
        "--opponents", default=MODEL, help="the other seats: model (the search's) or a level"
    )
    parser.add_argument("--workers", type=int, default=1, help="processes (default 1)")
    parser.add_argument("--every", type=float, default=60.0, help="seconds between progress lines")
    parser.add_argument("--out", type=Path, default=RESULTS)
    parser.add_argument("--log", type=Path, default=LOG, help="every sample, to resume from")
    parser.add_argument(
        "--show", action="store_true", help="only table what the log holds, for every setup"
    )
    args = parser.parse_args(argv)
    if args.show:
        shown = everything(args.log)
        for setup, bots, samples in shown:
            print(f"bots {bots}: " + table(setup, samples), flush=True)
        store(
            args.out,
            [r for setup, bots, samples in shown for r in rows(setup, bots, samples)],
        )
        print(f"wrote {args.out}")
        return
    names = args.config or list(TABLES)
    configs = [c for c in CONFIGS if c.name in names]
    if len(configs) != len(names):
        parser.error(f"no such table in {names}")
    bots = version(PACKAGES)  # any change to bots/ or engine/, the hints included
    if bots.endswith("+dirty"):
        print(f"bots/ or engine/ has uncommitted changes: not resuming from {args.log}")
    found: list[list[str]] = []
    for config in configs:
        iterations = config.budgets.get(args.player, 0)
        if args.player_iterations is not None:
            iterations = args.player_iterations
        setup = Setup(
            config,
            args.hint or config.budgets["hard"],
            iterations,
            args.opponents,
            args.moves,
            args.player,
        )
        samples = measured(setup, args.positions, args.log, bots, args.workers, args.every)
        print(table(setup, samples), flush=True)
        found += rows(setup, bots, samples)
    store(args.out, found)
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
