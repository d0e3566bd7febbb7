"""A contest after the first is dealt when its cards are first read, not when the last contest
ends (engine/doors/state.py): a state between the two — copied, pickled to a bot worker, or
resampled — must come to the very contest that reading it at once would have dealt."""

from __future__ import annotations

import pickle
import random

from engine.core import fields
from engine.doors.model import ContestStarted
from engine.doors.state import DoorsState


def just_ended(seed: int) -> DoorsState:
    """A match played at random until a contest ends and the next begins, nothing read since."""
    rng, state = random.Random(seed), DoorsState(seed)
    while True:
        events = state.apply(rng.choice(state.legal_moves()))
        if any(isinstance(event, ContestStarted) for event in events):
            return state


def test_a_copy_or_a_pickle_deals_the_contest_the_state_deals() -> None:
    for seed in range(40):
        state = just_ended(seed)
        copied, pickled = state.copy(), pickle.loads(pickle.dumps(state))
        views = [state.view(seat) for seat in (0, 1, None)]
        assert [copied.view(seat) for seat in (0, 1, None)] == views
        assert [pickled.view(seat) for seat in (0, 1, None)] == views
        assert (
            (copied.doors, copied.deck)
            == (pickled.doors, pickled.deck)
            == (
                state.doors,
                state.deck,
            )
        )


def test_a_world_resampled_before_the_deal_is_the_one_resampled_after() -> None:
    for seed in range(40):
        unread, read = just_ended(seed), just_ended(seed)
        read.legal_moves()
        for seat in (0, 1):
            before = unread.copy().determinize(seat, random.Random(seed))
            after = read.copy().determinize(seat, random.Random(seed))
            assert fields(before) == fields(after), seat
