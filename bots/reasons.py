"""One reason per move, in the game's own words, saying why a hint weighs it as it does.

A reason reads only the seat's view (what a learner sees on the table) and the numbers the
game's heuristics already compute: which yaku a capture builds, how likely the opponent is to
hold a month, how sure the Guesser can be of the Collector's Door, whether anybody can answer
an attack. The search's estimated chance of winning is shown beside it; the reason says what
the move does, so a learner can check it against the table.

A reason is a list of clauses, each a key with what it names (a card or tile, a yaku, a month,
counts, a chance), so that every client can say it in its own language (`HintClause` on the
wire); `Reason.text` says it in English (`MoveHint.reason`), from `ENGLISH`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from bots.policies.doors import (
    FULL,
    TRAIT,
    WRONG,
    collector_odds,
    deck_cards,
    shared,
)
from bots.policies.koikoi import Table
from bots.policies.tiger_dragon import Count
from engine.core import Move, View
from engine.doors.model import TRAITS, Discard, DoorsView, Guess, MatchSet, ScoreReason, Take
from engine.doors.traits import has_set, judge_guess
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
from engine.tiger_dragon.model import Attack, Defend, PlaceFaceDown, TigerDragonView

MONTHS = (
    "January", "February", "March", "April", "May", "June",
    "July", "August", "September", "October", "November", "December",
)  # fmt: skip

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
    "doors.takes": "takes the {card}",
    "doors.completes_set": "it completes a set of your Door",
    "doors.shares": "it shares {shared} trait{s} with your Door ({colour} of its colour, {role} of "
    "its role collected), and the more it shares, the more it tells the Guesser",
    "doors.right_with": "right with chance {chance}",
    "doors.pays": "pays {gems} gem{s}, wrong gives {wrong} away",
    "doors.reading": "the takes point to {card} ({chance})",
    "doors.match_set": "a set of your own trait lies in the Collector's cards: it scores at once",
    "doors.keeps_away": "keeps the {card} from the Collector",
    "doors.fits": "it fits the likely Doors by {traits} traits",
    "doors.deck_left": "{cards} card{s} left in the deck",
    "doors.pass": "lets the Collector take again, to learn more before guessing",
    "tiger_dragon.attacks": "attacks with the {card}",
    "tiger_dragon.unanswered": "the chance that nobody can answer it is {chance}",
    "tiger_dragon.reveal": "revealing tells the table which attacks to avoid",
    "tiger_dragon.goes_out": "defends with the {card}, your last tile: you go out",
    "tiger_dragon.defends": "defends with the {card} and takes the initiative to attack",
    "tiger_dragon.buries": "buries the {card}, which would go unanswered only with chance {chance}",
    "tiger_dragon.lets_go": "lets the attack go by and keeps your tiles for later",
}
"""Every clause's English words, with its counts by name (`{s}` makes the noun of its first
count plural); docs/protocol.md lists the same table for other clients."""


@dataclass(frozen=True)
class Clause:
    """One part of a reason: what it says (`key`) and what it names."""

    key: str
    card: str = ""
    """A card or tile as move labels write it: "jan-crane", "red-lady", "5", "tiger"."""
    yaku: Yaku | None = None
    month: int = 0
    counts: tuple[tuple[str, int], ...] = ()
    """Named counts, in the order the words use them: (("held", 2), ("need", 3))."""
    chance: float | None = None
    traits: float | None = None

    @property
    def text(self) -> str:
        return ENGLISH[self.key].format(
            **dict(self.counts),
            card=self.card,
            yaku=self.yaku.value if self.yaku else "",
            month=MONTHS[self.month - 1] if self.month else "",
            chance=_percent(self.chance) if self.chance is not None else "",
            traits=f"{self.traits:.1f}" if self.traits is not None else "",
            s="s" * (not self.counts or self.counts[0][1] != 1),
        )


@dataclass(frozen=True)
class Reason:
    """A move's reason: what it does (the first clause), then why, clause by clause."""

    clauses: tuple[Clause, ...]

    @property
    def text(self) -> str:
        """In English: "captures the jan-crane: sankō (three brights) 2 of 3; it keeps ..."."""
        first, *rest = (clause.text for clause in self.clauses)
        return first + (": " + "; ".join(rest) if rest else "")


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


def reason(view: View, move: Move) -> Reason:
    """Why `move` is worth considering for the seat of `view`."""
    for kind, explain in EXPLAINERS:
        if isinstance(view, kind):
            return Reason(tuple(explain(view, move)))
    raise LookupError(f"no reasons for {type(view).__name__}")


def _percent(chance: float) -> str:
    return f"{round(100 * chance)}%"


# Koi-Koi


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
                Clause("koikoi.yaku_progress", yaku=yaku, counts=(("held", held), ("need", need))),
            )
    return best[1] if best else Clause("koikoi.no_yaku")


