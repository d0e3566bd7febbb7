"""doors.md §2.3 (the Guesser's turn: G1-G6), EC4-EC7, EC9, EC11, EC14, ruling Q5 and test
vectors §5.5, §5.6 and §5.8."""

import pytest

from engine.core import IllegalMove, Rejection
from engine.doors.model import (
    DOORS,
    Card,
    Colour,
    ContestEnded,
    ContestStarted,
    Discard,
    Discarded,
    Guess,
    Guessed,
    MatchSet,
    Pass,
    Passed,
    Phase,
    Refilled,
    Role,
    ScoreReason,
    Take,
)
from engine.doors.state import GUESSES, DoorsState
from tests.engine.doors.doors_scenarios import (
    BL,
    BT,
    LONG_CONTEST,
    LONG_PICKS,
    RL,
    RT,
    WC,
    WR,
    collect,
    dealt,
    ended,
)

RED, BLUE, LADY, TIGER = Colour.RED, Colour.BLUE, Role.LADY, Role.TIGER


def _after_first_take(collector_door: Card) -> DoorsState:
    """The Guesser's first turn: display RL RL RL WR, Blue Lady on top of the deck."""
    guesser_door = next(door for door in DOORS if door != collector_door)
    state = dealt(collector_door, guesser_door, BT, RL, RL, RL, WR, BL)
    state.apply(Take(BT))
    return state


def _guess(collector_door: Card, guess: Guess) -> ContestEnded:
    state = _after_first_take(collector_door)
    return ended(state.apply(guess))


def test_G1_discard_goes_face_up_to_the_pile_and_the_display_refills() -> None:
    state = _after_first_take(BL)
    guesser = state.guesser
    events = state.apply(Discard(RL))

    assert tuple(events) == (Discarded(guesser, RL), Refilled(BL, 8))
    assert state.discards == (RL,)
    assert state.display == (RL, RL, BL, WR)
    assert state.phase is Phase.GUESSER_ACTION


def test_G2_after_discarding_guess_match_or_pass() -> None:
    state = dealt(RL, BT, BT, BT, BL, BL, RT)
    collect(state, BT, BT, BL)
    state.apply(Take(BL))
    state.apply(Discard(RT))  # Blue 4: the Blue Tiger may match

    assert state.legal_moves() == (*GUESSES, MatchSet(), Pass())
    assert state.to_act() == state.guesser


def test_G3_guess_or_match_may_come_before_the_discard() -> None:
    state = _after_first_take(BL)
    moves = state.legal_moves()

    assert moves == (Discard(RL), Discard(WR), *GUESSES)
    assert Pass() not in moves


@pytest.mark.parametrize(
    ("guess", "reason"),
    [
        (Guess(BLUE, None), ScoreReason.TRAIT_GUESS),
        (Guess(None, LADY), ScoreReason.TRAIT_GUESS),
        (Guess(BLUE, LADY), ScoreReason.FULL_GUESS),
        (Guess(RED, None), ScoreReason.WRONG_GUESS),
        (Guess(None, TIGER), ScoreReason.WRONG_GUESS),
        (Guess(BLUE, TIGER), ScoreReason.WRONG_GUESS),
        (Guess(RED, LADY), ScoreReason.WRONG_GUESS),
        (Guess(RED, TIGER), ScoreReason.WRONG_GUESS),
    ],
)
def test_G4_guess_one_trait_1_both_5_anything_wrong_4_to_collector(
    guess: Guess, reason: ScoreReason
) -> None:
    state = _after_first_take(BL)
    collector, guesser = state.collector, state.guesser
    events = state.apply(guess)
    outcome = ended(events)

    gems = {ScoreReason.TRAIT_GUESS: 1, ScoreReason.FULL_GUESS: 5, ScoreReason.WRONG_GUESS: 4}
    scorer = collector if reason is ScoreReason.WRONG_GUESS else guesser
    assert events[0] == Guessed(guesser, guess.colour, guess.role, scorer == guesser)
    assert (outcome.reason, outcome.scorer, outcome.gems) == (reason, scorer, gems[reason])
    assert outcome.doors[collector] == BL  # E1: revealed either way


def test_G5_match_a_set_of_the_guessers_trait_in_the_collectors_cards() -> None:
    # Red Lady collects Blue cards; the wild colour makes the fourth Blue for the Blue Tiger.
    state = dealt(RL, BT, BT, BL, BL, WC)
    guesser = state.guesser
    collect(state, BT, BL, BL, keep=(WC,))
    state.apply(Take(WC))
    assert MatchSet() in state.legal_moves()
    outcome = ended(state.apply(MatchSet()))

    assert (outcome.reason, outcome.scorer, outcome.gems) == (ScoreReason.MATCHED_SET, guesser, 2)


def test_G5_no_match_without_four_cards_of_a_guesser_trait() -> None:
    state = dealt(RL, BT, BT, BL, RT, RL)
    collect(state, BT, BL, RT, keep=(RL,))
    state.apply(Take(RL))  # Blue 2, Tiger 2
    assert MatchSet() not in state.legal_moves()
    with pytest.raises(IllegalMove):
        state.apply(MatchSet())


