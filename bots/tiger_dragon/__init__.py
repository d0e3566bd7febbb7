"""Tiger & Dragon for the bots: its heuristics (`policy`), a match rebuilt from a seat's view
(`world`) and its hint reasons (`reasons`)."""

from bots.game import GameBots
from bots.tiger_dragon.policy import POLICY
from bots.tiger_dragon.reasons import ENGLISH, explain
from bots.tiger_dragon.world import world
from engine.tiger_dragon.model import TigerDragonView

BOTS = GameBots(TigerDragonView, POLICY, world, explain, ENGLISH)
