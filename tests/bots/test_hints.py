"""Hints know what the seat knows and nothing more, and rank every legal move."""

from __future__ import annotations

import random

from bots import Budget, decide
from bots.games import policy_for
from bots.hints import hint
from tests.bots.states import positions, twins
from tests.engine.koikoi.koikoi_scenarios import dealt

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


def test_interchangeable_cards_are_shown_as_equal() -> None:
    """Two plains of one month are one card to the rules: a hint gives them one chance (they
    were rated 47% and 37% when the search weighed them apart), and they do not split the
    search's visits."""
    hand = (
        "jan-plain-1 jan-plain-2 dec-plain-1 dec-plain-2 dec-plain-3 may-bridge jul-boar oct-deer"
    )
    other = (
        "feb-warbler mar-curtain apr-cuckoo jun-butterflies aug-moon sep-blue nov-swallow"
        " nov-ribbon"
    )
    board = (
        "feb-plain-1 mar-plain-1 apr-plain-1 jun-blue jul-ribbon oct-blue nov-rain-man sep-plain-1"
    )
    state, _ = dealt(hand, other, board)
    advice = {a.move.label(): a for a in hint(state, 0, 3, Budget(iterations=300))}
    for pair in (
        ["play jan-plain-1", "play jan-plain-2"],
        ["play dec-plain-1", "play dec-plain-3"],
    ):
        first, second = (advice[label] for label in pair)
        assert first.chance is not None and first.visits > 0
        assert (first.chance, first.visits) == (second.chance, second.visits)
    assert advice["play may-bridge"].chance != advice["play jan-plain-1"].chance


def test_moves_the_rules_cannot_tell_apart_are_one_in_every_game() -> None:
    """Issue 23's tie item in every game: Doors and Tiger & Dragon offer one move per kind of
    card or tile (two Red Ladies on the display are one take), so no two legal moves are
    alike; in Koi-Koi the twins (`GamePolicy.twin`) that stay separate moves get one chance and
    one visit count in a hint."""
    rng = random.Random(9)
    twinned = 0
    for state in positions(240, 10):
        seat = state.to_act()
        assert seat is not None
        legal = state.legal_moves()
        assert len(set(legal)) == len(legal), repr(state)
        policy = policy_for(state.view(seat))
        advice = hint(state, seat, rng.getrandbits(32), BUDGET)
        shown: dict[object, set[tuple[float | None, int]]] = {}
        for a in advice:
            shown.setdefault(policy.twin(a.move), set()).add((a.chance, a.visits))
        assert all(len(numbers) == 1 for numbers in shown.values()), advice
        twinned += len(shown) < len(advice)
    assert twinned, "some positions hold twins"
