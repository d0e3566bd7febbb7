"""One line per move, in the game's own words, saying why a hint weighs it as it does.

A reason reads only the seat's view (what a learner sees on the table) and the numbers the
game's heuristics already compute: which yaku a capture builds, how likely the opponent is to
hold a month, how sure the Guesser can be of the Collector's Door, whether anybody can answer
an attack. The search's estimated chance of winning is shown beside it; the reason says what
the move does, so a learner can check it against the table.
"""

from __future__ import annotations

from collections.abc import Callable
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
from engine.koikoi.model import ChooseCapture, KoiKoi, KoiKoiView, PlayCard
from engine.koikoi.rules import CARDAVIA
from engine.tiger_dragon.model import Attack, Defend, PlaceFaceDown, TigerDragonView

MONTHS = (
    "January", "February", "March", "April", "May", "June",
    "July", "August", "September", "October", "November", "December",
)  # fmt: skip

YAKU: tuple[tuple[str, int, int], ...] = (
    ("the brights (sankō)", BRIGHTS, 3),
    ("ino-shika-chō", INO_SHIKA_CHO, 3),
    ("akatan", POETRY_RIBBONS, 3),
    ("aotan", BLUE_RIBBONS, 3),
    ("tane", ANIMALS, CARDAVIA.tane_from),
    ("tanzaku", RIBBONS, CARDAVIA.tanzaku_from),
    ("kasu", PLAINS | SAKE_CUP, CARDAVIA.kasu_from),
)
"""(name, cards, how many make it): what a capture can build, in the order a learner values
them (a named three-card yaku before a count of ten plains)."""


def reason(view: View, move: Move) -> str:
    """Why `move` is worth considering for the seat of `view`, in one line."""
    for kind, explain in EXPLAINERS:
        if isinstance(view, kind):
            return explain(view, move)
    raise LookupError(f"no reasons for {type(view).__name__}")


def _percent(chance: float) -> str:
    return f"{round(100 * chance)}%"


# Koi-Koi


def _yaku_line(table: Table, cards: int) -> str:
    """The yaku `cards` build most in our pile, e.g. "ino-shika-chō 2 of 3"."""
    best = None
    for name, yaku, need in YAKU:
        if not cards & yaku:
            continue
        held = ((table.mine | cards) & yaku).bit_count()
        blocked = name in ("ino-shika-chō", "akatan", "aotan") and table.theirs & yaku
        if blocked:
            continue
        score = min(held, need) / need
        if best is None or score > best[0]:
            best = (score, f"{name} {held} of {need}")
    return best[1] if best else "nothing towards a yaku yet"


def _denied(table: Table, cards: int) -> str:
    """Which yaku of the opponent the capture keeps from them, if any."""
    for name, yaku, need in YAKU:
        theirs = (table.theirs & yaku).bit_count()
        if cards & yaku and theirs and theirs + 1 >= need - 1:
            return f"; it keeps {name} from your opponent, who holds {theirs} of {need}"
    return ""


def _month_risk(table: Table, card: int) -> str:
    month = CARDS[card].month
    unseen = (SAME_MONTH[card] & table.unseen).bit_count()
    if not unseen:
        return f"no card of {MONTHS[month - 1]} is left unseen, so nobody can take it"
    return (
        f"{unseen} unseen card{'s' * (unseen != 1)} of {MONTHS[month - 1]}: your opponent "
        f"holds one with chance {_percent(table.they_take(card))}"
    )


def _koikoi(view: KoiKoiView, move: Move) -> str:
    table = Table(view)
    if isinstance(move, PlayCard | ChooseCapture):
        card = move.card if isinstance(move, PlayCard) else view.drawn
        assert card is not None, "a capture choice has a drawn card"
        same = table.board & SAME_MONTH[card]
        if not same:
            return f"lays down the {CARDS[card].text} (nothing to capture): " + _month_risk(
                table, card
            )
        if move.target is not None:
            same = 1 << move.target
        taken = same | 1 << card
        prize = max(indices(taken), key=lambda c: (_KIND_RANK[CARDS[c].kind.value], c))
        return (
            f"captures the {CARDS[prize].text}: " + _yaku_line(table, taken) + _denied(table, taken)
        )
    me = view.turn
    points = view.stop_points[me]
    if isinstance(move, KoiKoi):
        return (
            f"plays on for more than {points} points with {view.hand_counts[me]} cards in hand; "
            f"your opponent has {view.totals[1 - me]} points of yaku this deal"
        )
    return f"stops and scores {points} points before your opponent can reply"


_KIND_RANK = {"bright": 3, "animal": 2, "ribbon": 1, "plain": 0}


# Doors


def _doors(view: DoorsView, move: Move) -> str:
    if isinstance(move, Take):
        door = view.own_door
        assert door is not None, "a Collector knows their Door"
        collection = (*view.collection, move.card)
        if has_set(collection, door):
            return f"takes the {move.card.text}: it completes a set of your Door"
        colours, roles = TRAITS[door]
        colour = sum(1 for c in collection if TRAITS[c][0] & colours)
        role = sum(1 for c in collection if TRAITS[c][1] & roles)
        fits = shared(move.card, door)
        return (
            f"takes the {move.card.text}: it shares {fits} trait{'s' * (fits != 1)} with your "
            f"Door ({colour} of its colour, {role} of its role collected), "
            "and the more it shares, the more it tells the Guesser"
        )
    odds = collector_odds(view)
    likeliest, suspect = max(odds.items(), key=lambda item: item[1].odds)
    reading = f"the takes point to {likeliest.text} ({_percent(suspect.odds)})"
    if isinstance(move, Guess):
        right = sum(
            s.odds for d, s in odds.items() if judge_guess(move, d) is not ScoreReason.WRONG_GUESS
        )
        gain = FULL if move.colour is not None and move.role is not None else TRAIT
        return (
            f"right with chance {_percent(right)}: pays {gain} gems, wrong gives {WRONG} away; "
            + reading
        )
    if isinstance(move, MatchSet):
        return "a set of your own trait lies in the Collector's cards: it scores at once"
    if isinstance(move, Discard):
        wanted = sum(s.odds * shared(move.card, d) for d, s in odds.items())
        left = sum(deck_cards(view).values())
        return (
            f"keeps the {move.card.text} from the Collector (it fits the likely Doors by "
            f"{wanted:.1f} traits); {left} cards left in the deck; " + reading
        )
    return "lets the Collector take again, to learn more before guessing; " + reading


# Tiger & Dragon


def _tiger_dragon(view: TigerDragonView, move: Move) -> str:
    count = Count(view)
    if isinstance(move, Attack):
        free = 1.0 - count.answered(move.tile)
        text = (
            f"attacks with the {move.tile.text}: the chance that nobody can answer it is "
            f"{_percent(free)}"
        )
        return text + ("; revealing tells the table which attacks to avoid" if move.reveal else "")
    if isinstance(move, Defend):
        if count.size == 1:
            return f"defends with the {move.tile.text}, your last tile: you go out"
        return f"defends with the {move.tile.text} and takes the initiative to attack"
    if isinstance(move, PlaceFaceDown):
        use = 1.0 - count.answered(move.tile)
        return (
            f"buries the {move.tile.text}, which would go unanswered only with chance "
            f"{_percent(use)}"
        )
    return "lets the attack go by and keeps your tiles for later"


EXPLAINERS: tuple[tuple[type, Callable[[Any, Move], str]], ...] = (
    (KoiKoiView, _koikoi),
    (DoorsView, _doors),
    (TigerDragonView, _tiger_dragon),
)
