"""koikoi.md §1: the 48 cards, their kinds, the derived sets and the suit shapes."""

from collections import Counter

from engine.koikoi.cards import (
    ANIMALS,
    BLUE_RIBBONS,
    BRIGHTS,
    CARDS,
    DECK,
    INO_SHIKA_CHO,
    MONTHS,
    PLAINS,
    POETRY_RIBBONS,
    RAIN_MAN,
    RIBBONS,
    SAKE_CUP,
    SAME_MONTH,
    Card,
    Kind,
    cards_in,
    complete_months,
    four_pairs,
    indices,
    mask_of,
)
from tests.engine.koikoi.koikoi_scenarios import cards


def test_sec1_forty_eight_cards_twelve_months_of_four() -> None:
    assert len(CARDS) == 48 and DECK.bit_count() == 48
    assert Counter(card.month for card in CARDS) == {month: 4 for month in range(1, 13)}
    assert all(card // 4 == card.month - 1 for card in CARDS)  # index = (month - 1) * 4 + slot
    assert all(mask.bit_count() == 4 for mask in MONTHS) and sum(MONTHS) == DECK


def test_sec1_kind_counts_5_9_10_24() -> None:
    assert Counter(card.kind for card in CARDS) == {
        Kind.BRIGHT: 5,
        Kind.ANIMAL: 9,
        Kind.RIBBON: 10,
        Kind.PLAIN: 24,
    }


def test_sec1_derived_sets_match_the_spec_indices() -> None:
    assert list(indices(BRIGHTS)) == [0, 8, 28, 40, 44]
    assert list(indices(RAIN_MAN)) == [40]
    assert list(indices(ANIMALS)) == [4, 12, 16, 20, 24, 29, 32, 36, 41]
    assert list(indices(INO_SHIKA_CHO)) == [20, 24, 36]
    assert list(indices(POETRY_RIBBONS)) == [1, 5, 9]
    assert list(indices(BLUE_RIBBONS)) == [21, 33, 37]
    assert list(indices(RIBBONS & ~POETRY_RIBBONS & ~BLUE_RIBBONS)) == [13, 17, 25, 42]
    assert PLAINS == DECK & ~BRIGHTS & ~ANIMALS & ~RIBBONS
    assert list(indices(SAKE_CUP)) == [32] and SAKE_CUP & ANIMALS


def test_sec1_suit_shapes() -> None:
    letter = {Kind.BRIGHT: "B", Kind.ANIMAL: "A", Kind.RIBBON: "R", Kind.PLAIN: "P"}
    shapes = ["".join(letter[CARDS[i].kind] for i in indices(month)) for month in MONTHS]
    assert shapes == [
        "BRPP",  # pine
        "ARPP",  # plum
        "BRPP",  # cherry
        *["ARPP"] * 4,  # wisteria, iris, peony, bush clover
        "BAPP",  # susuki
        *["ARPP"] * 2,  # chrysanthemum, maple
        "BARP",  # willow
        "BPPP",  # paulownia
    ]


def test_sec1_short_names() -> None:
    assert Card.JAN_CRANE.text == "jan-crane"
    assert Card.NOV_RAIN_MAN.text == "nov-rain-man"
    assert len({card.text for card in CARDS}) == 48
    assert cards("sep-sake-cup dec-plain-3") == (Card.SEP_SAKE_CUP, Card.DEC_PLAIN_3)


def test_sec1_masks_round_trip_in_month_order() -> None:
    chosen = [Card.DEC_PHOENIX, Card.JAN_CRANE, Card.AUG_MOON]
    assert cards_in(mask_of(chosen)) == (Card.JAN_CRANE, Card.AUG_MOON, Card.DEC_PHOENIX)
    assert SAME_MONTH[Card.AUG_GEESE] == MONTHS[7]


def test_Q4_four_of_a_month_and_four_pairs_predicates() -> None:
    pairs = mask_of(cards("jan-crane jan-poetry feb-warbler feb-poetry mar-curtain mar-poetry"))
    assert four_pairs(pairs | mask_of(cards("apr-cuckoo apr-ribbon")))
    assert not four_pairs(pairs | mask_of(cards("apr-cuckoo may-bridge")))
    four = MONTHS[0] | mask_of(cards("feb-warbler feb-poetry mar-curtain mar-poetry"))
    assert complete_months(four) == MONTHS[0]
    assert four_pairs(four)  # 4+2+2 is four pairs too
    assert complete_months(pairs) == 0
