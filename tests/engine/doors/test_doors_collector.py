"""doors.md §2.2 (the Collector's turn: C1-C5), EC2, EC3, EC10, EC13, rulings Q1 and Q3, and
test vectors §5.3 and §5.4."""

import pytest

from engine.core import IllegalMove, Rejection
from engine.doors.model import (
    ContestEnded,
    ContestStarted,
    DeclineSet,
    Discard,
    Pass,
    Phase,
    Refilled,
    ScoreReason,
    ScoreSet,
    SetDeclined,
    Take,
    Took,
)
from tests.engine.doors.doors_scenarios import BL, BT, RL, RT, WC, WR, collect, dealt, ended, spare


def test_C1_take_adds_the_card_to_the_collection_even_off_identity() -> None:
    state = dealt(RL, BT, BT, RT, BL, WC)
    events = state.apply(Take(BT))  # neither Red nor Lady

    assert events[0] == Took(state.collector, BT)
    assert state.collection == (BT,)
    assert state.phase is Phase.GUESSER_DISCARD


def test_C2_display_refilled_at_once_from_the_top_of_the_deck() -> None:
    state = dealt(RL, BT, BT, RT, BL, WC, WR)
    events = state.apply(Take(BT))

    assert events[1] == Refilled(WR, 9)
    assert state.display == (BL, RT, WC, WR)
    assert len(state.deck) == 9


def test_C3_set_of_an_own_trait_scores_six_and_ends_the_contest() -> None:
    state = dealt(BT, RL, BT, BL, BT, WC, optional=True)
    collector, doors = state.collector, state.doors
    collect(state, BT, BL, BT, WC)
    assert state.phase is Phase.COLLECTOR_SET_DECISION
    events = state.apply(ScoreSet())

    assert ended(events) == ContestEnded(1, ScoreReason.COLLECTOR_SET, collector, 6, doors)
    assert state.gems[collector] == 6
    assert state.contest == 2


def test_C4_set_scored_before_refill() -> None:
    state = dealt(RL, BT, RT, RT, RL, WC)
    collect(state, RT, RT, RL, keep=(WC,))
    events = state.apply(Take(WC))

    assert [type(e) for e in events] == [Took, ContestEnded, ContestStarted]  # no Refilled
    assert ended(events).reason is ScoreReason.COLLECTOR_SET


def test_C5_set_is_four_cards_with_the_trait_among_any_others() -> None:
    # Red Lady collects BT, RT, RT, RL (Red 3), then a second RL: Red 4 among 5 cards.
    state = dealt(RL, BL, BT, RT, RT, RL, BL, BL, BL, RL)
    collector = state.collector
    events = collect(state, BT, RT, RT, RL, RL)

    assert (ended(events).reason, ended(events).scorer) == (ScoreReason.COLLECTOR_SET, collector)
    assert state.gems[collector] == 6


def test_EC2_three_red_with_the_wild_is_no_set() -> None:
    state = dealt(RL, BT, RT, RT, BL, WC)
    events = collect(state, RT, RT, BL, WC)

    assert not any(isinstance(e, ContestEnded) for e in events)
    assert state.collection == (RT, RT, BL, WC)


def test_EC3_four_red_with_the_wild_is_a_set() -> None:
    state = dealt(RL, BT, RT, RT, RL, WC)
    events = collect(state, RT, RT, RL, WC)
    assert (ended(events).reason, ended(events).gems) == (ScoreReason.COLLECTOR_SET, 6)


def test_EC10_set_resolved_before_the_last_refill() -> None:
    # The fifth take is the Collector's last (deck 2 -> 1): its set scores with no refill.
    state = dealt(RL, BT, BT, RT, RT, RL, BL, BL, BL, WR, RL)
    collector = state.collector
    events = collect(state, BT, RT, RT, RL, RL)

    assert len(state.collection) == 0
    assert [type(e) for e in events[-3:]] == [Took, ContestEnded, ContestStarted]
    assert ended(events).scorer == collector
    refills = [e for e in events if isinstance(e, Refilled)]
    assert refills[-1].deck_left == 2


def test_EC13_collector_can_neither_pass_nor_discard() -> None:
    state = dealt(RL, BT, BT, RT, BL, WC)
    assert {type(m) for m in state.legal_moves()} == {Take}
    for move in (Pass(), Discard(BT)):
        with pytest.raises(IllegalMove) as raised:
            state.apply(move)
        assert raised.value.rejection is Rejection.ILLEGAL_MOVE


def test_Q1_set_scored_automatically_by_default() -> None:
    state = dealt(RL, BT, RT, RT, RL, WC)
    events = collect(state, RT, RT, RL, WC)
    assert ended(events).reason is ScoreReason.COLLECTOR_SET
    assert not state.collector_set_optional


def test_Q1_optional_set_offers_score_or_decline_before_the_refill() -> None:
    state = dealt(RL, BT, RT, RT, RL, WC, optional=True)
    collect(state, RT, RT, RL, keep=(WC,))
    events = state.apply(Take(WC))

    assert [type(e) for e in events] == [Took]
    assert state.phase is Phase.COLLECTOR_SET_DECISION
    assert state.to_act() == state.collector
    assert state.legal_moves() == (ScoreSet(), DeclineSet())
    assert len(state.display) == 3  # the refill waits for the decision


def test_Q1_optional_declined_set_refills_and_play_goes_on() -> None:
    state = dealt(RL, BT, RT, RT, RL, WC, optional=True)
    collector = state.collector
    collect(state, RT, RT, RL, WC)
    events = state.apply(DeclineSet())

    assert [type(e) for e in events] == [SetDeclined, Refilled]
    assert events[0] == SetDeclined(collector)
    assert state.phase is Phase.GUESSER_DISCARD
    assert len(state.display) == 4


def test_Q3_set_still_counts_with_more_than_four_cards() -> None:
    # Declined at Red 4; the fifth card keeps the set and the decision comes back.
    state = dealt(RL, BT, RT, RT, RL, WC, BL, BL, BL, RL, optional=True)
    collect(state, RT, RT, RL, WC, keep=(RL,))
    state.apply(DeclineSet())
    state.apply(Discard(spare(state.display, (RL,))))
    state.apply(Pass())
    state.apply(Take(RL))

    assert state.collection == (RT, RT, RL, WC, RL)
    assert state.phase is Phase.COLLECTOR_SET_DECISION


def test_V3_blue_tiger_collects_blue_set_scores_six_without_refill() -> None:
    state = dealt(BT, RL, BT, BL, BT, WC)
    collector = state.collector
    collect(state, BT, BL, BT, keep=(WC,))
    events = state.apply(Take(WC))

    assert [type(e) for e in events] == [Took, ContestEnded, ContestStarted]
    assert (ended(events).scorer, ended(events).gems) == (collector, 6)


def test_V4_blue_tiger_with_tiger_three_has_no_set() -> None:
    state = dealt(BT, RL, BT, RT, WR, RL)
    events = collect(state, BT, RT, WR, RL)

    assert not any(isinstance(e, ContestEnded) for e in events)
    assert state.collection == (BT, RT, WR, RL)


def test_takes_offered_once_per_card_kind_in_card_order() -> None:
    state = dealt(RL, BT, WC, RL, BT, RL)
    assert state.legal_moves() == (Take(RL), Take(BT), Take(WC))
