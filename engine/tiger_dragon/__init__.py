"""Tiger & Dragon (Arclight / Oink Games), a Goita-style tile-shedding game for 2-5 players.

Rules: `shared/rules/tiger-dragon.md`. `GAME` is what the engine registry lists.
"""

from __future__ import annotations

from collections.abc import Mapping

from engine.core import Game, GameInfo
from engine.tiger_dragon.info import INFO, settings
from engine.tiger_dragon.state import TigerDragonState


class TigerDragon(Game):
    info: GameInfo = INFO

    def new(self, players: int, options: Mapping[str, str], seed: int) -> TigerDragonState:
        return TigerDragonState(players, settings(players, options), seed)


GAME = TigerDragon()

__all__ = ["GAME", "TigerDragon", "TigerDragonState"]
