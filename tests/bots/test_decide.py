"""`decide` at every level: legal, reproducible, and taking the wins that are there."""

from __future__ import annotations

import random

import pytest

from bots import Budget, decide, parse_level
from bots.decide import rank
from bots.games import policy_for
from engine import GAMES
from engine.core import State
from engine.doors.model import DoorsView, Take
from engine.doors.traits import has_set
from engine.koikoi.model import KoiKoiView, Phase, Stop
from engine.tiger_dragon.model import Defend, TigerDragonView
from tests.bots.states import positions

LEVELS = ("random", "easy", "normal", "hard")
QUICK = Budget(iterations=10)


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_plays_a_legal_move_in_every_game(level: str) -> None:
    for number, state in enumerate(positions(60, 11)):
        seat = state.to_act()
        assert seat is not None
        assert decide(state, seat, level, number, QUICK) in state.legal_moves()


def test_an_iteration_budget_makes_a_search_reproducible() -> None:
    for number, state in enumerate(positions(18, 12)):
        seat = state.to_act()
        assert seat is not None
        moves = {decide(state, seat, "hard", number, Budget(iterations=30)) for _ in range(2)}
        assert len(moves) == 1


def test_a_time_budget_stops_the_search() -> None:
    state = GAMES["koikoi"].new(2, {}, 5)
    seat = state.to_act()
    assert seat is not None
    assert decide(state, seat, "hard:0.05", 1) in state.legal_moves()
    assert decide(state, seat, "normal", 1, Budget(seconds=0.02)) in state.legal_moves()


def test_only_the_seat_to_act_decides() -> None:
    state = GAMES["doors"].new(2, {}, 1)
    seat = state.to_act()
    assert seat is not None
    with pytest.raises(ValueError, match="not to act"):
        decide(state, 1 - seat, "easy", 0)


def finds(state: State, level: str, wins: set[object]) -> bool:
    seat = state.to_act()
    assert seat is not None
    return decide(state, seat, level, 7, Budget(iterations=60)) in wins


def winning_moves(state: State) -> set[object]:
    """The moves that score at once and surely: a Doors set, a Tiger & Dragon finish, a Koi-Koi
    stop in the last deal."""
    seat = state.to_act()
    assert seat is not None
    view = state.view(seat)
    legal = state.legal_moves()
    if isinstance(view, DoorsView) and view.collector == seat and view.own_door is not None:
        door = view.own_door
        return {
            m for m in legal if isinstance(m, Take) and has_set((*view.collection, m.card), door)
        }
    if isinstance(view, TigerDragonView) and view.boards[seat].hand_count == 1:
        return {m for m in legal if isinstance(m, Defend)}
    if isinstance(view, KoiKoiView) and view.phase is Phase.DECISION and view.deal == view.deals:
        return (
            {Stop()}
            if view.scores[seat] + view.stop_points[seat] > view.scores[1 - seat]
            else set()
        )
    return set()


def test_the_heuristic_and_the_searches_take_a_sure_win() -> None:
    rng = random.Random(13)
    found = 0
    for state in positions(6000, 14):
        wins = winning_moves(state)
        if not wins or len(wins) == len(state.legal_moves()):
            continue
        found += 1
        for level in ("easy", "normal", "hard") if rng.random() < 0.5 else ("hard",):
            assert finds(state, level, wins), f"{level} missed a sure win: {state!r}"
    assert found > 30


def test_a_settling_search_stops_early_with_the_move_of_the_whole_budget() -> None:
    # `decide` stops once no other move can overtake the leader's visits within the budget
    # left: the same move as the whole budget's, for fewer iterations.
    stopped = 0
    for number, state in enumerate(positions(48, 13)):
        seat = state.to_act()
        assert seat is not None
        if len(state.legal_moves()) == 1:
            continue
        level = parse_level("hard" if number % 2 else "normal")
        budget = Budget(iterations=160)
        whole, settled = (
            rank(state, seat, level, random.Random(number), budget, settle)
            for settle in (False, True)
        )
        assert settled[0].move == whole[0].move
        assert settled[0].move == decide(state, seat, level, number, budget)
        policy = policy_for(state.view(seat))  # interchangeable moves share one count
        spent = sum(c.visits for c in {policy.twin(c.move): c for c in settled}.values())
        assert spent == 160 or (spent < 160 and spent % 8 == 0)
        stopped += spent < 160
    assert stopped >= 10
