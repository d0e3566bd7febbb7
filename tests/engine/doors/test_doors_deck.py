"""doors.md §2.4 (deck exhaustion: X1-X3), EC8, rulings Q6 and Q7 and test vector §5.7, on
one scripted contest with passes only (LONG_CONTEST)."""

from engine.core import Event
from engine.doors.model import (
    ContestEnded,
    ContestStarted,
    Discarded,
    MatchEnded,
    Phase,
    Refilled,
    ScoreReason,
    Take,
)
from engine.doors.state import DoorsState
from tests.engine.doors.doors_scenarios import (
    BL,
    LONG_CONTEST,
    LONG_PICKS,
    RL,
    collect,
    dealt,
    ended,
)


def _passes_only(gems: tuple[int, int] = (0, 0)) -> tuple[DoorsState, list[Event]]:
    state = dealt(RL, BL, *LONG_CONTEST, gems=gems)
    return state, collect(state, *LONG_PICKS)


def test_X1_deck_runs_out_guesser_scores_three() -> None:
    state = dealt(RL, BL, *LONG_CONTEST)
    guesser = state.guesser
    events = collect(state, *LONG_PICKS)

    outcome = ended(events)
    assert (outcome.reason, outcome.scorer, outcome.gems) == (ScoreReason.DECK_EMPTY, guesser, 3)


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
    state = dealt(RL, BL, *LONG_CONTEST)
    collect(state, *LONG_PICKS[:4], keep=LONG_PICKS[4:])
    events = collect(state, LONG_PICKS[4])

    assert [type(e) for e in events[-4:]] == [Discarded, Refilled, ContestEnded, ContestStarted]
    assert ended(events).reason is ScoreReason.DECK_EMPTY
    assert state.phase is Phase.COLLECTOR_TAKE  # a new contest: no guess after that discard


def test_Q6_deck_run_out_means_zero_left_not_a_refill_that_fails() -> None:
    state = dealt(RL, BL, *LONG_CONTEST)
    collect(state, *LONG_PICKS[:4], keep=LONG_PICKS[4:])
    state.apply(Take(LONG_PICKS[4]))  # the Collector's fifth take leaves one card

    assert len(state.deck) == 1
    assert state.phase is Phase.GUESSER_DISCARD


def test_Q7_refills_come_from_the_deck_in_order_and_discards_stay_out() -> None:
    state = dealt(RL, BL, *LONG_CONTEST)
    deck = state.deck
    events = collect(state, *LONG_PICKS[:4], keep=LONG_PICKS[4:])

    assert tuple(e.card for e in events if isinstance(e, Refilled)) == deck[:8]
    assert state.deck == deck[8:]
    assert len(state.discards) == 4


def test_V7_passes_only_guesser_scores_three_collector_holds_five() -> None:
    state, events = _passes_only(gems=(7, 7))
    scorer = ended(events).scorer

    assert state.collection == LONG_PICKS
    assert state.gems[scorer] == 10
    assert scorer != state.collector
