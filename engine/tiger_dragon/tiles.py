"""The 38 tiles as small ints, and which tile defends which (tiger-dragon.md §1.1, §1.3, §4).

A tile is its kind: an int 0..9 that indexes a hand's count list. The Tiger is 0 and the Dragon
is 9, so `tile % 2` is the parity (the colour) of every tile, the two wilds included.
"""

from __future__ import annotations

import enum


class Tile(enum.IntEnum):
    """A tile kind; its value is even for blue tiles and odd for red ones."""

    TIGER = 0
    ONE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    DRAGON = 9

    @property
    def text(self) -> str:
        """How players name the tile: "1".."8", "tiger", "dragon"."""
        return self.name.lower() if self in WILDS else str(self.value)


TILES: tuple[Tile, ...] = tuple(Tile)
"""Every kind, indexed by its value: `TILES[k]` turns a stored int back into a Tile."""

KINDS = range(len(TILES))
"""The kind indices of a hand's count list, in Tile order."""

WILDS = frozenset({Tile.TIGER, Tile.DRAGON})
"""The two secret-technique tiles (§1.1)."""

COPIES: tuple[int, ...] = tuple(1 if t in WILDS else t.value for t in Tile)
"""How many of each kind the box holds: one 1, two 2s, ... eight 8s, one Tiger, one Dragon."""

DECK: tuple[Tile, ...] = tuple(t for t in Tile for _ in range(COPIES[t]))
"""All 38 tiles in kind order; a round shuffles a copy (§1.2)."""


def defends(defence: Tile, attack: Tile) -> bool:
    """Whether `defence` answers `attack` (§1.3; the legality formula at the end of §4).

    Numbers match the same number; a wild matches the numbers of its parity and is matched by
    them; the Tiger and the Dragon never meet each other (they differ in parity).
    """
    if defence in WILDS:
        return attack not in WILDS and attack % 2 == defence % 2
    if attack in WILDS:
        return defence % 2 == attack % 2
    return defence == attack


DEFENDERS: tuple[tuple[Tile, ...], ...] = tuple(
    tuple(d for d in Tile if defends(d, a)) for a in Tile
)
"""`DEFENDERS[attack]`: every kind that defends `attack`, precomputed for the hot path."""
