"""Pure rules engines, one package per game, and the registry the server reads.

`GAMES` maps a game id (the id clients send) to its `Game`. Nothing in `engine` does I/O or
knows about gRPC.
"""

from engine.core import Game
from engine.doors import GAME as DOORS
from engine.koikoi import GAME as KOIKOI
from engine.tiger_dragon import GAME as TIGER_DRAGON

GAMES: dict[str, Game] = {game.info.id: game for game in (DOORS, KOIKOI, TIGER_DRAGON)}

__all__ = ["GAMES", "Game"]
