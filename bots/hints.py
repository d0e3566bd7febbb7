"""Hints: the legal moves of the seat to act, as the `hard` search ranks them, each with its
estimated chance of winning the match and a reason in the game's words.

A hint is a `hard` decision that shows its working: the same search (`bots.decide.rank`), so it
reads the state only through the seat's view and `determinize(seat)` — a hint knows what the
seat knows and nothing more (tests/bots/test_hints.py checks it as the fairness test checks the
bots). Pure and picklable by name, so the server runs it in the bot workers.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from bots.decide import rank
from bots.ismcts import Budget
from bots.levels import LEVELS
from bots.reasons import Reason, reason
from engine.core import Move, Seat, State

HINT_LEVEL = LEVELS["hard"]
"""The level whose search a hint shows; its thinking time is the hint's, unless capped."""


@dataclass(frozen=True)
class Advice:
    """One legal move in a hint: how often the search chose it (`visits`), its estimated
    chance of winning the match (None when the search never tried it) and why."""

    move: Move
    chance: float | None
    visits: int
    reason: Reason


def hint(state: State, seat: Seat, seed: int, budget: Budget | None = None) -> list[Advice]:
    """The legal moves of `seat` (to act), the one `hard` would play first."""
    if state.to_act() != seat:
        raise ValueError(f"seat {seat} is not to act")
    view = state.view(seat)
    legal = state.legal_moves()
    if len(legal) == 1:  # nothing to weigh: the search would not think either
        return [Advice(legal[0], None, 0, reason(view, legal[0]))]
    considered = rank(state, seat, HINT_LEVEL, random.Random(seed), budget)
    return [Advice(c.move, c.chance, c.visits, reason(view, c.move)) for c in considered]
