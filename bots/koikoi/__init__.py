"""Koi-Koi for the bots: its heuristics (`policy`), a match rebuilt from a seat's view (`world`)
and its hint reasons (`reasons`)."""

from bots.game import GameBots
from bots.koikoi.policy import POLICY
from bots.koikoi.reasons import ENGLISH, explain
from bots.koikoi.world import world
from engine.koikoi.model import KoiKoiView

BOTS = GameBots(KoiKoiView, POLICY, world, explain, ENGLISH)
