"""Properties over random matches under random options: test vector §6.12 (48 cards conserved,
totals never fall), E5 (the board never holds four of a month after the deal), D5/E16 (the stock
never runs dry), K1/K7/E9/K5 (when a decision comes), D4/V9 (the hands `determinize` imagines)
and matches of every length ending with a result. The engine contract (every legal move applies,
determinize keeps every view, ...) is tested for every game in tests/engine/test_contract.py."""

import random
from collections.abc import Iterator
from dataclasses import dataclass

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core import Event
from engine.koikoi.cards import DECK, MONTHS, mask_of
from engine.koikoi.deal import could_be_played
from engine.koikoi.model import (
    DealEnd,
    DealEnded,
    KoiKoi,
    KoiKoiMove,
    Phase,
    PlayCard,
    Played,
    YakuMade,
)
from engine.koikoi.options import OPTIONS, rules_from_options
from engine.koikoi.rules import BoardFour
from engine.koikoi.state import NO_CARD, KoiKoiState
from engine.koikoi.yaku import scorer_for
from tests.engine.koikoi.koikoi_scenarios import of_type, playable

OPTION_CHOICES = st.fixed_dictionaries(
    {spec.name: st.sampled_from(spec.values) for spec in OPTIONS}
).map(playable)
"""Random combinations of every option (each value `CONFLICTS` refuses beside another is set
back to its default)."""
MATCHES = settings(max_examples=100, deadline=None)


@dataclass
class Transition:
    before: KoiKoiState
    move: KoiKoiMove
    events: list[Event]
    after: KoiKoiState


def started(seed: int, options: dict[str, str]) -> KoiKoiState:
    state = KoiKoiState(rules_from_options(options), seed)
    state.start()
    return state


def transitions(state: KoiKoiState, play_seed: int) -> Iterator[Transition]:
    """Plays `state` to the end of the match with random moves (koi-koi four times in five),
    one applied move at a time."""
    rng = random.Random(play_seed)
    while state.to_act() is not None:
        before = state.copy()
        keep_going = state.phase is Phase.DECISION and rng.random() < 0.8
        move = KoiKoi() if keep_going else rng.choice(state.legal_moves())
        events = state.apply(move)
        yield Transition(before, move, events, state.copy())


@MATCHES
@given(seed=st.integers(0, 2**32), options=OPTION_CHOICES, play_seed=st.integers(0, 2**16))
def test_vector12_the_48_cards_are_conserved(
    seed: int, options: dict[str, str], play_seed: int
) -> None:
    for step in transitions(started(seed, options), play_seed):
        state = step.after
        parts = [*state.hands, state.board, *state.piles, mask_of(state.stock)]
        parts.append(0 if state.pending == NO_CARD else 1 << state.pending)
        assert sum(part.bit_count() for part in parts) == 48
        assert sum(parts) == DECK  # disjoint and complete


@MATCHES
@given(seed=st.integers(0, 2**32), options=OPTION_CHOICES, play_seed=st.integers(0, 2**16))
def test_E5_the_board_never_holds_four_of_a_month_and_grows_only_from_empty_months(
    seed: int, options: dict[str, str], play_seed: int
) -> None:
    for step in transitions(started(seed, options), play_seed):
        board = step.after.board
        # With board_four=dealer_wins a deal dealt with four of a month ends at once; when it
        # was the last deal, the finished match still shows that board.
        if step.after.phase is not Phase.OVER:
            assert all((board & month).bit_count() < 4 for month in MONTHS)
        if step.after.deal_no == step.before.deal_no and step.after.phase is not Phase.OVER:
            for month in MONTHS:
                old, new = (step.before.board & month).bit_count(), (board & month).bit_count()
                assert new <= old or (old, new) == (0, 1)


@MATCHES
@given(seed=st.integers(0, 2**32), options=OPTION_CHOICES, play_seed=st.integers(0, 2**16))
def test_vector12_V5_V7_match_totals_change_by_the_deal_results(
    seed: int, options: dict[str, str], play_seed: int
) -> None:
    """Only the deal's winner gains, its points; V7 seat points give both seats theirs, and
    V5 zero-sum takes what one seat gains from the other (never below 0)."""
    state = started(seed, options)
    scores = state.match_scores
    zero_sum = options["zero_sum"] == "on"
    assert scores == ((50, 50) if zero_sum else (0, 0))
    for step in transitions(state, play_seed):
        after = step.after.match_scores
        gained = [0, 0]
        for ended in of_type(step.events, DealEnded):
            summary = ended.summary
            gains = summary.gains
            if summary.winner is not None:
                loser = 1 - summary.winner
                expected = (summary.points, 0) if summary.winner == 0 else (0, summary.points)
                if zero_sum:
                    assert gains[summary.winner] == -gains[loser] <= summary.points
                else:
                    assert gains == expected
            elif not zero_sum:
                assert gains[0] >= 0 and gains[1] >= 0
            gained = [gained[0] + gains[0], gained[1] + gains[1]]
        assert after == (scores[0] + gained[0], scores[1] + gained[1])
        assert min(after) >= 0 and (
            zero_sum or min(after[0] - scores[0], after[1] - scores[1]) >= 0
        )
        scores = after
    result = state.result()
    assert result is not None and result.scores == scores


