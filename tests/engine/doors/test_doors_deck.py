"""doors.md §2.4 (deck exhaustion: X1-X3), EC8, rulings Q6 and Q7 and test vector §5.7.

One scripted contest with passes only: the Red Lady collects BT, BT, BT, WC, WR (Red 1, Lady 1,
never a set) while the Guesser discards a spare card each turn and passes."""

from doors_scenarios import BL, BT, RL, RT, WC, WR, collect, dealt

from engine.core import Event
from engine.doors.model import (
    ContestEnded,
    ContestStarted,
    Discarded,
    MatchEnded,
    Phase,
    Refilled,
    ScoreReason,
)
from engine.doors.state import DoorsState

PICKS = (BT, BT, BT, WC, WR)
DEAL = (BT, RL, RL, RL, BT, RT, BT, RT, WC, RT, WR, BL, BL, BL)


def _passes_only(gems: tuple[int, int] = (0, 0)) -> tuple[DoorsState, list[Event]]:
    state = dealt(RL, BL, *DEAL, gems=gems)
    return state, collect(state, *PICKS)


def _ended(events: list[Event]) -> ContestEnded:
    return next(e for e in events if isinstance(e, ContestEnded))


def test_X1_deck_runs_out_guesser_scores_three() -> None:
    state = dealt(RL, BL, *DEAL)
    guesser = state.guesser
    events = collect(state, *PICKS)

    assert (_ended(events).reason, _ended(events).scorer, _ended(events).gems) == (
        ScoreReason.DECK_EMPTY,
        guesser,
        3,
    )


def test_X2_deck_at_zero_after_a_refill_scores_at_once_with_the_display_full() -> None:
    state, events = _passes_only(gems=(7, 7))  # the 3 gems end the match: the table stays

    assert state.phase is Phase.OVER
    assert (len(state.display), state.deck) == (4, ())
    assert [type(e) for e in events[-4:]] == [Discarded, Refilled, ContestEnded, MatchEnded]


def test_X3_deck_empties_on_the_guessers_fifth_discard_collector_holds_five() -> None:
    state, events = _passes_only(gems=(7, 7))
    deck_counts = [e.deck_left for e in events if isinstance(e, Refilled)]

    assert deck_counts == [9, 8, 7, 6, 5, 4, 3, 2, 1, 0]
    assert len(state.collection) == 5
    assert len(state.discards) == 5


def test_EC8_fifth_discard_empties_deck() -> None:
    state = dealt(RL, BL, *DEAL)
    collect(state, *PICKS[:4], keep=PICKS[4:])
    events = collect(state, PICKS[4])

    assert [type(e) for e in events[-4:]] == [Discarded, Refilled, ContestEnded, ContestStarted]
    assert _ended(events).reason is ScoreReason.DECK_EMPTY
    assert state.phase is Phase.COLLECTOR_TAKE  # a new contest: no guess after that discard


def test_Q6_deck_run_out_means_zero_left_not_a_refill_that_fails() -> None:
    state = dealt(RL, BL, *DEAL)
    collect(state, *PICKS[:4], keep=PICKS[4:])
    state.apply(state.legal_moves()[0])  # the Collector's fifth take leaves one card

    assert len(state.deck) == 1
    assert state.phase is Phase.GUESSER_DISCARD


def test_Q7_refills_come_from_the_deck_in_order_and_discards_stay_out() -> None:
    state = dealt(RL, BL, *DEAL)
    deck = state.deck
    events = collect(state, *PICKS[:4], keep=PICKS[4:])

    assert tuple(e.card for e in events if isinstance(e, Refilled)) == deck[:8]
    assert state.deck == deck[8:]
    assert len(state.discards) == 4


def test_V7_passes_only_guesser_scores_three_collector_holds_five() -> None:
    state, events = _passes_only(gems=(7, 7))
    scorer = _ended(events).scorer

    assert state.collection == PICKS
    assert state.gems[scorer] == 10
    assert scorer != state.collector
