"""doors.md §2.5 (end of contest and of the match: E1-E4), rulings Q8 and Q9 and test vector
§5.9."""

import random
from collections import Counter

import pytest
from doors_scenarios import BL, BT, RL, RT, WC, collect, dealt

from engine.core import Event, IllegalMove, Rejection, Result
from engine.doors.model import (
    CLUE_DECK,
    DOORS,
    RULES,
    Colour,
    ContestEnded,
    ContestOutcome,
    Guess,
    MatchEnded,
    Phase,
    ScoreReason,
    Take,
)
from engine.doors.state import DoorsState


def _red_set(gems: tuple[int, int] = (0, 0), seed: int = 0) -> tuple[DoorsState, list[Event]]:
    """A Red Lady Collector scores RT, RT, RL, WC (Red 4) against a Blue Tiger."""
    state = dealt(RL, BT, RT, RT, RL, WC, gems=gems, seed=seed)
    return state, collect(state, RT, RT, RL, WC)


def test_E1_contest_end_reveals_both_doors() -> None:
    state = dealt(RL, BT, RT, RT, RL, WC)
    doors = state.doors
    events = collect(state, RT, RT, RL, WC)
    ended = next(e for e in events if isinstance(e, ContestEnded))

    assert ended.doors == doors
    outcome = ContestOutcome(1, ScoreReason.COLLECTOR_SET, ended.scorer, 6, doors)
    for viewer in (0, 1, None):
        assert state.view(viewer).last_contest == outcome


def test_E2_new_contest_redeals_every_door_and_clue_and_swaps_roles() -> None:
    doors_in_contest_two = set()
    for seed in range(20):
        state = dealt(RL, BT, RT, RT, RL, WC, seed=seed)
        collector = state.collector
        collect(state, RT, RT, RL, WC)

        assert (state.contest, state.collector) == (2, (collector + 1) % 2)
        assert (state.collection, state.discards) == ((), ())
        assert (len(state.display), len(state.deck)) == (4, 10)
        assert Counter(state.display + state.deck) == Counter(CLUE_DECK)
        assert state.phase is Phase.COLLECTOR_TAKE
        doors_in_contest_two.update(state.doors)
    assert doors_in_contest_two == set(DOORS)  # the set-aside Doors come back too


def test_E3_first_to_ten_gems_wins_overshoot_allowed() -> None:
    state, events = _red_set(gems=(9, 9))
    winner = state.collector

    assert state.phase is Phase.OVER
    assert state.gems[winner] == 15
    assert events[-1] == MatchEnded(winner, state.gems)
    assert state.result() == Result(scores=state.gems, winners=(winner,))
    assert (state.to_act(), state.legal_moves()) == (None, ())
    with pytest.raises(IllegalMove) as raised:
        state.apply(Take(RL))
    assert raised.value.rejection is Rejection.MATCH_OVER


def test_E3_below_ten_the_match_goes_on() -> None:
    state, _ = _red_set(gems=(3, 3))
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
    state = dealt(RL, BT, RT, RT, RL, WC)
    collector = state.collector
    if collector_scores:
        collect(state, RT, RT, RL, WC)
    else:
        state.apply(Take(RT))
        state.apply(Guess(Colour.RED, None))  # right: the Guesser scores
    assert state.gems[collector] == (6 if collector_scores else 0)
    assert state.collector != collector


def test_Q9_every_finished_match_has_exactly_one_winner() -> None:
    for seed in range(40):
        state, rng = DoorsState(seed, collector_set_optional=seed % 2 == 1), random.Random(seed)
        while state.to_act() is not None:
            state.apply(rng.choice(state.legal_moves()))
        result = state.result()
        assert result is not None
        assert len(result.winners) == 1
        assert result.scores[result.winners[0]] >= RULES.target_gems > min(result.scores)


def test_V9_nine_gems_plus_a_set_is_fifteen_and_game_over() -> None:
    state = dealt(RL, BT, RT, RT, RL, WC)
    state.gems = (9, 9)
    collector = state.collector
    collect(state, RT, RT, RL, WC)

    assert state.gems[collector] == 15
    assert state.phase is Phase.OVER
    assert state.result() == Result(scores=state.gems, winners=(collector,))


def test_V9_roles_swap_and_clues_reshuffled_between_contests() -> None:
    state = dealt(RL, BT, RT, RT, RL, WC, BL, BL)
    collector, clues = state.collector, state.display + state.deck
    collect(state, RT, RT, RL, WC)

    assert state.collector != collector
    assert Counter(state.display + state.deck) == Counter(CLUE_DECK)
    assert state.display + state.deck != clues
