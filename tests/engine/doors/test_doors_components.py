"""doors.md §1 (components), rulings Q2 and Q4, edge case EC1 and test vector §5.1."""

from collections import Counter

from engine.doors.model import CLUE_DECK, DOORS, TRAITS, Colour, Role
from engine.doors.traits import has_set
from tests.engine.doors.doors_scenarios import BL, BT, RL, RT, WC, WR


def test_doors_four_doors_one_of_each_colour_and_role() -> None:
    identities = {(TRAITS[door][0], TRAITS[door][1]) for door in DOORS}
    assert len(DOORS) == 4
    assert all(len(colours) == 1 and len(roles) == 1 for colours, roles in identities)
    assert len(identities) == 4


def test_V1_clue_deck_fourteen_cards_seven_of_each_trait() -> None:
    assert len(CLUE_DECK) == 14
    # Colours and roles are counted apart: as IntEnums, Colour.RED == Role.LADY.
    for colour in Colour:
        assert sum(colour in TRAITS[card][0] for card in CLUE_DECK) == 7, colour
    for role in Role:
        assert sum(role in TRAITS[card][1] for card in CLUE_DECK) == 7, role


def test_Q2_three_of_each_plain_clue_and_two_wilds() -> None:
    assert Counter(CLUE_DECK) == {RL: 3, BL: 3, RT: 3, BT: 3, WC: 1, WR: 1}


def test_Q4_wild_colour_has_no_role_and_wild_role_no_colour() -> None:
    assert TRAITS[WC] == (frozenset(Colour), frozenset())
    assert TRAITS[WR] == (frozenset(), frozenset(Role))


def test_EC1_wild_colour_counts_for_both_colours_and_no_role() -> None:
    assert has_set((RT, RT, RL, WC), RL)
    assert has_set((BT, BT, BL, WC), BT)
    assert not has_set((RL, BL, RL, WC), BL)  # Lady 3: the tree is no Lady
    assert has_set((RL, BL, RL, WR), BL)  # Lady 4 with the wild role
    assert has_set((RT, BT, BT, WR), RT)  # Tiger 4 with the wild role
    assert not has_set((RT, RL, RL, WR), BT)  # Blue 0, Tiger 2
