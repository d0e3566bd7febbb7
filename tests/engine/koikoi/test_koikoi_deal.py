"""koikoi.md §2.1 (the deal): D1-D4, edge cases E12-E14 and E17, rulings Q3 and Q6, test
vectors §6.7-§6.8, and the deal variants V9 (dealt hands) and V10 (the dealt board)."""

import random

import pytest

from engine.koikoi.cards import MONTHS, complete_months, four_pairs
from engine.koikoi.deal import could_be_played
from engine.koikoi.model import (
    BoardFourTaken,
    DealEnd,
    DealEnded,
    Dealt,
    MatchEnded,
    Misdeal,
    Phase,
    Played,
    Redealt,
    ScoredYaku,
    Yaku,
)
from engine.koikoi.rules import BoardFour, DealtHand, Rules
from engine.koikoi.state import KoiKoiState
from tests.engine.koikoi.koikoi_scenarios import (
    BOARD,
    HAND_A,
    HAND_B,
    cards,
    dealt,
    of_type,
    order,
    pile,
)

# Hands with four of a month (teshi) or four pairs (kuttsuki), and partners for them.
TESHI = "aug-moon aug-geese aug-plain-1 aug-plain-2 jan-crane feb-warbler mar-curtain apr-cuckoo"
KUTTSUKI = (
    "jan-crane jan-poetry feb-warbler feb-poetry mar-curtain mar-poetry apr-cuckoo apr-ribbon"
)
TESHI_AND_PAIRS = (
    "aug-moon aug-geese aug-plain-1 aug-plain-2 jan-crane jan-poetry feb-warbler feb-poetry"
)
PLAIN_HAND = (
    "may-bridge may-ribbon jun-butterflies jul-boar sep-sake-cup sep-blue oct-deer dec-phoenix"
)
PLAIN_BOARD = (
    "jan-plain-1 feb-plain-1 mar-plain-1 apr-plain-1 jun-blue jul-ribbon oct-blue nov-rain-man"
)
OTHER_TESHI = (
    "nov-rain-man nov-swallow nov-ribbon nov-lightning may-bridge jun-butterflies jul-boar oct-deer"
)
OTHER_BOARD = (
    "jan-plain-1 feb-plain-1 mar-plain-1 apr-plain-1 jun-blue jul-ribbon oct-blue sep-blue"
)

# A board with all four January cards, and one with four pairs.
FOUR_JAN_BOARD = (
    "jan-crane jan-poetry jan-plain-1 jan-plain-2 sep-sake-cup oct-deer nov-rain-man dec-phoenix"
)
HANDS_WITHOUT_JAN = (
    "feb-warbler mar-curtain apr-cuckoo may-bridge jun-butterflies jul-boar aug-moon sep-blue",
    "feb-poetry mar-poetry apr-ribbon may-ribbon jun-blue jul-ribbon aug-geese oct-blue",
)
PAIRS_BOARD = (
    "jan-plain-1 jan-plain-2 sep-sake-cup sep-blue oct-deer oct-blue nov-rain-man nov-swallow"
)


def test_D1_eight_cards_each_eight_on_the_board_24_in_the_stock() -> None:
    state, events = dealt(HAND_A, HAND_B, BOARD)
    assert state.hands == (pile(HAND_A), pile(HAND_B))
    assert state.board == pile(BOARD) and len(state.stock) == 24
    assert state.stock == tuple(order(HAND_A, HAND_B, BOARD)[24:])
    assert [type(e) for e in events] == [Dealt]
    assert state.phase is Phase.HAND and state.to_act() == 0


def test_D1_the_dealers_hand_comes_first_in_the_order() -> None:
    state, _ = dealt(HAND_A, HAND_B, BOARD, dealer=1)
    assert state.hands == (pile(HAND_B), pile(HAND_A)) and state.to_act() == 1


def test_D1_a_deal_order_must_hold_all_48_cards() -> None:
    with pytest.raises(ValueError, match="48"):
        KoiKoiState(Rules(), 0).start(order(HAND_A, HAND_B, BOARD)[:47])


