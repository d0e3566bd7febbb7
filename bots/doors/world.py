"""Doors: a match that one seat sees as its view (`bots.worlds`); the other Door is one the
public facts allow."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

from engine.doors.model import CLUE_DECK, DOORS, DoorsView
from engine.doors.state import DoorsState
from engine.doors.traits import has_set


def world(view: DoorsView, players: int, options: Mapping[str, str]) -> DoorsState:
    """A two-player match that the seat of `view` sees as `view`."""
    seat, own = view.viewer, view.own_door
    assert seat is not None and own is not None, "a seat's view"
    state = DoorsState(0, collector_set_optional=view.collector_set_optional)
    # Automatic scoring: a running contest proves the Collector holds no set (D1: with the
    # optional scoring nothing public tells whether they hold one).
    other = next(
        door
        for door in DOORS
        if door != own
        and (
            seat == view.collector
            or view.collector_set_optional
            or not has_set(view.collection, door)
        )
    )
    state.doors = (own, other) if seat == 0 else (other, own)
    state.contest, state.collector, state.gems = view.contest, view.collector, view.gems
    state.history = view.history  # the earlier contests, which the Guesser reads (policy.py)
    state.phase = view.phase
    state.display, state.collection, state.discards = view.display, view.collection, view.discards
    deck = Counter(CLUE_DECK)
    deck.subtract(view.display + view.collection + view.discards)
    state.deck = tuple(sorted(deck.elements()))
    if view.running_contest is not None:  # the takes so far, which the Guesser reads too
        state.running_contest = view.running_contest
    return state
