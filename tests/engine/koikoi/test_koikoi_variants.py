"""The house rules of koikoi.md §3 added as options: V2 (KoiKoi-Japan viewing values), V3 (rain
card, fog), V4c (own-koi bonus, bright base), V4d (lock, call limit), V5 (first to N, next
dealer, final tie, zero-sum), V7 (seat points), V9 (stacking), V12 (10-card hands), V13
(viewing limits), D2 (drawing for the first dealer), and the table of options that cannot be
combined."""

import itertools
import random

import pytest

from engine.core import BadOptions
from engine.koikoi import GAME
from engine.koikoi.cards import Card, Kind, four_pairs, mask_of
from engine.koikoi.model import (
    BoardFourTaken,
    DealEnd,
    DealEnded,
    DealerDrawn,
    Dealt,
    Doubling,
    KoiKoi,
    KoiKoiCalled,
    MatchEnded,
    Multiplier,
    Phase,
    Played,
    ScoredYaku,
    Step,
    Stop,
    Yaku,
    YakuMade,
)
from engine.koikoi.options import CONFLICTS, OPTIONS, rules_from_options
from engine.koikoi.rules import (
    BoardFour,
    FinalTie,
    FirstDealer,
    NextDealer,
    OwnKoi,
    RainCard,
    Rules,
    ViewingCancel,
    ViewingLimit,
)
from engine.koikoi.state import KoiKoiState, draw_winner
from engine.koikoi.yaku import Scorer
from tests.engine.koikoi.koikoi_scenarios import (
    EXHAUSTED,
    OTHER_CALLS_FIRST,
    OTHER_CALLS_TWICE,
    cards,
    dealer_at_seven_after_two_calls,
    dealer_stops,
    dealt,
    koi_koi,
    of_type,
    pile,
    play,
    play_deal,
    play_until,
    stop,
)
from tests.engine.koikoi.test_koikoi_deal import (
    KUTTSUKI,
    PLAIN_BOARD,
    PLAIN_HAND,
    TESHI,
    TESHI_AND_PAIRS,
)
from tests.engine.koikoi.test_koikoi_decision import ended, scripted_vector9

HANAMI = "mar-curtain sep-sake-cup"
TSUKIMI = "aug-moon sep-sake-cup"
BOTH_VIEWING = "mar-curtain aug-moon sep-sake-cup"
KASU = "jan-plain-1 jan-plain-2 feb-plain-1 feb-plain-2 mar-plain-1 mar-plain-2 apr-plain-1 "
KASU += "apr-plain-2 may-plain-1"  # nine plains: with the sake cup, kasu 1


def viewing(rules: Rules, text: str, month: int = 1, called: bool = False) -> dict[Yaku, int]:
    scored = Scorer(rules).scored(pile(text), month, called)
    return {y: p for y, p in scored if y in (Yaku.HANAMI_ZAKE, Yaku.TSUKIMI_ZAKE)}


# V2 ---------------------------------------------------------------------------------------


def test_V2_koikoi_japan_viewing_is_1_each_and_3_once_the_holder_called() -> None:
    rules = rules_from_options({"viewing_sake": "1_3"})
    assert viewing(rules, BOTH_VIEWING) == {Yaku.HANAMI_ZAKE: 1, Yaku.TSUKIMI_ZAKE: 1}
    called = viewing(rules, BOTH_VIEWING, called=True)
    assert called == {Yaku.HANAMI_ZAKE: 3, Yaku.TSUKIMI_ZAKE: 3}


