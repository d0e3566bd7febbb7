"""The bots play whole matches under every value of every Koi-Koi and Tiger & Dragon option:
one easy match each in `make test`, five more (one at normal) in `make test-slow`."""

from __future__ import annotations

import random

import pytest

from bots import Budget, decide
from engine import GAMES

NEEDS = {
    "viewing_cancel": {"viewing_sake": "3"},
    "viewing_limit": {"viewing_sake": "3"},
    "rain_card": {"viewing_sake": "3", "viewing_cancel": "rain"},
}
"""What a Koi-Koi value needs beside it to be played (`CONFLICTS` against a default)."""

CASES = [
    (
        game_id,
        players,
        {**(NEEDS.get(spec.name, {}) if value != spec.default else {}), spec.name: value},
    )
    for game_id, players in (("koikoi", 2), ("tiger-dragon", 4))
    for spec in GAMES[game_id].info.options
    for value in spec.values
]


def play_out(game_id: str, players: int, options: dict[str, str], level: str, seed: int) -> None:
    """One whole match with `level` bots in every seat (normal: an 8-iteration budget)."""
    game = GAMES[game_id]
    budget = Budget(iterations=8) if level == "normal" else None
    state = game.new(players, game.info.validate(players, options), seed)
    rng = random.Random(seed)
    while (seat := state.to_act()) is not None:
        state.apply(decide(state, seat, level, rng.getrandbits(32), budget))
    assert state.result() is not None


@pytest.mark.parametrize(("game_id", "players", "options"), CASES, ids=str)
def test_the_easy_bot_finishes_a_match_under_every_option_value(
    game_id: str, players: int, options: dict[str, str]
) -> None:
    play_out(game_id, players, options, "easy", 0)


@pytest.mark.slow
@pytest.mark.parametrize(("game_id", "players", "options"), CASES, ids=str)
def test_the_bots_finish_more_matches_under_every_option_value(
    game_id: str, players: int, options: dict[str, str]
) -> None:
    """Four more matches of the easy bot and one of normal."""
    for seed, level in enumerate(["easy"] * 4 + ["normal"], start=1):
        play_out(game_id, players, options, level, seed)
