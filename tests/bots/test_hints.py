"""Hints know what the seat knows and nothing more, and rank every legal move."""

from __future__ import annotations

import random

from bots import Budget, decide
from bots.hints import hint
from tests.bots.states import positions, twins

BUDGET = Budget(iterations=12)


def test_a_hint_depends_only_on_the_seats_view() -> None:
    """Two states with one view for the seat (everything hidden resampled) get the same hint —
    moves, order, chances and reasons — for the same seed."""
    rng = random.Random(5)
    for state, seat, twin in twins(300, 6, rng):
        seed = rng.getrandbits(32)
        assert hint(state, seat, seed, BUDGET) == hint(twin, seat, seed, BUDGET), repr(state)


def test_a_hint_ranks_every_legal_move_and_leads_with_hards_choice() -> None:
    rng = random.Random(7)
    for state in positions(120, 8):
        seat = state.to_act()
        assert seat is not None
        seed = rng.getrandbits(32)
        advice = hint(state, seat, seed, BUDGET)
        assert sorted(map(repr, (a.move for a in advice))) == sorted(map(repr, state.legal_moves()))
        assert all(a.reason for a in advice)
        assert all(a.chance is None or 0.0 <= a.chance <= 1.0 for a in advice)
        if len(advice) > 1:
            assert advice[0].move == decide(state, seat, "hard", seed, BUDGET)