def test_V2_the_raise_on_calling_is_no_new_yaku_and_asks_nothing() -> None:
    """The call itself lifts hanami-zake from 1 to 3: K1 compares later turns with the raised
    total, so the call does not count as a rise; the stop scores 3."""
    rules = rules_from_options({"viewing_sake": "1_3"})
    state, _ = dealt(
        "mar-curtain jan-crane feb-warbler apr-cuckoo may-bridge jun-butterflies jul-boar oct-deer",
        "jan-poetry feb-poetry apr-ribbon may-ribbon jun-blue jul-ribbon aug-geese oct-blue",
        "mar-plain-1 sep-plain-1 nov-rain-man dec-phoenix aug-moon nov-swallow dec-plain-1 "
        "jan-plain-1",
        "sep-sake-cup may-plain-1 jun-plain-1",
        rules=rules,
    )
    play(state, "mar-curtain")  # takes mar-plain-1; the drawn sake cup takes sep-plain-1
    assert state.phase is Phase.DECISION and state.totals == (1, 0)
    koi_koi(state)
    assert state.totals == (1 + 2, 0) and state.view(1).yaku[0] == (
        ScoredYaku(Yaku.HANAMI_ZAKE, 3),
    )
    play(state, "jun-blue")  # seat 1: nothing of June on the board
    play(state, "oct-deer")  # the dealer captures nothing new either
    assert state.view(None).phase is Phase.HAND and state.to_act() == 1


# V3 ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rain_card", "rain", "not_rain"),
    [
        (RainCard.RAIN_MAN, "nov-rain-man", "nov-lightning"),
        (RainCard.LIGHTNING, "nov-lightning", "nov-rain-man"),
        (RainCard.WILLOW, "nov-swallow", "dec-phoenix"),
    ],
)
def test_V3_the_rain_card_voids_the_viewing_yaku(
    rain_card: RainCard, rain: str, not_rain: str
) -> None:
    rules = Rules(viewing_sake_points=5, viewing_cancel=ViewingCancel.RAIN, rain_card=rain_card)
    assert viewing(rules, f"{BOTH_VIEWING} {rain}") == {}
    assert len(viewing(rules, f"{BOTH_VIEWING} {not_rain}")) == 2
    rain_fog = Rules(
        viewing_sake_points=5, viewing_cancel=ViewingCancel.RAIN_FOG, rain_card=rain_card
    )
    assert viewing(rain_fog, f"{BOTH_VIEWING} {rain}") == {Yaku.TSUKIMI_ZAKE: 5}


def test_V3_willow_rain_includes_the_rain_man_and_the_lightning_card() -> None:
    rules = Rules(
        viewing_sake_points=3, viewing_cancel=ViewingCancel.RAIN, rain_card=RainCard.WILLOW
    )
    for willow in ("nov-rain-man", "nov-swallow", "nov-ribbon", "nov-lightning"):
        assert viewing(rules, f"{HANAMI} {willow}") == {}


def test_V3_fog_on_its_own_voids_only_moon_viewing() -> None:
    rules = Rules(viewing_sake_points=3, viewing_cancel=ViewingCancel.FOG)
    assert viewing(rules, f"{BOTH_VIEWING} dec-plain-1") == {Yaku.HANAMI_ZAKE: 3}
    assert len(viewing(rules, f"{BOTH_VIEWING} nov-rain-man")) == 2  # rain does nothing


# V13 --------------------------------------------------------------------------------------


def test_V13_with_other_yaku_viewing_counts_only_beside_another_yaku() -> None:
    rules = Rules(viewing_sake_points=5, viewing_limit=ViewingLimit.WITH_OTHER_YAKU)
    assert Scorer(rules).scored(pile(HANAMI), 1) == []
    scored = dict(Scorer(rules).scored(pile(f"{HANAMI} {KASU}"), 1))
    assert scored == {Yaku.KASU: 1, Yaku.HANAMI_ZAKE: 5}


def test_V13_with_other_yaku_the_other_viewing_yaku_is_not_enough() -> None:
    rules = Rules(viewing_sake_points=5, viewing_limit=ViewingLimit.WITH_OTHER_YAKU)
    assert Scorer(rules).scored(pile(BOTH_VIEWING), 1) == []


