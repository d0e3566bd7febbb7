"""Fairness: a bot decides from its seat's view only.

For thousands of pairs (s, s') where s' = s.determinize(seat) — the same view for the seat,
everything it cannot see resampled — every level picks the same move with the same seed and an
iteration budget. The bots reach hidden facts only through `determinize`, so this rests on
`determinize` itself depending only on the seat's view, which is checked first.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from bots import Budget, decide
from bots.koikoi.belief import belief
from engine.doors.model import DoorsView
from engine.koikoi.model import KoiKoiView
from tests.bots.states import TABLES, twins

LEVELS = ("random", "easy", "normal", "hard")
BUDGET = Budget(iterations=8)


def check_pairs(count: int, seed: int) -> None:
    rng = random.Random(seed)
    with_history: Counter[str] = Counter()
    believing = reading = 0
    for number, (state, seat, twin) in enumerate(twins(count, seed, rng)):
        view = state.view(seat)
        assert twin.view(seat) == view
        with_history[type(view).__name__] += bool(getattr(view, "history", ()))
        # Every table in turn at every level (`number % 4` gave Doors, tables 0 and 1 of
        # twelve, only `random` and `easy`).
        level = LEVELS[(number // len(TABLES)) % len(LEVELS)]
        believing += level == "hard" and isinstance(view, KoiKoiView) and bool(belief(view))
        reading += level in ("normal", "hard") and reads_the_collector(view)
        decision_seed = rng.getrandbits(32)
        mine = decide(state, seat, level, decision_seed, BUDGET)
        theirs = decide(twin, seat, level, decision_seed, BUDGET)
        assert mine == theirs, f"{level} decided {mine} and {theirs} on one view: {state!r}"
    assert with_history["DoorsView"], "some pairs remember earlier contests (DoorsView.history)"
    assert with_history["KoiKoiView"], "some pairs remember the deal's plays (KoiKoiView.history)"
    assert believing, "some hard Koi-Koi decisions weigh worlds by the belief (belief.py)"
    assert reading, "some searching Guessers read this Collector's earlier contests"


def reads_the_collector(view: object) -> bool:
    """A Doors Guesser whose Collector has collected before: its search weighs that history
    (bots/doors/history.py), so these pairs check that the history is read fairly too."""
    return (
        isinstance(view, DoorsView)
        and view.viewer != view.collector
        and any(record.collector == view.collector for record in view.history)
    )


def test_determinize_depends_only_on_the_view() -> None:
    """Two states with one view give the same world for the same random draws."""
    rng = random.Random(1)
    for state, seat, twin in twins(1500, 2, rng):
        draw = rng.getrandbits(32)
        one = state.determinize(seat, random.Random(draw))
        other = twin.determinize(seat, random.Random(draw))
        assert repr(one) == repr(other)
        for viewer in range(state.players):
            assert one.view(viewer) == other.view(viewer)


def test_every_level_decides_alike_on_states_with_one_view() -> None:
    check_pairs(2000, 3)


@pytest.mark.slow
def test_every_level_decides_alike_on_ten_thousand_pairs() -> None:
    check_pairs(10_000, 4)
