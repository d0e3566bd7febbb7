"""The match around the deals: V5 (match length and dealer rule), Q10 (the result), the match
options (§3) and GameInfo, and what each seat sees of the deal's events and in its view (replay
and the rest of the engine contract: tests/engine/test_contract.py)."""

import dataclasses
import random
from typing import Any

import pytest

from engine.core import BadOptions, Event
from engine.koikoi import GAME
from engine.koikoi.model import (
    DealEnd,
    DealEnded,
    Dealt,
    Drew,
    KoiKoi,
    MatchEnded,
    Phase,
    Played,
    Redealt,
)
from engine.koikoi.options import OPTIONS, rules_from_options
from engine.koikoi.rules import (
    GROUPED,
    NINTENDO,
    BoardFour,
    DealtHand,
    FinalTie,
    FirstDealer,
    NextDealer,
    OpponentKoi,
    OwnKoi,
    RainCard,
    Rules,
    SakeCup,
    ViewingCancel,
    ViewingLimit,
)
from engine.koikoi.state import KoiKoiState
from tests.engine.koikoi.koikoi_scenarios import (
    BOARD,
    EXHAUSTED,
    HAND_A,
    HAND_B,
    OTHER_CALLS_FIRST,
    cards,
    dealer_stops,
    dealt,
    of_type,
    pile,
    play_deal,
)


def random_match(rules: Rules, seed: int) -> tuple[KoiKoiState, list[Event], int]:
    """A whole match of random moves (koi-koi four times in five, so that some deals run out);
    returns it, every event and the first dealer."""
    state = KoiKoiState(rules, seed)
    first_dealer = state.dealer
    events, rng = state.start(), random.Random(seed)
    while state.to_act() is not None:
        keep_going = state.phase is Phase.DECISION and rng.random() < 0.8
        move = KoiKoi() if keep_going else rng.choice(state.legal_moves())
        events += state.apply(move)
    return state, events, first_dealer


@pytest.mark.parametrize("deals", [3, 6, 12])
def test_V5_matches_of_several_deals_and_the_dealer_rule(deals: int) -> None:
    """The winner of a deal deals the next; after a drawn deal the dealer deals again."""
    reasons = set()
    for seed in range(8):
        state, events, dealer = random_match(Rules(deals=deals), seed)
        dealt_events = [e for e in events if isinstance(e, Dealt)]
        summaries = [e.summary for e in of_type(events, DealEnded)]
        assert [s.deal for s in summaries] == list(range(1, deals + 1))
        for summary in summaries:
            assert {e.dealer for e in dealt_events if e.deal == summary.deal} == {dealer}
            reasons.add((summary.reason, summary.winner == dealer))
            dealer = dealer if summary.winner is None else summary.winner
        totals = [sum(s.points for s in summaries if s.winner == seat) for seat in (0, 1)]
        assert state.match_scores == tuple(totals)
        result = state.result()
        assert result is not None and result.scores == state.match_scores
        assert result.detail == {"deals": deals}
    assert (DealEnd.EXHAUSTED, False) in reasons  # drawn deals happened
    assert (DealEnd.STOP, False) in reasons  # and the dealer changed hands


def test_Q10_a_single_deal_reports_its_winner_and_points() -> None:
    state, _ = dealt(*OTHER_CALLS_FIRST)
    events, _ = play_deal(state, dealer_stops)
    (ended,) = of_type(events, MatchEnded)
    result = state.result()
    assert result is not None and result.winners == (0,) == ended.winners
    assert result.scores == state.match_scores and result.scores[1] == 0


def test_Q10_V5_a_drawn_deal_or_tied_match_has_no_winner() -> None:
    state, _ = dealt(*EXHAUSTED)
    play_deal(state)
    result = state.result()
    assert result is not None and result.winners == () and result.scores == (0, 0)


def test_sec3_option_defaults_are_cardavia() -> None:
    assert rules_from_options(GAME.info.validate(2, {})) == Rules()