def test_V13_Q12_season_double_doubles_each_viewing_yaku_in_its_month() -> None:
    rules = Rules(viewing_sake_points=3, viewing_limit=ViewingLimit.SEASON_DOUBLE)
    assert viewing(rules, BOTH_VIEWING, month=3) == {Yaku.HANAMI_ZAKE: 6, Yaku.TSUKIMI_ZAKE: 3}
    assert viewing(rules, BOTH_VIEWING, month=8) == {Yaku.HANAMI_ZAKE: 3, Yaku.TSUKIMI_ZAKE: 6}
    assert viewing(rules, BOTH_VIEWING, month=1) == {Yaku.HANAMI_ZAKE: 3, Yaku.TSUKIMI_ZAKE: 3}


def test_V13_Q12_season_only_counts_each_viewing_yaku_only_in_its_month() -> None:
    rules = Rules(viewing_sake_points=3, viewing_limit=ViewingLimit.SEASON_ONLY)
    assert viewing(rules, BOTH_VIEWING, month=3) == {Yaku.HANAMI_ZAKE: 3}
    assert viewing(rules, BOTH_VIEWING, month=8) == {Yaku.TSUKIMI_ZAKE: 3}
    assert viewing(rules, BOTH_VIEWING, month=1) == {}


def test_V13_Q12_in_season_is_the_deals_month_so_a_single_deal_is_never_in_season() -> None:
    """Deal n is month n (deal 1 January, as for tsuki-fuda): March and August are the
    seasons of the viewing yaku, and a single deal, always January, is in neither."""
    for deals in (1, 12):
        state = KoiKoiState(Rules(deals=deals), 5)
        state.start()
        rng = random.Random(5)
        months = {state.deal_no: state.month}
        while state.to_act() is not None:
            state.apply(rng.choice(state.legal_moves()))
            months.setdefault(state.deal_no, state.month)
        assert months == {deal: deal for deal in range(1, deals + 1)}


# V4c --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("own_koi", "calls", "bonus", "factor"),
    [
        (OwnKoi.PLUS_ONE, 1, 0, 2),
        (OwnKoi.PLUS_ONE, 2, 0, 3),
        (OwnKoi.DOUBLE, 1, 0, 2),
        (OwnKoi.DOUBLE, 3, 0, 8),
        (OwnKoi.KOIKOI_JAPAN, 1, 1, 1),
        (OwnKoi.KOIKOI_JAPAN, 3, 3, 1),
        (OwnKoi.KOIKOI_JAPAN, 4, 0, 2),
        (OwnKoi.KOIKOI_JAPAN, 5, 0, 3),
    ],
)
def test_V4c_Q14_own_koi_bonus_per_call(
    own_koi: OwnKoi, calls: int, bonus: int, factor: int
) -> None:
    state, _ = scripted_vector9(Rules(own_koi=own_koi), upto=7)
    assert state.phase is Phase.DECISION and state.totals[0] == 7
    state.koi_koi = (calls, 0)
    assert state.view(1).stop_points[0] == (7 + bonus) * factor
    summary = ended(stop(state)).summary
    expected = () if factor == 1 else (Multiplier(Doubling.OWN_KOI_KOI, factor),)
    assert (summary.bonus, summary.multipliers) == (bonus, expected)
    assert summary.points == (7 + bonus) * factor == state.match_scores[0]


def test_V4c_own_koi_counts_the_stoppers_calls_not_the_opponents() -> None:
    state, _ = dealt(*OTHER_CALLS_TWICE, rules=Rules(own_koi=OwnKoi.DOUBLE))
    play_until(state, dealer_at_seven_after_two_calls)
    view = state.view(0)
    assert view.koi_koi[1] == 2
    for seat in (0, 1):
        assert view.stop_points[seat] == view.totals[seat] * 2 ** view.koi_koi[seat]


