"""Koi-Koi: capture what builds yaku (and what the opponent's yaku need), lay down what the
opponent is least likely to take, and weigh koi-koi against the opponent's threat.

A pile is worth the Cardavia points of its yaku plus partial credit for yaku under way: a yaku
needing n cards, of which k are held, earns its points times (k / n)^2, and nothing once the
opponent holds a card it needs. A capture is worth what it adds to our pile plus half what it
would have added to theirs. Card sets are the engine's masks (`engine.koikoi.cards`).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from functools import lru_cache

from bots.policy import Belief, Judge, lead_chance, race, winners_rewards
from engine.core import Move, State
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
    Card,
    Kind,
    Tag,
    mask_of,
)
from engine.koikoi.model import (
    ChooseCapture,
    DealEnded,
    KoiKoi,
    KoiKoiView,
    PlayCard,
    Stop,
)
from engine.koikoi.rules import CARDAVIA

DENIAL = 0.5
"""A card the opponent wants counts for half its worth to them."""

SPREAD_PER_DEAL = 2.5
"""How far one deal moves the score difference, roughly (the logistic scale)."""

ONE_DEAL = 7
"""Points an opponent may well score in one deal: when they are this close to a first-to-N
target, any stop that keeps them from playing on is worth taking."""

KIND_ORDER = {Kind.BRIGHT: 3, Kind.ANIMAL: 2, Kind.RIBBON: 1, Kind.PLAIN: 0}

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


class Table:
    """One seat's reading of the table: its pile, the opponent's, and the unseen cards."""

    def __init__(self, view: KoiKoiView) -> None:
        me = view.turn
        self.view = view
        self.mine = mask_of(view.piles[me])
        self.theirs = mask_of(view.piles[1 - me])
        self.board = mask_of(view.board)
        self.hand = mask_of(view.hand or ())
        self.their_hand = view.hand_counts[1 - me]
        known = self.mine | self.theirs | self.board | self.hand
        if view.drawn is not None:
            known |= 1 << view.drawn
        self.unseen = DECK & ~known
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

    def koi_koi(self) -> bool:
        """In the last deal, play on exactly when stopping would not win the match. Before,
        play on only with cards to spare, little to lose and an opponent far from yaku.

        The match options change the risk: racing to a target (first_to), a stop that reaches
        it wins and an opponent within a deal of it must not get another turn; under the
        koi-koi lock (or with the last call the limit allows) the next yaku ends the deal, so a
        call gains at most one more yaku and only a nearly yaku-less opponent is worth it."""
        view = self.view
        me = view.turn
        mine, theirs = view.scores[me], view.scores[1 - me]
        if view.target:
            if mine + view.stop_points[me] >= view.target or theirs + ONE_DEAL >= view.target:
                return False
        elif view.deal >= view.deals:  # zero-sum: the stop is taken from them too
            taken = min(view.stop_points[me], theirs) if view.zero_sum else 0
            return mine + view.stop_points[me] <= theirs - taken
        limit = view.koi_koi_limit
        last_call = bool(limit) and view.koi_koi[me] + 1 >= limit  # the next rise stops
        their_risk = 1.0 if view.koi_koi_lock or last_call else 2.0
        return (
            view.hand_counts[me] >= 4
            and view.stop_points[me] <= 3
            and view.totals[1 - me] == 0
            and self.their_base < their_risk
        )

    def value(self, move: Move) -> float:
        if isinstance(move, PlayCard):
            return self.play(move)
        if isinstance(move, ChooseCapture):
            drawn = self.view.drawn
            assert drawn is not None, "a capture choice has a drawn card"
            return self.capture(1 << move.target | 1 << drawn)
        return float(isinstance(move, KoiKoi) == self.koi_koi())


def _traits(card: Card) -> tuple[int, Kind, Tag]:
    return (card.month, card.kind, card.tags)


class KoiKoiPolicy:
    segment_end = DealEnded
    temperature = 2.0

    def surprise(self, view: KoiKoiView) -> float:
        return 0.1

    def values(self, view: KoiKoiView, legal: Sequence[Move]) -> list[float]:
        table = Table(view)
        return [table.value(move) for move in legal]

    def quick(self, legal: Sequence[Move], rng: random.Random) -> Move:
        """Stop at once; take the better of two board cards; otherwise any card."""
        first = legal[0]
        if isinstance(first, Stop | KoiKoi):
            return Stop()
        if isinstance(first, ChooseCapture):
            choices = [move for move in legal if isinstance(move, ChooseCapture)]
            return max(choices, key=lambda move: KIND_ORDER[move.target.kind])
        return rng.choice(legal)

    def judge(self, view: KoiKoiView) -> Judge:
        """A race to the target (first_to), else the lead against what the deals left can
        still move."""
        remaining = view.deals - view.deal
        spread = SPREAD_PER_DEAL * math.sqrt(max(remaining, 1))
        target = view.target

        def rewards(world: State) -> Sequence[float]:
            result = world.result()
            if result is not None:
                return winners_rewards(2, result.winners)
            if target:
                return race(world.scores(), target)
            first, second = world.scores()
            chance = lead_chance(first - second, spread)
            return (chance, 1.0 - chance)

        return rewards

    def twin(self, move: Move) -> object:
        """A card is known to the rules by its month, kind and tags only: the two plains of
        January (three of December) are interchangeable, and so are the moves that play or
        take them."""
        if isinstance(move, PlayCard):
            target = None if move.target is None else _traits(move.target)
            return ("play", _traits(move.card), target)
        if isinstance(move, ChooseCapture):
            return ("take", _traits(move.target))
        return move

    def belief(self, view: KoiKoiView) -> Belief | None:
        return None


POLICY = KoiKoiPolicy()
