"""Scripted tables for the rule tests: exact hands, moves by their labels, random play."""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping

from engine.core import Event
from engine.tiger_dragon.battlefields import Battlefield
from engine.tiger_dragon.deal import hand_sizes
from engine.tiger_dragon.model import PASS, Settings
from engine.tiger_dragon.state import TigerDragonState
from engine.tiger_dragon.tiles import DECK, WILDS, Tile

BY_TEXT = {t.text: t for t in Tile}


def tiles(text: str) -> list[Tile]:
    """ "1 2 tiger" -> [Tile.ONE, Tile.TWO, Tile.TIGER]."""
    return [BY_TEXT[word] for word in text.split()]


def deck_for(players: int, start: int, hands: Mapping[int, str]) -> list[Tile]:
    """A deal order giving each seat in `hands` exactly those tiles; the other seats (and the
    tiles left out) get the rest of the box, highest numbers first."""
    rest = list(DECK)
    fixed = {seat: tiles(text) for seat, text in hands.items()}
    for hand in fixed.values():
        for tile in hand:
            rest.remove(tile)
    rest.sort(key=lambda t: (t in WILDS, -t))
    order: list[Tile] = []
    for seat, size in enumerate(hand_sizes(players, start)):
        if seat in fixed:
            assert len(fixed[seat]) == size, f"seat {seat} needs {size} tiles"
            order += fixed[seat]
        else:
            order += rest[:size]
            del rest[:size]
    return order + rest


def table(
    players: int,
    hands: Mapping[int, str],
    *,
    start: int = 0,
    battlefield: Battlefield = Battlefield.DOJO,
    teams: bool = False,
    new_card_each_round: bool = False,
    seed: int = 0,
) -> TigerDragonState:
    settings = Settings(battlefield, new_card_each_round, teams)
    deck = deck_for(players, start, hands)
    return TigerDragonState(players, settings, seed, start_player=start, deck=deck)


# Seat 0 starts and attacks 2, 3, 4, 5, 6; seat 1 defends each and attacks 7, 7, 8, 8, which
# seat 0 defends after seats 2 and 3 pass; seat 1 goes out defending the 6 with its ninth tile.
DUEL_HANDS = {0: "2 3 4 5 6 7 7 8 8 8", 1: "2 3 4 5 6 7 7 8 8"}
DUEL_REVEAL_AT = 20
"""Index in `duel_moves` of seat 1's attack that leaves it one tile (the 6)."""


def duel_moves(reveal: bool = False) -> list[str]:
    """The labels of the duel on DUEL_HANDS (4 players); `reveal`: seat 1 reveals its 6."""
    moves: list[str] = []
    for attack, answer in zip("2345", "7788", strict=True):
        moves += [f"attack {attack}", f"defend {attack}", f"attack {answer}"]
        moves += ["pass", "pass", f"defend {answer}"]
    if reveal:
        moves[DUEL_REVEAL_AT] += " and reveal"
    return [*moves, "attack 6", "defend 6"]


def lone_hand(last: str) -> str:
    """A start hand of 10 for `lone_moves`."""
    return f"2 3 4 5 6 7 7 8 8 {last}"


def lone_moves(last: str) -> list[str]:
    """The labels of a 4-player round where seat 0 (the start player, holding lone_hand(last))
    attacks 2..6 unanswered, places 7 7 8 8 face down, and goes out placing `last` (R2)."""
    moves: list[str] = []
    for attack, bonus in zip("23456", ["7", "7", "8", "8", last], strict=True):
        moves += [f"attack {attack}", "pass", "pass", "pass", f"face-down {bonus}"]
    return moves


def play(state: TigerDragonState, *labels: str) -> list[Event]:
    """Applies the moves named by their labels, in order; returns all their events."""
    events: list[Event] = []
    for label in labels:
        moves = {m.label(): m for m in state.legal_moves()}
        assert label in moves, f"{label!r} not legal; legal: {sorted(moves)} in {state!r}"
        events += state.apply(moves[label])
    return events


def lone_round(state: TigerDragonState) -> list[Event]:
    """Plays out a round in which only the start player acts: they attack and place tiles
    lowest kind first, everyone else passes, so they go out face down with their highest tile
    (never the 1, so a round on Dojo scores at most 4 + 4 bonus)."""
    start, current = state.view(None).start_player, state.view(None).round
    events: list[Event] = []
    while state.to_act() is not None and state.view(None).round == current:
        move = state.legal_moves()[0] if state.to_act() == start else PASS
        events += state.apply(move)
    return events


def random_walk(state: TigerDragonState, rng: random.Random, steps: int) -> Iterator[int]:
    """Plays up to `steps` random moves on `state`, yielding the step number before each move
    and once at the end, so a loop can check every state on the way."""
    for step in range(steps):
        yield step
        moves = state.legal_moves()
        if not moves:
            return
        state.apply(rng.choice(moves))
    yield steps
