"""Scoring a capture pile (§2.4 and the value variants V1, V2, V3, V6, V8, V13).

One function decides the yaku; the total is their sum, so what a player sees listed is exactly
what they score. Everything is popcounts on masks because the total is recomputed after every
turn of every playout.
"""

from __future__ import annotations

from functools import cache

from mypy_extensions import mypyc_attr

from engine.koikoi.cards import (
    ANIMALS,
    BLUE_RIBBONS,
    BRIGHTS,
    CURTAIN,
    INO_SHIKA_CHO,
    MONTHS,
    MOON,
    PAULOWNIA,
    PLAINS,
    POETRY_RIBBONS,
    RAIN_MAN,
    RIBBONS,
    SAKE_CUP,
    WILLOW,
    Card,
    cards_in,
)
from engine.koikoi.model import PileGroups, ScoredYaku, Yaku, YakuProgress
from engine.koikoi.rules import RainCard, Rules, SakeCup, ViewingCancel, ViewingLimit

_HANAMI = CURTAIN | SAKE_CUP
_TSUKIMI = MOON | SAKE_CUP
HANAMI_MONTH, TSUKIMI_MONTH = 3, 8
"""V13: the season of flower viewing (cherry) and of moon viewing (susuki)."""

RAIN_CARDS = {
    RainCard.RAIN_MAN: RAIN_MAN,
    RainCard.LIGHTNING: 1 << Card.NOV_LIGHTNING,
    RainCard.WILLOW: WILLOW,
}
"""V3: the captured cards that are "rain"."""


TOTALS_KEPT = 1 << 16
"""How many pile totals a scorer remembers before it starts afresh (bounded memory)."""

SHOWN_KEPT = 1 << 12
"""How many piles as a view shows them a scorer remembers before it starts afresh."""