OPTION_RULES = [
    ("yaku_table", "grouped", Rules(values=GROUPED)),
    ("yaku_table", "nintendo", Rules(values=NINTENDO)),
    ("viewing_sake", "3", Rules(viewing_sake_points=3)),
    ("viewing_sake", "5", Rules(viewing_sake_points=5)),
    ("viewing_sake", "1_3", Rules(viewing_sake_points=1, viewing_sake_called_points=3)),
    ("viewing_cancel", "rain", Rules(viewing_cancel=ViewingCancel.RAIN)),
    ("viewing_cancel", "rain_fog", Rules(viewing_cancel=ViewingCancel.RAIN_FOG)),
    ("viewing_cancel", "fog", Rules(viewing_cancel=ViewingCancel.FOG)),
    ("rain_card", "lightning", Rules(rain_card=RainCard.LIGHTNING)),
    ("rain_card", "willow", Rules(rain_card=RainCard.WILLOW)),
    ("viewing_limit", "with_other_yaku", Rules(viewing_limit=ViewingLimit.WITH_OTHER_YAKU)),
    ("viewing_limit", "season_double", Rules(viewing_limit=ViewingLimit.SEASON_DOUBLE)),
    ("viewing_limit", "season_only", Rules(viewing_limit=ViewingLimit.SEASON_ONLY)),
    ("double_seven", "on", Rules(double_from=7)),
    ("opponent_koi", "once", Rules(opponent_koi=OpponentKoi.ONCE)),
    ("opponent_koi", "per_call", Rules(opponent_koi=OpponentKoi.PER_CALL)),
    ("own_koi", "plus_one", Rules(own_koi=OwnKoi.PLUS_ONE)),
    ("own_koi", "double", Rules(own_koi=OwnKoi.DOUBLE)),
    ("own_koi", "koikoi_japan", Rules(own_koi=OwnKoi.KOIKOI_JAPAN)),
    ("bright_base", "on", Rules(bright_base=True)),
    ("koi_koi_lock", "on", Rules(koi_koi_lock=True)),
    ("koi_koi_limit", "1", Rules(koi_koi_limit=1)),
    ("koi_koi_limit", "2", Rules(koi_koi_limit=2)),
    ("koi_koi_limit", "3", Rules(koi_koi_limit=3)),
    ("deals", "3", Rules(deals=3)),
    ("deals", "6", Rules(deals=6)),
    ("deals", "12", Rules(deals=12)),
    ("first_to", "30", Rules(target_points=30, deals=0)),
    ("first_to", "50", Rules(target_points=50, deals=0)),
    ("first_to", "100", Rules(target_points=100, deals=0)),
    ("zero_sum", "on", Rules(zero_sum=True, starting_points=50)),
    ("next_dealer", "loser", Rules(next_dealer=NextDealer.LOSER)),
    ("next_dealer", "alternate", Rules(next_dealer=NextDealer.ALTERNATE)),
    ("final_tie", "dealer", Rules(final_tie=FinalTie.DEALER)),
    ("final_tie", "extra_deals", Rules(final_tie=FinalTie.EXTRA_DEALS)),
    ("first_dealer", "draw", Rules(first_dealer=FirstDealer.DRAW)),
    ("tsuki_fuda", "on", Rules(tsuki_fuda_points=4)),
    ("oya_ken", "1", Rules(oya_ken_points=1)),
    ("oya_ken", "6", Rules(oya_ken_points=6)),
    *(("exhausted_dealer", str(n), Rules(exhausted_dealer_points=n)) for n in range(1, 7)),
    *(("exhausted_other", str(n), Rules(exhausted_other_points=n)) for n in range(1, 7)),
    ("sake_cup", "animal", Rules(sake_cup=SakeCup.ANIMAL)),
    ("sake_cup", "plain", Rules(sake_cup=SakeCup.PLAIN)),
    ("dealt_hand", "score_both_draw", Rules(dealt_hand=DealtHand.SCORE_BOTH_DRAW)),
    ("dealt_hand", "score_both_play", Rules(dealt_hand=DealtHand.SCORE_BOTH_PLAY)),
    ("dealt_hand", "redeal", Rules(dealt_hand=DealtHand.REDEAL)),
    ("dealt_hand", "ignore", Rules(dealt_hand=DealtHand.IGNORE)),
    ("dealt_hand_stack", "on", Rules(dealt_hand_stack=True)),
    ("hand_size", "10", Rules(hand_size=10)),
    ("board_four", "dealer_takes", Rules(board_four=BoardFour.DEALER_TAKES)),
    ("board_four", "dealer_wins", Rules(board_four=BoardFour.DEALER_WINS)),
    ("board_pairs", "play", Rules(board_pairs_redeal=False)),
    ("forced_matching", "on", Rules(forced_matching=True)),
]
"""Every non-default option value and the Rules it makes (the defaults make `Rules()`)."""

