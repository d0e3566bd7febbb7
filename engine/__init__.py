"""Pure rules engines, one package per game, and the registry the server reads.

`GAMES` maps a game id (the id clients send) to its `Game`. Nothing in `engine` does I/O or
knows about gRPC.
"""

from engine.core import Game
from engine.doors import GAME as DOORS

GAMES: dict[str, Game] = {game.info.id: game for game in (DOORS,)}

__all__ = ["GAMES", "Game"]
