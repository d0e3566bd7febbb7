"""Scripted tables for the rule tests: exact hands, moves by their labels, random play."""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping

from engine.core import Event
from engine.tiger_dragon.battlefields import Battlefield
from engine.tiger_dragon.deal import hand_sizes
from engine.tiger_dragon.model import PASS, Phase, Settings
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


def play(state: TigerDragonState, *labels: str) -> list[Event]:
    """Applies the moves named by their labels, in order; returns all their events."""
    events: list[Event] = []
    for label in labels:
        moves = {m.label(): m for m in state.legal_moves()}
        assert label in moves, f"{label!r} not legal; legal: {sorted(moves)} in {state!r}"
        events += state.apply(moves[label])
    return events


def everyone_passes(state: TigerDragonState) -> list[Event]:
    """Every remaining responder passes on the open attack."""
    events: list[Event] = []
    while state.view(None).phase is Phase.RESPONSE:
        events += state.apply(PASS)
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


def random_states(state: TigerDragonState, rng: random.Random, steps: int) -> Iterator[TigerDragonState]:
    """Plays up to `steps` random moves, yielding the state before each move and at the end."""
    for _ in range(steps):
        yield state
        moves = state.legal_moves()
        if not moves:
            return
        state.apply(rng.choice(moves))
    yield state