def test_V4c_bright_base_multiplies_by_the_brights_on_the_dealt_board() -> None:
    state, _ = scripted_vector9(Rules(bright_base=True), upto=7)
    assert state.view(None).deal_brights == 2  # jan-crane and mar-curtain
    summary = ended(stop(state)).summary
    assert summary.multipliers == (Multiplier(Doubling.BRIGHTS_ON_BOARD, 2),)
    assert summary.points == 14


def test_V4c_Q14_bright_base_with_fewer_than_two_brights_multiplies_nothing() -> None:
    state, _ = dealt(*EXHAUSTED, rules=Rules(bright_base=True))
    assert state.deal_brights == 1  # mar-curtain
    events, _ = play_deal(state, dealer_stops)
    summary = ended(events).summary
    assert summary.multipliers == () and summary.points == summary.base


def test_V4c_Q14_bright_base_counts_the_board_after_dealer_takes_refills_it() -> None:
    """With `dealer_takes` the dealer takes a complete month and the stock refills the board:
    the bright base is the brights of the board as play starts, after the refill."""
    rules = Rules(bright_base=True, board_four=BoardFour.DEALER_TAKES)
    checked = 0
    for seed in range(3000):
        state = KoiKoiState(rules, seed)
        events = state.start()
        taken, deals = of_type(events, BoardFourTaken), of_type(events, Dealt)
        if (
            not taken
            or state.phase is Phase.OVER
            or events.index(taken[-1]) < events.index(deals[-1])
        ):
            continue  # no four on the board, or a deal that did not stand
        dealt_now = deals[-1]
        board = set(dealt_now.board) - set(taken[-1].cards) | set(taken[-1].refill)
        assert set(state.view(None).board) == board
        brights = sum(card.kind is Kind.BRIGHT for card in board)
        assert state.view(None).deal_brights == brights
        dealt_brights = sum(card.kind is Kind.BRIGHT for card in dealt_now.board)
        checked += brights != dealt_brights
        if checked >= 3:
            return
    raise AssertionError("fewer than 3 deals where the refill changed the brights")


# V4d --------------------------------------------------------------------------------------


def test_V4d_Q13_lock_the_callers_next_yaku_ends_the_deal() -> None:
    state, phases = scripted_vector9(Rules(koi_koi_lock=True), upto=7)
    assert phases[2] == "DECISION"  # the first yaku still asks: nobody had called yet
    summary = state.last_deal
    assert summary is not None and summary.reason is DealEnd.LOCKED and summary.winner == 0
    assert summary.points == 7 and state.phase is Phase.OVER


def test_V4d_Q13_lock_the_opponents_next_yaku_ends_the_deal_too() -> None:
    state, _ = dealt(*OTHER_CALLS_FIRST, rules=Rules(koi_koi_lock=True))
    events, decisions = play_deal(state)
    assert decisions == [(1, "koi-koi")]  # the dealer is never asked
    summary = ended(events).summary
    assert summary.reason is DealEnd.LOCKED and summary.winner == 0
    assert state.view(None).koi_koi_lock


def test_V4d_showdown_a_counter_call_is_allowed_without_a_lock() -> None:
    state, _ = dealt(*OTHER_CALLS_FIRST)
    play_until(state, lambda s: s.phase is Phase.DECISION and s.turn == 0)
    assert state.koi_koi == (0, 1) and state.legal_moves() == (Stop(), KoiKoi())


def test_V4d_Q13_call_limit_a_rise_after_the_last_allowed_call_stops() -> None:
    state, _ = scripted_vector9(Rules(koi_koi_limit=1), upto=7)
    summary = state.last_deal
    assert summary is not None and summary.reason is DealEnd.CALL_LIMIT
    assert (summary.winner, summary.points, summary.koi_koi) == (0, 7, (1, 0))
    state, _ = scripted_vector9(Rules(koi_koi_limit=2), upto=7)
    assert state.phase is Phase.DECISION  # one call of two used: still a choice


