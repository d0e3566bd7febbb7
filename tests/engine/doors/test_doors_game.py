"""The Doors `GAME` as the lobby sees it: its info record, option (ruling Q1) and `new`."""

import pytest

from engine import GAMES
from engine.core import BadOptions
from engine.doors import GAME
from engine.doors.model import Phase


def test_info_describes_a_two_player_game_with_a_short_help() -> None:
    info = GAME.info
    assert (info.id, info.title) == ("doors", "Doors (The Lady and the Tiger)")
    assert (info.min_players, info.max_players) == (2, 2)
    assert info.summary
    assert 10 <= len(info.help.splitlines()) <= 16
    assert max(len(line) for line in info.help.splitlines()) <= 100
    assert GAMES["doors"] is GAME


def test_Q1_option_collector_set_automatic_by_default_or_optional() -> None:
    (spec,) = GAME.info.options
    assert (spec.name, spec.values, spec.default) == (
        "collector_set",
        ("automatic", "optional"),
        "automatic",
    )
    assert not GAME.new(2, {}, 1).view(None).collector_set_optional
    assert GAME.new(2, {"collector_set": "optional"}, 1).view(None).collector_set_optional


def test_new_refuses_bad_options_and_player_counts() -> None:
    with pytest.raises(BadOptions):
        GAME.new(2, {"collector_set": "sometimes"}, 1)
    with pytest.raises(BadOptions):
        GAME.new(3, {}, 1)


def test_new_match_starts_contest_one_with_the_collector_to_take() -> None:
    state = GAME.new(2, {}, 42)
    assert (state.contest, state.phase, state.gems) == (1, Phase.COLLECTOR_TAKE, (0, 0))
    assert state.scores() == (0, 0)
    assert state.result() is None
    assert repr(GAME.new(2, {}, 42)) == repr(state)  # the seed is the only randomness
