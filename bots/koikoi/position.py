"""How a seat values the cards on the table: a pile's worth in yaku and yaku under way, and
what a capture or a lay-down is worth (the heuristic of `policy.py`, read by its `Table` and by
the belief, `belief.py`, for the other seat's earlier turns).

A pile is worth the Cardavia points of its yaku plus partial credit for yaku under way: a yaku
needing n cards, of which k are held, earns its points times (k / n)^2, and nothing once the
opponent holds a card it needs. A capture is worth what it adds to our pile plus half what it
would have added to theirs. Card sets are the engine's masks (`engine.koikoi.cards`).
"""

from __future__ import annotations

from functools import lru_cache

from engine.koikoi.cards import (
    ANIMALS,
    BLUE_RIBBONS,
    BRIGHTS,
    DECK,
    INO_SHIKA_CHO,
    PLAINS,
    POETRY_RIBBONS,
    RAIN_MAN,
    RIBBONS,
    SAKE_CUP,
    SAME_MONTH,
)
from engine.koikoi.model import PlayCard
from engine.koikoi.rules import CARDAVIA

DENIAL = 0.5
"""A card the opponent wants counts for half its worth to them."""

_SETS = (  # (cards, points): the yaku of three named cards
    (INO_SHIKA_CHO, CARDAVIA.ino_shika_cho),
    (POETRY_RIBBONS, CARDAVIA.akatan),
    (BLUE_RIBBONS, CARDAVIA.aotan),
)
_COUNTED = (  # (cards, how many make the yaku): tane, tanzaku and kasu, +1 per extra card
    (ANIMALS, CARDAVIA.tane_from),
    (RIBBONS, CARDAVIA.tanzaku_from),
    (PLAINS | SAKE_CUP, CARDAVIA.kasu_from),
)


def _brights(pile: int) -> float:
    count = (pile & BRIGHTS).bit_count()
    rain = bool(pile & RAIN_MAN)
    v = CARDAVIA
    if count == 5:
        return v.goko
    if count == 4:
        return v.ame_shiko if rain else v.shiko
    if count == 3 and not rain:
        return v.sanko
    if count == 3:  # E15: with the Rain Man three are nothing; a fourth makes ame-shikō
        return v.ame_shiko * (3 / 4) ** 2
    return v.sanko * ((count - 0.5 * rain) / 3) ** 2


@lru_cache(maxsize=1 << 16)
def worth(pile: int, theirs: int) -> float:
    """The pile's yaku points plus partial credit for yaku it can still complete (cached:
    a search asks about the same few piles thousands of times)."""
    value = _brights(pile) if (theirs & BRIGHTS).bit_count() <= 2 else 0.0
    for cards, points in _SETS:
        if not theirs & cards:
            value += points * ((pile & cards).bit_count() / 3) ** 2
    for cards, need in _COUNTED:
        held = (pile & cards).bit_count()
        value += 1 + held - need if held >= need else (held / need) ** 2
    return value


class Position:
    """A seat's reading of the cards on the table, from masks: its pile, the opponent's, the
    board, its hand and the opponent's hand size. `Table` reads one from a view; the belief
    (`belief.py`) reads one for each earlier turn of the other seat."""

    def __init__(self, mine: int, theirs: int, board: int, hand: int, their_hand: int) -> None:
        self.mine, self.theirs, self.board, self.hand = mine, theirs, board, hand
        self.their_hand = their_hand
        self.unseen = DECK & ~(mine | theirs | board | hand)
        self.base = worth(self.mine, self.theirs)
        self.their_base = worth(self.theirs, self.mine)

    def capture(self, cards: int) -> float:
        ours = worth(self.mine | cards, self.theirs) - self.base
        denied = worth(self.theirs | cards, self.mine) - self.their_base
        return ours + DENIAL * denied

    def they_take(self, card: int) -> float:
        """The chance the opponent holds a card of `card`'s month: one of the unseen ones."""
        same = (SAME_MONTH[card] & self.unseen).bit_count()
        pool = self.unseen.bit_count()
        miss = 1.0
        for i in range(same):
            miss *= max(pool - self.their_hand - i, 0) / (pool - i)
        return 1.0 - miss

    def lay_down(self, card: int) -> float:
        """Playing a card that matches nothing: it waits on the board for whoever matches it."""
        bit = 1 << card
        theirs = worth(self.theirs | bit, self.mine) - self.their_base
        ours = worth(self.mine | bit, self.theirs) - self.base
        return -self.they_take(card) * theirs - 0.25 * ours

    def play(self, move: PlayCard) -> float:
        same = self.board & SAME_MONTH[move.card]
        if not same:
            return self.lay_down(move.card)
        if move.target is not None:
            same = 1 << move.target
        return self.capture(same | 1 << move.card)
