"""`python -m bench.doors_bounds`: what two reference Guessers win against a random Doors player.

The goal `hard` ≥ 90% against `random` was missed; this asks whether the game's luck leaves
that much to win. Both reference players collect as `easy` does and differ as Guesser:

* *oracle*: sees the Collector's Door (which no player can) and names it at its first
  decision, +5 every contest it guesses — an upper bound for any Guesser;
* *reads*: guesses as soon as a guess is worth more on average than the deck running out
  (3 gems, what waiting brings at best), every Door the public facts allow being equally
  likely (what a random Collector's takes leave: the Guesser's own Door and any whose set
  would already have scored are out); else as `easy`;
* *waits*: `easy`'s Guesser, which against a Collector whose takes say nothing values every
  guess below waiting, so it discards until the deck runs out (+3) or the Collector completes
  a set by chance (-6).

Each seed is played twice, the reference player in either seat.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable, Sequence

from bots import decide
from bots.doors.policy import DECK_EMPTY, collector_odds, guess_value
from engine.doors.model import DoorsView, Guess, ScoreReason
from engine.doors.state import DoorsState
from engine.doors.traits import judge_guess


def naming(state: DoorsState) -> Guess | None:
    """The full guess of the Collector's Door among the legal moves, if guessing is legal."""
    door = state.doors[state.collector]
    for move in state.legal_moves():
        if isinstance(move, Guess) and judge_guess(move, door) is ScoreReason.FULL_GUESS:
            return move
    return None


def reading(state: DoorsState) -> Guess | None:
    """The guess worth most gems with the allowed Doors equally likely, if it is worth more than
    the deck running out."""
    view = state.view(state.guesser)
    assert isinstance(view, DoorsView)
    odds = collector_odds(view, careless=1.0)  # all careless: the takes say nothing
    valued = [(guess_value(m, odds), m) for m in state.legal_moves() if isinstance(m, Guess)]
    worth, best = max(valued, key=lambda pair: pair[0], default=(0.0, None))
    return best if worth > DECK_EMPTY else None


def waiting(state: DoorsState) -> Guess | None:
    """Never a guess of its own: `easy` decides."""
    return None


GUESSERS: dict[str, Callable[[DoorsState], Guess | None]] = {
    "oracle": naming,
    "reads": reading,
    "waits": waiting,
}
"""Each reference Guesser's guess, or None to play as `easy`."""


def credit(seed: int, seat: int, guesser: str) -> float:
    """The reference player's credit (1, 1/2, 0) in one match against `random`."""
    state, rng = DoorsState(seed), random.Random(seed * 31 + seat)
    while (acting := state.to_act()) is not None:
        if acting != seat:
            state.apply(rng.choice(state.legal_moves()))
            continue
        move = GUESSERS[guesser](state) if acting != state.collector else None
        state.apply(move or decide(state, acting, "easy", rng.getrandbits(32)))
    result = state.result()
    assert result is not None
    winners = set(result.winners)
    return 0.5 if len(winners) != 1 else float(winners == {seat})


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=300, help="seeds, each played in both seats")
    args = parser.parse_args(argv)
    matches = 2 * args.seeds
    print(f"{'Guesser':<8} {'won against random':>20}")
    for name in GUESSERS:
        won = sum(credit(seed, seat, name) for seed in range(args.seeds) for seat in (0, 1))
        print(f"{name:<8} {won / matches:>12.1%} of {matches}", flush=True)


if __name__ == "__main__":
    main()
