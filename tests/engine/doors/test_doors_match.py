"""doors.md §2.5 (end of contest and of the match: E1-E4), rulings Q8 and Q9 and test vector
§5.9."""

import random
from collections import Counter

import pytest

from engine.core import IllegalMove, Rejection, Result
from engine.doors.model import (
    CLUE_DECK,
    DOORS,
    RULES,
    Card,
    Colour,
    ContestOutcome,
    Guess,
    MatchEnded,
    Phase,
    ScoreReason,
    Take,
)
from engine.doors.state import DoorsState
from tests.engine.doors.doors_scenarios import BL, BT, RL, RT, WC, collect, dealt, ended, redeal

RED_SET = (RT, RT, RL, WC)
"""Red 4: a set for a Red Collector, nothing for a Blue one."""


def _random_match(seed: int, optional: bool = False) -> DoorsState:
    state, rng = DoorsState(seed, collector_set_optional=optional), random.Random(seed)
    while state.to_act() is not None:
        state.apply(rng.choice(state.legal_moves()))
    return state


def test_E1_contest_end_reveals_both_doors() -> None:
    state = dealt(RL, BT, *RED_SET)
    doors = state.doors
    outcome = ended(collect(state, *RED_SET))

    assert outcome.doors == doors
    revealed = ContestOutcome(1, ScoreReason.COLLECTOR_SET, outcome.scorer, 6, doors)
    for viewer in (0, 1, None):
        assert state.view(viewer).last_contest == revealed


def test_E2_new_contest_redeals_every_door_and_clue_and_swaps_roles() -> None:
    doors_in_contest_two: set[Card] = set()
    for seed in range(20):
        state = dealt(RL, BT, *RED_SET, seed=seed)
        collector = state.collector
        collect(state, *RED_SET)

        assert (state.contest, state.collector) == (2, (collector + 1) % 2)
        assert (state.collection, state.discards) == ((), ())
        assert (len(state.display), len(state.deck)) == (4, 10)
        assert Counter(state.display + state.deck) == Counter(CLUE_DECK)
        assert state.phase is Phase.COLLECTOR_TAKE
        doors_in_contest_two.update(state.doors)
    assert doors_in_contest_two == set(DOORS)  # the set-aside Doors come back too


def test_E3_first_to_ten_gems_wins_overshoot_allowed() -> None:
    state = dealt(RL, BT, *RED_SET, gems=(9, 9))
    winner = state.collector
    events = collect(state, *RED_SET)

    assert state.phase is Phase.OVER
    assert state.gems[winner] == 15
    assert events[-1] == MatchEnded(winner, state.gems)
    assert state.result() == Result(scores=state.gems, winners=(winner,))
    assert (state.to_act(), state.legal_moves()) == (None, ())
    with pytest.raises(IllegalMove) as raised:
        state.apply(Take(RL))
    assert raised.value.rejection is Rejection.MATCH_OVER


def test_E3_below_ten_the_match_goes_on() -> None:
    state = dealt(RL, BT, *RED_SET, gems=(3, 3))
    collect(state, *RED_SET)
    assert state.result() is None
    assert state.contest == 2


def test_E4_only_one_seat_scores_per_contest_so_no_tie() -> None:
    for seed in range(40):
        state, rng = DoorsState(seed), random.Random(seed)
        while state.to_act() is not None:
            before = state.gems
            state.apply(rng.choice(state.legal_moves()))
            assert sum(a != b for a, b in zip(before, state.gems, strict=True)) <= 1
        assert sum(g >= RULES.target_gems for g in state.gems) == 1


@pytest.mark.parametrize("collector_scores", [True, False])
def test_Q8_roles_alternate_whoever_scored(collector_scores: bool) -> None:
    state = dealt(RL, BT, *RED_SET)
    collector = state.collector
    if collector_scores:
        collect(state, *RED_SET)
    else:
        state.apply(Take(RT))
        state.apply(Guess(Colour.RED, None))  # right: the Guesser scores
    assert state.gems[collector] == (6 if collector_scores else 0)
    assert state.collector != collector


def test_Q9_every_finished_match_has_exactly_one_winner() -> None:
    for seed in range(40):
        result = _random_match(seed, optional=seed % 2 == 1).result()
        assert result is not None
        assert len(result.winners) == 1
        assert result.scores[result.winners[0]] >= RULES.target_gems > min(result.scores)


def test_V9_nine_gems_roles_swap_reshuffle_then_a_set_ends_the_match_at_fifteen() -> None:
    state = dealt(RL, BT, BT, RL, RL, RL)
    player = state.guesser
    state.gems = (9, 0) if player == 0 else (0, 9)
    state.apply(Take(BT))
    state.apply(Guess(Colour.BLUE, None))  # wrong: the Red Lady Collector gains 4

    assert (state.contest, state.collector, state.gems[player]) == (2, player, 9)
    assert Counter(state.display + state.deck) == Counter(CLUE_DECK)
    assert (state.collection, state.discards) == ((), ())

    redeal(state, RT, BL, *RED_SET)
    collect(state, *RED_SET)
    assert state.gems[player] == 15
    assert state.result() == Result(scores=state.gems, winners=(player,))
