"""Hint reasons in the player's language. The server sends each reason as clauses (`HintClause`:
a key and the card, yaku, month, counts and chance it names); the game whose key it is words it
(its screen's `reasons`, `client/ui/games/<game>/reasons.py`), cards, tiles, yaku and months by
the names the table uses. No rules here: the client only words what the server names. A reason
with a key this client does not know is shown as the server's English `MoveHint.reason`."""

from __future__ import annotations

from tigerden.v1 import match_pb2

from client.i18n import _
from client.ui.registry import clause_screen


def clause_words(clause: match_pb2.HintClause) -> str:
    """One clause in words; KeyError for a key no game of this client words."""
    screen = clause_screen(clause.key)
    if screen is None:
        raise KeyError(clause.key)
    counts = dict(clause.counts)
    return screen.reasons[clause.key](counts).format(
        **counts,
        card=_(clause.card) if clause.card else "",
        chance=f"{round(100 * clause.chance)}%" if clause.HasField("chance") else "",
        **screen.clause_extras(clause),
    )


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
