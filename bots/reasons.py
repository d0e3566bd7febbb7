"""One reason per move, in the game's own words, saying why a hint weighs it as it does.

The clauses and their wording are `bots.clauses`; each game's reasons are beside its policy
(`bots/<game>/reasons.py`). `ENGLISH` is every game's clause keys with their English words;
docs/protocol.md lists the same table for other clients.
"""

from __future__ import annotations

from bots.clauses import MONTHS, Clause, Reason
from bots.games import GAMES, game_of
from engine.core import Move, View

ENGLISH: dict[str, str] = {key: words for game in GAMES for key, words in game.english.items()}
"""Every clause's English words, with its counts by name (`{s}` makes the noun of its first
count plural)."""


def reason(view: View, move: Move) -> Reason:
    """Why `move` is worth considering for the seat of `view`."""
    return Reason(tuple(game_of(view).explain(view, move)))


__all__ = ["ENGLISH", "MONTHS", "Clause", "Reason", "reason"]
