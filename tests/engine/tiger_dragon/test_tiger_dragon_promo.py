"""The Game Market promo card (§3, the eleventh Battlefield card) and the house rule of a new
card every round that may draw the same card again (R10)."""

from __future__ import annotations

from itertools import pairwise

import pytest

from engine.tiger_dragon import GAME
from engine.tiger_dragon.battlefields import BOX, Battlefield
from engine.tiger_dragon.model import RoundEnded
from engine.tiger_dragon.tiles import WILDS, Tile
from tests.engine.tiger_dragon.tiger_dragon_scenarios import (
    DUEL_HANDS,
    duel_moves,
    lone_round,
    play,
    table,
)

PROMO = Battlefield.GAME_MARKET.card
NUMBERS = [Tile(n) for n in range(2, 9)]


@pytest.mark.parametrize("attack", [Tile(n) for n in range(1, 9)], ids=lambda t: t.text)
@pytest.mark.parametrize("winning", NUMBERS, ids=lambda t: t.text)
def test_r10b_promo_numbers_score_the_difference_from_the_last_attack(
    attack: Tile, winning: Tile
) -> None:
    value, bonus = PROMO.score(winning, False, 2, 5, last_attack=attack)
    assert (value, bonus) == (abs(winning - attack), 2)


def test_r10b_promo_the_same_number_as_the_last_attack_scores_only_the_bonus() -> None:
    assert PROMO.score(Tile.FIVE, False, 1, 1, last_attack=Tile.FIVE) == (0, 1)


@pytest.mark.parametrize("wild", sorted(WILDS))
def test_r10b_promo_a_wild_last_attack_scores_one_and_no_bonus(wild: Tile) -> None:
    for winning in NUMBERS:
        assert PROMO.score(winning, False, 3, 3, last_attack=wild) == (1, 0)


@pytest.mark.parametrize("attack", [*NUMBERS, *sorted(WILDS)], ids=lambda t: t.text)
def test_r10b_promo_the_one_scores_ten_plus_the_bonus_whatever_the_attack(attack: Tile) -> None:
    assert PROMO.score(Tile.ONE, False, 2, 2, last_attack=attack) == (10, 2)  # R4


@pytest.mark.parametrize("wild", sorted(WILDS))
def test_r10b_promo_a_wild_finish_scores_one_and_no_bonus(wild: Tile) -> None:
    assert PROMO.score(wild, False, 4, 4, last_attack=Tile.SEVEN) == (1, 0)  # R3


def test_r10b_promo_a_round_scores_the_winners_last_attack_against_the_winning_tile() -> None:
    state = table(4, DUEL_HANDS, battlefield=Battlefield.GAME_MARKET)
    events = play(state, *duel_moves())
    (ended,) = [e for e in events if isinstance(e, RoundEnded)]
    summary = ended.summary
    assert (summary.winner, summary.winning_tile) == (1, Tile.SIX)
    assert (summary.card_value, summary.bonus) == (2, 0)  # seat 1's last attack was an 8


def test_promo_is_chosen_by_name_and_described_for_people() -> None:
    state = GAME.new(3, {"battlefield": "game_market"}, 1)
    assert state.view(None).battlefield is Battlefield.GAME_MARKET
    assert "difference" in PROMO.summary() and "Game Market" in GAME.info.help


def test_r10_random_draws_from_the_ten_unless_the_promo_is_in_play() -> None:
    boxed = {GAME.new(4, {"battlefield": "random"}, s).view(None).battlefield for s in range(200)}
    assert boxed == set(BOX)
    promo = {
        GAME.new(4, {"battlefield": "random_with_promo"}, s).view(None).battlefield
        for s in range(200)
    }
    assert promo == {*BOX, Battlefield.GAME_MARKET}


def cards_of_rounds(options: dict[str, str], seed: int, rounds: int) -> list[Battlefield]:
    state = GAME.new(4, options, seed)
    cards = [state.view(None).battlefield]
    for _ in range(rounds):
        lone_round(state)
        if state.to_act() is None:
            break
        cards.append(state.view(None).battlefield)
    return cards


def test_r10a_house_rule_any_may_draw_the_same_card_again() -> None:
    repeats = 0
    for seed in range(20):
        cards = cards_of_rounds({"new_card_each_round": "any"}, seed, 3)
        repeats += sum(a is b for a, b in pairwise(cards))
        assert Battlefield.GAME_MARKET not in cards
    assert repeats > 0


def test_r10a_house_rule_on_never_draws_the_same_card() -> None:
    for seed in range(20):
        cards = cards_of_rounds({"new_card_each_round": "on"}, seed, 3)
        assert all(a is not b for a, b in pairwise(cards))


def test_r10a_house_rule_with_the_promo_in_play_draws_it_too() -> None:
    drawn: set[Battlefield] = set()
    for seed in range(30):
        options = {"battlefield": "game_market", "new_card_each_round": "any"}
        drawn.update(cards_of_rounds(options, seed, 3)[1:])
    assert Battlefield.GAME_MARKET in drawn
    assert GAME.new(2, {"new_card_each_round": "any"}, 0).view(None).same_card_may_return
