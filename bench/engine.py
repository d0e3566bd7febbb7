"""`make bench-engine`: complete random playouts per second, on one core.

A playout starts from a fresh deal and plays uniformly random legal moves until the segment
ends: a Doors contest, a Koi-Koi deal, a Tiger & Dragon round (at 2 to 5 players). It is what a
bot's search does thousands of times per decision: `copy`, `legal_moves`, `apply`. Writes
bench/results/engine.csv.

`--compiled DIR` (what `make bench-engine` passes: build/mypyc, the `make compiled` build)
runs every configuration a second time in a child process that imports the compiled build in
DIR, right after the interpreted one, and prints the two side by side (the CSV gets a column
`compiled_playouts_per_s`).

`--costs` prints instead what each of those calls costs, in µs, as the search makes them:
`copy` of a state, `legal_moves` of a state just moved into (nothing cached yet), `apply` of a
legal move once the legal moves are known, `determinize` for the seat to act (best of 5,
in CPU time).
"""

from __future__ import annotations

import argparse
import csv
import os
import random
import subprocess
import sys
import time
import timeit
from collections.abc import Callable, Sequence
from pathlib import Path

from engine import GAMES
from engine.core import State
from server.build import describe

CALLS = ("copy", "legal_moves", "apply", "determinize")
RESULTS = Path(__file__).parent / "results" / "engine.csv"
CONFIGS: tuple[tuple[str, int, str, int], ...] = (
    ("doors", 2, "contest", 40_000),
    ("koikoi", 2, "deal", 8_000),
    ("tiger-dragon", 2, "round", 0),
    ("tiger-dragon", 3, "round", 0),
    ("tiger-dragon", 4, "round", 11_000),
    ("tiger-dragon", 5, "round", 0),
)
"""(game, players, what a playout is, the goal in playouts per second (issue 23); 0: none)."""


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
    began = time.process_time()  # CPU seconds: a busy machine slows the run, not the rate
    while time.process_time() - began < seconds:
        for start in starts:
            playout(start, rng)
        done += len(starts)
    return done / (time.process_time() - began)


def compiled_rate(folder: Path, game_id: str, players: int, seconds: float) -> float:
    """`rate` in a child process that imports the compiled build in `folder` first (then this
    tree, for bench/); refuses a folder whose engine is not compiled."""
    tree = Path(__file__).resolve().parent.parent
    environment = dict(os.environ, PYTHONSAFEPATH="1")
    environment["PYTHONPATH"] = os.pathsep.join((str(folder.resolve()), str(tree)))
    command = [sys.executable, "-m", "bench.engine", "--rate", game_id, str(players), str(seconds)]
    found, build = subprocess.run(
        command, env=environment, capture_output=True, text=True, check=True
    ).stdout.split(" ", 1)
    if not build.startswith("compiled"):
        raise SystemExit(f"{folder} holds no compiled build ({build.strip()}): make compiled")
    return float(found)


def costs(game_id: str, players: int, count: int = 2_000) -> dict[str, float]:
    """µs per call of `copy`, `legal_moves`, `apply` and `determinize` over `count` states met
    in random playouts (best of 5 passes)."""
    game = GAMES[game_id]
    options = game.info.validate(players, {})
    rng = random.Random(1)
    fresh: list[State] = []  # just moved into, as `apply` left them
    while len(fresh) < count:
        state = game.new(players, options, rng.getrandbits(32))
        scores = state.scores()
        while state.to_act() is not None and state.scores() == scores and len(fresh) < count:
            fresh.append(state.copy())
            state.apply(rng.choice(state.legal_moves()))
    moves = [rng.choice(state.copy().legal_moves()) for state in fresh]

    def best(step: Callable[[], object]) -> float:
        return min(timeit.repeat(step, timer=time.process_time, number=1, repeat=5)) / count * 1e6

    def copies() -> list[State]:
        return [state.copy() for state in fresh]

    def legal() -> None:
        for state in copied.pop():
            state.legal_moves()

    def apply() -> None:
        for state, move in zip(ready.pop(), moves, strict=True):
            state.apply(move)

    copied = [copies() for _ in range(5)]
    ready = [copies() for _ in range(5)]
    for states in ready:
        for state in states:
            state.legal_moves()
    sampler = random.Random(2)
    return {
        "copy": best(lambda: [state.copy() for state in fresh]),
        "legal_moves": best(legal),
        "apply": best(apply),
        "determinize": best(
            lambda: [state.determinize(state.to_act() or 0, sampler) for state in fresh]
        ),
    }


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="per configuration")
    parser.add_argument("--out", type=Path, default=RESULTS)
    parser.add_argument("--costs", action="store_true", help="µs per engine call instead")
    parser.add_argument(
        "--compiled",
        type=Path,
        metavar="DIR",
        help="also run each configuration against the compiled build in DIR, side by side",
    )
    parser.add_argument(
        "--rate", nargs=3, metavar=("GAME", "PLAYERS", "SECONDS"), help=argparse.SUPPRESS
    )
    args = parser.parse_args(argv)
    if args.rate:  # the child of --compiled: one rate, and which build made it
        game_id, players, seconds = args.rate
        print(rate(game_id, int(players), float(seconds)), describe())
        return
    if args.costs:
        print(f"{'game':<13}{'players':>8}" + "".join(f"{name:>13}" for name in CALLS))
        for game_id, players, _, _ in CONFIGS:
            cost = costs(game_id, players)
            print(f"{game_id:<13}{players:>8}" + "".join(f"{cost[c]:>13.2f}" for c in CALLS))
        return
    rows: list[tuple[str | int, ...]] = []
    header = ("game", "players", "playouts_per_s")
    beside = f"{'compiled':>12}{'speed-up':>10}" if args.compiled else ""
    print(f"{'game':<13}{'players':>8}{'playout':>9}{'per second':>12}{beside}{'goal':>8}")
    for game_id, players, what, goal in CONFIGS:
        per_second = best = rate(game_id, players, args.seconds)
        row: tuple[str | int, ...] = (game_id, players, round(per_second))
        shown = f"{game_id:<13}{players:>8}{what:>9}{per_second:>12,.0f}"
        if args.compiled:
            fast = compiled_rate(args.compiled, game_id, players, args.seconds)
            best = max(best, fast)
            row += (round(fast),)
            shown += f"{fast:>12,.0f}{fast / per_second:>10.2f}"
        rows.append(row)
        verdict = "" if not goal else f"{goal:>8}" + ("" if best >= goal else "  MISSED")
        print(shown + verdict, flush=True)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    with args.out.open("w", newline="") as out:
        writer = csv.writer(out)
        writer.writerow(header + (("compiled_playouts_per_s",) if args.compiled else ()))
        writer.writerows(rows)
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
