"""`python -m bench.calibrate`: how many search iterations the default thinking time buys.

The round robin (`bench.ai`) gives the searching levels an iteration budget, so that a run
repeats exactly and a busy machine only slows it down, never weakens a bot. This measures what
that budget should be: positions are collected from `easy` against `easy` matches (every
decision with a choice, every seat), and each searching level decides in a sample of them with
a fixed number of iterations; iterations per second over the sample (total iterations / total
time, so positions count as often as they occur in play) times the level's default seconds is
its budget. Run it on an otherwise idle machine: the search is single-threaded, so the number
is what one core buys.

`--builds DIR` times instead each level's decisions at its budget (as `make bench-ai` plays
them) on the source and on the compiled build in DIR, alternating, in the same positions, and
checks that both builds chose the same moves: bench/results/builds.csv, which `make bench-ai
ARGS=--plan` reads.
"""

from __future__ import annotations

import argparse
import csv
import json
import random
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from bench import builds
from bench.ai import CONFIGS, Config
from bots import LEVELS, Budget, decide
from bots.decide import rank
from engine import GAMES
from engine.core import State

PROBE = 1000
"""Iterations per timed decision (`--probe`): about what the default times buy, so the tree
grows about as deep as in play."""


def positions(game: str, players: int, options: dict[str, str], count: int) -> list[State]:
    """Decisions with a choice from `easy` self-play, `count` of them spread over the match."""
    spec = GAMES[game]
    found: list[State] = []
    number = 0
    while len(found) < count * 4:
        state = spec.new(players, spec.info.validate(players, options), 9_001 + number)
        turn = 0
        while (seat := state.to_act()) is not None:
            if len(state.legal_moves()) > 1:
                found.append(state.copy())
            state.apply(decide(state, seat, "easy", seed=turn))
            turn += 1
        number += 1
    return random.Random(0).sample(found, count)


def rate(level: str, sample: Sequence[State], probe: int = PROBE) -> float:
    """Iterations per second of `level`'s search over `sample`, `probe` iterations each."""
    spent = 0.0
    for index, state in enumerate(sample):
        seat = state.to_act()
        assert seat is not None
        started = time.perf_counter()
        rank(state, seat, LEVELS[level], random.Random(index), Budget(iterations=probe))
        spent += time.perf_counter() - started
    return probe * len(sample) / spent


def settling(level: str, sample: Sequence[State], iterations: int) -> tuple[float, float, int]:
    """Seconds per decision of `level` at `iterations` without and with settling (stopping
    once the choice cannot change), and in how many positions the two chose differently
    (none, if settling is right)."""
    spent = [0.0, 0.0]
    differ = 0
    for index, state in enumerate(sample):
        seat = state.to_act()
        assert seat is not None
        chosen = []
        for settle in (False, True):
            started = time.perf_counter()
            ranking = rank(
                state, seat, LEVELS[level], random.Random(index), Budget(iterations), settle
            )
            spent[settle] += time.perf_counter() - started
            chosen.append(ranking[0].move)
        differ += chosen[0] != chosen[1]
    return spent[0] / len(sample), spent[1] / len(sample), differ


def decisions(config: Config, level: str, count: int) -> tuple[float, list[str]]:
    """CPU seconds per decision of `level` at its budget in `count` positions of `config`
    (`decide`, settling as in a match), and the moves it chose."""
    sample = positions(config.game, config.players, config.options, count)
    budget = Budget(iterations=config.budgets[level])
    moves = []
    started = time.process_time()  # CPU time: the other work on a shared machine aside
    for index, state in enumerate(sample):
        seat = state.to_act()
        assert seat is not None
        moves.append(repr(decide(state, seat, level, seed=index, budget=budget)))
    return (time.process_time() - started) / count, moves