def test_V4d_Q13_call_limit_counts_each_players_calls_alone() -> None:
    state, _ = dealt(*OTHER_CALLS_FIRST, rules=Rules(koi_koi_limit=1))
    play_until(state, lambda s: s.phase is Phase.DECISION and s.turn == 0)
    assert state.koi_koi == (0, 1)  # seat 1 used its call; the dealer still has one


def test_V4d_Q13_under_the_lock_any_rise_after_a_call_ends_the_deal_the_last_turn_first() -> None:
    """A new yaku or a bigger one after anyone's call ends a locked deal without a decision;
    when it comes on the player's last turn the reason is the last turn, not the lock."""
    seen = {"new yaku": 0, "bigger yaku": 0, "last turn": 0, "locked": 0}
    for seed in range(40):
        state = KoiKoiState(Rules(koi_koi_lock=True, deals=12), seed)
        events, rng = state.start(), random.Random(seed)
        while state.to_act() is not None:
            calling = state.phase is Phase.DECISION
            events += state.apply(KoiKoi() if calling else rng.choice(state.legal_moves()))
        called, played, made = False, [0, 0], [set[Yaku](), set[Yaku]()]
        for at, event in enumerate(events):
            if isinstance(event, Dealt):
                called, played, made = False, [0, 0], [set(), set()]
            elif isinstance(event, KoiKoiCalled):
                called = True
            elif isinstance(event, Played) and event.step is Step.HAND:
                played[event.seat] += 1
            elif isinstance(event, YakuMade):
                yaku = {scored.yaku for scored in event.yaku}
                if called:
                    after = next(e for e in events[at + 1 :] if isinstance(e, DealEnded | Played))
                    assert isinstance(after, DealEnded), "a rise after a call asked again"
                    last = played[event.seat] == 8
                    reason = DealEnd.LAST_TURN if last else DealEnd.LOCKED
                    assert after.summary.reason is reason
                    seen["bigger yaku" if yaku <= made[event.seat] else "new yaku"] += 1
                    seen["last turn" if last else "locked"] += 1
                made[event.seat] = yaku
    assert all(seen.values()), seen


# V5 ---------------------------------------------------------------------------------------


def random_match(rules: Rules, seed: int) -> tuple[KoiKoiState, list[DealEnded]]:
    state = KoiKoiState(rules, seed)
    events, rng = state.start(), random.Random(seed)
    while state.to_act() is not None:
        keep_going = state.phase is Phase.DECISION and rng.random() < 0.8
        events += state.apply(KoiKoi() if keep_going else rng.choice(state.legal_moves()))
    return state, of_type(events, DealEnded)


def test_V5_first_to_ends_after_the_deal_that_reaches_the_target() -> None:
    rules = rules_from_options({"first_to": "30"})
    for seed in range(6):
        state, deals = random_match(rules, seed)
        assert max(state.match_scores) >= 30
        assert all(max(deal.scores) < 30 for deal in deals[:-1])
        result = state.result()
        leader = state.match_scores.index(max(state.match_scores))
        assert result is not None and result.winners == (leader,)
    assert state.view(0).target == 30 and state.view(0).deals == 0


@pytest.mark.parametrize("rule", list(NextDealer))
def test_V5_Q15_next_dealer(rule: NextDealer) -> None:
    """winner / loser: the deal's winner (loser) deals next, a drawn deal keeps the dealer;
    alternate: the deal passes every time."""
    changes = 0
    for seed in range(6):
        state = KoiKoiState(Rules(deals=6, next_dealer=rule), seed)
        events, rng = state.start(), random.Random(seed)
        while state.to_act() is not None:
            events += state.apply(rng.choice(state.legal_moves()))
        dealer_of = {e.deal: e.dealer for e in of_type(events, Dealt)}
        for ended_deal in of_type(events, DealEnded)[:-1]:
            summary, dealer = ended_deal.summary, dealer_of[ended_deal.summary.deal]
            winner = summary.winner
            expected = {
                NextDealer.ALTERNATE: 1 - dealer,
                NextDealer.WINNER: dealer if winner is None else winner,
                NextDealer.LOSER: dealer if winner is None else 1 - winner,
            }[rule]
            assert dealer_of[summary.deal + 1] == expected
            changes += expected != dealer
    assert changes > 0


