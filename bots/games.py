"""The games the bots play: the one place in `bots/` that names them. A new game adds its
package (`bots/<game>/`, making a `GameBots`) and one line here."""

from __future__ import annotations

from bots import doors, koikoi, tiger_dragon
from bots.game import GameBots
from bots.policy import GamePolicy
from engine.core import View

GAMES: tuple[GameBots, ...] = (koikoi.BOTS, doors.BOTS, tiger_dragon.BOTS)

_BY_VIEW: dict[type, GameBots] = {game.view: game for game in GAMES}


def game_of(view: View) -> GameBots:
    """The game whose view this is."""
    game = _BY_VIEW.get(type(view))
    if game is None:
        raise LookupError(f"no bots for {type(view).__name__}")
    return game


def policy_for(view: View) -> GamePolicy:
    """The heuristics of the game whose view this is."""
    return game_of(view).policy
