"""Hint reasons in the player's language. The server sends each reason as clauses (`HintClause`:
a key and the card, yaku, month, counts and chance it names); the client puts them into words
here, cards, tiles, yaku and months by the names the table uses. No rules here: the client only
words what the server names. A reason with a key this client does not know is shown as the
server's English `MoveHint.reason`."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from tigerden.v1 import match_pb2

from client.i18n import _, n_
from client.ui import koikoi

WORDS: dict[str, Callable[[Mapping[str, int]], str]] = {
    "koikoi.lays_down": lambda c: _("lays down the {card} (nothing to capture)"),
    "koikoi.month_safe": lambda c: _("no card of {month} is left unseen, so nobody can take it"),
    "koikoi.month_risk": lambda c: n_(
        "{unseen} unseen card of {month}: your opponent holds one with chance {chance}",
        "{unseen} unseen cards of {month}: your opponent holds one with chance {chance}",
        c["unseen"],
    ),
    "koikoi.captures": lambda c: _("captures the {card}"),
    "koikoi.yaku_progress": lambda c: _("{yaku} {held} of {need}"),
    "koikoi.no_yaku": lambda c: _("nothing towards a yaku yet"),
    "koikoi.denies": lambda c: _("it keeps {yaku} from your opponent, who holds {held} of {need}"),
    "koikoi.plays_on": lambda c: n_(
        "plays on for more than {points} point with {cards} cards in hand",
        "plays on for more than {points} points with {cards} cards in hand",
        c["points"],
    ),
    "koikoi.their_points": lambda c: n_(
        "your opponent has {points} point of yaku this deal",
        "your opponent has {points} points of yaku this deal",
        c["points"],
    ),
    "koikoi.stops": lambda c: n_(
        "stops and scores {points} point before your opponent can reply",
        "stops and scores {points} points before your opponent can reply",
        c["points"],
    ),
    "doors.takes": lambda c: _("takes the {card}"),
    "doors.completes_set": lambda c: _("it completes a set of your Door"),
    "doors.shares": lambda c: n_(
        "it shares {shared} trait with your Door ({colour} of its colour, {role} of its role "
        "collected), and the more it shares, the more it tells the Guesser",
        "it shares {shared} traits with your Door ({colour} of its colour, {role} of its role "
        "collected), and the more it shares, the more it tells the Guesser",
        c["shared"],
    ),
    "doors.right_with": lambda c: _("right with chance {chance}"),
    "doors.pays": lambda c: n_(
        "pays {gems} gem, wrong gives {wrong} away",
        "pays {gems} gems, wrong gives {wrong} away",
        c["gems"],
    ),
    "doors.reading": lambda c: _("the takes point to {card} ({chance})"),
    "doors.match_set": lambda c: _(
        "a set of your own trait lies in the Collector's cards: it scores at once"
    ),
    "doors.keeps_away": lambda c: _("keeps the {card} from the Collector"),
    "doors.fits": lambda c: _("it fits the likely Doors by {traits} traits"),
    "doors.deck_left": lambda c: n_(
        "{cards} card left in the deck", "{cards} cards left in the deck", c["cards"]
    ),
    "doors.pass": lambda c: _("lets the Collector take again, to learn more before guessing"),
    "tiger_dragon.attacks": lambda c: _("attacks with the {card}"),
    "tiger_dragon.unanswered": lambda c: _("the chance that nobody can answer it is {chance}"),
    "tiger_dragon.reveal": lambda c: _("revealing tells the table which attacks to avoid"),
    "tiger_dragon.goes_out": lambda c: _("defends with the {card}, your last tile: you go out"),
    "tiger_dragon.defends": lambda c: _(
        "defends with the {card} and takes the initiative to attack"
    ),
    "tiger_dragon.buries": lambda c: _(
        "buries the {card}, which would go unanswered only with chance {chance}"
    ),
    "tiger_dragon.lets_go": lambda c: _("lets the attack go by and keeps your tiles for later"),
}
"""Every clause key the server sends (bots/reasons.py), in the player's language, given the
clause's counts (for plural forms)."""


def clause_words(clause: match_pb2.HintClause) -> str:
    counts = dict(clause.counts)
    months = list(koikoi.MONTHS.values())
    return WORDS[clause.key](counts).format(
        **counts,
        card=_(clause.card) if clause.card else "",
        yaku=koikoi.yaku_name(clause.yaku) if clause.yaku else "",
        month=_(months[clause.month - 1]) if 1 <= clause.month <= len(months) else "",
        chance=f"{round(100 * clause.chance)}%" if clause.HasField("chance") else "",
        traits=decimal(clause.traits) if clause.HasField("traits") else "",
    )


def decimal(number: float) -> str:
    """One decimal, with the language's decimal mark ("1.5", "1,5")."""
    return f"{number:.1f}".replace(".", _("."))


def reason_words(hint: match_pb2.MoveHint) -> str:
    """The hint's reason in the player's language: what the move does, then why; the server's
    English when a clause is one this client cannot word (a newer server's)."""
    clauses = list(hint.reason_clauses)
    if not clauses:
        return hint.reason
    try:
        first, *rest = (clause_words(clause) for clause in clauses)
    except (KeyError, IndexError):  # an unknown key, or a count its words need is missing
        return hint.reason
    return first + (": " + "; ".join(rest) if rest else "")