def test_D2_the_first_dealer_is_drawn_from_the_seed() -> None:
    dealers = {KoiKoiState(Rules(), seed).dealer for seed in range(40)}
    assert dealers == {0, 1}
    assert KoiKoiState(Rules(), 7).dealer == KoiKoiState(Rules(), 7).dealer


def test_D3_vector7_four_of_a_month_on_the_board_is_a_misdeal() -> None:
    state, events = dealt(*HANDS_WITHOUT_JAN, FOUR_JAN_BOARD, seed=3)
    assert of_type(events, Redealt)[0] == Redealt(1, Misdeal.BOARD_FOUR)
    assert state.board != pile(FOUR_JAN_BOARD) and state.deal_no == 1
    assert not complete_months(state.board) and not four_pairs(state.board)


def test_D3_vector7_four_pairs_on_the_board_are_a_misdeal() -> None:
    hands = (
        "jan-crane feb-warbler mar-curtain apr-cuckoo may-bridge jun-butterflies jul-boar aug-moon",
        "jan-poetry feb-poetry mar-poetry apr-ribbon may-ribbon jun-blue jul-ribbon aug-geese",
    )
    _, events = dealt(*hands, PAIRS_BOARD, seed=3)
    assert of_type(events, Redealt)[0] == Redealt(1, Misdeal.BOARD_PAIRS)


def test_D3_ruling_the_board_is_checked_before_the_hands() -> None:
    teshi = (
        "aug-moon aug-geese aug-plain-1 aug-plain-2 feb-warbler mar-curtain apr-cuckoo may-bridge"
    )
    other = (
        "feb-poetry mar-poetry apr-ribbon may-ribbon jun-blue jul-ribbon jun-butterflies sep-blue"
    )
    _, events = dealt(teshi, other, FOUR_JAN_BOARD, seed=3)
    assert of_type(events, Redealt)[0].reason is Misdeal.BOARD_FOUR
    assert not any(e.summary.reason is DealEnd.DEALT_HAND for e in of_type(events, DealEnded))


def test_E17_redeals_come_from_the_seed_and_repeat_exactly() -> None:
    first = dealt(*HANDS_WITHOUT_JAN, FOUR_JAN_BOARD, seed=11)
    second = dealt(*HANDS_WITHOUT_JAN, FOUR_JAN_BOARD, seed=11)
    assert first[1] == second[1] and repr(first[0]) == repr(second[0])


def test_D4_vector8_teshi_scores_six_at_once_and_ends_the_deal() -> None:
    state, events = dealt(TESHI, PLAIN_HAND, PLAIN_BOARD)
    (ended,) = of_type(events, DealEnded)
    assert ended.summary.reason is DealEnd.DEALT_HAND and ended.summary.winner == 0
    assert ended.summary.yaku == (ScoredYaku(Yaku.TESHI, 6),)
    assert set(ended.summary.cards) == set(cards(TESHI))
    assert state.match_scores == (6, 0) and state.phase is Phase.OVER
    assert not of_type(events, Played)


def test_D4_kuttsuki_scores_six() -> None:
    state, events = dealt(KUTTSUKI, PLAIN_HAND, PLAIN_BOARD)
    (ended,) = of_type(events, DealEnded)
    assert ended.summary.yaku == (ScoredYaku(Yaku.KUTTSUKI, 6),)
    assert state.match_scores == (6, 0)


def test_D4_E12_vector8_both_hands_with_dealt_yaku_redeal() -> None:
    _, events = dealt(TESHI, OTHER_TESHI, OTHER_BOARD, seed=5)
    assert of_type(events, Redealt)[0] == Redealt(1, Misdeal.DEALT_HANDS)


def test_E13_Q6_teshi_and_kuttsuki_in_one_hand_score_six_once() -> None:
    state, events = dealt(TESHI_AND_PAIRS, PLAIN_HAND, PLAIN_BOARD)
    (ended,) = of_type(events, DealEnded)
    assert ended.summary.yaku == (ScoredYaku(Yaku.TESHI, 6),) and ended.summary.points == 6
    assert state.match_scores == (6, 0)


