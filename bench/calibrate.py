"""`python -m bench.calibrate`: how many search iterations the default thinking time buys.

The round robin (`bench.ai`) gives the searching levels an iteration budget, so that a run
repeats exactly and a busy machine only slows it down, never weakens a bot. This measures what
that budget should be: positions are collected from `easy` against `easy` matches (every
decision with a choice, every seat), and each searching level decides in a sample of them with
a fixed number of iterations; iterations per second over the sample (total iterations / total
time, so positions count as often as they occur in play) times the level's default seconds is
its budget. Run it on an otherwise idle machine: the search is single-threaded, so the number
is what one core buys.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Sequence

from bench.ai import CONFIGS
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


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=40, help="decisions timed per game")
    parser.add_argument("--probe", type=int, default=PROBE, help="iterations per timed decision")
    parser.add_argument(
        "--settle",
        action="store_true",
        help="also time each level at its budget without and with settling",
    )
    args = parser.parse_args(argv)
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
