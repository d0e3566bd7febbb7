"""koikoi.md §2.3 (stop or koi-koi, end of the deal): K1-K6, edge cases E8-E11, ruling Q5,
test vectors §6.9-§6.11, and the multiplier and draw variants V4a, V4b and V7.

The long deals (in `koikoi_scenarios`) were found by playing random orders with the first
legal move and koi-koi at every decision; each test asserts the facts its rule depends on."""

from engine.core import Event
from engine.koikoi.model import (
    DealEnd,
    DealEnded,
    Doubling,
    KoiKoi,
    MatchEnded,
    Multiplier,
    Phase,
    ScoredYaku,
    Stop,
    Yaku,
    YakuMade,
)
from engine.koikoi.rules import OpponentKoi, Rules
from engine.koikoi.state import KoiKoiState
from tests.engine.koikoi.koikoi_scenarios import (
    DEALER_LAST_TURN,
    EXHAUSTED,
    OTHER_CALLS_FIRST,
    OTHER_CALLS_TWICE,
    OTHER_LAST_TURN,
    VECTOR9,
    VECTOR9_TURNS,
    dealer_at_seven_after_two_calls,
    dealer_stops,
    dealer_stops_at_seven_after_two_calls,
    dealt,
    koi_koi,
    of_type,
    play,
    play_deal,
    play_until,
    stop,
)


def ended(events: list[Event]) -> DealEnded:
    (deal_ended,) = of_type(events, DealEnded)
    return deal_ended


def scripted_vector9(rules: Rules | None = None, upto: int = 9) -> tuple[KoiKoiState, list[str]]:
    """Plays §6.9's first `upto` turns, calling koi-koi at every decision but a last one;
    returns the phase after each turn."""
    state, _ = dealt(*VECTOR9, rules=rules)
    phases = []
    for card in VECTOR9_TURNS[:upto]:
        if state.phase is Phase.DECISION:
            koi_koi(state)
        play(state, card)
        phases.append(state.phase.name)
    return state, phases


def test_K1_K2_vector9_a_decision_only_when_the_total_rose_this_turn() -> None:
    state, phases = scripted_vector9()
    # Dealer's turns 1, 3, 5, 7, 9: totals 0, 6, 6, 7, 7.
    assert phases[0::2] == ["HAND", "DECISION", "HAND", "DECISION", "HAND"]
    assert phases[1::2] == ["HAND"] * 4  # the other player never scores
    assert state.totals == (7, 0) and state.koi_koi == (2, 0) and state.to_act() == 1


def test_K1_the_decision_names_the_yaku_made() -> None:
    state, _ = dealt(*VECTOR9)
    events = []
    for card in VECTOR9_TURNS[:3]:
        events += play(state, card)
    assert of_type(events, YakuMade) == [YakuMade(0, (ScoredYaku(Yaku.AKATAN, 6),), 6)]
    assert state.legal_moves() == (Stop(), KoiKoi()) and state.to_act() == 0


def test_K2_E8_after_koi_koi_a_higher_total_asks_again() -> None:
    state, _ = scripted_vector9(upto=7)
    assert state.phase is Phase.DECISION and state.totals[0] == 7 and state.koi_koi[0] == 1
    events = stop(state)
    assert ended(events).summary.points == 7 and state.match_scores == (7, 0)


def test_K3_stop_scores_every_yaku_and_the_opponent_nothing() -> None:
    state, _ = dealt(*OTHER_CALLS_FIRST)
    events, decisions = play_deal(state, dealer_stops)
    assert decisions[0] == (1, "koi-koi") and decisions[-1] == (0, "stop")
    summary = ended(events).summary
    assert summary.reason is DealEnd.STOP and summary.winner == 0
    assert summary.points == summary.base == sum(y.points for y in summary.yaku) > 0
    assert summary.yaku == state.view(None).yaku[0]
    assert state.totals[1] > 0 and state.match_scores == (summary.points, 0)


def test_E11_after_the_opponents_koi_koi_the_player_may_stop_or_call() -> None:
    state, _ = dealt(*OTHER_CALLS_FIRST)
    play_until(state, lambda s: s.phase is Phase.DECISION and s.turn == 0)
    assert state.koi_koi == (0, 1) and state.legal_moves() == (Stop(), KoiKoi())


def test_K6_Q8_no_multipliers_under_cardavia() -> None:
    state, _ = dealt(*OTHER_CALLS_TWICE)
    events, _ = play_deal(state, dealer_stops_at_seven_after_two_calls)
    summary = ended(events).summary
    assert summary.base >= 7 and summary.koi_koi[1] == 2
    assert summary.multipliers == () and summary.points == summary.base


