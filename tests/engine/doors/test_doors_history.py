"""The view's history of earlier contests: what the whole table saw of each, and nothing more."""

import random

from engine.doors.model import (
    Card,
    ContestEnded,
    ContestOutcome,
    ContestRecord,
    ContestStarted,
    Discard,
    DoorsMove,
    Guess,
    Phase,
    Refilled,
    Role,
    ScoreReason,
    Take,
)
from engine.doors.state import DoorsState
from tests.engine.doors.doors_scenarios import BL, BT, RL, RT, WC, dealt


def _records_from_the_table(seed: int, optional: bool) -> tuple[DoorsState, list[ContestRecord]]:
    """Plays a random match and writes down each contest from the spectator's view and the
    public events alone, as a player at the table would."""
    state = DoorsState(seed, collector_set_optional=optional)
    rng = random.Random(seed)
    records: list[ContestRecord] = []
    public = state.view(None)
    opening, collector = public.display, public.collector
    moves: list[DoorsMove] = []
    refills: list[Card] = []
    while state.to_act() is not None:
        move = rng.choice(state.legal_moves())
        moves.append(move)
        for event in state.apply(move):
            if isinstance(event, Refilled):
                refills.append(event.card)
            elif isinstance(event, ContestEnded):
                outcome = ContestOutcome(
                    event.contest, event.reason, event.scorer, event.gems, event.doors
                )
                record = ContestRecord(
                    event.contest, collector, opening, tuple(moves), tuple(refills), outcome
                )
                records.append(record)
                moves, refills = [], []
            elif isinstance(event, ContestStarted):
                opening, collector = state.view(None).display, event.collector
    return state, records


def _replay(record: ContestRecord) -> list[tuple[Card, ...]]:
    """The display before each move, rebuilt from the record as protocol.md says."""
    display, refills, seen = list(record.opening_display), list(record.refills), []
    scored_set = record.outcome.reason is ScoreReason.COLLECTOR_SET
    for at, move in enumerate(record.moves, start=1):
        seen.append(tuple(sorted(display)))
        if isinstance(move, Take | Discard):
            display.remove(move.card)
            if not (scored_set and at == len(record.moves)):
                display.append(refills.pop(0))
    assert not refills, "every refill follows a take or a discard"
    return seen


def test_the_history_holds_every_finished_contest_as_the_table_saw_it() -> None:
    for seed in range(40):
        for optional in (False, True):
            state, records = _records_from_the_table(seed, optional)
            assert state.phase is Phase.OVER
            for viewer in (0, 1, None):
                assert list(state.view(viewer).history) == records
            assert state.view(None).last_contest == records[-1].outcome


def test_a_record_replays_to_the_displays_each_move_was_made_from() -> None:
    for seed in range(40):
        state = DoorsState(seed)
        rng = random.Random(seed)
        displays: list[tuple[Card, ...]] = []
        while state.to_act() is not None:
            contest = state.contest
            displays.append(state.display)
            state.apply(rng.choice(state.legal_moves()))
            if state.contest != contest or state.phase is Phase.OVER:
                assert _replay(state.history[-1]) == displays
                displays = []


def test_the_running_contest_replays_to_the_display_and_collection_in_play() -> None:
    """`DoorsView.running_contest` is the record so far: replayed as a finished contest is,
    it gives the display on the table and the collection; every viewer sees the same, and it
    is gone (into the history) once the match is over."""
    for seed in range(40):
        state = DoorsState(seed, collector_set_optional=seed % 2 == 1)
        rng = random.Random(seed)
        while state.to_act() is not None:
            running = state.view(None).running_contest
            assert running is not None
            assert {state.view(viewer).running_contest for viewer in (0, 1)} == {running}
            display, refills = list(running.opening_display), list(running.refills)
            collection = []
            for move in running.moves:
                if isinstance(move, Take):
                    collection.append(move.card)
                if isinstance(move, Take | Discard):
                    display.remove(move.card)
                    display.append(refills.pop(0))
            assert not refills and tuple(sorted(display)) == state.display
            assert tuple(collection) == state.collection
            state.apply(rng.choice(state.legal_moves()))
        assert state.view(None).running_contest is None


def test_a_running_contest_is_not_in_the_history() -> None:
    state = dealt(RL, BT, BT, RL, RT, WC, BL)
    state.apply(Take(BT))
    assert state.view(state.guesser).history == ()
    state.apply(Guess(None, Role.TIGER))
    (record,) = state.view(None).history
    assert (record.contest, record.opening_display) == (1, (RL, RT, BT, WC))
    assert (record.moves, record.refills) == ((Take(BT), Guess(None, Role.TIGER)), (BL,))


def test_determinize_keeps_the_refilled_cards_and_resamples_the_rest_of_the_deck() -> None:
    state = dealt(RL, BT, BT, RL, RT, WC, BL, RL)
    state.apply(Take(BT))
    state.apply(Discard(RL))
    for draw in range(20):
        world = state.determinize(state.guesser, random.Random(draw))
        world.apply(Guess(None, Role.TIGER))
        (record,) = world.history
        assert (record.opening_display, record.refills) == ((RL, RT, BT, WC), (BL, RL))
        assert record.moves == (Take(BT), Discard(RL), Guess(None, Role.TIGER))