def compiled_decisions(
    folder: Path, config: Config, level: str, count: int
) -> tuple[float, list[str]]:
    """`decisions` in a child process on the compiled build in `folder`."""
    command = [sys.executable, "-m", "bench.calibrate", "--decisions", config.name, level]
    out = subprocess.run(
        [*command, str(count)],
        env=builds.environment(folder),
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    made_by, seconds, moves = out.splitlines()
    if made_by != "compiled":
        raise SystemExit(f"{folder} holds no compiled bots and engine: make compiled")
    return float(seconds), json.loads(moves)


def compare_builds(folder: Path, count: int, out: Path) -> None:
    """Each table and searching level: the source here, then the compiled build in a child,
    in the same positions (one pass, so both see the same load)."""
    print(f"{'table':<21} {'level':<7}{'budget':>7} {'s interp.':>9} {'s compiled':>10} {'x':>5}")
    rows = []
    for config in CONFIGS:
        for level in ("normal", "hard"):
            plain, chosen = decisions(config, level, count)
            fast, also = compiled_decisions(folder, config, level, count)
            same = chosen == also
            print(
                f"{config.name:<21} {level:<7}{config.budgets[level]:>7} {plain:>9.3f}"
                f" {fast:>10.3f} {plain / fast:>5.2f}{'' if same else '  MOVES DIFFER'}",
                flush=True,
            )
            times = [f"{plain:.4f}", f"{fast:.4f}", f"{plain / fast:.2f}"]
            rows.append(
                [config.name, level, config.budgets[level], count, *times, str(same).lower()]
            )
    with out.open("w", newline="") as file:
        writer = csv.writer(file)
        writer.writerow(builds.TIMED_HEADER.split(","))
        writer.writerows(rows)
    print(f"wrote {out}")


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=40, help="decisions timed per game")
    parser.add_argument("--probe", type=int, default=PROBE, help="iterations per timed decision")
    parser.add_argument(
        "--settle",
        action="store_true",
        help="also time each level at its budget without and with settling",
    )
    parser.add_argument(
        "--builds",
        type=Path,
        metavar="DIR",
        help="seconds per decision at each budget, the source against the compiled build in DIR",
    )
    parser.add_argument("--out", type=Path, default=builds.TIMED, help="--builds' table")
    parser.add_argument("--decisions", nargs=3, help=argparse.SUPPRESS)  # --builds' child
    args = parser.parse_args(argv)
    if args.decisions:
        name, level, count = args.decisions
        config = next(c for c in CONFIGS if c.name == name)
        seconds, moves = decisions(config, level, int(count))
        print(builds.build(), seconds, json.dumps(moves), sep="\n")
        return
    if args.builds:
        compare_builds(args.builds, args.positions, args.out)
        return
    if args.settle:
        print(
            f"{'table':<21} {'level':<7}{'budget':>7} {'s full':>7} {'s settled':>9}"
            f" {'ratio':>6} {'differ':>6}"
        )
        for config in CONFIGS:
            sample = positions(config.game, config.players, config.options, args.positions)
            for level in ("normal", "hard"):
                budget = config.budgets[level]
                full, settled, differ = settling(level, sample, budget)
                print(
                    f"{config.name:<21} {level:<7}{budget:>7} {full:>7.3f}"
                    f" {settled:>9.3f} {settled / full:>6.2f} {differ:>6}",
                    flush=True,
                )
        return
    print(f"{'table':<21} {'level':<7}{'iter/s':>8} {'default s':>10} {'budget':>8}")
    for config in CONFIGS:
        sample = positions(config.game, config.players, config.options, args.positions)
        for level in ("normal", "hard"):
            default = LEVELS[level].budget
            assert default is not None and default.seconds is not None, "a searching level"
            seconds = default.seconds
            per_second = rate(level, sample, args.probe)
            print(
                f"{config.name:<21} {level:<7}{per_second:>8.0f} {seconds:>10g}"
                f" {round(per_second * seconds):>8}",
                flush=True,
            )


if __name__ == "__main__":
    main()
