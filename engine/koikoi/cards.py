"""The 48 hanafuda cards as one data table, and card sets as int bitmasks.

A set of cards (a hand, the board, a capture pile) is an `int` with bit `i` set for card `i`:
the bots play thousands of random deals a second, and masks make every step of a turn a few
integer operations with nothing to copy. `Card` (an IntEnum, so `1 << card` works) is used only
where people or the protocol see cards: moves, events and views.

The index order is koikoi.md §1's (month - 1) * 4 + slot, the order of the open-source engines
the spec cross-checks against.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from functools import lru_cache


class Kind(enum.Enum):
    """The four card classes (§1): they decide which yaku a card counts towards."""

    BRIGHT = "bright"
    ANIMAL = "animal"
    RIBBON = "ribbon"
    PLAIN = "plain"


class Tag(enum.Flag):
    """The special cards the yaku name (§1, §2.4, V2, V3)."""

    NONE = 0
    POETRY = enum.auto()  # akatan: the poetry ribbons of pine, plum and cherry
    BLUE = enum.auto()  # aotan: the blue ribbons of peony, chrysanthemum and maple
    RAIN_MAN = enum.auto()  # the willow bright that spoils four and three brights
    SAKE_CUP = enum.auto()  # animal and plain at once under Cardavia (V8)
    BOAR = enum.auto()
    DEER = enum.auto()
    BUTTERFLY = enum.auto()
    CURTAIN = enum.auto()  # flower-viewing sake (V2)
    MOON = enum.auto()  # moon-viewing sake (V2)


class Card(enum.IntEnum):
    """One hanafuda card: its month (1-12), kind and tags; the value is its index 0-47."""

    month: int
    kind: Kind
    tags: Tag

    def __new__(cls, month: int, kind: Kind, tags: Tag = Tag.NONE) -> Card:
        index = len(cls.__members__)
        card = int.__new__(cls, index)
        card._value_ = index
        card.month = month
        card.kind = kind
        card.tags = tags
        return card

    @property
    def text(self) -> str:
        """The short name people type and read, e.g. "jan-crane", "nov-rain-man"."""
        return self.name.lower().replace("_", "-")

    JAN_CRANE = 1, Kind.BRIGHT
    JAN_POETRY = 1, Kind.RIBBON, Tag.POETRY
    JAN_PLAIN_1 = 1, Kind.PLAIN
    JAN_PLAIN_2 = 1, Kind.PLAIN
    FEB_WARBLER = 2, Kind.ANIMAL
    FEB_POETRY = 2, Kind.RIBBON, Tag.POETRY
    FEB_PLAIN_1 = 2, Kind.PLAIN
    FEB_PLAIN_2 = 2, Kind.PLAIN
    MAR_CURTAIN = 3, Kind.BRIGHT, Tag.CURTAIN
    MAR_POETRY = 3, Kind.RIBBON, Tag.POETRY
    MAR_PLAIN_1 = 3, Kind.PLAIN
    MAR_PLAIN_2 = 3, Kind.PLAIN
    APR_CUCKOO = 4, Kind.ANIMAL
    APR_RIBBON = 4, Kind.RIBBON
    APR_PLAIN_1 = 4, Kind.PLAIN
    APR_PLAIN_2 = 4, Kind.PLAIN
    MAY_BRIDGE = 5, Kind.ANIMAL
    MAY_RIBBON = 5, Kind.RIBBON
    MAY_PLAIN_1 = 5, Kind.PLAIN
    MAY_PLAIN_2 = 5, Kind.PLAIN
    JUN_BUTTERFLIES = 6, Kind.ANIMAL, Tag.BUTTERFLY
    JUN_BLUE = 6, Kind.RIBBON, Tag.BLUE
    JUN_PLAIN_1 = 6, Kind.PLAIN
    JUN_PLAIN_2 = 6, Kind.PLAIN
    JUL_BOAR = 7, Kind.ANIMAL, Tag.BOAR
    JUL_RIBBON = 7, Kind.RIBBON
    JUL_PLAIN_1 = 7, Kind.PLAIN
    JUL_PLAIN_2 = 7, Kind.PLAIN
    AUG_MOON = 8, Kind.BRIGHT, Tag.MOON
    AUG_GEESE = 8, Kind.ANIMAL
    AUG_PLAIN_1 = 8, Kind.PLAIN
    AUG_PLAIN_2 = 8, Kind.PLAIN
    SEP_SAKE_CUP = 9, Kind.ANIMAL, Tag.SAKE_CUP
    SEP_BLUE = 9, Kind.RIBBON, Tag.BLUE
    SEP_PLAIN_1 = 9, Kind.PLAIN
    SEP_PLAIN_2 = 9, Kind.PLAIN
    OCT_DEER = 10, Kind.ANIMAL, Tag.DEER
    OCT_BLUE = 10, Kind.RIBBON, Tag.BLUE
    OCT_PLAIN_1 = 10, Kind.PLAIN
    OCT_PLAIN_2 = 10, Kind.PLAIN
    NOV_RAIN_MAN = 11, Kind.BRIGHT, Tag.RAIN_MAN
    NOV_SWALLOW = 11, Kind.ANIMAL
    NOV_RIBBON = 11, Kind.RIBBON
    NOV_LIGHTNING = 11, Kind.PLAIN  # the oni-fuda: an ordinary plain in Koi-Koi
    DEC_PHOENIX = 12, Kind.BRIGHT
    DEC_PLAIN_1 = 12, Kind.PLAIN
    DEC_PLAIN_2 = 12, Kind.PLAIN
    DEC_PLAIN_3 = 12, Kind.PLAIN


CARDS: tuple[Card, ...] = tuple(Card)
"""Card by index: `CARDS[i]` (the hot path keeps plain ints and converts at the edges)."""

DECK = (1 << len(CARDS)) - 1
"""All 48 cards."""


def mask_of(cards: Iterable[int]) -> int:
    """The set of `cards` as a mask."""
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


_BYTE_BITS = tuple(tuple(i for i in range(8) if byte >> i & 1) for byte in range(256))
_BYTE_INDICES = tuple(
    tuple(tuple(8 * k + i for i in bits) for bits in _BYTE_BITS) for k in range(6)
)
"""`_BYTE_INDICES[k][byte]`: the card indices of `byte` as the `k`-th byte of a mask."""


def indices(mask: int) -> tuple[int, ...]:
    """The card indices in `mask`, lowest first. Looked up a byte at a time rather than bit by
    bit: the legal moves, every play and `determinize` (32 unseen cards) ask for them."""
    found: tuple[int, ...] = ()
    for table in _BYTE_INDICES:
        if not mask:
            break
        found += table[mask & 255]
        mask >>= 8
    return found


@lru_cache(maxsize=1 << 15)
def cards_in(mask: int) -> tuple[Card, ...]:
    """The cards of `mask` in index order (month order): how sets appear in views and events.
    Cached: every play names the cards it takes, and a search plays thousands of deals."""
    return tuple(CARDS[i] for i in indices(mask))


def kind_mask(kind: Kind) -> int:
    """The cards of one kind."""
    return mask_of(c for c in CARDS if c.kind is kind)


def tag_mask(tag: Tag) -> int:
    """The cards carrying any of the flags in `tag`."""
    return mask_of(c for c in CARDS if c.tags & tag)


MONTHS: tuple[int, ...] = tuple(mask_of(c for c in CARDS if c.month == m) for m in range(1, 13))
"""The four cards of each month, January first: `MONTHS[month - 1]`."""

SAME_MONTH: tuple[int, ...] = tuple(MONTHS[c.month - 1] for c in CARDS)
"""For each card index, the four cards of its month (itself included)."""

BRIGHTS = kind_mask(Kind.BRIGHT)
ANIMALS = kind_mask(Kind.ANIMAL)
RIBBONS = kind_mask(Kind.RIBBON)
PLAINS = kind_mask(Kind.PLAIN)
POETRY_RIBBONS = tag_mask(Tag.POETRY)
BLUE_RIBBONS = tag_mask(Tag.BLUE)
INO_SHIKA_CHO = tag_mask(Tag.BOAR | Tag.DEER | Tag.BUTTERFLY)
RAIN_MAN = tag_mask(Tag.RAIN_MAN)
SAKE_CUP = tag_mask(Tag.SAKE_CUP)
CURTAIN = tag_mask(Tag.CURTAIN)
MOON = tag_mask(Tag.MOON)
PAULOWNIA = MONTHS[11]
WILLOW = MONTHS[10]


def complete_months(cards: int) -> int:
    """The cards of every month of which `cards` holds all four (teshi, D3's board misdeal)."""
    return sum(month for month in MONTHS if cards & month == month)


def four_pairs(cards: int) -> bool:
    """Q4: every month count is even (kuttsuki in a hand, D3's board misdeal) — for the 8
    cards of a dealt hand or board; 4+2+2 and 4+4 qualify too."""
    return cards != 0 and all((cards & month).bit_count() % 2 == 0 for month in MONTHS)
