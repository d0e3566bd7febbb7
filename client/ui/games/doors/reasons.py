"""Doors' hint reasons in the player's language: the words of each clause key the server sends
for it (bots/reasons.py), and the traits its clauses count."""

from __future__ import annotations

from tigerden.v1 import match_pb2

from client.i18n import _, n_
from client.ui.game_screen import ClauseWords

WORDS: dict[str, ClauseWords] = {
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
}
"""Each clause key's words, given the clause's counts (for plural forms)."""


def extras(clause: match_pb2.HintClause) -> dict[str, str]:
    """How many traits a move fits the likely Doors by, with the language's decimal mark."""
    return {"traits": decimal(clause.traits) if clause.HasField("traits") else ""}


def decimal(number: float) -> str:
    """One decimal, with the language's decimal mark ("1.5", "1,5")."""
    return f"{number:.1f}".replace(".", _("."))
