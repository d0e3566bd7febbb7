"""Koi-Koi's hint reasons: which yaku a capture builds or keeps from the opponent, how likely
the opponent is to take a card laid down, and what playing on risks (`bots.clauses`)."""

from __future__ import annotations

from bots.clauses import Clause, Words
from bots.koikoi.policy import Table
from engine.core import Move
from engine.koikoi.cards import (
    ANIMALS,
    BLUE_RIBBONS,
    BRIGHTS,
    CARDS,
    INO_SHIKA_CHO,
    PLAINS,
    POETRY_RIBBONS,
    RIBBONS,
    SAKE_CUP,
    SAME_MONTH,
    indices,
)
from engine.koikoi.model import ChooseCapture, KoiKoi, KoiKoiView, PlayCard, Yaku
from engine.koikoi.rules import CARDAVIA

ENGLISH: dict[str, str] = {
    "koikoi.lays_down": "lays down the {card} (nothing to capture)",
    "koikoi.month_safe": "no card of {month} is left unseen, so nobody can take it",
    "koikoi.month_risk": "{unseen} unseen card{s} of {month}: your opponent holds one with "
    "chance {chance}",
    "koikoi.captures": "captures the {card}",
    "koikoi.yaku_progress": "{yaku} {held} of {need}",
    "koikoi.no_yaku": "nothing towards a yaku yet",
    "koikoi.denies": "it keeps {yaku} from your opponent, who holds {held} of {need}",
    "koikoi.plays_on": "plays on for more than {points} point{s} with {cards} cards in hand",
    "koikoi.their_points": "your opponent has {points} point{s} of yaku this deal",
    "koikoi.stops": "stops and scores {points} point{s} before your opponent can reply",
}
"""Every clause's English words (`Clause.words`); docs/protocol.md lists the same table for
other clients."""

_clause = Words(ENGLISH)

YAKU: tuple[tuple[Yaku, int, int], ...] = (
    (Yaku.SANKO, BRIGHTS, 3),
    (Yaku.INO_SHIKA_CHO, INO_SHIKA_CHO, 3),
    (Yaku.AKATAN, POETRY_RIBBONS, 3),
    (Yaku.AOTAN, BLUE_RIBBONS, 3),
    (Yaku.TANE, ANIMALS, CARDAVIA.tane_from),
    (Yaku.TANZAKU, RIBBONS, CARDAVIA.tanzaku_from),
    (Yaku.KASU, PLAINS | SAKE_CUP, CARDAVIA.kasu_from),
)
"""(yaku, cards, how many make it): what a capture can build, in the order a learner values
them (a named three-card yaku before a count of ten plains)."""

_BLOCKABLE = (Yaku.INO_SHIKA_CHO, Yaku.AKATAN, Yaku.AOTAN)
"""The yaku that need every card of their set: one in the opponent's pile blocks them."""


def _yaku_line(table: Table, cards: int) -> Clause:
    """The yaku `cards` build most in our pile, e.g. "ino-shika-chō 2 of 3"."""
    best = None
    for yaku, members, need in YAKU:
        if not cards & members:
            continue
        held = ((table.mine | cards) & members).bit_count()
        if yaku in _BLOCKABLE and table.theirs & members:
            continue
        score = min(held, need) / need
        if best is None or score > best[0]:
            best = (
                score,
                _clause("koikoi.yaku_progress", yaku=yaku, counts=(("held", held), ("need", need))),
            )
    return best[1] if best else _clause("koikoi.no_yaku")


def _denied(table: Table, cards: int) -> list[Clause]:
    """Which yaku of the opponent the capture keeps from them, if any."""
    for yaku, members, need in YAKU:
        theirs = (table.theirs & members).bit_count()
        if cards & members and theirs and theirs + 1 >= need - 1:
            return [_clause("koikoi.denies", yaku=yaku, counts=(("held", theirs), ("need", need)))]
    return []


def _month_risk(table: Table, card: int) -> Clause:
    month = CARDS[card].month
    unseen = (SAME_MONTH[card] & table.unseen).bit_count()
    if not unseen:
        return _clause("koikoi.month_safe", month=month)
    return _clause(
        "koikoi.month_risk", month=month, counts=(("unseen", unseen),), chance=table.they_take(card)
    )


def explain(view: KoiKoiView, move: Move) -> list[Clause]:
    table = Table(view)
    if isinstance(move, PlayCard | ChooseCapture):
        card = move.card if isinstance(move, PlayCard) else view.drawn
        assert card is not None, "a capture choice has a drawn card"
        same = table.board & SAME_MONTH[card]
        if not same:
            return [_clause("koikoi.lays_down", CARDS[card].text), _month_risk(table, card)]
        if move.target is not None:
            same = 1 << move.target
        taken = same | 1 << card
        prize = max(indices(taken), key=lambda c: (_KIND_RANK[CARDS[c].kind.value], c))
        return [
            _clause("koikoi.captures", CARDS[prize].text),
            _yaku_line(table, taken),
            *_denied(table, taken),
        ]
    me = view.turn
    points = view.stop_points[me]
    if isinstance(move, KoiKoi):
        return [
            _clause(
                "koikoi.plays_on", counts=(("points", points), ("cards", view.hand_counts[me]))
            ),
            _clause("koikoi.their_points", counts=(("points", view.totals[1 - me]),)),
        ]
    return [_clause("koikoi.stops", counts=(("points", points),))]


_KIND_RANK = {"bright": 3, "animal": 2, "ribbon": 1, "plain": 0}