@MATCHES
@given(seed=st.integers(0, 2**32), options=OPTION_CHOICES, play_seed=st.integers(0, 2**16))
def test_D5_E16_the_stock_never_runs_dry(
    seed: int, options: dict[str, str], play_seed: int
) -> None:
    """Every turn draws one card for the one it plays: before each turn the stock holds a
    card for every hand card left, plus the 8 never drawn (fewer after V10 dealer_takes)."""
    dealer_takes = options["board_four"] == BoardFour.DEALER_TAKES.value
    unused = 0 if dealer_takes or options["hand_size"] == "10" else 8
    for step in transitions(started(seed, options), play_seed):
        state = step.after
        if state.phase is Phase.HAND:
            in_hands = state.hands[0].bit_count() + state.hands[1].bit_count()
            assert len(state.stock) >= in_hands + unused


@MATCHES
@given(seed=st.integers(0, 2**32), options=OPTION_CHOICES, play_seed=st.integers(0, 2**16))
def test_K1_K7_E9_K5_a_decision_comes_exactly_when_the_total_rose_this_turn(
    seed: int, options: dict[str, str], play_seed: int
) -> None:
    """An oracle built from the spec: after both steps, compare the turn's new total with the
    total at its start; decide, auto-stop on the last turn, pass, or draw the deal."""
    turn_start: dict[int, int] = {}
    for step in transitions(started(seed, options), play_seed):
        before, after, seat = step.before, step.after, step.before.turn
        if before.phase is Phase.HAND:
            turn_start[seat] = before.totals[seat]
        finished_turn = before.phase in (Phase.HAND, Phase.STOCK_CHOICE) and not (
            after.deal_no == before.deal_no and after.phase is Phase.STOCK_CHOICE
        )
        if not finished_turn:
            continue
        pile = before.piles[seat]
        for played in of_type(step.events, Played):
            if played.captured:
                pile |= mask_of((played.card, *played.captured))
        called = before.koi_koi[seat] > 0
        total = scorer_for(before.rules).total(pile, before.month, called)
        from_hand = mask_of((step.move.card,)) if isinstance(step.move, PlayCard) else 0
        hand = before.hands[seat] & ~from_hand
        endings = [e.summary for e in of_type(step.events, DealEnded)]
        rose = total > turn_start[seat]
        assert bool(of_type(step.events, YakuMade)) == rose
        limit = before.rules.koi_koi_limit
        locked = before.rules.koi_koi_lock and any(before.koi_koi)
        spent = limit and before.koi_koi[seat] >= limit
        if rose and hand and not locked and not spent:
            assert after.phase is Phase.DECISION and after.to_act() == seat
        elif rose:  # E9 / Q5 last turn, V4d lock or call limit
            reason = (
                DealEnd.LAST_TURN if not hand else DealEnd.LOCKED if locked else DealEnd.CALL_LIMIT
            )
            assert endings[0].reason is reason and endings[0].winner == seat
        elif before.hands[1 - seat]:
            assert after.phase is Phase.HAND and after.to_act() == 1 - seat
        else:
            assert endings[0].reason is DealEnd.EXHAUSTED


@MATCHES
@given(
    seed=st.integers(0, 2**32),
    options=OPTION_CHOICES,
    play_seed=st.integers(0, 2**16),
    sample_seed=st.integers(0, 2**16),
)
def test_D4_V9_determinize_imagines_a_hand_the_deal_could_be_played_with(
    seed: int, options: dict[str, str], play_seed: int, sample_seed: int
) -> None:
    """(That the sample keeps every view is the engine contract: tests/engine/test_contract.py.)"""
    rng = random.Random(sample_seed)
    for step in transitions(started(seed, options), play_seed):
        state = step.after
        for seat in (0, 1):
            sample = state.determinize(seat, rng)
            if state.phase is not Phase.OVER:
                assert could_be_played(sample.hands[1 - seat], state.rules)


def test_contract_random_matches_of_every_length_end_with_a_result() -> None:
    for deals in ("1", "3", "6", "12"):
        for seed in range(10):
            state = started(seed, {"deals": deals})
            for _ in transitions(state, seed):
                pass
            result = state.result()
            assert result is not None and state.deal_no == int(deals)
            assert result.winners in ((), (0,), (1,))
