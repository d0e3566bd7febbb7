"""Koi-Koi's hint reasons in the player's language: the words of each clause key the server
sends for it (bots/reasons.py), and the yaku and month its clauses name, by the names the table
uses."""

from __future__ import annotations

from tigerden.v1 import match_pb2

from client.i18n import _, n_
from client.ui.game_screen import ClauseWords
from client.ui.games.koikoi.screen import MONTHS, yaku_name

WORDS: dict[str, ClauseWords] = {
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
}
"""Each clause key's words, given the clause's counts (for plural forms)."""


def extras(clause: match_pb2.HintClause) -> dict[str, str]:
    """The yaku and the month a clause names, as the table names them ("mar·cherry")."""
    months = list(MONTHS.values())
    return {
        "yaku": yaku_name(clause.yaku) if clause.yaku else "",
        "month": _(months[clause.month - 1]) if 1 <= clause.month <= len(months) else "",
    }