NEEDS: dict[str, tuple[dict[str, str], dict[str, Any]]] = {
    "viewing_cancel": ({"viewing_sake": "3"}, {"viewing_sake_points": 3}),
    "viewing_limit": ({"viewing_sake": "3"}, {"viewing_sake_points": 3}),
    "rain_card": (
        {"viewing_sake": "3", "viewing_cancel": "rain"},
        {"viewing_sake_points": 3, "viewing_cancel": ViewingCancel.RAIN},
    ),
}
"""The options a value needs beside it (`CONFLICTS`), and the Rules fields they set."""


@pytest.mark.parametrize(("option", "value", "expected"), OPTION_RULES)
def test_sec3_V1_to_V13_each_option_value_sets_its_rule(
    option: str, value: str, expected: Rules
) -> None:
    companions, fields = NEEDS.get(option, ({}, {}))
    chosen = GAME.info.validate(2, {option: value, **companions})
    assert rules_from_options(chosen) == dataclasses.replace(expected, **fields)


def test_sec3_every_option_value_is_covered_above() -> None:
    offered = {(spec.name, value) for spec in OPTIONS for value in spec.values[1:]}
    assert offered == {(option, value) for option, value, _ in OPTION_RULES}


def test_sec3_a_bad_option_is_refused_by_name() -> None:
    with pytest.raises(BadOptions) as bad:
        GAME.info.validate(2, {"deals": "5"})
    assert bad.value.option == "deals"
    with pytest.raises(BadOptions) as bad:
        GAME.info.validate(2, {"koi_koi_cap": "1"})
    assert bad.value.option == "koi_koi_cap"
    with pytest.raises(BadOptions) as bad:
        GAME.new(3, {}, 0)
    assert bad.value.option == "players"
    with pytest.raises(BadOptions):
        rules_from_options({"viewing_sake": "on"})


def test_sec3_game_info() -> None:
    info = GAME.info
    assert (info.id, info.title, info.min_players, info.max_players) == (
        "koikoi",
        "Hanafuda Koi-Koi",
        2,
        2,
    )
    assert 15 <= len(info.help.splitlines()) <= 25
    assert all(len(line) <= 100 for line in info.help.splitlines())
    assert len({spec.name for spec in info.options}) == len(info.options) == 28
    assert all(spec.default == spec.values[0] and spec.description for spec in info.options)


def test_contract_the_dealing_event_shows_each_seat_only_its_own_hand() -> None:
    _, events = dealt(HAND_A, HAND_B, BOARD)
    (deal,) = of_type(events, Dealt)
    assert deal.for_viewer(0).hands == (cards(HAND_A), None)
    assert deal.for_viewer(1).hands == (None, cards(HAND_B))
    assert deal.for_viewer(None).hands == (None, None)
    assert deal.for_viewer(0).board == cards(BOARD)
    assert "jan-poetry" not in deal.for_viewer(0).describe()
    assert "jan-crane" not in deal.for_viewer(None).describe()


def test_contract_play_events_are_public() -> None:
    state, _ = dealt(HAND_A, HAND_B, BOARD)
    for event in state.apply(state.legal_moves()[0]):
        assert isinstance(event, Played | Drew | DealEnded | MatchEnded | Redealt)
        assert event.for_viewer(1) == event == event.for_viewer(None)


def test_contract_the_view_shows_own_hand_counts_and_public_cards() -> None:
    state, _ = dealt(HAND_A, HAND_B, BOARD, "jun-plain-1")
    view = state.view(0)
    assert view.hand == cards(HAND_A) and view.hand_counts == (8, 8)
    assert view.board == cards(BOARD) and view.stock_count == 24
    assert view.phase is Phase.HAND and view.to_act == 0 and view.dealer == 0
    assert (view.deal, view.deals, view.scores, view.last_deal) == (1, 1, (0, 0), None)
    assert state.view(1).hand == cards(HAND_B) and state.view(None).hand is None
    state.apply(state.legal_moves()[0])  # jan-crane takes jan-plain-1, jun-plain-1 stays
    view = state.view(None)
    assert view.piles == (cards("jan-crane jan-plain-1"), ())
    assert view.hand_counts == (7, 8) and view.stock_count == 23
    assert pile("jun-plain-1") & state.board and view.turn == 1


def test_contract_the_view_keeps_the_last_deal_summary() -> None:
    state, events, _ = random_match(Rules(deals=3), 4)
    summaries = [e.summary for e in of_type(events, DealEnded)]
    assert state.view(0).last_deal == summaries[-1]
