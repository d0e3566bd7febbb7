"""The Tiger & Dragon bot reads the Battlefield card it plays on: on the Game Market promo the
value of going out with a number is its difference from the bot's last attack tile."""

from __future__ import annotations

from bots.tiger_dragon.policy import Count
from engine.tiger_dragon.battlefields import Battlefield
from engine.tiger_dragon.tiles import Tile
from tests.engine.tiger_dragon.tiger_dragon_scenarios import DUEL_HANDS, duel_moves, play, table


def test_on_the_promo_going_out_is_worth_the_difference_from_the_last_attack() -> None:
    state = table(4, DUEL_HANDS, battlefield=Battlefield.GAME_MARKET)
    play(state, *duel_moves()[:-1])  # seat 0 attacks 6; seat 1 holds its last tile
    count = Count(state.view(1))
    assert count.last_attack is Tile.EIGHT
    assert count.finish(Tile.SIX, count.last_attack) == 2
    assert count.finish(Tile.TWO, count.last_attack) == 6
    assert count.finish(Tile.ONE, count.last_attack) == 10
    dojo = table(4, DUEL_HANDS, battlefield=Battlefield.DOJO)
    play(dojo, *duel_moves()[:-1])
    assert Count(dojo.view(1)).finish(Tile.SIX, Tile.EIGHT) == 3  # Dojo's 6 column
