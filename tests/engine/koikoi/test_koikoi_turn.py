"""koikoi.md §2.2 (a turn): T1-T8, edge cases E1-E4, E6, E7, ruling Q2, test vectors §6.5 and
§6.6, the V11 forced-matching variant, and how illegal moves are refused."""

import pytest

from engine.core import IllegalMove, Rejection
from engine.koikoi.model import (
    ChooseCapture,
    Drew,
    Phase,
    PlayCard,
    Played,
    Step,
    Stop,
    YakuMade,
)
from engine.koikoi.rules import Rules
from tests.engine.koikoi.koikoi_scenarios import (
    BOARD,
    HAND_A,
    HAND_B,
    calm_play,
    cards,
    choose,
    dealt,
    of_type,
    pile,
    play,
)

# The shared hands (HAND_A matches BOARD's months 1-4), facing two or three January cards.
TWO_JAN = (
    "jan-plain-1 jan-plain-2 feb-plain-1 mar-plain-1 sep-sake-cup oct-deer nov-rain-man dec-phoenix"
)
HAND_B_NO_JAN = "feb-poetry mar-poetry apr-ribbon may-ribbon jun-blue jul-ribbon aug-geese sep-blue"
THREE_JAN = (
    "jan-poetry jan-plain-1 jan-plain-2 mar-plain-1 sep-sake-cup oct-deer nov-rain-man dec-phoenix"
)


def test_T1_Q2_any_hand_card_may_be_played_even_while_one_matches() -> None:
    state, _ = dealt(HAND_A, HAND_B, BOARD)
    assert state.legal_moves() == tuple(PlayCard(card) for card in cards(HAND_A))


def test_T2_a_card_without_a_match_stays_on_the_board() -> None:
    state, _ = dealt(HAND_A, HAND_B, BOARD, "jun-plain-1")
    events = play(state, "may-bridge")
    assert of_type(events, Played) == [
        Played(0, cards("may-bridge")[0], (), Step.HAND),
        Played(0, cards("jun-plain-1")[0], (), Step.STOCK),
    ]
    assert state.board == pile(f"{BOARD} may-bridge jun-plain-1") and state.piles == (0, 0)


def test_T3_E6_one_match_captures_the_pair() -> None:
    state, _ = dealt(HAND_A, HAND_B, BOARD, "jun-plain-1")
    events = play(state, "jan-crane")
    assert of_type(events, Played)[0] == Played(
        0, cards("jan-crane")[0], cards("jan-plain-1"), Step.HAND
    )
    assert state.piles == (pile("jan-crane jan-plain-1"), 0)
    assert not state.board & pile("jan-crane jan-plain-1")


def test_T4_E1_Q9_two_matches_the_player_chooses_and_the_other_stays() -> None:
    state, _ = dealt(HAND_A, HAND_B_NO_JAN, TWO_JAN, "jun-plain-1")
    crane = cards("jan-crane")[0]
    moves = [m for m in state.legal_moves() if isinstance(m, PlayCard) and m.card == crane]
    assert moves == [PlayCard(crane, target) for target in cards("jan-plain-1 jan-plain-2")]
    play(state, "jan-crane", take="jan-plain-2")
    assert state.piles == (pile("jan-crane jan-plain-2"), 0)
    assert state.board & pile("jan-plain-1")


def test_vector6_a_missing_or_wrong_capture_choice_is_refused() -> None:
    state, _ = dealt(HAND_A, HAND_B_NO_JAN, TWO_JAN, "jun-plain-1")
    before = repr(state)
    for move in (
        PlayCard(cards("jan-crane")[0]),
        PlayCard(cards("jan-crane")[0], cards("feb-plain-1")[0]),
        PlayCard(cards("jan-poetry")[0]),  # not in hand
    ):
        with pytest.raises(IllegalMove) as refused:
            state.apply(move)
        assert refused.value.rejection is Rejection.ILLEGAL_MOVE
    assert repr(state) == before


def test_T5_vector5_three_matches_from_the_hand_capture_all_four() -> None:
    state, _ = dealt(HAND_A, HAND_B_NO_JAN, THREE_JAN, "jun-plain-1")
    assert PlayCard(cards("jan-crane")[0]) in state.legal_moves()  # no choice to make
    play(state, "jan-crane")
    assert state.piles[0] == pile("jan-crane jan-poetry jan-plain-1 jan-plain-2")


def test_E2_vector5_three_matches_from_the_stock_capture_all_four() -> None:
    hand_a = (
        "feb-warbler mar-curtain apr-cuckoo may-bridge jun-butterflies jul-boar aug-moon sep-blue"
    )
    state, _ = dealt(hand_a, HAND_B_NO_JAN.replace("sep-blue", "oct-blue"), THREE_JAN, "jan-crane")
    events = play(state, "may-bridge")
    assert Drew(0, cards("jan-crane")[0]) in events
    assert state.piles[0] == pile("jan-crane jan-poetry jan-plain-1 jan-plain-2")
    assert state.phase is Phase.HAND and state.to_act() == 1


