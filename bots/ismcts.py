"""Single-observer information-set Monte Carlo tree search over the engine contract.

One tree for the searching seat. Every iteration samples a world with `determinize(seat)` (the
only way the search learns anything hidden, so it knows what the seat may know and nothing
more), walks the tree along that world, adds one move of the searching seat, plays the world out
with a rollout policy to the end of the current segment (a Doors contest, a Koi-Koi deal, a
Tiger & Dragon round) and backs up the seat's reward.

A node is one of the seat's information sets: what it has seen since the root. The seat's moves
are edges keyed by move, carrying the statistics; after a move (or another seat's), the events
the seat sees of it — `Event.for_viewer(seat)`: the card turned up from the stock, the clue
that refilled the display, "a tile was placed face down" — lead to the next node. So the seat's
later choices are made knowing what it would know then, and never what it would not.

The seat chooses by PUCT: a move's mean reward plus an exploration bonus scaled by the game
heuristic's prior for the move. Outcomes here are noisy (a Koi-Koi deal turns on the stock, a
contest on a hidden Door), and a few hundred iterations cannot tell close moves apart from
scratch; the prior keeps the search near the heuristic's choice until the rewards clearly say
otherwise. A move legal in only some worlds counts, in its bonus, the visits in which it was
available (Cowling, Powley & Whitehouse 2012).

The other seats' moves come from an opponent model that decides from that seat's own view of
the sampled world, not from the tree's statistics: those are pooled over worlds that differ in
exactly what the other seats know (their hands, their Door), so a seat choosing by them would
play as if it did not know its own cards, or — the searcher's cards being the same in every
world — as if it knew the searcher's.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass

from engine.core import Event, Move, Seat, State

Rewards = Sequence[float]
"""One reward per seat in [0, 1], the seat's estimated chance of winning the match."""

RolloutPolicy = Callable[[State, Sequence[Move], random.Random], Move]
"""Chooses the move of the world's seat to act during a playout."""

EXPLORATION = 1.0
"""The PUCT constant, for rewards in [0, 1] and priors that sum to 1."""

SETTLE_EVERY = 8
"""How many iterations a settling search runs between looks at whether its choice is settled."""

MAX_ROLLOUT_MOVES = 1_000
"""A bound that no segment of the three games reaches; it only guards against a rules bug."""


@dataclass(frozen=True)
class Budget:
    """When a search stops: after `iterations`, after `seconds`, whichever comes first.

    A time budget makes the decision depend on the machine's speed; tests and benchmarks that
    must be reproducible give iterations only.
    """

    iterations: int | None = None
    seconds: float | None = None

    def __post_init__(self) -> None:
        if self.iterations is None and self.seconds is None:
            raise ValueError("a budget needs iterations, seconds or both")


@dataclass(frozen=True)
class Game:
    """What the search needs from a game beyond the engine contract.

    `ends_segment` says whether the events of one `apply` closed the segment the search plays
    out; `judge` turns a world at the end of a segment into rewards; `sample` draws a world for
    the searching seat (by `determinize`, maybe weighted by a belief); `priors` weighs the
    searching seat's legal moves in a world (summing to 1); `opponents` chooses the other seats'
    moves in the tree; `rollout` plays every seat's moves after it.
    """

    ends_segment: Callable[[list[Event]], bool]
    judge: Callable[[State], Rewards]
    sample: Callable[[random.Random], State]
    priors: Callable[[State, Sequence[Move]], Sequence[float]]
    opponents: RolloutPolicy
    rollout: RolloutPolicy


class Node:
    """An information set of the searching seat: its moves, and what follows what it sees."""

    __slots__ = ("after", "moves", "visits")

    def __init__(self) -> None:
        self.visits = 0
        self.moves: dict[Move, Edge] = {}
        self.after: dict[Hashable, Node] = {}


class Edge:
    """One move of the searching seat: how often it was tried, available and rewarded."""

    __slots__ = ("after", "available", "reward", "visits")

    def __init__(self) -> None:
        self.visits = 0
        self.available = 0
        self.reward = 0.0
        self.after: dict[Hashable, Node] = {}


@dataclass(frozen=True)
class Considered:
    """One root move after a search: how often the search chose it, and the seat's mean
    reward over those iterations (its estimated chance of winning; None when never tried)."""

    move: Move
    visits: int
    chance: float | None
    prior: float