def test_V5_final_tie_draw_has_no_winner() -> None:
    state, _ = dealt(*EXHAUSTED)
    play_deal(state)
    assert state.result() is not None and state.result().winners == ()  # type: ignore[union-attr]


def test_V5_Q15_final_tie_dealer_wins_a_tied_match() -> None:
    for dealer in (0, 1):
        state, _ = dealt(*EXHAUSTED, rules=Rules(final_tie=FinalTie.DEALER), dealer=dealer)
        events, _ = play_deal(state)
        assert state.match_scores == (0, 0)
        assert of_type(events, MatchEnded)[0].winners == (dealer,)


def test_V5_Q15_final_tie_dealer_is_the_dealer_of_the_last_deal() -> None:
    """Over two deals with the deal passing, the dealer of the last deal (not the first) wins
    a tied match."""
    rules = Rules(deals=2, next_dealer=NextDealer.ALTERNATE, final_tie=FinalTie.DEALER)
    tied = 0
    for seed in range(200):
        state, deals = random_match(rules, seed)
        if state.match_scores[0] != state.match_scores[1]:
            continue
        result = state.result()
        assert result is not None and result.winners == (state.dealer,)
        assert len(deals) == 2
        tied += 1
    assert tied > 0


def test_V5_final_tie_extra_deals_until_the_totals_differ() -> None:
    state, _ = dealt(*EXHAUSTED, rules=Rules(final_tie=FinalTie.EXTRA_DEALS))
    events, _ = play_deal(state)
    assert not of_type(events, MatchEnded) and state.deal_no == 2 and state.phase is Phase.HAND
    for seed in range(5):
        tied, deals = random_match(Rules(final_tie=FinalTie.EXTRA_DEALS), seed)
        assert tied.match_scores[0] != tied.match_scores[1]
        assert all(deal.scores[0] == deal.scores[1] for deal in deals[:-1])


def test_V5_zero_sum_starts_at_50_and_the_loser_pays() -> None:
    state, _ = dealt(*OTHER_CALLS_FIRST, rules=rules_from_options({"zero_sum": "on"}))
    assert state.view(None).scores == (50, 50)
    events, _ = play_deal(state, dealer_stops)
    summary = ended(events).summary
    assert summary.gains == (summary.points, -summary.points)
    assert state.match_scores == (50 + summary.points, 50 - summary.points)


def test_V5_Q15_zero_sum_pays_at_most_what_the_loser_holds_and_ends_the_match() -> None:
    rules = rules_from_options({"zero_sum": "on", "deals": "6"})
    state, _ = dealt(*OTHER_CALLS_FIRST, rules=rules)
    state.match_scores = (97, 3)
    events, _ = play_deal(state, dealer_stops)
    summary = ended(events).summary
    assert summary.points > 3 and summary.gains == (3, -3)
    assert state.match_scores == (100, 0) and state.phase is Phase.OVER
    assert of_type(events, MatchEnded)[0].winners == (0,)


# V7 ---------------------------------------------------------------------------------------


def test_V7_seat_points_give_both_seats_their_points_and_the_deal_stays_drawn() -> None:
    rules = Rules(exhausted_dealer_points=2, exhausted_other_points=1, deals=3)
    for dealer in (0, 1):
        state, _ = dealt(*EXHAUSTED, rules=rules, dealer=dealer)
        events, _ = play_deal(state)
        summary = ended(events).summary
        assert summary.reason is DealEnd.EXHAUSTED and summary.winner is None
        expected = (2, 1) if dealer == 0 else (1, 2)
        assert summary.gains == expected == state.match_scores
        assert state.dealer == dealer and state.deal_no == 2  # a drawn deal keeps the dealer


