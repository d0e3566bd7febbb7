"""Property tests over random play from random seeds: conservation (§5.10), legality, the view
invariance under `determinize`, illegal moves, replay and whole matches."""

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core import IllegalMove
from engine.doors import GAME
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


@PLAY
@given(seed=seeds, optional=st.booleans(), steps=st.integers(0, 80))
def test_every_legal_move_applies_and_copies_are_independent(
    seed: int, optional: bool, steps: int
) -> None:
    state = DoorsState(seed, collector_set_optional=optional)
    for now in random_play(state, random.Random(seed), steps):
        before = repr(now)
        moves = now.legal_moves()
        assert len(set(moves)) == len(moves)
        for move in moves:
            after = now.copy()
            after.apply(move)
            assert after.to_act() is not None or after.result() is not None
        assert repr(now) == before


@PLAY
@given(seed=seeds, optional=st.booleans(), steps=st.integers(0, 80))
def test_illegal_move_leaves_the_state_unchanged(seed: int, optional: bool, steps: int) -> None:
    state = DoorsState(seed, collector_set_optional=optional)
    for now in random_play(state, random.Random(seed), steps):
        before, views = repr(now), [now.view(v) for v in (0, 1, None)]
        for move in set(ALL_MOVES) - set(now.legal_moves()):
            try:
                now.apply(move)
            except IllegalMove:
                pass
            else:
                raise AssertionError(f"{move} applied but is not legal")
            assert repr(now) == before
        assert [now.view(v) for v in (0, 1, None)] == views


@settings(max_examples=250, deadline=None)
@given(seed=seeds, optional=st.booleans(), steps=st.integers(0, 80), world=seeds)
def test_view_unchanged_by_determinize_for_both_seats_and_the_spectator(
    seed: int, optional: bool, steps: int, world: int
) -> None:
    state = DoorsState(seed, collector_set_optional=optional)
    rng = random.Random(world)
    for now in random_play(state, random.Random(seed), steps):
        for seat in (0, 1):
            sampled = now.determinize(seat, rng)
            assert sampled.view(seat) == now.view(seat)
            assert sampled.view(None) == now.view(None)
            if seat == now.to_act():  # the other seat's choices may hang on its own Door
                assert sampled.legal_moves() == now.legal_moves()


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


@settings(max_examples=60, deadline=None)
@given(seed=seeds, option=st.sampled_from(["automatic", "optional"]), choices=st.lists(seeds))
def test_replay_same_seed_and_moves_gives_identical_views(
    seed: int, option: str, choices: list[int]
) -> None:
    first, second = (GAME.new(2, {"collector_set": option}, seed) for _ in range(2))
    for choice in choices:
        if first.to_act() is None:
            break
        move = first.legal_moves()[choice % len(first.legal_moves())]
        assert first.apply(move) == second.apply(move)
        assert [first.view(v) for v in (0, 1, None)] == [second.view(v) for v in (0, 1, None)]