def test_E14_Q3_the_second_players_teshi_scores_before_anyone_plays() -> None:
    state, events = dealt(PLAIN_HAND, TESHI, PLAIN_BOARD)
    (ended,) = of_type(events, DealEnded)
    assert ended.summary.winner == 1 and state.match_scores == (0, 6)
    assert not of_type(events, Played) and of_type(events, MatchEnded)[0].winners == (1,)


def test_D4_what_is_left_of_a_hand_rules_out_teshi_not_kuttsuki() -> None:
    """Kuttsuki is a property of the whole dealt hand: two cards of one month left of a hand
    that has been played from say nothing about the cards that went before. Four of a month
    do (they were dealt together), and a hand nothing was played from is the dealt hand."""
    rules = Rules()
    assert could_be_played(pile("jan-plain-1 jan-plain-2"), rules)
    assert could_be_played(pile("jan-plain-1 jan-plain-2 feb-plain-1 feb-plain-2"), rules)
    assert could_be_played(pile(" ".join(KUTTSUKI.split()[:6])), rules)
    assert not could_be_played(pile(KUTTSUKI), rules)
    assert not could_be_played(pile("aug-moon aug-geese aug-plain-1 aug-plain-2"), rules)
    assert not could_be_played(pile(" ".join(TESHI.split()[:6])), rules)
    assert could_be_played(pile(PLAIN_HAND), rules)
    for mode in (DealtHand.IGNORE, DealtHand.SCORE_BOTH_PLAY):
        assert could_be_played(pile(TESHI), Rules(dealt_hand=mode))


@pytest.mark.parametrize("mode", [DealtHand.SCORE, DealtHand.REDEAL])
def test_D4_determinize_imagines_a_pair_late_in_a_deal(mode: DealtHand) -> None:
    """Late in a deal the opponent may well hold two cards of one month; a sampler that ruled
    that out would never fear the capture they make (issue 23)."""
    rules = Rules(dealt_hand=mode)
    rng = random.Random(5)
    pairs = samples = 0
    for seed in range(20):
        state = KoiKoiState(rules, seed)
        state.start()
        while state.phase is not Phase.OVER and state.hands[1].bit_count() != 2:
            state.apply(rng.choice(state.legal_moves()))
        if state.phase is Phase.OVER:
            continue
        for _ in range(20):
            hand = state.determinize(0, rng).hands[1]
            samples += 1
            pairs += any((hand & month).bit_count() == 2 for month in MONTHS)
    assert samples >= 100
    assert pairs > samples // 20  # about one hand in twelve of two unseen cards is a pair


def test_V9_score_both_draw() -> None:
    rules = Rules(dealt_hand=DealtHand.SCORE_BOTH_DRAW)
    state, events = dealt(TESHI, OTHER_TESHI, OTHER_BOARD, rules=rules)
    (ended,) = of_type(events, DealEnded)
    assert ended.summary.reason is DealEnd.DEALT_HANDS_DRAW and ended.summary.winner is None
    assert state.match_scores == (0, 0) and of_type(events, MatchEnded)[0].winners == ()


def test_V9_score_both_play() -> None:
    rules = Rules(dealt_hand=DealtHand.SCORE_BOTH_PLAY)
    state, _ = dealt(TESHI, OTHER_TESHI, OTHER_BOARD, rules=rules)
    assert state.phase is Phase.HAND
    state, _ = dealt(TESHI, PLAIN_HAND, PLAIN_BOARD, rules=rules)
    assert state.match_scores == (6, 0)


def test_V9_redeal_any_dealt_hand_yaku() -> None:
    rules = Rules(dealt_hand=DealtHand.REDEAL)
    _, events = dealt(TESHI, PLAIN_HAND, PLAIN_BOARD, rules=rules, seed=2)
    assert of_type(events, Redealt)[0] == Redealt(1, Misdeal.DEALT_HANDS)