def test_T6_the_drawn_card_must_capture_its_single_match() -> None:
    state, _ = dealt(HAND_A, HAND_B, BOARD, "oct-plain-1")
    events = play(state, "may-bridge")
    assert of_type(events, Played)[1] == Played(
        0, cards("oct-plain-1")[0], cards("oct-deer"), Step.STOCK
    )
    assert state.piles[0] == pile("oct-plain-1 oct-deer")


def test_T6_E3_vector6_two_matches_for_the_drawn_card_ask_the_player() -> None:
    state, _ = dealt(HAND_A, HAND_B_NO_JAN, TWO_JAN, "jan-poetry")
    events = play(state, "may-bridge")
    assert events[-1] == Drew(0, cards("jan-poetry")[0])
    assert state.phase is Phase.STOCK_CHOICE and state.to_act() == 0
    assert state.view(1).drawn == cards("jan-poetry")[0]
    assert state.legal_moves() == tuple(ChooseCapture(c) for c in cards("jan-plain-1 jan-plain-2"))
    before = repr(state)
    for wrong in (ChooseCapture(cards("feb-plain-1")[0]), Stop(), PlayCard(cards("jan-crane")[0])):
        with pytest.raises(IllegalMove):
            state.apply(wrong)
    assert repr(state) == before
    events = choose(state, "jan-plain-1")
    assert events[0] == Played(0, cards("jan-poetry")[0], cards("jan-plain-1"), Step.STOCK)
    assert state.piles[0] == pile("jan-poetry jan-plain-1") and state.to_act() == 1


def test_E4_hand_and_stock_card_of_one_month_each_meet_the_board_as_it_is() -> None:
    board = (
        "mar-plain-1 mar-plain-2 jan-plain-1 feb-plain-1 sep-sake-cup oct-deer nov-rain-man "
        "dec-phoenix"
    )
    hand_b = "jan-poetry feb-poetry apr-ribbon may-ribbon jun-blue jul-ribbon aug-geese sep-blue"
    state, _ = dealt(HAND_A, hand_b, board, "mar-poetry")
    play(state, "mar-curtain", take="mar-plain-1")
    assert state.piles[0] == pile("mar-curtain mar-plain-1 mar-poetry mar-plain-2")
    assert state.phase is Phase.HAND


def test_T7_E7_yaku_are_checked_only_after_the_stock_step() -> None:
    """The hand step completes akatan, but the drawn card still waits for a choice."""
    state, _ = dealt(
        "jan-poetry feb-poetry sep-plain-1 aug-plain-1 jun-plain-1 apr-ribbon may-ribbon "
        "dec-plain-1",
        "may-plain-1 jun-plain-2 aug-plain-2 sep-plain-2 nov-ribbon jul-plain-1 apr-plain-2 "
        "feb-warbler",
        "jan-crane mar-curtain feb-plain-1 oct-plain-1 oct-plain-2 dec-phoenix nov-swallow "
        "jul-ribbon",
        "mar-poetry apr-plain-1 oct-deer",
    )
    play(state, "jan-poetry")
    play(state, "may-plain-1")
    events = play(state, "feb-poetry")
    assert state.phase is Phase.STOCK_CHOICE and not of_type(events, YakuMade)
    assert state.totals == (0, 0)
    events = choose(state, "oct-plain-2")
    assert of_type(events, YakuMade)[0].total == 6
    assert state.view(0).phase is Phase.DECISION


def test_T8_turns_alternate_starting_with_the_dealer() -> None:
    state, _ = dealt(HAND_A, HAND_B, BOARD, dealer=1)
    seats = []
    while state.to_act() is not None and state.deal_no == 1:
        if state.phase is Phase.HAND:
            seats.append(state.to_act())
        calm_play(state)
    assert seats == [1, 0] * (len(seats) // 2) + [1] * (len(seats) % 2)
    assert len(seats) <= 16


def test_V11_forced_matching_allows_only_matching_cards_when_there_is_one() -> None:
    state, _ = dealt(HAND_A, HAND_B, BOARD, rules=Rules(forced_matching=True))
    assert state.legal_moves() == tuple(
        PlayCard(card) for card in cards("jan-crane feb-warbler mar-curtain apr-cuckoo")
    )
    board = (
        "sep-plain-1 sep-plain-2 oct-plain-1 oct-plain-2 nov-rain-man nov-swallow dec-phoenix "
        "dec-plain-1"
    )
    state, _ = dealt(
        HAND_A, HAND_B, board, rules=Rules(forced_matching=True, board_pairs_redeal=False)
    )
    assert state.legal_moves() == tuple(PlayCard(card) for card in cards(HAND_A))
