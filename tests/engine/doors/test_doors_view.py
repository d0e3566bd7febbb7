"""Hidden information (EC12): what `view` shows each seat and the spectator, and how
`determinize` resamples what a seat cannot see."""

import dataclasses
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.doors.model import DOORS, Card, ContestEnded, Guess, Phase, Role, Take
from engine.doors.state import DoorsState
from tests.engine.doors.doors_scenarios import BL, BT, RL, RT, WC, collect, dealt, random_play


def _doors_seen_by(state: DoorsState, viewer: int, tries: int = 200) -> set[Card]:
    """The other seat's Doors that determinizing for `viewer` produces."""
    rng, other = random.Random(0), (viewer + 1) % 2
    return {state.determinize(viewer, rng).doors[other] for _ in range(tries)}


def test_EC12_a_seat_sees_its_own_door_and_nothing_of_the_others() -> None:
    state = dealt(RL, BT, BT, RL, RL, RL)
    for seat in (0, 1):
        view = state.view(seat)
        assert view.own_door == state.doors[seat]
        other = (seat + 1) % 2
        for door in DOORS:
            if door != state.doors[seat]:
                swapped = state.copy()
                swapped.doors = (door, state.doors[1]) if other == 0 else (state.doors[0], door)
                assert swapped.view(seat) == view


def test_EC12_spectator_sees_the_public_part_only() -> None:
    state = dealt(RL, BT, BT, RL, RL, RL)
    state.apply(Take(BT))
    public = state.view(None)

    assert public.own_door is None
    for seat in (0, 1):
        assert dataclasses.replace(state.view(seat), viewer=None, own_door=None) == public


def test_view_holds_the_public_table() -> None:
    state = dealt(RL, BT, BT, RL, RT, WC)
    state.apply(Take(BT))
    view = state.view(state.guesser)

    assert view.display == tuple(sorted(view.display))
    assert (view.collection, view.discards, view.deck_count) == ((BT,), (), 9)
    assert (view.phase, view.to_act) == (Phase.GUESSER_DISCARD, state.guesser)
    assert (view.target_gems, view.collector_set_optional) == (10, False)


def test_determinize_keeps_the_own_door_and_samples_every_other_door() -> None:
    state = dealt(RL, BT, BT, RL, RL, RL)
    assert _doors_seen_by(state, state.guesser) == {RL, BL, RT}
    assert _doors_seen_by(state, state.collector) == {BL, RT, BT}


def test_determinize_automatic_collector_cannot_hold_an_unscored_set() -> None:
    state = dealt(BT, BL, RT, RT, RL, WC)  # Red 4: a Red Collector would have scored it
    collect(state, RT, RT, RL, WC)
    assert state.phase is Phase.COLLECTOR_TAKE
    assert _doors_seen_by(state, state.guesser) == {BT}


def test_D1_determinize_optional_a_hidden_set_may_be_anyones() -> None:
    state = dealt(RL, BT, RT, RT, RL, WC, optional=True)
    collect(state, RT, RT, RL, WC)  # Red 4 kept hidden: nothing public tells it
    assert state.collection == (RT, RT, RL, WC) and state.contest == 1
    assert _doors_seen_by(state, state.guesser) == {RL, BL, RT}


def test_determinize_reshuffles_the_deck_and_the_future_deals() -> None:
    state, rng = DoorsState(5), random.Random(5)
    worlds = [state.determinize(state.collector, rng) for _ in range(20)]

    assert all(sorted(w.deck) == sorted(state.deck) for w in worlds)
    assert len({w.deck for w in worlds}) > 1
    next_deals = set()
    for world in worlds:
        world.apply(state.legal_moves()[0])
        world.apply(Guess(None, Role.LADY))  # ends contest 1 whatever the Doors
        next_deals.add(world.display + world.deck)
    assert len(next_deals) > 1


def test_determinize_after_the_match_keeps_the_revealed_doors() -> None:
    state = dealt(RL, BT, RT, RT, RL, WC, gems=(9, 9))
    collect(state, RT, RT, RL, WC)
    assert state.phase is Phase.OVER
    assert _doors_seen_by(state, 0, tries=20) == {state.doors[1]}


@settings(max_examples=120, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), patience=st.sampled_from([0.8, 1.0]))
def test_D1_a_kept_set_changes_nothing_the_guesser_or_a_spectator_sees(
    seed: int, patience: float
) -> None:
    """Issue 12, defect 3: with optional scoring, a take that keeps a set hidden must look
    exactly like the same take by a Collector whose Door makes no set."""
    state = DoorsState(seed, collector_set_optional=True)
    for now in random_play(state, random.Random(seed), 200, patience):
        if now.phase is not Phase.COLLECTOR_TAKE:
            continue
        collector, guesser = now.collector, now.guesser
        for card in dict.fromkeys(now.display):
            seen = []
            for door in DOORS:
                if door == now.doors[guesser]:
                    continue
                twin = now.copy()
                twin.doors = (door, twin.doors[1]) if collector == 0 else (twin.doors[0], door)
                events = twin.apply(Take(card))
                if any(isinstance(event, ContestEnded) for event in events):
                    break  # the deck ran out: both Doors are revealed anyway
                seen.append(
                    (
                        twin.view(guesser),
                        twin.view(None),
                        [e.for_viewer(guesser) for e in events],
                        [e.for_viewer(None) for e in events],
                    )
                )
            assert all(s == seen[0] for s in seen), f"take {card} tells the Collector's Door"