def test_V9_ignore_dealt_hand_yaku() -> None:
    rules = Rules(dealt_hand=DealtHand.IGNORE)
    state, events = dealt(TESHI, OTHER_TESHI, OTHER_BOARD, rules=rules)
    assert state.phase is Phase.HAND and [type(e) for e in events] == [Dealt]


def test_V10_dealer_takes_the_four_and_the_stock_refills_the_board() -> None:
    rules = Rules(board_four=BoardFour.DEALER_TAKES)
    refill = "dec-plain-1 dec-plain-2 feb-plain-1 mar-plain-1"
    state, events = dealt(*HANDS_WITHOUT_JAN, FOUR_JAN_BOARD, refill, rules=rules, dealer=1)
    (taken,) = of_type(events, BoardFourTaken)
    assert taken == BoardFourTaken(
        1, cards("jan-crane jan-poetry jan-plain-1 jan-plain-2"), taken.refill
    )
    assert set(taken.refill) == set(cards(refill))
    assert state.piles == (0, MONTHS[0]) and len(state.stock) == 20
    assert state.board == pile("sep-sake-cup oct-deer nov-rain-man dec-phoenix " + refill)
    assert state.phase is Phase.HAND and state.to_act() == 1
    view = state.view(None)  # the history replays from the board as play began
    assert view.opening_board == view.board and view.history == ()


def test_V10_V6_dealer_takes_in_the_deals_month_holds_tsuki_fuda_without_a_decision() -> None:
    rules = Rules(board_four=BoardFour.DEALER_TAKES, tsuki_fuda_points=4)
    refill = "dec-plain-1 dec-plain-2 feb-plain-1 mar-plain-1"
    state, _ = dealt(*HANDS_WITHOUT_JAN, FOUR_JAN_BOARD, refill, rules=rules)
    assert state.totals == (4, 0) and state.phase is Phase.HAND  # deal 1 is January


def test_V10_dealer_takes_then_a_refilled_four_redeals() -> None:
    rules = Rules(board_four=BoardFour.DEALER_TAKES)
    board = (
        "jan-crane jan-poetry jan-plain-1 jan-plain-2 oct-plain-1 oct-plain-2 oct-deer nov-rain-man"
    )
    hands = (
        "feb-warbler mar-curtain apr-cuckoo may-bridge jun-butterflies jul-boar aug-moon sep-blue",
        "feb-poetry mar-poetry apr-ribbon may-ribbon jun-blue jul-ribbon aug-geese sep-sake-cup",
    )
    _, events = dealt(*hands, board, "oct-blue dec-plain-1 dec-plain-2 feb-plain-1", rules=rules)
    assert of_type(events, BoardFourTaken)
    assert of_type(events, Redealt)[0] == Redealt(1, Misdeal.BOARD_FOUR)


def test_V10_dealer_wins_with_four_on_the_board() -> None:
    rules = Rules(board_four=BoardFour.DEALER_WINS)
    state, events = dealt(*HANDS_WITHOUT_JAN, FOUR_JAN_BOARD, rules=rules, dealer=1)
    (ended,) = of_type(events, DealEnded)
    assert ended.summary.reason is DealEnd.FOUR_ON_BOARD and ended.summary.winner == 1
    assert ended.summary.yaku == (ScoredYaku(Yaku.FOUR_ON_BOARD, 6),)
    assert state.match_scores == (0, 6)


def test_V10_four_pairs_on_the_board_may_be_played() -> None:
    hands = (
        "jan-crane feb-warbler mar-curtain apr-cuckoo may-bridge jun-butterflies jul-boar aug-moon",
        "jan-poetry feb-poetry mar-poetry apr-ribbon may-ribbon jun-blue jul-ribbon aug-geese",
    )
    state, events = dealt(*hands, PAIRS_BOARD, rules=Rules(board_pairs_redeal=False))
    assert state.board == pile(PAIRS_BOARD) and not of_type(events, Redealt)
