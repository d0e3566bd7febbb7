"""`python -m bench.positions`: where a searching level parts from `easy`, and who is right.

A match says who won; this says which decisions made the difference. Positions come from `easy`
self-play at one bench table (`bench.ai.CONFIGS`, the same budgets); wherever the level's move
differs from `easy`'s, both moves are valued by the same `--worlds` sampled worlds
(`determinize` for the seat), each played out to the end of the segment by the informed
opponent model (the heuristic on every seat's own view), and judged as the search judges them
(the seat's chance of winning the match). It prints each such position and the tally: how
often the level's move was worth more, less, or the same (within half a point of a percent).

It is how issue 23 looked into Koi-Koi `normal` losing to `easy`: at the calibrated budget its
koi-koi calls and card plays were worth more, not less, than `easy`'s (docs/ai.md).
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Sequence

from bench.ai import CONFIGS
from bots import Budget, decide
from bots.decide import _informed
from bots.games import policy_for
from bots.policy import ends_with
from engine import GAMES
from engine.core import Move, Seat, State

SAME = 0.005
"""Two values closer than this count as the same."""


def value(state: State, seat: Seat, move: Move, worlds: int, seed: int) -> float:
    """The seat's mean chance of winning the match after `move`, over `worlds` worlds."""
    view = state.view(seat)
    policy = policy_for(view)
    judge = policy.judge(view)
    play = _informed(policy, seat, policy.surprise(view))
    rng = random.Random(seed)
    total = 0.0
    for _ in range(worlds):
        world = state.determinize(seat, rng)
        events = world.apply(move)
        while not ends_with(events, policy.segment_end) and world.to_act() is not None:
            events = world.apply(play(world, world.legal_moves(), rng))
        total += judge(world)[seat]
    return total / worlds


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--config", default="koikoi-2", help="a bench table, e.g. koikoi-2")
    parser.add_argument("--level", default="normal", help="the searching level to compare")
    parser.add_argument("--matches", type=int, default=4, help="easy self-play matches")
    parser.add_argument("--worlds", type=int, default=400, help="worlds per move valued")
    parser.add_argument("--iterations", type=int, help="the level's budget (default: the bench's)")
    parser.add_argument("--value-seed", type=int, default=3, help="the worlds' seed")
    args = parser.parse_args(argv)
    config = next(c for c in CONFIGS if c.name == args.config)
    game = GAMES[config.game]
    options = game.info.validate(config.players, config.options)
    budget = Budget(iterations=args.iterations or config.budgets[args.level])
    tally = {"better": 0, "worse": 0, "same": 0}
    gains: list[float] = []
    for number in range(args.matches):
        state = game.new(config.players, options, 7000 + number)
        turn = 0
        while (seat := state.to_act()) is not None:
            easy = decide(state, seat, "easy", seed=turn)
            if len(state.legal_moves()) > 1:
                searched = decide(state, seat, args.level, seed=turn, budget=budget)
                if searched != easy:
                    ours = value(state, seat, searched, args.worlds, args.value_seed)
                    theirs = value(state, seat, easy, args.worlds, args.value_seed)
                    gains.append(ours - theirs)
                    verdict = (
                        "same"
                        if abs(ours - theirs) <= SAME
                        else ("better" if ours > theirs else "worse")
                    )
                    tally[verdict] += 1
                    print(
                        f"match {number} turn {turn}: easy {easy.label()} {theirs:.3f},"
                        f" {args.level} {searched.label()} {ours:.3f} ({verdict})",
                        flush=True,
                    )
            state.apply(easy)
            turn += 1
    mean = sum(gains) / max(len(gains), 1)
    print(
        f"{args.level} against easy at {config.name}: {len(gains)} positions apart;"
        f" {args.level}'s move worth more in {tally['better']}, less in {tally['worse']},"
        f" the same in {tally['same']}; mean {mean:+.4f} chance of winning the match"
    )


if __name__ == "__main__":
    main()
