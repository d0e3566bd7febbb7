"""§1.1 components and §1.3 / §4 defense legality."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.tiger_dragon.tiles import DECK, DEFENDERS, WILDS, Tile, defends

ODD = {Tile.ONE, Tile.THREE, Tile.FIVE, Tile.SEVEN}
EVEN = {Tile.TWO, Tile.FOUR, Tile.SIX, Tile.EIGHT}


def test_s1_1_thirty_eight_tiles_each_number_as_often_as_its_value() -> None:
    counts = Counter(DECK)
    assert len(DECK) == 38
    assert all(counts[Tile(n)] == n for n in range(1, 9))
    assert counts[Tile.TIGER] == counts[Tile.DRAGON] == 1


def test_s1_1_tiger_counts_even_and_dragon_odd() -> None:
    assert Tile.TIGER % 2 == 0
    assert Tile.DRAGON % 2 == 1


def expected_defenders(attack: Tile) -> set[Tile]:
    """§4's legality formula, written out case by case."""
    if attack is Tile.DRAGON:
        return set(ODD)
    if attack is Tile.TIGER:
        return set(EVEN)
    return {attack, Tile.DRAGON if attack in ODD else Tile.TIGER}


@pytest.mark.parametrize("attack", list(Tile), ids=lambda t: t.text)
def test_s1_3_defense_table(attack: Tile) -> None:
    assert {d for d in Tile if defends(d, attack)} == expected_defenders(attack)
    assert set(DEFENDERS[attack]) == expected_defenders(attack)


def test_s1_3_tiger_and_dragon_never_defend_each_other_or_the_other_parity() -> None:
    assert not defends(Tile.TIGER, Tile.DRAGON)
    assert not defends(Tile.DRAGON, Tile.TIGER)
    assert not any(defends(Tile.TIGER, a) for a in ODD)
    assert not any(defends(Tile.DRAGON, a) for a in EVEN)


def test_s2_the_one_is_matched_only_by_the_dragon() -> None:
    # The box holds a single 1, so the only tile anyone else can hold to answer it is the Dragon.
    holdable = [d for d in DEFENDERS[Tile.ONE] if Counter(DECK)[d] > (d is Tile.ONE)]
    assert holdable == [Tile.DRAGON]


def test_wilds_are_the_tiger_and_the_dragon() -> None:
    assert frozenset({Tile.TIGER, Tile.DRAGON}) == WILDS
    assert [t.text for t in Tile] == ["tiger", *map(str, range(1, 9)), "dragon"]
