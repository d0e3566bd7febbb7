"""Random match positions of every game, for the bot tests."""

from __future__ import annotations

import random
from collections.abc import Iterator

from engine import GAMES
from engine.core import Seat, State

TABLES: tuple[tuple[str, int, dict[str, str]], ...] = (
    ("doors", 2, {}),
    ("doors", 2, {"collector_set": "optional"}),
    ("koikoi", 2, {}),
    ("koikoi", 2, {"deals": "3", "double_seven": "on", "opponent_koi": "once"}),
    (
        "koikoi",
        2,
        {
            "first_to": "30",
            "koi_koi_lock": "on",
            "own_koi": "plus_one",
            "bright_base": "on",
            "viewing_sake": "1_3",
            "viewing_cancel": "rain_fog",
            "rain_card": "willow",
            "viewing_limit": "season_double",
            "hand_size": "10",
            "first_dealer": "draw",
            "dealt_hand_stack": "on",
            "exhausted_dealer": "2",
            "exhausted_other": "1",
            "next_dealer": "loser",
        },
    ),
    (
        "koikoi",
        2,
        {
            "deals": "6",
            "zero_sum": "on",
            "koi_koi_limit": "1",
            "final_tie": "extra_deals",
            "own_koi": "koikoi_japan",
            "next_dealer": "alternate",
        },
    ),
    ("tiger-dragon", 2, {}),
    ("tiger-dragon", 3, {"battlefield": "clifftop"}),
    ("tiger-dragon", 3, {"battlefield": "game_market", "new_card_each_round": "any"}),
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


def twins(count: int, seed: int, rng: random.Random) -> Iterator[tuple[State, Seat, State]]:
    """`positions(count, seed)`, each with the seat to act and a twin: one view for that seat,
    everything it cannot see resampled with a seed drawn from `rng`."""
    for state in positions(count, seed):
        seat = state.to_act()
        assert seat is not None
        yield state, seat, state.determinize(seat, random.Random(rng.getrandbits(32)))