# V9 ---------------------------------------------------------------------------------------


def test_V9_stacking_teshi_and_kuttsuki_in_one_hand_score_12() -> None:
    state, events = dealt(
        TESHI_AND_PAIRS, PLAIN_HAND, PLAIN_BOARD, rules=Rules(dealt_hand_stack=True)
    )
    summary = ended(events).summary
    assert summary.yaku == (ScoredYaku(Yaku.TESHI, 6), ScoredYaku(Yaku.KUTTSUKI, 6))
    assert summary.points == 12 and state.match_scores == (12, 0)


def test_V9_stacking_a_plain_teshi_or_kuttsuki_still_scores_6() -> None:
    for hand in (TESHI, KUTTSUKI):
        state, _ = dealt(hand, PLAIN_HAND, PLAIN_BOARD, rules=Rules(dealt_hand_stack=True))
        assert state.match_scores == (6, 0)


def test_V9_stacking_two_teshi_are_one_teshi_and_kuttsuki() -> None:
    two_teshi = (
        "aug-moon aug-geese aug-plain-1 aug-plain-2 jan-crane jan-poetry jan-plain-1 jan-plain-2"
    )
    board = (
        "feb-plain-1 mar-plain-1 apr-plain-1 may-plain-1 jun-blue jul-ribbon oct-blue nov-rain-man"
    )
    state, _ = dealt(two_teshi, PLAIN_HAND, board, rules=Rules(dealt_hand_stack=True))
    assert state.match_scores == (12, 0)


# V12 --------------------------------------------------------------------------------------

TEN_A = "jan-crane feb-warbler mar-curtain apr-cuckoo may-bridge jun-butterflies jul-boar aug-moon "
TEN_A += "sep-sake-cup oct-deer"
TEN_B = "jan-poetry feb-poetry mar-poetry apr-ribbon may-ribbon jun-blue jul-ribbon aug-geese "
TEN_B += "sep-blue oct-blue"
TEN_BOARD = "jan-plain-1 feb-plain-1 mar-plain-1 apr-plain-1 nov-rain-man dec-phoenix "
TEN_BOARD += "nov-swallow dec-plain-1"


def test_V12_ten_card_hands_with_eight_on_the_board_use_the_whole_stock() -> None:
    state, _ = dealt(TEN_A, TEN_B, TEN_BOARD, rules=Rules(hand_size=10))
    view = state.view(0)
    assert len(view.hand or ()) == 10 and view.hand_counts == (10, 10)
    assert len(view.board) == 8 and view.stock_count == 20
    turns = 0
    while state.to_act() is not None:
        if state.phase is Phase.HAND:
            turns += 1
        state.apply(Stop() if state.phase is Phase.DECISION else state.legal_moves()[0])
    assert len(state.stock) == 20 - turns and turns <= 20


def test_V12_Q11_kuttsuki_in_ten_cards_is_five_pairs() -> None:
    pairs = "jan-crane jan-poetry feb-warbler feb-poetry mar-curtain mar-poetry apr-cuckoo "
    pairs += "apr-ribbon may-bridge may-ribbon"
    _, events = dealt(
        pairs,
        TEN_B.replace("jan-poetry", "jan-plain-2")
        .replace("feb-poetry", "feb-plain-2")
        .replace("mar-poetry", "mar-plain-2")
        .replace("apr-ribbon", "apr-plain-2")
        .replace("may-ribbon", "may-plain-2"),
        "jun-plain-1 jul-plain-1 aug-plain-1 sep-plain-1 nov-rain-man dec-phoenix nov-swallow "
        "dec-plain-1",
        rules=Rules(hand_size=10),
    )
    assert ended(events).summary.yaku == (ScoredYaku(Yaku.KUTTSUKI, 6),)
    # Q11: a hand of pairs only; four pairs beside two odd cards are not kuttsuki in ten.
    four = pairs.replace("may-bridge may-ribbon", "may-bridge jun-butterflies")
    assert four_pairs(mask_of(cards(pairs))) and not four_pairs(mask_of(cards(four)))


