"""Koi-Koi: capture what builds yaku (and what the opponent's yaku need), lay down what the
opponent is least likely to take, and weigh koi-koi against the opponent's threat.

Cards are valued as `position.py` says; `hard` also weighs the worlds it samples by what the
other seat's plays this deal say about its hand (`belief.py`).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from bots.koikoi.belief import belief
from bots.koikoi.position import Position
from bots.policy import Belief, Judge, lead_chance, race, winners_rewards
from engine.core import Move, State
from engine.koikoi.cards import (
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

SPREAD_PER_DEAL = 2.5
"""How far one deal moves the score difference, roughly (the logistic scale)."""

ONE_DEAL = 7
"""Points an opponent may well score in one deal: when they are this close to a first-to-N
target, any stop that keeps them from playing on is worth taking."""

KIND_ORDER = {Kind.BRIGHT: 3, Kind.ANIMAL: 2, Kind.RIBBON: 1, Kind.PLAIN: 0}


class Table(Position):
    """One seat's reading of the table from its view, with the drawn card counted as seen."""

    def __init__(self, view: KoiKoiView) -> None:
        me = view.turn
        self.view = view
        drawn = 0 if view.drawn is None else 1 << view.drawn
        super().__init__(
            mask_of(view.piles[me]),
            mask_of(view.piles[1 - me]),
            mask_of(view.board),
            mask_of(view.hand or ()) | drawn,
            view.hand_counts[1 - me],
        )
        self.hand &= ~drawn

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
        return belief(view)


POLICY: KoiKoiPolicy = KoiKoiPolicy()
