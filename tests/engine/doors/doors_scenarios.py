"""Scripted Doors situations for the rule tests: exact Doors, display and deck, and a Collector
who takes a planned list of cards while the Guesser discards spare ones and passes."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

from engine.core import Event
from engine.doors.model import (
    CLUE_DECK,
    DOORS,
    Card,
    ContestEnded,
    Discard,
    Pass,
    Phase,
    Take,
)
from engine.doors.state import DoorsState

RL, BL, RT, BT = Card.RED_LADY, Card.BLUE_LADY, Card.RED_TIGER, Card.BLUE_TIGER
WC, WR = Card.WILD_COLOUR, Card.WILD_ROLE

LONG_CONTEST = (BT, RL, RL, RL, BT, RT, BT, RT, WC, RT, WR, BL, BL, BL)
LONG_PICKS = (BT, BT, BT, WC, WR)
"""A deal (display, then deck) where a Red Lady Collector takes LONG_PICKS, Red 1 and Lady 1,
never a set, while the Guesser discards spares: the contest runs until the deck is empty."""


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
    redeal(state, collector_door, guesser_door, *top)
    return state


def redeal(state: DoorsState, collector_door: Card, guesser_door: Card, *top: Card) -> None:
    """Replaces the current contest's deal with these Doors and clue cards on top."""
    aside = [door for door in DOORS if door not in (collector_door, guesser_door)]
    state.deal((collector_door, guesser_door, *aside), clue_order(*top))


def ended(events: list[Event]) -> ContestEnded:
    """The contest's scoring among `events`."""
    return next(event for event in events if isinstance(event, ContestEnded))


def collect(state: DoorsState, *picks: Card, keep: tuple[Card, ...] = ()) -> list[Event]:
    """The Collector takes `picks` in order; after each take the Guesser discards the lowest
    display card not kept for a later pick (or in `keep`) and passes. Stops early when the
    contest ends."""
    events: list[Event] = []
    for at, pick in enumerate(picks):
        events += state.apply(Take(pick))
        if not _in_phase(state, Phase.GUESSER_DISCARD):
            break
        events += state.apply(Discard(spare(state.display, picks[at + 1 :] + keep)))
        if not _in_phase(state, Phase.GUESSER_ACTION):
            break
        events += state.apply(Pass())
    return events


def _in_phase(state: DoorsState, phase: Phase) -> bool:
    """`state.phase is phase`; no contest check is needed, since a scoring move leads to the
    next contest's COLLECTOR_TAKE or to OVER, never to a Guesser phase."""
    return state.phase is phase


def spare(display: tuple[Card, ...], kept: tuple[Card, ...]) -> Card:
    """The lowest display card beyond those the Collector still needs."""
    left = Counter(display)
    left.subtract(kept)
    return min(card for card, count in left.items() if count > 0)


def random_play(
    state: DoorsState, rng: random.Random, moves: int, patience: float = 0.8
) -> Iterator[DoorsState]:
    """Plays up to `moves` random legal moves, yielding the state before each and at the end
    (the same object, changing in place). With probability `patience` the player avoids the
    moves that end a contest by choice (guess, match, score), so deep contests, empty decks
    and hidden sets come up too, not only early guesses."""
    for _ in range(moves):
        yield state
        if state.to_act() is None:
            return
        legal = state.legal_moves()
        quiet = [
            move
            for move in legal
            if isinstance(move, Discard | Pass) or (isinstance(move, Take) and not move.score_set)
        ]
        state.apply(rng.choice(quiet if quiet and rng.random() < patience else legal))
    yield state