# D2 ---------------------------------------------------------------------------------------


def test_D2_draw_the_earlier_month_deals() -> None:
    assert draw_winner((Card.MAR_PLAIN_1, Card.JAN_PLAIN_1)) == 1
    assert draw_winner((Card.FEB_PLAIN_1, Card.DEC_PHOENIX)) == 0


def test_D2_draw_in_the_same_month_the_higher_card_deals() -> None:
    assert draw_winner((Card.AUG_PLAIN_1, Card.AUG_MOON)) == 1
    assert draw_winner((Card.SEP_SAKE_CUP, Card.SEP_BLUE)) == 0  # animal 10 over ribbon 5
    assert draw_winner((Card.JAN_POETRY, Card.JAN_PLAIN_2)) == 0


def test_D2_Q16_draw_a_tie_is_drawn_again() -> None:
    assert draw_winner((Card.DEC_PLAIN_1, Card.DEC_PLAIN_2)) is None
    tied = 0
    for seed in range(400):
        state = KoiKoiState(Rules(first_dealer=FirstDealer.DRAW), seed)
        draws = of_type(state.start(), DealerDrawn)
        assert all(d.dealer is None for d in draws[:-1]) and draws[-1].dealer == state.dealer
        assert state.view(1).dealer_draw == draws[-1].cards
        tied += len(draws) > 1
    assert tied > 0


def test_D2_draw_is_shown_to_both_players_and_spectators() -> None:
    state = KoiKoiState(Rules(first_dealer=FirstDealer.DRAW), 7)
    (drawn, *_) = of_type(state.start(), DealerDrawn)
    assert drawn.for_viewer(0) == drawn == drawn.for_viewer(None)
    assert state.view(0).dealer_draw == state.view(1).dealer_draw == state.view(None).dealer_draw
    assert KoiKoiState(Rules(), 7).view(0).dealer_draw is None


# The one table of incompatible options ----------------------------------------------------

NEEDS = {"viewing_cancel": {"viewing_sake": "3"}, "viewing_limit": {"viewing_sake": "3"}}
NEEDS["rain_card"] = {"viewing_sake": "3", "viewing_cancel": "rain"}
"""What a value needs beside it to be played at all (`CONFLICTS` against a default)."""


def needs(option: str, value: str) -> dict[str, str]:
    default = next(spec.default for spec in OPTIONS if spec.name == option)
    return NEEDS.get(option, {}) if value != default else {}


@pytest.mark.parametrize("conflict", CONFLICTS, ids=lambda c: f"{c.option}-{c.other}")
def test_sec3_conflicting_options_are_refused_naming_both(conflict) -> None:  # type: ignore[no-untyped-def]
    for mine, theirs in itertools.product(sorted(conflict.values), sorted(conflict.other_values)):
        raw = {**NEEDS.get(conflict.option, {}), conflict.option: mine, conflict.other: theirs}
        with pytest.raises(BadOptions) as bad:
            GAME.info.validate(2, raw)
        assert bad.value.option == conflict.option
        assert f"{conflict.option}={mine}" in bad.value.message
        assert f"{conflict.other}={theirs}" in bad.value.message


def test_sec3_every_other_pair_of_option_values_plays() -> None:
    refused = {
        frozenset({(c.option, a), (c.other, b)})
        for c in CONFLICTS
        for a in c.values
        for b in c.other_values
    }
    values = [(spec.name, value) for spec in OPTIONS for value in spec.values]
    played = 0
    for first, second in itertools.combinations(values, 2):
        if first[0] == second[0] or frozenset({first, second}) in refused:
            continue
        raw = {**needs(*first), **needs(*second), **dict([first, second])}
        GAME.new(2, raw, 0)
        played += 1
    assert played > 2000
