"""What each game gives the bots, and the reward arithmetic the games share.

A game's policy module speaks the game's own words (Doors, gems, yaku, tiles); the search
only sees this protocol. Rewards are match-winning chances, so a search weighs a point by what
it does to the match, not by its face value.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from engine.core import Event, Move, Seat, State

Judge = Callable[[State], Sequence[float]]
"""A world at the end of a segment -> each seat's chance of winning the match, in [0, 1]."""

Belief = Callable[[State], float]
"""A sampled world -> how plausible its hidden part is, in [0, 1] relative to the likeliest."""


class GamePolicy(Protocol):
    """The heuristics of one game. Every method decides from a view, or from a world that
    `determinize` made, never from the hidden fields of the real state."""

    @property
    def segment_end(self) -> type:
        """The event that closes the segment a search plays out (a contest, deal or round)."""
        ...

    @property
    def temperature(self) -> float:
        """How far apart, in the units of `values`, two moves' values are for the search to
        favour the better one e times more before looking (see `priors`)."""
        ...

    def surprise(self, view: Any) -> float:
        """How often the search's model of the other seats plays a random move rather than
        this policy's, for the seat of `view`: real opponents are less predictable than the
        heuristic, and some play at random."""
        ...

    def values(self, view: Any, legal: Sequence[Move]) -> list[float]:
        """How good each legal move looks one step ahead (higher is better). Its best move is
        the `easy` level, the search's model of every seat and `hard`'s rollouts; its softmax
        is the prior a search starts from."""
        ...

    def quick(self, legal: Sequence[Move], rng: random.Random) -> Move:
        """A rule-of-thumb move from the legal moves alone (no view): `normal`'s rollouts."""
        ...

    def judge(self, view: Any) -> Judge:
        """The rewards of a world that finished the current segment of the match in `view`."""
        ...

    def twin(self, move: Move) -> object:
        """A key that `move` shares with every move the rules cannot tell from it (two plains
        of one month): the search weighs such moves as one, so that a hint shows them as
        equal and they do not split the search's visits."""
        ...

    def belief(self, view: Any) -> Belief | None:
        """What the seat of `view` infers beyond `determinize`'s uniform sampling, as a weight
        for rejection sampling; None when it infers nothing more."""
        ...


def ends_with(events: list[Event], end: type) -> bool:
    return any(type(event) is end for event in events)


def race(points: Sequence[int], target: int) -> list[float]:
    """Chances of winning a race to `target` in which side i has `points[i]`: proportional to
    1 / (points still needed)^2 — the side that needs half as much is four times as likely."""
    needs = [max(target - p, 0) for p in points]
    if 0 in needs:
        return [1.0 if need == 0 else 0.0 for need in needs]
    weights = [1.0 / (need * need) for need in needs]
    total = sum(weights)
    return [weight / total for weight in weights]


def lead_chance(lead: int, spread: float) -> float:
    """The chance that a `lead` in points holds when the rest of the match moves the score
    by about `spread` points (a logistic curve)."""
    return 1.0 / (1.0 + math.exp(-lead / spread))


def winners_rewards(players: int, winners: Sequence[Seat]) -> list[float]:
    """A finished match: 1 for each winner, 0 for the others, 1/2 all round for a draw."""
    if not winners:
        return [0.5] * players
    return [1.0 if seat in winners else 0.0 for seat in range(players)]


def greedy(policy: GamePolicy, view: Any, legal: Sequence[Move], rng: random.Random) -> Move:
    """The policy's best move; ties broken at random (from `rng`, so reproducibly)."""
    values = policy.values(view, legal)
    top = max(values)
    return rng.choice([move for move, value in zip(legal, values, strict=True) if value == top])


def priors(policy: GamePolicy, view: Any, legal: Sequence[Move]) -> list[float]:
    """A softmax of the policy's values: how much a search should favour each move before it
    has looked (moves `policy.temperature` apart weigh e times apart)."""
    values = policy.values(view, legal)
    top = max(values)
    weights = [math.exp((value - top) / policy.temperature) for value in values]
    total = sum(weights)
    return [weight / total for weight in weights]
