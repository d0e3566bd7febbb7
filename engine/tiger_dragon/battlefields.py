"""The ten Battlefield cards and the Game Market promo as one data table, and how a round is
scored by them (§1.5, §3).

Ruling R1: the card values are data, not code, so a check against the printed cards changes one
row. Ruling R3 (a Tiger or Dragon finish scores a flat 1 and no bonus) is the `wild_points` and
`wild_bonus` columns of the same table; R4 (the 1 scores its value plus the bonus) is the first
entry of each card's `points`, scored like any number tile by `Card.score`.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from engine.tiger_dragon.tiles import WILDS, Tile


class Battlefield(enum.Enum):
    """A card, named by its option value (snake_case of the English translation)."""

    DOJO = "dojo"
    BAMBOO_GROVE = "bamboo_grove"
    VOLCANO = "volcano"
    BEACH = "beach"
    GRASSLAND = "grassland"
    CLIFFTOP = "clifftop"
    STORM = "storm"
    SWAMP = "swamp"
    DENSE_FOG = "dense_fog"
    CAVE = "cave"
    GAME_MARKET = "game_market"  # the Japanese promo, the eleventh card

    @property
    def card(self) -> Card:
        return CARDS[self]


@dataclass(frozen=True)
class Card:
    """One row of the §3 table.

    `points[k - 1]` is the value of winning with the number k. Clifftop alone has `open_points`:
    the value of going out with the tile revealed by an attack (ruling R7); other cards have None
    and offer no reveal. `bonus_per_tile` is what each face-down tile adds (Volcano: 2), and
    `bonus_all_players` counts every player's face-down tiles, not only the winner's (Cave).
    A Tiger or Dragon finish scores `wild_points`, with the bonus only if `wild_bonus` (R3).
    `difference` (the Game Market promo, §3): the numbers 2-8 score the difference between the
    winner's last attack tile and the winning tile (0 when they are equal); if the last attack
    was the Tiger or Dragon the card value is `wild_points`, with no bonus. The 1 still scores
    `points[0]` plus the bonus (R4). Rulings of this project: the spec gives no more.
    """

    title: str
    japanese: str
    points: tuple[int, int, int, int, int, int, int, int]
    wild_points: int = 1  # R3
    wild_bonus: bool = False  # R3
    bonus_per_tile: int = 1
    bonus_all_players: bool = False
    open_points: tuple[int, int, int, int, int, int, int, int] | None = None
    difference: bool = False

    def value(self, tile: Tile, open_tile: bool = False, last_attack: Tile | None = None) -> int:
        """The card value of going out with `tile` (without the bonus). `last_attack`: the
        winner's last attack tile (for `difference`; None before any attack scores 0)."""
        if tile in WILDS or (self.difference and last_attack in WILDS and tile is not Tile.ONE):
            return self.wild_points
        if open_tile and self.open_points is not None:
            return self.open_points[tile - 1]
        if self.difference and tile is not Tile.ONE:
            return 0 if last_attack is None else abs(int(tile) - int(last_attack))
        return self.points[tile - 1]

    def score(
        self,
        tile: Tile,
        open_tile: bool,
        own_face_down: int,
        all_face_down: int,
        last_attack: Tile | None = None,
    ) -> tuple[int, int]:
        """(card value, bonus) of going out with `tile`.

        `open_tile`: the tile was revealed by the winner's attack (R7). The face-down counts
        exclude a last tile turned face up to go out (R2). `last_attack`: the winner's last
        attack tile (`difference` cards).
        """
        value = self.value(tile, open_tile, last_attack)
        wild_finish = tile in WILDS or (
            self.difference and last_attack in WILDS and tile is not Tile.ONE
        )
        if wild_finish and not self.wild_bonus:
            return value, 0
        face_down = all_face_down if self.bonus_all_players else own_face_down
        return value, face_down * self.bonus_per_tile

    def summary(self) -> str:
        """One help line: the value of going out with 1..8, and how the bonus differs."""
        if self.difference:
            values = f"{self.points[0]}, 2-8: the difference from your last attack tile"
        elif self.open_points is None:
            values = " ".join(map(str, self.points))
        else:
            values = (
                f"{self.points[0]}, 2-8: {self.open_points[1]} if revealed, else {self.points[1]}"
            )
        notes = []
        if self.bonus_per_tile != 1:
            notes.append(f"face-down tiles worth {self.bonus_per_tile}")
        if self.bonus_all_players:
            notes.append("every player's face-down tiles count")
        return f"{self.title}: {values}" + "".join(f"; {note}" for note in notes)


CARDS: dict[Battlefield, Card] = {
    #                                                 1   2  3  4  5  6  7  8
    Battlefield.DOJO: Card("Dojo", "道場の戦い", (10, 2, 2, 3, 3, 3, 4, 4)),
    Battlefield.BAMBOO_GROVE: Card("Bamboo Grove", "竹林の戦い", (10, 2, 3, 4, 4, 4, 3, 2)),
    Battlefield.VOLCANO: Card("Volcano", "火山の戦い", (10, 4, 4, 3, 3, 3, 2, 2), bonus_per_tile=2),
    Battlefield.BEACH: Card("Beach", "浜辺の戦い", (10, 3, 4, 3, 4, 3, 4, 3)),
    Battlefield.GRASSLAND: Card("Grassland", "草原の戦い", (10, 4, 3, 4, 3, 4, 3, 4)),
    Battlefield.CLIFFTOP: Card(
        "Clifftop", "崖の上の戦い", (10, 3, 3, 3, 3, 3, 3, 3), open_points=(10, 6, 6, 6, 6, 6, 6, 6)
    ),
    Battlefield.STORM: Card("Storm", "嵐の戦い", (10, 2, 5, 2, 2, 5, 2, 2)),
    Battlefield.SWAMP: Card("Swamp", "沼地の戦い", (10, 2, 2, 5, 2, 2, 2, 5)),
    Battlefield.DENSE_FOG: Card("Dense Fog", "濃霧の戦い", (10, 2, 3, 4, 5, 6, 7, 8)),
    Battlefield.CAVE: Card("Cave", "洞窟の戦い", (10, 2, 2, 2, 2, 2, 2, 2), bonus_all_players=True),
    # The 2-8 columns are unused: `difference` scores them.
    Battlefield.GAME_MARKET: Card(
        "Game Market", "ゲームマーケットの戦い", (10, 0, 0, 0, 0, 0, 0, 0), difference=True
    ),
}
"""The ten cards of §3 and the promo (values from the beatweapon implementation, ruling R1)."""

BOX: tuple[Battlefield, ...] = tuple(b for b in Battlefield if b is not Battlefield.GAME_MARKET)
"""The ten cards in the box: what R10's random card and the house rule draw from, unless the
table plays with the promo (`Settings.with_promo`). Kept apart so that stored matches replay
exactly: their draws came from these ten."""
