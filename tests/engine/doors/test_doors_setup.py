"""doors.md §2.1 (setup of each contest: S1-S6), ruling Q10 and test vector §5.2."""

import random
from collections import Counter
from itertools import pairwise

import pytest

from engine.doors import GAME
from engine.doors.model import (
    CLUE_DECK,
    DOORS,
    RULES,
    ContestStarted,
    Guess,
    Phase,
    Role,
    Take,
)
from engine.doors.state import DoorsState
from tests.engine.doors.doors_scenarios import BL, BT, RL, RT, WC, clue_order, dealt


def test_S1_contest_ends_as_soon_as_anyone_scores() -> None:
    state = dealt(RL, BT, BT, RL, RL, RL)
    guesser = state.guesser
    state.apply(Take(BT))
    events = state.apply(Guess(None, Role.LADY))  # before discarding: the contest is over

    assert state.contest == 2
    assert state.gems[guesser] == sum(state.gems) == 1
    assert isinstance(events[-1], ContestStarted)
    assert (state.phase, state.collection, state.discards) == (Phase.COLLECTOR_TAKE, (), ())


def test_S2_two_distinct_doors_dealt_two_set_aside_unseen() -> None:
    for seed in range(50):
        state = DoorsState(seed)
        assert state.doors[0] != state.doors[1]
        assert {state.view(seat).own_door for seat in (0, 1)} == set(state.doors)
        assert state.view(None).own_door is None


def test_S3_display_four_deck_ten() -> None:
    state = DoorsState(7)
    assert len(state.display) == 4
    assert len(state.deck) == 10
    assert Counter(state.display + state.deck) == Counter(CLUE_DECK)


def test_S4_collector_takes_the_first_turn() -> None:
    state = DoorsState(3)
    assert state.phase is Phase.COLLECTOR_TAKE
    assert state.to_act() == state.collector
    assert all(isinstance(move, Take) for move in state.legal_moves())


def test_S5_roles_alternate_every_contest() -> None:
    state, rng = DoorsState(11), random.Random(11)
    collectors = [state.collector]
    while state.to_act() is not None:
        contest = state.contest
        state.apply(rng.choice(state.legal_moves()))
        if state.contest != contest:
            collectors.append(state.collector)
    assert len(collectors) > 2
    assert all(a != b for a, b in pairwise(collectors))


def test_S6_first_collector_random_from_the_seed() -> None:
    firsts = [DoorsState(seed).collector for seed in range(40)]
    assert set(firsts) == {0, 1}
    assert firsts == [DoorsState(seed).collector for seed in range(40)]


def test_Q10_first_collector_random_for_every_new_match() -> None:
    assert RULES.first_collector_random
    firsts = {GAME.new(2, {}, seed).to_act() for seed in range(40)}
    assert firsts == {0, 1}


def test_V2_setup_two_doors_dealt_display_four_deck_ten_collector_to_move() -> None:
    state = GAME.new(2, {}, 2018)
    view = state.view(state.collector)
    assert view.own_door in DOORS
    assert (len(view.display), view.deck_count) == (4, 10)
    assert (view.collection, view.discards, view.gems) == ((), (), (0, 0))
    assert view.to_act == view.collector
    assert view.contest == 1


def test_deal_gives_the_first_door_to_the_collector_whatever_their_seat() -> None:
    for seed in range(10):
        state = dealt(BL, RT, seed=seed)
        assert state.doors[state.collector] == BL
        assert state.doors[state.guesser] == RT


def test_deal_puts_the_first_four_clues_on_the_display_and_the_rest_on_the_deck() -> None:
    state = dealt(RL, BT, WC, RT, RL, BT, BL)
    assert state.display == (RL, RT, BT, WC)  # kept sorted: a slot says nothing
    assert state.deck == clue_order(WC, RT, RL, BT, BL)[4:]
    assert state.deck[0] == BL


def test_deal_refuses_an_order_that_is_not_the_whole_set_of_cards() -> None:
    state = DoorsState(0)
    with pytest.raises(ValueError):
        state.deal((RL, RL, RT, BT), CLUE_DECK)
    with pytest.raises(ValueError):
        state.deal(DOORS, CLUE_DECK[1:])
