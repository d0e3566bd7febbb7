"""§3 battlefield cards and rulings R1, R3, R4, R7 (values), §1.5 bonus rules."""

from __future__ import annotations

import pytest

from engine.tiger_dragon.battlefields import BOX, CARDS, Battlefield
from engine.tiger_dragon.tiles import WILDS, Tile

# §3, transcribed from the spec: the card value of winning with 1..8.
SPEC_TABLE: dict[Battlefield, tuple[int, ...]] = {
    Battlefield.DOJO: (10, 2, 2, 3, 3, 3, 4, 4),
    Battlefield.BAMBOO_GROVE: (10, 2, 3, 4, 4, 4, 3, 2),
    Battlefield.VOLCANO: (10, 4, 4, 3, 3, 3, 2, 2),
    Battlefield.BEACH: (10, 3, 4, 3, 4, 3, 4, 3),
    Battlefield.GRASSLAND: (10, 4, 3, 4, 3, 4, 3, 4),
    Battlefield.CLIFFTOP: (10, 3, 3, 3, 3, 3, 3, 3),  # never revealed (R7)
    Battlefield.STORM: (10, 2, 5, 2, 2, 5, 2, 2),
    Battlefield.SWAMP: (10, 2, 2, 5, 2, 2, 2, 5),
    Battlefield.DENSE_FOG: (10, 2, 3, 4, 5, 6, 7, 8),
    Battlefield.CAVE: (10, 2, 2, 2, 2, 2, 2, 2),
}
BONUS_PER_TILE = {b: 2 if b is Battlefield.VOLCANO else 1 for b in Battlefield}

CASES = [(b, t) for b in BOX for t in Tile]
"""The ten cards of the box (the Game Market promo scores by difference: its own tests)."""


def test_r1_ten_cards_and_the_promo_with_snake_case_names() -> None:
    assert len(CARDS) == 11 and len(BOX) == 10
    assert [b.value for b in Battlefield] == [
        "dojo", "bamboo_grove", "volcano", "beach", "grassland",
        "clifftop", "storm", "swamp", "dense_fog", "cave", "game_market",
    ]  # fmt: skip
    assert Battlefield.GAME_MARKET not in BOX


@pytest.mark.parametrize(("battlefield", "tile"), CASES, ids=lambda x: getattr(x, "value", x))
def test_r1_card_value_of_every_winning_tile(battlefield: Battlefield, tile: Tile) -> None:
    value, bonus = battlefield.card.score(tile, open_tile=False, own_face_down=0, all_face_down=0)
    expected = 1 if tile in WILDS else SPEC_TABLE[battlefield][tile - 1]
    assert (value, bonus) == (expected, 0)


@pytest.mark.parametrize(("battlefield", "tile"), CASES, ids=lambda x: getattr(x, "value", x))
def test_s1_5_bonus_of_every_winning_tile(battlefield: Battlefield, tile: Tile) -> None:
    """Winner with 2 face-down tiles, 5 on the whole table."""
    _, bonus = battlefield.card.score(tile, open_tile=False, own_face_down=2, all_face_down=5)
    if tile in WILDS:
        expected = 0  # R3
    elif battlefield is Battlefield.CAVE:
        expected = 5  # every player's face-down tiles
    else:
        expected = 2 * BONUS_PER_TILE[battlefield]  # Volcano doubles
    assert bonus == expected


@pytest.mark.parametrize("battlefield", list(Battlefield), ids=lambda b: b.value)
def test_r3_tiger_or_dragon_finish_is_one_point_and_no_bonus(battlefield: Battlefield) -> None:
    for tile in WILDS:
        for open_tile in (False, True):
            assert battlefield.card.score(tile, open_tile, 3, 7) == (1, 0)


@pytest.mark.parametrize("battlefield", list(Battlefield), ids=lambda b: b.value)
def test_r4_the_one_scores_ten_plus_the_bonus(battlefield: Battlefield) -> None:
    value, bonus = battlefield.card.score(
        Tile.ONE, open_tile=False, own_face_down=3, all_face_down=3
    )
    assert (value, bonus) == (10, 3 * BONUS_PER_TILE[battlefield])


def test_volcano_face_down_tiles_are_worth_two() -> None:
    assert Battlefield.VOLCANO.card.score(Tile.TWO, False, 3, 9) == (4, 6)


def test_cave_counts_every_players_face_down_tiles() -> None:
    assert Battlefield.CAVE.card.score(Tile.EIGHT, False, 1, 4) == (2, 4)


@pytest.mark.parametrize("tile", [Tile(n) for n in range(2, 9)], ids=lambda t: t.text)
def test_r7_clifftop_open_tile_scores_six_closed_three(tile: Tile) -> None:
    card = Battlefield.CLIFFTOP.card
    assert card.score(tile, open_tile=True, own_face_down=1, all_face_down=1) == (6, 1)
    assert card.score(tile, open_tile=False, own_face_down=1, all_face_down=1) == (3, 1)


def test_r7_clifftop_one_scores_ten_revealed_or_not() -> None:
    card = Battlefield.CLIFFTOP.card
    assert card.score(Tile.ONE, True, 0, 0) == card.score(Tile.ONE, False, 0, 0) == (10, 0)


def test_r7_only_clifftop_has_an_open_value() -> None:
    assert [b for b in Battlefield if b.card.open_points is not None] == [Battlefield.CLIFFTOP]


@pytest.mark.parametrize("battlefield", [b for b in Battlefield if b is not Battlefield.CLIFFTOP])
def test_r7_open_flag_changes_nothing_off_clifftop(battlefield: Battlefield) -> None:
    card = battlefield.card
    assert all(card.score(t, True, 1, 2) == card.score(t, False, 1, 2) for t in Tile)
