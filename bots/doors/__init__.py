"""Doors for the bots: its heuristics (`policy`), a match rebuilt from a seat's view (`world`)
and its hint reasons (`reasons`)."""

from bots.doors.policy import POLICY
from bots.doors.reasons import ENGLISH, explain
from bots.doors.world import world
from bots.game import GameBots
from engine.doors.model import DoorsView

BOTS = GameBots(DoorsView, POLICY, world, explain, ENGLISH)
