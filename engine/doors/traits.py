"""What a card counts for: the set and guess arithmetic of doors.md (C3, C5, G4, G5, EC1).

Each card's traits are folded into a bitmask once, so testing a collection for a set is a few
integer operations: the rules ask it after every take and the bots on every simulated turn.
"""

from __future__ import annotations

from engine.doors.model import RULES, TRAITS, Card, Colour, Guess, Role, ScoreReason

_COLOUR_BIT = {Colour.RED: 1, Colour.BLUE: 2}
_ROLE_BIT = {Role.LADY: 4, Role.TIGER: 8}
_COLOUR_MASK = sum(_COLOUR_BIT.values())
_ROLE_MASK = sum(_ROLE_BIT.values())


def _bits(card: Card) -> int:
    colours, roles = TRAITS[card]
    return sum(_COLOUR_BIT[colour] for colour in colours) + sum(_ROLE_BIT[role] for role in roles)


_CARD_BITS: tuple[int, ...] = (0, *(_bits(card) for card in Card))
"""Trait bits indexed by card value (`Card` is an IntEnum numbered from 1)."""


def has_set(collection: tuple[Card, ...], door: Card) -> bool:
    """C5 / Q3: at least `set_size` collected cards share one trait of `door` (its colour or
    its role); other cards may be present, and a wild counts for both values of its trait."""
    if len(collection) < RULES.set_size:
        return False
    door_bits = _CARD_BITS[door]
    return any(
        sum(1 for card in collection if _CARD_BITS[card] & trait) >= RULES.set_size
        for trait in (door_bits & _COLOUR_MASK, door_bits & _ROLE_MASK)
    )


def judge_guess(guess: Guess, door: Card) -> ScoreReason:
    """G4: every named trait must be the Collector's; a two-trait guess with one trait wrong
    is simply wrong (EC6), there is no partial credit."""
    colours, roles = TRAITS[door]
    if (guess.colour is not None and guess.colour not in colours) or (
        guess.role is not None and guess.role not in roles
    ):
        return ScoreReason.WRONG_GUESS
    if guess.colour is not None and guess.role is not None:
        return ScoreReason.FULL_GUESS
    return ScoreReason.TRAIT_GUESS
