"""Pure rules engines, one package per game, and the registry the server reads.

`GAMES` maps a game id (the id clients send) to its `Game`. Nothing in `engine` does I/O or
knows about gRPC.
"""

import sys

from engine.core import Game, pickle_compiled_dataclasses
from engine.doors import GAME as DOORS
from engine.koikoi import GAME as KOIKOI
from engine.tiger_dragon import GAME as TIGER_DRAGON

GAMES: dict[str, Game] = {game.info.id: game for game in (DOORS, KOIKOI, TIGER_DRAGON)}

pickle_compiled_dataclasses(
    m for name, m in list(sys.modules.items()) if name.startswith("engine.")
)

__all__ = ["GAMES", "Game"]
