"""Scripted Doors situations for the rule tests: exact Doors, display and deck, and a Collector
who takes a planned list of cards while the Guesser discards spare ones and passes."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

from engine.core import Event
from engine.doors.model import CLUE_DECK, DOORS, Card, Discard, Pass, Phase, Take
from engine.doors.state import DoorsState

RL, BL, RT, BT = Card.RED_LADY, Card.BLUE_LADY, Card.RED_TIGER, Card.BLUE_TIGER
WC, WR = Card.WILD_COLOUR, Card.WILD_ROLE


def clue_order(*top: Card) -> tuple[Card, ...]:
    """`top` (display first, then the deck from its top), then the other clue cards."""
    rest = Counter(CLUE_DECK)
    rest.subtract(top)
    return (*top, *sorted(rest.elements()))


def dealt(
    collector_door: Card,
    guesser_door: Card,
    *top: Card,
    optional: bool = False,
    gems: tuple[int, int] = (0, 0),
    seed: int = 0,
) -> DoorsState:
    """A match at the start of a contest with these Doors and clue cards on top."""
    state = DoorsState(seed, collector_set_optional=optional)
    state.gems = gems
    aside = [door for door in DOORS if door not in (collector_door, guesser_door)]
    state.deal((collector_door, guesser_door, *aside), clue_order(*top))
    return state


def collect(state: DoorsState, *picks: Card, keep: tuple[Card, ...] = ()) -> list[Event]:
    """The Collector takes `picks` in order; after each take the Guesser discards the lowest
    display card not kept for a later pick (or in `keep`) and passes. Stops early when the
    contest ends or the Collector must decide about a set."""
    contest, events = state.contest, []
    for at, pick in enumerate(picks):
        events += state.apply(Take(pick))
        if state.contest != contest or state.phase is not Phase.GUESSER_DISCARD:
            break
        events += state.apply(Discard(spare(state.display, picks[at + 1 :] + keep)))
        if state.contest != contest or state.phase is Phase.OVER:
            break
        events += state.apply(Pass())
    return events


def spare(display: tuple[Card, ...], kept: tuple[Card, ...]) -> Card:
    """The lowest display card beyond those the Collector still needs."""
    left = Counter(display)
    left.subtract(kept)
    return min(card for card, count in left.items() if count > 0)


def random_play(state: DoorsState, rng: random.Random, moves: int) -> Iterator[DoorsState]:
    """Plays up to `moves` uniformly random legal moves, yielding the state before each and at
    the end (the same object, changing in place)."""
    for _ in range(moves):
        yield state
        if state.to_act() is None:
            return
        state.apply(rng.choice(state.legal_moves()))
    yield state
