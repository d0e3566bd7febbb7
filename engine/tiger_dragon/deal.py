"""Dealing a round from a given tile order (§1.2).

Every deal, random or scripted, goes through `deal`: the state shuffles the deck and feeds the
order in, and tests feed an order of their own to fix exact hands (checked by `require_box`; a
shuffle of the box is whole by construction, and a random playout deals every few dozen moves).
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.core import Seat
from engine.tiger_dragon.model import RULES
from engine.tiger_dragon.tiles import DECK, KINDS, Tile


def hand_sizes(players: int, start_player: Seat) -> list[int]:
    """Each seat's hand size: the count's normal hand, plus the extra tile for the start player."""
    sizes = [RULES.hand_size(players)] * players
    sizes[start_player] += RULES.start_extra
    return sizes


def require_box(order: Sequence[Tile]) -> None:
    """Refuses a scripted order that is not exactly the 38 tiles of the box."""
    if sorted(order) != sorted(DECK):
        raise ValueError("a deal needs exactly the 38 tiles of the box")


def deal(
    order: Sequence[Tile], players: int, start_player: Seat
) -> tuple[list[list[int]], list[Tile]]:
    """Deals `order` (all 38 tiles) seat by seat from seat 0: each seat takes its hand from the
    front, and the tiles after the last hand stay out of play, unseen (§1.2).

    Returns each seat's hand as a count list indexed by tile kind, and the tiles left out.
    """
    hands: list[list[int]] = []
    at = 0
    for size in hand_sizes(players, start_player):
        counts = [0] * len(KINDS)
        for tile in order[at : at + size]:
            counts[tile] += 1
        hands.append(counts)
        at += size
    return hands, list(order[at:])
