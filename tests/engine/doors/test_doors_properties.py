"""Property tests over random play from random seeds: conservation (§5.10) and whole matches
with one winner. The engine contract (legality, illegal moves, views under `determinize`,
replay) is tested for every game in tests/engine/test_contract.py."""

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.doors.model import (
    CLUE_DECK,
    DOORS,
    RULES,
    Card,
    Discard,
    DoorsMove,
    MatchSet,
    Pass,
    Phase,
    Take,
)
from engine.doors.state import GUESSES, DoorsState
from tests.engine.doors.doors_scenarios import random_play

ALL_MOVES: tuple[DoorsMove, ...] = (
    *(Take(card) for card in Card),
    *(Take(card, score_set=True) for card in Card),
    *(Discard(card) for card in Card),
    *GUESSES,
    MatchSet(),
    Pass(),
)

seeds = st.integers(min_value=0, max_value=2**32 - 1)
PLAY = settings(max_examples=150, deadline=None)


@PLAY
@given(seed=seeds, optional=st.booleans(), steps=st.integers(0, 80))
def test_V10_cards_conserved_and_display_full_while_a_contest_runs(
    seed: int, optional: bool, steps: int
) -> None:
    state = DoorsState(seed, collector_set_optional=optional)
    for now in random_play(state, random.Random(seed), steps):
        clues = now.display + now.deck + now.collection + now.discards
        assert Counter(clues) == Counter(CLUE_DECK)
        assert now.doors[0] != now.doors[1] and set(now.doors) <= set(DOORS)
        if now.phase is not Phase.OVER:
            assert len(now.display) == RULES.display_size
        assert now.display == tuple(sorted(now.display))


@settings(max_examples=100, deadline=None)
@given(seed=seeds, optional=st.booleans())
def test_a_random_match_ends_with_exactly_one_winner_at_ten(seed: int, optional: bool) -> None:
    state = DoorsState(seed, collector_set_optional=optional)
    for _ in random_play(state, random.Random(seed), 10_000):
        pass
    result = state.result()
    assert result is not None
    assert len(result.winners) == 1
    assert result.scores[result.winners[0]] >= RULES.target_gems > min(result.scores)