def _denied(table: Table, cards: int) -> list[Clause]:
    """Which yaku of the opponent the capture keeps from them, if any."""
    for yaku, members, need in YAKU:
        theirs = (table.theirs & members).bit_count()
        if cards & members and theirs and theirs + 1 >= need - 1:
            return [Clause("koikoi.denies", yaku=yaku, counts=(("held", theirs), ("need", need)))]
    return []


def _month_risk(table: Table, card: int) -> Clause:
    month = CARDS[card].month
    unseen = (SAME_MONTH[card] & table.unseen).bit_count()
    if not unseen:
        return Clause("koikoi.month_safe", month=month)
    return Clause(
        "koikoi.month_risk", month=month, counts=(("unseen", unseen),), chance=table.they_take(card)
    )


def _koikoi(view: KoiKoiView, move: Move) -> list[Clause]:
    table = Table(view)
    if isinstance(move, PlayCard | ChooseCapture):
        card = move.card if isinstance(move, PlayCard) else view.drawn
        assert card is not None, "a capture choice has a drawn card"
        same = table.board & SAME_MONTH[card]
        if not same:
            return [Clause("koikoi.lays_down", CARDS[card].text), _month_risk(table, card)]
        if move.target is not None:
            same = 1 << move.target
        taken = same | 1 << card
        prize = max(indices(taken), key=lambda c: (_KIND_RANK[CARDS[c].kind.value], c))
        return [
            Clause("koikoi.captures", CARDS[prize].text),
            _yaku_line(table, taken),
            *_denied(table, taken),
        ]
    me = view.turn
    points = view.stop_points[me]
    if isinstance(move, KoiKoi):
        return [
            Clause("koikoi.plays_on", counts=(("points", points), ("cards", view.hand_counts[me]))),
            Clause("koikoi.their_points", counts=(("points", view.totals[1 - me]),)),
        ]
    return [Clause("koikoi.stops", counts=(("points", points),))]


_KIND_RANK = {"bright": 3, "animal": 2, "ribbon": 1, "plain": 0}


# Doors


def _doors(view: DoorsView, move: Move) -> list[Clause]:
    if isinstance(move, Take):
        door = view.own_door
        assert door is not None, "a Collector knows their Door"
        collection = (*view.collection, move.card)
        takes = Clause("doors.takes", move.card.text)
        if has_set(collection, door):
            return [takes, Clause("doors.completes_set")]
        colours, roles = TRAITS[door]
        colour = sum(1 for c in collection if TRAITS[c][0] & colours)
        role = sum(1 for c in collection if TRAITS[c][1] & roles)
        return [
            takes,
            Clause(
                "doors.shares",
                counts=(("shared", shared(move.card, door)), ("colour", colour), ("role", role)),
            ),
        ]
    odds = collector_odds(view)
    likeliest, suspect = max(odds.items(), key=lambda item: item[1].odds)
    reading = Clause("doors.reading", likeliest.text, chance=suspect.odds)
    if isinstance(move, Guess):
        right = sum(
            s.odds for d, s in odds.items() if judge_guess(move, d) is not ScoreReason.WRONG_GUESS
        )
        gain = FULL if move.colour is not None and move.role is not None else TRAIT
        return [
            Clause("doors.right_with", chance=right),
            Clause("doors.pays", counts=(("gems", gain), ("wrong", WRONG))),
            reading,
        ]
    if isinstance(move, MatchSet):
        return [Clause("doors.match_set")]
    if isinstance(move, Discard):
        wanted = sum(s.odds * shared(move.card, d) for d, s in odds.items())
        left = sum(deck_cards(view).values())
        return [
            Clause("doors.keeps_away", move.card.text),
            Clause("doors.fits", traits=wanted),
            Clause("doors.deck_left", counts=(("cards", left),)),
            reading,
        ]
    return [Clause("doors.pass"), reading]


# Tiger & Dragon


def _tiger_dragon(view: TigerDragonView, move: Move) -> list[Clause]:
    count = Count(view)
    if isinstance(move, Attack):
        free = 1.0 - count.answered(move.tile)
        clauses = [
            Clause("tiger_dragon.attacks", move.tile.text),
            Clause("tiger_dragon.unanswered", chance=free),
        ]
        return clauses + ([Clause("tiger_dragon.reveal")] if move.reveal else [])
    if isinstance(move, Defend):
        if count.size == 1:
            return [Clause("tiger_dragon.goes_out", move.tile.text)]
        return [Clause("tiger_dragon.defends", move.tile.text)]
    if isinstance(move, PlaceFaceDown):
        use = 1.0 - count.answered(move.tile)
        return [Clause("tiger_dragon.buries", move.tile.text, chance=use)]
    return [Clause("tiger_dragon.lets_go")]


EXPLAINERS: tuple[tuple[type, Callable[[Any, Move], list[Clause]]], ...] = (
    (KoiKoiView, _koikoi),
    (DoorsView, _doors),
    (TigerDragonView, _tiger_dragon),
)