def ranked(
    seat: Seat,
    legal: Sequence[Move],
    priors: Sequence[float],
    game: Game,
    budget: Budget,
    rng: random.Random,
    settle: bool = False,
) -> list[Considered]:
    """Every root move, the search's choice first (the move a bot plays): by iterations that
    chose it, ties to the higher prior. A hint shows the whole list.

    `settle`: stop as soon as the choice is settled — when no other move could overtake the
    leader's visits with every iteration left in the budget. With an iteration budget the
    choice is then exactly the one the whole budget gives (each iteration adds one visit to
    one root move), only sooner; with a time budget the iterations left are estimated from
    the rate so far. The other moves' numbers are then rougher, so a hint does not settle."""
    root = Node()
    started = time.perf_counter()
    deadline = None if budget.seconds is None else started + budget.seconds
    iterations = budget.iterations
    done = 0
    while (iterations is None or done < iterations) and (
        deadline is None or time.perf_counter() < deadline
    ):
        _iterate(root, seat, (legal, priors), game, rng)
        done += 1
        if (
            settle
            and done % SETTLE_EVERY == 0
            and _settled(root, done, iterations, started, deadline)
        ):
            break
    considered = []
    for move, prior in zip(legal, priors, strict=True):
        edge = root.moves.get(move)
        visits = 0 if edge is None else edge.visits
        chance = edge.reward / visits if edge is not None and visits else None
        considered.append(Considered(move, visits, chance, prior))
    # A stable sort: among equals the first legal move stays first, as `max` chose before.
    return sorted(considered, key=lambda c: (c.visits, c.prior), reverse=True)


def _settled(
    root: Node, done: int, iterations: int | None, started: float, deadline: float | None
) -> bool:
    """Whether the root move with the most visits stays ahead whatever the iterations left
    do: its lead over the runner-up is more than they could add. Against a deadline, the
    iterations left are the time left at the rate so far."""
    left = math.inf if iterations is None else iterations - done
    if deadline is not None:
        now = time.perf_counter()
        left = min(left, done * max(deadline - now, 0.0) / max(now - started, 1e-9))
    first = second = 0
    for edge in root.moves.values():
        if edge.visits > first:
            first, second = edge.visits, first
        elif edge.visits > second:
            second = edge.visits
    return first - second > left


def _iterate(
    root: Node,
    seat: Seat,
    at_root: tuple[Sequence[Move], Sequence[float]],
    game: Game,
    rng: random.Random,
) -> None:
    """One sample world: descend along its moves to a new move of the seat, roll out, back up."""
    world = game.sample(rng)
    node = root
    path: list[Edge] = []
    while True:
        actor = world.to_act()
        if actor is None:
            break
        moves = world.legal_moves()
        if actor != seat:
            events = world.apply(game.opponents(world, moves, rng))
            if game.ends_segment(events):
                break
            node = _next(node.after, events, seat)
            continue
        moves, priors = at_root if node is root else (moves, game.priors(world, moves))
        move = _puct(node, moves, priors)
        edge = node.moves.get(move)
        new = edge is None
        if edge is None:
            edge = node.moves[move] = Edge()
            edge.available = 1
        node.visits += 1
        path.append(edge)
        events = world.apply(move)
        if game.ends_segment(events):
            break
        if new:
            _rollout(world, game, rng)
            break
        node = _next(edge.after, events, seat)
    reward = game.judge(world)[seat]
    for edge in path:
        edge.visits += 1
        edge.reward += reward


def _next(after: dict[Hashable, Node], events: list[Event], seat: Seat) -> Node:
    """The information set reached by seeing (the seat's share of) `events`."""
    seen = tuple(event.for_viewer(seat) for event in events)
    node = after.get(seen)
    if node is None:
        node = after[seen] = Node()
    return node


def _puct(node: Node, moves: Sequence[Move], priors: Sequence[float]) -> Move:
    """The move maximising mean reward + EXPLORATION * prior * sqrt(available) / (1 + visits).
    A move not tried yet counts as worth the mean of those tried (first-play urgency)."""
    edges = [node.moves.get(move) for move in moves]
    tried = [edge.reward / edge.visits for edge in edges if edge is not None and edge.visits]
    untried_value = sum(tried) / len(tried) if tried else 0.5
    scale = math.sqrt(node.visits + 1)
    best = moves[0]
    best_score = -math.inf
    for move, prior, edge in zip(moves, priors, edges, strict=True):
        if edge is None or not edge.visits:
            score = untried_value + EXPLORATION * prior * scale
        else:
            edge.available += 1
            score = edge.reward / edge.visits + EXPLORATION * prior * math.sqrt(edge.available) / (
                1 + edge.visits
            )
        if score > best_score:
            best, best_score = move, score
    return best


def _rollout(world: State, game: Game, rng: random.Random) -> None:
    """Plays the world on with the rollout policy until the segment (or the match) ends."""
    for _ in range(MAX_ROLLOUT_MOVES):
        if world.to_act() is None:
            return
        if game.ends_segment(world.apply(game.rollout(world, world.legal_moves(), rng))):
            return
