"""What one game gives the bots beside the engine: its heuristics, a world from a seat's view
and its hint reasons. Each game's package (`bots/<game>/`) makes one; `bots.games` lists them."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from bots.clauses import Clause
from bots.policy import GamePolicy
from engine.core import Move, State

World = Callable[[Any, int, Mapping[str, str]], State]
"""(a seat's view, players, validated options) -> a state that seat sees as that view, with
everything it cannot see filled in arbitrarily (`bots.worlds`)."""

Explain = Callable[[Any, Move], list[Clause]]
"""(a seat's view, one of its legal moves) -> why a hint weighs the move as it does."""


@dataclass(frozen=True)
class GameBots:
    """One game for the bots, found by the type of the view its seats see."""

    view: type
    policy: GamePolicy
    world: World
    explain: Explain
    english: Mapping[str, str]
    """Every clause key `explain` uses, with its English words."""