def test_G6_pass_hands_the_turn_back_to_the_collector() -> None:
    state = _after_first_take(BL)
    guesser = state.guesser
    state.apply(Discard(RL))
    events = state.apply(Pass())

    assert events == [Passed(guesser)]
    assert state.phase is Phase.COLLECTOR_TAKE
    assert state.to_act() == state.collector


def test_EC4_bluffing_collectors_blue_cards_matched_by_the_blue_tiger() -> None:
    state = dealt(RL, BT, BT, BT, BL, BL)
    guesser = state.guesser
    collect(state, BT, BT, BL, keep=(BL,))
    events = state.apply(Take(BL))  # no Red and Lady 2: no set of the Collector's own

    assert not any(isinstance(e, ContestEnded) for e in events)
    outcome = ended(state.apply(MatchSet()))
    assert (outcome.reason, outcome.scorer, outcome.gems) == (ScoreReason.MATCHED_SET, guesser, 2)


def test_EC5_hidden_set_sharing_the_guessers_trait_can_be_matched() -> None:
    state = dealt(RT, RL, RT, RT, RL, WC, optional=True)
    guesser = state.guesser
    collect(state, RT, RT, RL)
    state.apply(Take(WC))  # kept hidden; Red 4 is also the Red Lady's colour
    outcome = ended(state.apply(MatchSet()))

    assert (outcome.reason, outcome.scorer) == (ScoreReason.MATCHED_SET, guesser)


def test_EC6_red_tiger_against_red_lady_is_simply_wrong() -> None:
    outcome = _guess(RL, Guess(RED, TIGER))
    assert (outcome.reason, outcome.gems) == (ScoreReason.WRONG_GUESS, 4)


def test_EC7_red_against_red_tiger_scores_one() -> None:
    outcome = _guess(RT, Guess(RED, None))
    assert (outcome.reason, outcome.gems) == (ScoreReason.TRAIT_GUESS, 1)


def test_EC9_wrong_guess_before_discarding_no_discard_no_refill() -> None:
    state = _after_first_take(BL)
    collector = state.collector
    events = state.apply(Guess(RED, None))

    assert [type(e) for e in events] == [Guessed, ContestEnded, ContestStarted]
    assert (ended(events).scorer, ended(events).gems) == (collector, 4)


def test_EC11_doors_always_differ_and_all_eight_guesses_are_offered() -> None:
    for seed in range(30):
        state = DoorsState(seed)
        assert state.doors[0] != state.doors[1]
        state.apply(state.legal_moves()[0])
        if state.phase is Phase.GUESSER_DISCARD:
            guesses = [m for m in state.legal_moves() if isinstance(m, Guess)]
            assert guesses == list(GUESSES)  # the Guesser's own Door included


def test_EC14_guesser_cannot_pass_without_discarding() -> None:
    state = _after_first_take(BL)
    with pytest.raises(IllegalMove) as raised:
        state.apply(Pass())
    assert raised.value.rejection is Rejection.ILLEGAL_MOVE


def test_Q5_guess_before_discard() -> None:
    state = _after_first_take(BL)
    events = state.apply(Guess(BLUE, LADY))

    assert not any(isinstance(e, Discarded | Refilled) for e in events)
    assert (ended(events).reason, ended(events).gems) == (ScoreReason.FULL_GUESS, 5)


def test_V5_red_four_scored_by_a_red_tiger_matched_against_a_blue_tiger() -> None:
    red_tiger = dealt(RT, RL, RT, RT, RL, WC)
    events = collect(red_tiger, RT, RT, RL, WC)
    assert ended(events).reason is ScoreReason.COLLECTOR_SET  # 6 before any match

    blue_tiger = dealt(BT, RL, RT, RT, RL, WC)
    guesser = blue_tiger.guesser
    collect(blue_tiger, RT, RT, RL, keep=(WC,))
    blue_tiger.apply(Take(WC))
    outcome = ended(blue_tiger.apply(MatchSet()))
    assert (outcome.scorer, outcome.gems) == (guesser, 2)


@pytest.mark.parametrize(
    ("guess", "reason", "gems"),
    [
        (Guess(BLUE, None), ScoreReason.TRAIT_GUESS, 1),
        (Guess(BLUE, TIGER), ScoreReason.WRONG_GUESS, 4),
        (Guess(BLUE, LADY), ScoreReason.FULL_GUESS, 5),
    ],
)
def test_V6_guesses_against_a_blue_lady(guess: Guess, reason: ScoreReason, gems: int) -> None:
    outcome = _guess(BL, guess)
    assert (outcome.reason, outcome.gems) == (reason, gems)


@pytest.mark.parametrize("turn", [1, 2, 3, 4, 5])
def test_V8_guess_before_discard_on_any_guesser_turn_ends_the_contest(turn: int) -> None:
    state = dealt(RL, BT, *LONG_CONTEST)
    taken, kept = LONG_PICKS[: turn - 1], LONG_PICKS[turn - 1 :]
    collect(state, *taken, keep=kept)
    state.apply(Take(kept[0]))
    assert len(state.discards) == turn - 1
    events = state.apply(Guess(None, LADY))

    assert [type(e) for e in events] == [Guessed, ContestEnded, ContestStarted]
