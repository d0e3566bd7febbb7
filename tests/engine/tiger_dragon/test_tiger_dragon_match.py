"""A match of rounds: §1.6 next round and end of game, §1.7 team game, rulings R6, R10, R11."""

from __future__ import annotations

from itertools import pairwise

import pytest

from engine.core import IllegalMove, Rejection
from engine.tiger_dragon import GAME
from engine.tiger_dragon.battlefields import Battlefield
from engine.tiger_dragon.model import PASS, MatchEnded, Phase, RoundEnded, RoundStarted
from tests.engine.tiger_dragon.tiger_dragon_scenarios import (
    DUEL_HANDS,
    duel_moves,
    lone_hand,
    lone_moves,
    lone_round,
    play,
    table,
)


def test_s1_6_match_ends_when_a_player_reaches_ten() -> None:
    state = table(4, {0: lone_hand("1")})
    events = play(state, *lone_moves("1"))
    assert isinstance(events[-2], RoundEnded) and events[-2].summary.points == 14
    assert events[-1] == MatchEnded((0,), (14, 0, 0, 0))
    assert state.to_act() is None
    assert state.legal_moves() == ()
    result = state.result()
    assert result is not None and (result.winners, result.scores) == ((0,), (14, 0, 0, 0))
    with pytest.raises(IllegalMove) as raised:
        state.apply(PASS)
    assert raised.value.rejection is Rejection.MATCH_OVER


def test_s1_6_below_ten_the_next_round_is_dealt() -> None:
    state = table(4, {0: lone_hand("2")})
    events = play(state, *lone_moves("2"))
    assert isinstance(events[-1], RoundStarted)
    view = state.view(None)
    assert (view.round, view.phase, view.scores) == (2, Phase.ATTACK, (6, 0, 0, 0))
    assert state.result() is None
    assert sum(b.hand_count for b in view.boards) + view.left_out == 38
    assert all(not b.attack and not b.defense for b in view.boards)  # nothing carries over


def test_r11_start_marker_passes_left_each_round_whoever_won() -> None:
    state = table(4, {}, start=0)
    starts = []
    for _ in range(4):
        starts.append(state.view(None).start_player)
        ended = [e for e in lone_round(state) if isinstance(e, RoundEnded)]
        assert ended[0].summary.winner == starts[-1]
    assert starts == [0, 1, 2, 3]
    assert state.view(None).start_player == 0


def test_r11_start_marker_passes_left_when_another_player_won() -> None:
    state = table(4, DUEL_HANDS, start=0)
    play(state, *duel_moves())  # seat 1 wins
    assert state.view(None).start_player == 1
    lone_round(state)  # seat 1 wins again
    assert state.view(None).start_player == 2


def test_r11_first_start_player_comes_from_the_seed() -> None:
    starts = {seed: GAME.new(4, {}, seed).to_act() for seed in range(40)}
    assert set(starts.values()) == {0, 1, 2, 3}
    assert all(GAME.new(4, {}, seed).to_act() == start for seed, start in starts.items())


def test_s1_6_battlefield_stays_for_the_match() -> None:
    state = table(4, {}, battlefield=Battlefield.STORM)
    for _ in range(4):
        lone_round(state)
        assert state.view(None).battlefield is Battlefield.STORM


def test_r10a_new_card_each_round_draws_a_different_card() -> None:
    state = table(4, {}, battlefield=Battlefield.DOJO, new_card_each_round=True)
    cards = [state.view(None).battlefield]
    for _ in range(3):
        lone_round(state)
        cards.append(state.view(None).battlefield)
    assert cards[0] is Battlefield.DOJO
    assert all(a is not b for a, b in pairwise(cards))


def test_r10_random_battlefield_is_drawn_once_from_the_seed() -> None:
    cards = {
        GAME.new(4, {"battlefield": "random"}, seed).view(None).battlefield for seed in range(60)
    }
    assert len(cards) > 5
    state = GAME.new(3, {"battlefield": "random"}, 5)
    first = state.view(None).battlefield
    lone_round(state)
    assert state.view(None).battlefield is first


def test_s1_7_team_game_partners_sit_opposite() -> None:
    view = table(4, {}, teams=True).view(2)
    assert view.teams == (0, 1, 0, 1)
    assert (view.target, view.team_scores) == (15, (0, 0))


def test_s1_7_team_target_is_fifteen_and_partners_points_add_up() -> None:
    state = table(4, {0: lone_hand("1")}, teams=True)
    play(state, *lone_moves("1"))  # 10 + 4 bonus: below the team target
    assert state.result() is None
    assert state.view(None).team_scores == (14, 0)
    second = next(e for e in lone_round(state) if isinstance(e, RoundEnded)).summary.points
    third = next(e for e in lone_round(state) if isinstance(e, RoundEnded)).summary.points
    result = state.result()
    assert result is not None
    assert result.scores == (14, second, third, 0)
    assert result.winners == (0, 2)
    assert result.detail["team_scores"] == (14 + third, second)


def test_r6_team_win_in_one_round_on_volcano() -> None:
    state = table(4, {0: lone_hand("1")}, teams=True, battlefield=Battlefield.VOLCANO)
    events = play(state, *lone_moves("1"))  # 10 + 4 x 2 bonus
    assert events[-1] == MatchEnded((0, 2), (18, 0, 0, 0))


def test_r6_partners_may_defend_each_other() -> None:
    state = table(4, {0: "5 8 8 8 8 8 8 8 7 7", 2: "5 1 2 3 4 6 6 6 6"}, teams=True)
    play(state, "attack 5", "pass")
    assert state.to_act() == 2
    assert [m.label() for m in state.legal_moves()] == ["defend 5", "pass"]


def test_r6_individual_game_with_four_players_is_not_a_team_game() -> None:
    view = table(4, {}).view(None)
    assert (view.teams, view.team_scores, view.target) == (None, None, 10)
