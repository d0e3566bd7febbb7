"""`copy` and pickling keep every attribute of a state, interpreted and compiled alike.

Each game's `copy` lists its state's attributes one by one (a compiled class has no `__dict__`
to copy whole), so an attribute added later and forgotten there must fail here; the bots' worker
processes receive states pickled, which a compiled class does through its declared attributes.
"""

from __future__ import annotations

import pickle
import random

import pytest

from engine import GAMES
from engine.core import State, fields

CONFIGS = [
    (game_id, players)
    for game_id, game in GAMES.items()
    for players in range(game.info.min_players, game.info.max_players + 1)
]


def states(game_id: str, players: int, seed: int) -> list[State]:
    """Every state of one random match, from its deal to its end."""
    game = GAMES[game_id]
    state = game.new(players, game.info.validate(players, {}), seed)
    rng = random.Random(seed)
    seen = [state.copy()]
    while state.to_act() is not None:
        state.apply(rng.choice(state.legal_moves()))
        seen.append(state.copy())
    return seen


@pytest.mark.parametrize(("game_id", "players"), CONFIGS)
def test_a_copy_and_a_pickled_state_have_every_attribute(game_id: str, players: int) -> None:
    for seed in range(3):
        for state in states(game_id, players, seed):
            state.legal_moves()  # a cached list of moves is an attribute too
            copied, unpickled = state.copy(), pickle.loads(pickle.dumps(state))
            assert fields(copied) == fields(state)
            assert type(unpickled) is type(state)
            assert fields(unpickled).keys() == fields(state).keys()
            assert unpickled.legal_moves() == state.legal_moves()
            assert all(unpickled.view(seat) == state.view(seat) for seat in range(players))
            sent = (state.legal_moves(), [state.view(seat) for seat in (None, *range(players))])
            assert pickle.loads(pickle.dumps(sent)) == sent  # what bots and hints hand back


@pytest.mark.parametrize(("game_id", "players"), CONFIGS)
def test_a_copy_plays_on_alone(game_id: str, players: int) -> None:
    """Moves applied to a copy leave the original as it was, and the other way round."""
    for state in states(game_id, players, seed=7)[:-1]:
        before = [state.view(seat) for seat in range(players)]
        twin = state.copy()
        twin.apply(twin.legal_moves()[0])
        assert [state.view(seat) for seat in range(players)] == before
        state.apply(state.legal_moves()[-1])
        assert twin.to_act() is None or twin.legal_moves()
