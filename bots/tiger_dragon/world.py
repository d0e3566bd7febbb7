"""Tiger & Dragon: a match that one seat sees as its view (`bots.worlds`); the other hands,
the face-down tiles and the tiles left out are dealt from the unseen ones."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

from engine.tiger_dragon.info import settings
from engine.tiger_dragon.model import Phase as TigerDragonPhase
from engine.tiger_dragon.model import TigerDragonView
from engine.tiger_dragon.state import FACE_DOWN, TigerDragonState
from engine.tiger_dragon.tiles import COPIES, TILES, Tile


def world(view: TigerDragonView, players: int, options: Mapping[str, str]) -> TigerDragonState:
    """A match of `players` seats with these validated `options` that the seat of `view` sees
    as `view`."""
    seat = view.viewer
    assert seat is not None and view.hand is not None, "a seat's view"
    state = TigerDragonState(players, settings(players, options), 0, start_player=view.start_player)
    state._round, state._battlefield = view.round, view.battlefield
    state._scores = list(view.scores)
    unseen = Counter({tile: COPIES[tile] for tile in TILES})
    unseen.subtract(view.hand)
    for number, board in enumerate(view.boards):
        unseen.subtract(board.attack)
        unseen.subtract(space.tile for space in board.defense if space.tile is not None)
        if board.revealed is not None and number != seat:
            unseen[board.revealed] -= 1
    pool = sorted(unseen.elements())
    hands: list[list[int]] = []
    defenses: list[list[int]] = []
    for number, board in enumerate(view.boards):
        if number == seat:
            held = list(view.hand)
        else:
            shown = [] if board.revealed is None else [board.revealed]
            held = shown + [pool.pop() for _ in range(board.hand_count - len(shown))]
        hands.append([held.count(tile) for tile in TILES])
        row = []
        for space in board.defense:
            tile = pool.pop() if space.tile is None else space.tile
            row.append(tile | FACE_DOWN if space.face_down else int(tile))
        defenses.append(row)
    state.hold_hands(hands)
    state._defenses = defenses
    state._attacks = [list(board.attack) for board in view.boards]
    state._revealed = [board.revealed for board in view.boards]
    state._left_out = [TILES[pool.pop()] for _ in range(view.left_out)]
    state._phase = view.phase
    actor = view.to_act
    assert actor is not None, "the match is not over"
    state._actor = actor
    attack = view.open_attack
    if attack is None:
        state._attacker, state._attack_tile = actor, Tile.ONE
    else:
        state._attacker, state._attack_tile = attack.attacker, attack.tile
    assert view.phase is not TigerDragonPhase.OVER
    return state
