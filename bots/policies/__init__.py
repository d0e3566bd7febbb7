"""Per-game heuristics, found by the type of the view a seat sees."""

from __future__ import annotations

from bots.policies import doors, koikoi, tiger_dragon
from bots.policies.base import GamePolicy
from engine.core import View
from engine.doors.model import DoorsView
from engine.koikoi.model import KoiKoiView
from engine.tiger_dragon.model import TigerDragonView

POLICIES: dict[type, GamePolicy] = {
    DoorsView: doors.POLICY,
    KoiKoiView: koikoi.POLICY,
    TigerDragonView: tiger_dragon.POLICY,
}


def policy_for(view: View) -> GamePolicy:
    """The heuristics of the game whose view this is."""
    policy = POLICIES.get(type(view))
    if policy is None:
        raise LookupError(f"no bot policy for {type(view).__name__}")
    return policy


__all__ = ["POLICIES", "GamePolicy", "policy_for"]