def test_K4_E9_Q5_vector10_the_dealers_last_turn_stops_by_itself() -> None:
    state, _ = dealt(*DEALER_LAST_TURN)
    events, decisions = play_deal(state)
    assert decisions == []  # the rise came on turn 15: no koi-koi offered
    summary = ended(events).summary
    assert summary.reason is DealEnd.LAST_TURN and summary.winner == 0
    assert state.hands[0] == 0 and state.hands[1].bit_count() == 1  # turn 16 is not played
    assert state.match_scores == (summary.points, 0) and summary.points > 0


def test_E9_Q5_the_second_players_last_turn_stops_by_itself() -> None:
    state, _ = dealt(*OTHER_LAST_TURN)
    events, decisions = play_deal(state)
    assert decisions == []
    summary = ended(events).summary
    assert summary.reason is DealEnd.LAST_TURN and summary.winner == 1
    assert state.hands == (0, 0) and state.match_scores == (0, summary.points)


def test_K5_E10_vector11_hands_run_out_without_a_stop_is_a_draw() -> None:
    state, _ = dealt(*EXHAUSTED)
    events, decisions = play_deal(state)
    assert {seat for seat, _ in decisions} == {0, 1}  # both held yaku and called koi-koi
    summary = ended(events).summary
    assert summary.reason is DealEnd.EXHAUSTED and summary.winner is None
    assert summary.points == 0 and summary.yaku == ()
    assert min(state.totals) > 0 and state.match_scores == (0, 0)
    assert of_type(events, MatchEnded)[0].winners == ()
    assert len(state.stock) == 8  # D5 / E16: eight stock cards are never drawn


def test_V7_oya_ken_gives_the_dealer_points_for_a_drawn_deal() -> None:
    for points in (1, 6):
        state, _ = dealt(*EXHAUSTED, rules=Rules(oya_ken_points=points), dealer=0)
        events, _ = play_deal(state)
        summary = ended(events).summary
        assert summary.reason is DealEnd.EXHAUSTED and summary.winner == 0
        assert summary.yaku == (ScoredYaku(Yaku.OYA_KEN, points),) and summary.points == points
        assert state.match_scores == (points, 0)


def test_V4a_a_stop_worth_seven_or_more_is_doubled() -> None:
    rules = Rules(double_from=7)
    state, _ = scripted_vector9(rules, upto=7)
    events = stop(state)
    summary = ended(events).summary
    assert summary.multipliers == (Multiplier(Doubling.SEVEN_PLUS, 2),)
    assert (summary.base, summary.points) == (7, 14)


def test_V4a_a_stop_under_seven_is_not_doubled() -> None:
    state, _ = dealt(*VECTOR9, rules=Rules(double_from=7))
    for card in VECTOR9_TURNS[:3]:
        play(state, card)
    summary = ended(stop(state)).summary
    assert (summary.base, summary.points, summary.multipliers) == (6, 6, ())


def test_V4b_opponent_koi_koi_doubles_once() -> None:
    state, _ = dealt(*OTHER_CALLS_TWICE, rules=Rules(opponent_koi=OpponentKoi.ONCE))
    events, _ = play_deal(state, dealer_stops_at_seven_after_two_calls)
    summary = ended(events).summary
    assert summary.multipliers == (Multiplier(Doubling.OPPONENT_KOI_KOI, 2),)
    assert summary.points == 2 * summary.base


def test_V4b_opponent_koi_koi_doubles_per_call() -> None:
    state, _ = dealt(*OTHER_CALLS_TWICE, rules=Rules(opponent_koi=OpponentKoi.PER_CALL))
    events, _ = play_deal(state, dealer_stops_at_seven_after_two_calls)
    summary = ended(events).summary
    assert summary.multipliers == (Multiplier(Doubling.OPPONENT_KOI_KOI, 4),)
    assert summary.points == 4 * summary.base


def test_V4a_V4b_both_doublings_multiply() -> None:
    rules = Rules(double_from=7, opponent_koi=OpponentKoi.ONCE)
    state, _ = dealt(*OTHER_CALLS_TWICE, rules=rules)
    play_until(state, dealer_at_seven_after_two_calls)
    assert state.view(1).stop_points[0] == 4 * state.totals[0]
    summary = ended(stop(state)).summary
    assert summary.base >= 7 and summary.points == 4 * summary.base
