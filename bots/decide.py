"""The bots' one entry point: a seat's move, decided from what that seat may know.

`decide` reads the state only through `view(seat)`, `legal_moves()` and `determinize(seat)`,
and `determinize` depends only on the seat's view; so two states that look the same from the
seat get the same move for the same seed (with an iteration budget) — the fairness property
`tests/bots/test_fairness.py` checks. It is pure and picklable by name, so the server runs it in
worker processes.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace

from bots.games import policy_for
from bots.ismcts import Budget, Considered, Game, RolloutPolicy, ranked
from bots.levels import Level, Rollout, Strategy, parse_level
from bots.policy import Belief, GamePolicy, ends_with, greedy, priors
from engine.core import Move, Seat, State

EXPLORING = 0.1
"""How often an informed rollout plays a random move instead of the heuristic's."""

MAX_REJECTIONS = 20
"""Belief sampling gives up after this many rejected worlds and takes the last one."""


def decide(
    state: State, seat: Seat, level: Level | str, seed: int, budget: Budget | None = None
) -> Move:
    """The move of `seat`, which must be to act, at `level`; `budget` replaces the level's
    thinking budget (tests and benchmarks give iterations, for reproducible decisions)."""
    if isinstance(level, str):
        level = parse_level(level)
    if state.to_act() != seat:
        raise ValueError(f"seat {seat} is not to act")
    legal = state.legal_moves()
    rng = random.Random(seed)
    if len(legal) == 1:
        return legal[0]
    if level.strategy is Strategy.RANDOM:
        return rng.choice(legal)
    view = state.view(seat)
    policy = policy_for(view)
    if level.strategy is Strategy.GREEDY:
        return greedy(policy, view, legal, rng)
    return rank(state, seat, level, rng, budget, settle=True)[0].move


def rank(
    state: State,
    seat: Seat,
    level: Level,
    rng: random.Random,
    budget: Budget | None = None,
    settle: bool = False,
) -> list[Considered]:
    """Every legal move of `seat` (to act) as the searching `level` weighs them, its choice
    first, each with its estimated chance of winning the match. Like `decide`, it reads the
    state only through the seat's view and `determinize(seat)`. `settle`: stop once the
    choice cannot change (`ismcts.ranked`); `decide` does, a hint shows every move's numbers
    and does not."""
    assert level.strategy is Strategy.SEARCH, "only a searching level ranks moves"
    legal = state.legal_moves()
    view = state.view(seat)
    policy = policy_for(view)
    belief = policy.belief(view) if level.belief else None
    informed = _informed(policy, seat, policy.surprise(view))
    game = Game(
        ends_segment=lambda events: ends_with(events, policy.segment_end),
        judge=policy.judge(view),
        sample=lambda rng: _sample(state, seat, belief, rng),
        priors=lambda world, moves: priors(policy, world.view(world.to_act()), moves),
        opponents=informed,
        rollout=informed if level.rollout is Rollout.INFORMED else _quick(policy),
    )
    chosen = budget or level.budget
    assert chosen is not None, "a searching level has a budget"
    # Interchangeable moves (two plains of one month) are searched as one, the first of them
    # standing for all, and every one of them is shown with its numbers.
    weights = priors(policy, view, legal)
    first: dict[object, int] = {}
    for index, move in enumerate(legal):
        first.setdefault(policy.twin(move), index)
    kept = sorted(first.values())
    pooled = [0.0] * len(legal)
    for move, weight in zip(legal, weights, strict=True):
        pooled[first[policy.twin(move)]] += weight
    searched = ranked(
        seat, [legal[i] for i in kept], [pooled[i] for i in kept], game, chosen, rng, settle
    )
    if len(kept) == len(legal):
        return searched
    found = {policy.twin(c.move): c for c in searched}
    twins = [
        replace(found[policy.twin(move)], move=move, prior=weight)
        for move, weight in zip(legal, weights, strict=True)
    ]
    order = {policy.twin(c.move): rank for rank, c in enumerate(searched)}
    return sorted(twins, key=lambda c: order[policy.twin(c.move)])


def _sample(state: State, seat: Seat, belief: Belief | None, rng: random.Random) -> State:
    """A world from `determinize`, kept with probability `belief(world)` (rejection sampling)."""
    world = state.determinize(seat, rng)
    if belief is None:
        return world
    for _ in range(MAX_REJECTIONS):
        if rng.random() < belief(world):
            break
        world = state.determinize(seat, rng)
    return world


def _quick(policy: GamePolicy) -> RolloutPolicy:
    def quick(world: State, legal: Sequence[Move], rng: random.Random) -> Move:
        return legal[0] if len(legal) == 1 else policy.quick(legal, rng)

    return quick


def _informed(policy: GamePolicy, seat: Seat, surprise: float) -> RolloutPolicy:
    """The heuristic on the acting seat's own view of the world — varied, EXPLORING of the
    time, by a rule-of-thumb move for the searching seat, and `surprise` of the time by a
    random move for the others (who may well play at random)."""

    def informed(world: State, legal: Sequence[Move], rng: random.Random) -> Move:
        if len(legal) == 1:
            return legal[0]
        actor = world.to_act()
        if actor == seat:
            if rng.random() < EXPLORING:
                return policy.quick(legal, rng)
        elif rng.random() < surprise:
            return rng.choice(legal)
        return greedy(policy, world.view(actor), legal, rng)

    return informed
