"""doors.md §2.2 (the Collector's turn: C1-C5), EC2, EC3, EC10, EC13, rulings Q1 and Q3, and
test vectors §5.3 and §5.4."""

import pytest

from engine.core import IllegalMove, Rejection
from engine.doors.model import (
    ContestEnded,
    ContestStarted,
    Discard,
    Pass,
    Phase,
    Refilled,
    ScoreReason,
    Take,
    Took,
)
from tests.engine.doors.doors_scenarios import BL, BT, RL, RT, WC, WR, collect, dealt, ended


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
    collect(state, BT, BL, BT, keep=(WC,))
    events = state.apply(Take(WC, score_set=True))

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


def test_D1_optional_a_take_that_makes_a_set_is_offered_with_and_without_scoring() -> None:
    state = dealt(RL, BT, RT, RT, RL, WC, optional=True)
    collect(state, RT, RT, RL, keep=(WC,))
    legal = state.legal_moves()

    assert Take(WC) in legal and Take(WC, score_set=True) in legal
    # Only the takes that leave a set may score: Red 4 needs a red card, not a Blue Lady.
    assert state.display == (BL, BL, RT, WC)
    assert [m for m in legal if isinstance(m, Take) and m.score_set] == [
        Take(RT, True),
        Take(WC, True),
    ]
    assert Take(WC, score_set=True).label() == "take wild-colour and score the set"


def test_D1_optional_scoring_take_scores_before_the_refill() -> None:
    state = dealt(RL, BT, RT, RT, RL, WC, optional=True)
    collector = state.collector
    collect(state, RT, RT, RL, keep=(WC,))
    events = state.apply(Take(WC, score_set=True))

    assert [type(e) for e in events] == [Took, ContestEnded, ContestStarted]  # no Refilled
    assert (ended(events).reason, ended(events).scorer) == (ScoreReason.COLLECTOR_SET, collector)


def test_D1_optional_plain_take_keeps_the_set_hidden_and_refills_at_once() -> None:
    state = dealt(RL, BT, RT, RT, RL, WC, optional=True)
    collector = state.collector
    collect(state, RT, RT, RL, keep=(WC,))
    top = state.deck[0]
    events = state.apply(Take(WC))

    expected: list[object] = [Took(collector, WC), Refilled(top, 3)]
    assert list(events) == expected  # nothing tells of the set
    assert state.phase is Phase.GUESSER_DISCARD and state.to_act() == state.guesser
    assert len(state.display) == 4


def test_D1_optional_scoring_needs_a_set() -> None:
    state = dealt(RL, BT, RT, RT, RL, WC, optional=True)
    with pytest.raises(IllegalMove):
        state.apply(Take(RT, score_set=True))  # Red 1: no set


def test_D1_automatic_offers_no_scoring_take() -> None:
    state = dealt(RL, BT, RT, RT, RL, WC)
    collect(state, RT, RT, RL, keep=(WC,))
    assert all(not m.score_set for m in state.legal_moves() if isinstance(m, Take))


def test_Q3_set_still_counts_with_more_than_four_cards() -> None:
    # Kept hidden at Red 4; the fifth card keeps the set, and the take may score it.
    state = dealt(RL, BT, RT, RT, RL, WC, BL, BL, BL, RL, optional=True)
    collect(state, RT, RT, RL, WC, keep=(RL,))
    assert state.collection == (RT, RT, RL, WC)
    events = state.apply(Take(RL, score_set=True))

    assert ended(events).reason is ScoreReason.COLLECTOR_SET


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
