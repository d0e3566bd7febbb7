"""Random match positions of every game, for the bot tests."""

from __future__ import annotations

import random
from collections.abc import Iterator

from engine import GAMES
from engine.core import State

TABLES: tuple[tuple[str, int, dict[str, str]], ...] = (
    ("doors", 2, {}),
    ("doors", 2, {"collector_set": "optional"}),
    ("koikoi", 2, {}),
    ("koikoi", 2, {"deals": "3", "double_seven": "on", "opponent_koi": "once"}),
    ("tiger-dragon", 2, {}),
    ("tiger-dragon", 3, {"battlefield": "clifftop"}),
    ("tiger-dragon", 4, {}),
    ("tiger-dragon", 4, {"teams": "on", "battlefield": "cave"}),
    ("tiger-dragon", 5, {"battlefield": "random"}),
)
"""Every game, every player count and the options that change what a bot must weigh."""


def positions(count: int, seed: int) -> Iterator[State]:
    """`count` positions where a seat is to act, reached by random play from random deals,
    spread over TABLES."""
    rng = random.Random(seed)
    made = 0
    while made < count:
        game_id, players, options = TABLES[made % len(TABLES)]
        game = GAMES[game_id]
        state = game.new(players, game.info.validate(players, options), rng.getrandbits(32))
        for _ in range(rng.randrange(60)):
            if state.to_act() is None:
                break
            state.apply(rng.choice(state.legal_moves()))
        if state.to_act() is not None:
            made += 1
            yield state