PileShown = tuple[tuple[Card, ...], tuple[ScoredYaku, ...], tuple[YakuProgress, ...], PileGroups]
"""A pile as a view shows it: its cards, its yaku, its progress towards others, its groups."""


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled, it unpickles as State does
class Scorer:
    """The yaku of a pile under one `Rules` (immutable; shared through `scorer_for`)."""

    def __init__(self, rules: Rules) -> None:
        self.values = rules.values
        # V8: where the sake cup counts.
        self.animals = ANIMALS if rules.sake_cup is not SakeCup.PLAIN else ANIMALS & ~SAKE_CUP
        self.plains = PLAINS if rules.sake_cup is SakeCup.ANIMAL else PLAINS | SAKE_CUP
        self.viewing = rules.viewing_sake_points
        self.viewing_called = rules.viewing_sake_called_points or rules.viewing_sake_points
        # V3: captured cards that void each viewing yaku (0: nothing does).
        cancel, rain = rules.viewing_cancel, RAIN_CARDS[rules.rain_card]
        self.hanami_void = {
            ViewingCancel.OFF: 0,
            ViewingCancel.RAIN: rain,
            ViewingCancel.RAIN_FOG: rain,
            ViewingCancel.FOG: 0,
        }[cancel]
        self.tsukimi_void = {
            ViewingCancel.OFF: 0,
            ViewingCancel.RAIN: rain,
            ViewingCancel.RAIN_FOG: PAULOWNIA,
            ViewingCancel.FOG: PAULOWNIA,
        }[cancel]
        self.viewing_limit = rules.viewing_limit
        self._totals: dict[tuple[int, int, bool], int] = {}
        self._shown: dict[tuple[int, int, bool], PileShown] = {}
        self.tsuki_fuda = rules.tsuki_fuda_points

    def scored(self, pile: int, month: int, called: bool = False) -> list[tuple[Yaku, int]]:
        """The yaku of `pile` with their points, in the deal of `month` (for V6 tsuki-fuda and
        V13's seasons); `called`: the holder has called koi-koi this deal (V2's 1/3 values)."""
        v = self.values
        out: list[tuple[Yaku, int]] = []
        # Brights: only the best counts (S-CAR); the Rain Man spoils three (E15).
        brights = (pile & BRIGHTS).bit_count()
        rain = pile & RAIN_MAN
        if brights == 5:
            out.append((Yaku.GOKO, v.goko))
        elif brights == 4:
            out.append((Yaku.AME_SHIKO, v.ame_shiko) if rain else (Yaku.SHIKO, v.shiko))
        elif brights == 3 and not rain:
            out.append((Yaku.SANKO, v.sanko))
        # Animals: ino-shika-chō and tane add up (Q7) unless grouped (V1).
        animals = (pile & self.animals).bit_count()
        boar_deer_butterflies = pile & INO_SHIKA_CHO == INO_SHIKA_CHO
        if boar_deer_butterflies and v.grouped:
            out.append((Yaku.INO_SHIKA_CHO, v.ino_shika_cho + animals - 3))
        else:
            if boar_deer_butterflies:
                out.append((Yaku.INO_SHIKA_CHO, v.ino_shika_cho))
            if animals >= v.tane_from:
                out.append((Yaku.TANE, 1 + animals - v.tane_from))
        # Ribbons: akatan, aotan and tanzaku add up (Q7) unless grouped (V1).
        ribbons = (pile & RIBBONS).bit_count()
        akatan = pile & POETRY_RIBBONS == POETRY_RIBBONS
        aotan = pile & BLUE_RIBBONS == BLUE_RIBBONS
        if (akatan or aotan) and v.grouped:
            if akatan and aotan:
                out.append((Yaku.AKATAN_AOTAN, v.akatan_aotan + ribbons - 6))
            elif akatan:
                out.append((Yaku.AKATAN, v.akatan + ribbons - 3))
            else:
                out.append((Yaku.AOTAN, v.aotan + ribbons - 3))
        else:
            if akatan:
                out.append((Yaku.AKATAN, v.akatan))
            if aotan:
                out.append((Yaku.AOTAN, v.aotan))
            if ribbons >= v.tanzaku_from:
                out.append((Yaku.TANZAKU, 1 + ribbons - v.tanzaku_from))
        plains = (pile & self.plains).bit_count()
        if plains >= v.kasu_from:
            out.append((Yaku.KASU, 1 + plains - v.kasu_from))
        # V6: all four cards of the deal's month.
        if self.tsuki_fuda and pile & MONTHS[month - 1] == MONTHS[month - 1]:
            out.append((Yaku.TSUKI_FUDA, self.tsuki_fuda))
        # V2 / V3 / V13: the viewing yaku stack with everything.
        if self.viewing and pile & SAKE_CUP:
            out += self._viewing(pile, month, called, bool(out))
        return out

    def _viewing(
        self, pile: int, month: int, called: bool, other_yaku: bool
    ) -> list[tuple[Yaku, int]]:
        limit = self.viewing_limit
        if limit is ViewingLimit.WITH_OTHER_YAKU and not other_yaku:
            return []
        points = self.viewing_called if called else self.viewing
        out = []
        for yaku, cards, void, season in (
            (Yaku.HANAMI_ZAKE, _HANAMI, self.hanami_void, HANAMI_MONTH),
            (Yaku.TSUKIMI_ZAKE, _TSUKIMI, self.tsukimi_void, TSUKIMI_MONTH),
        ):
            if pile & cards != cards or pile & void:
                continue
            if month != season and limit is ViewingLimit.SEASON_ONLY:
                continue
            double = month == season and limit is ViewingLimit.SEASON_DOUBLE
            out.append((yaku, points * 2 if double else points))
        return out

    def progress(self, pile: int, month: int) -> tuple[YakuProgress, ...]:
        """How far `pile` is towards each yaku it has not made but holds at least half the
        cards of, counted as `scored` counts (V8: the sake cup where the rules say; V6, V2
        only when in play)."""
        v = self.values
        brights = (pile & BRIGHTS).bit_count()
        # The next bright yaku: sankō, but with the Rain Man taken (he spoils sankō, E15)
        # ame-shikō; once one is made, gokō.
        if brights >= 4 or (brights == 3 and not pile & RAIN_MAN):
            bright_goal = (Yaku.GOKO, brights, 5)
        elif pile & RAIN_MAN:
            bright_goal = (Yaku.AME_SHIKO, brights, 4)
        else:
            bright_goal = (Yaku.SANKO, brights, 3)
        goals = [
            bright_goal,
            (Yaku.INO_SHIKA_CHO, (pile & INO_SHIKA_CHO).bit_count(), 3),
            (Yaku.AKATAN, (pile & POETRY_RIBBONS).bit_count(), 3),
            (Yaku.AOTAN, (pile & BLUE_RIBBONS).bit_count(), 3),
            (Yaku.TANE, (pile & self.animals).bit_count(), v.tane_from),
            (Yaku.TANZAKU, (pile & RIBBONS).bit_count(), v.tanzaku_from),
            (Yaku.KASU, (pile & self.plains).bit_count(), v.kasu_from),
        ]
        if self.tsuki_fuda:
            goals.append((Yaku.TSUKI_FUDA, (pile & MONTHS[month - 1]).bit_count(), 4))
        if self.viewing:
            goals.append((Yaku.HANAMI_ZAKE, (pile & _HANAMI).bit_count(), 2))
            goals.append((Yaku.TSUKIMI_ZAKE, (pile & _TSUKIMI).bit_count(), 2))
        return tuple(
            YakuProgress(y, have, need) for y, have, need in goals if need <= 2 * have < 2 * need
        )

    def groups(self, pile: int) -> PileGroups:
        """`pile` grouped as `scored` counts it (V8: the sake cup where the rules say)."""
        return PileGroups(
            cards_in(pile & BRIGHTS),
            cards_in(pile & self.animals),
            cards_in(pile & RIBBONS),
            cards_in(pile & self.plains),
        )

    def total(self, pile: int, month: int, called: bool = False) -> int:
        """The pile's total: the sum of its yaku. Remembered (a pile is one of a few thousand
        masks in a search, and every turn asks for its owner's total)."""
        key = (pile, month, called)
        total = self._totals.get(key)
        if total is None:
            if len(self._totals) >= TOTALS_KEPT:
                self._totals.clear()
            total = self._totals[key] = sum(p for _, p in self.scored(pile, month, called))
        return total

    def yaku(self, pile: int, month: int, called: bool = False) -> tuple[ScoredYaku, ...]:
        """The pile's yaku as the view and events show them."""
        return tuple(ScoredYaku(yaku, points) for yaku, points in self.scored(pile, month, called))

    def shown(self, pile: int, month: int, called: bool) -> PileShown:
        """`pile` as every view shows it: its cards, `yaku`, `progress` and `groups`.
        Remembered, as `total` is: a pile changes only when its owner captures, and every
        revision of a match builds a view of both piles for every viewer (all immutable, so
        the views share them)."""
        key = (pile, month, called)
        found = self._shown.get(key)
        if found is None:
            if len(self._shown) >= SHOWN_KEPT:
                self._shown.clear()
            yaku = self.yaku(pile, month, called)
            found = (cards_in(pile), yaku, self.progress(pile, month), self.groups(pile))
            self._shown[key] = found
        return found


@cache
def scorer_for(rules: Rules) -> Scorer:
    """The one `Scorer` of a `Rules` (a match makes it once; copies share it)."""
    return Scorer(rules)
