"""Scoring a capture pile (§2.4 and the value variants V1, V2, V3, V6, V8).

One function decides the yaku; the total is their sum, so what a player sees listed is exactly
what they score. Everything is popcounts on masks because the total is recomputed after every
turn of every playout.
"""

from __future__ import annotations

from functools import cache

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
)
from engine.koikoi.model import ScoredYaku, Yaku
from engine.koikoi.rules import Rules, SakeCup, ViewingCancel

_HANAMI = CURTAIN | SAKE_CUP
_TSUKIMI = MOON | SAKE_CUP


class Scorer:
    """The yaku of a pile under one `Rules` (immutable; shared through `scorer_for`)."""

    def __init__(self, rules: Rules) -> None:
        self.values = rules.values
        # V8: where the sake cup counts.
        self.animals = ANIMALS if rules.sake_cup is not SakeCup.PLAIN else ANIMALS & ~SAKE_CUP
        self.plains = PLAINS if rules.sake_cup is SakeCup.ANIMAL else PLAINS | SAKE_CUP
        self.viewing = rules.viewing_sake_points
        # V3: captured cards that void each viewing yaku (0: nothing does).
        cancel = rules.viewing_cancel
        self.hanami_void = 0 if cancel is ViewingCancel.OFF else RAIN_MAN
        self.tsukimi_void = {
            ViewingCancel.OFF: 0,
            ViewingCancel.RAIN: RAIN_MAN,
            ViewingCancel.RAIN_FOG: PAULOWNIA,
        }[cancel]
        self.tsuki_fuda = rules.tsuki_fuda_points

    def scored(self, pile: int, month: int) -> list[tuple[Yaku, int]]:
        """The yaku of `pile` with their points, in the deal of `month` (for V6 tsuki-fuda)."""
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
        # V2 / V3: the viewing yaku stack with everything.
        if self.viewing:
            if pile & _HANAMI == _HANAMI and not pile & self.hanami_void:
                out.append((Yaku.HANAMI_ZAKE, self.viewing))
            if pile & _TSUKIMI == _TSUKIMI and not pile & self.tsukimi_void:
                out.append((Yaku.TSUKIMI_ZAKE, self.viewing))
        # V6: all four cards of the deal's month.
        if self.tsuki_fuda and pile & MONTHS[month - 1] == MONTHS[month - 1]:
            out.append((Yaku.TSUKI_FUDA, self.tsuki_fuda))
        return out

    def total(self, pile: int, month: int) -> int:
        """The pile's total: the sum of its yaku."""
        return sum(points for _, points in self.scored(pile, month))

    def yaku(self, pile: int, month: int) -> tuple[ScoredYaku, ...]:
        """The pile's yaku as the view and events show them."""
        return tuple(ScoredYaku(yaku, points) for yaku, points in self.scored(pile, month))


@cache
def scorer_for(rules: Rules) -> Scorer:
    """The one `Scorer` of a `Rules` (a match makes it once; copies share it)."""
    return Scorer(rules)
