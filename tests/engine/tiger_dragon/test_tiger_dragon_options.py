"""The lobby's description and the match options (R10, §1.7)."""

from __future__ import annotations

import pytest

from engine.core import BadOptions
from engine.tiger_dragon import GAME
from engine.tiger_dragon.battlefields import Battlefield
from engine.tiger_dragon.info import settings
from engine.tiger_dragon.model import Settings


def test_info_describes_the_game() -> None:
    info = GAME.info
    assert (info.id, info.title) == ("tiger-dragon", "Tiger & Dragon")
    assert (info.min_players, info.max_players, info.default_players) == (2, 5, 4)
    assert [o.name for o in info.options] == ["battlefield", "new_card_each_round", "teams"]
    assert "game_market" in info.options[0].values and "random_with_promo" in info.options[0].values
    assert info.options[1].values == ("on", "off", "any")
    for card in Battlefield:
        assert card.card.title in info.help


def test_r10_defaults_dojo_fixed_individual() -> None:
    assert GAME.info.validate(4, {}) == {
        "battlefield": "dojo",
        "new_card_each_round": "off",
        "teams": "off",
    }
    assert settings(4, {}) == Settings(Battlefield.DOJO, False, False)


@pytest.mark.parametrize("card", [*(b.value for b in Battlefield), "random", "random_with_promo"])
def test_r10_every_card_by_name_or_random(card: str) -> None:
    parsed = settings(3, {"battlefield": card})
    assert parsed.battlefield == (None if card.startswith("random") else Battlefield(card))
    assert parsed.with_promo == (card in ("random_with_promo", "game_market"))


def test_r10a_new_card_each_round_option() -> None:
    on = settings(2, {"new_card_each_round": "on"})
    assert on.new_card_each_round and not on.same_card_may_return
    any_card = settings(2, {"new_card_each_round": "any"})
    assert any_card.new_card_each_round and any_card.same_card_may_return


@pytest.mark.parametrize(
    ("players", "options", "culprit"),
    [
        (4, {"battlefield": "moon"}, "battlefield"),
        (4, {"new_card_each_round": "yes"}, "new_card_each_round"),
        (4, {"teams": "true"}, "teams"),
        (4, {"colour": "red"}, "colour"),
        (6, {}, "players"),
        (1, {}, "players"),
    ],
)
def test_bad_options_name_the_culprit(players: int, options: dict[str, str], culprit: str) -> None:
    with pytest.raises(BadOptions) as raised:
        GAME.info.validate(players, options)
    assert raised.value.option == culprit


@pytest.mark.parametrize("players", [2, 3, 5])
def test_s1_7_teams_only_with_four_players(players: int) -> None:
    with pytest.raises(BadOptions) as raised:
        GAME.info.validate(players, {"teams": "on"})
    assert raised.value.option == "teams"
    with pytest.raises(BadOptions):
        GAME.new(players, {"teams": "on"}, 1)
    assert GAME.new(4, {"teams": "on"}, 1).view(None).teams == (0, 1, 0, 1)


def test_new_is_replayable_from_the_seed() -> None:
    one, two = GAME.new(5, {}, 42), GAME.new(5, {}, 42)
    assert repr(one) == repr(two)
    assert repr(GAME.new(5, {}, 43)) != repr(one)
