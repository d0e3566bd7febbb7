"""Tiger & Dragon's hint reasons in the player's language: the words of each clause key the
server sends for it (bots/reasons.py)."""

from __future__ import annotations

from client.i18n import _
from client.ui.game_screen import ClauseWords

WORDS: dict[str, ClauseWords] = {
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
"""Each clause key's words, given the clause's counts (for plural forms)."""
