"""A match state that looks exactly like one seat's view: what a remote bot decides on.

A remote bot is sent its seat's view, never the state. `world(view, players, options)` builds a
state whose `view(seat)` is that view, with everything the seat cannot see filled in
arbitrarily. Since `decide` depends only on the view (the fairness property), deciding on this
world is deciding on the real match: a remote `hard` bot plays as the server's would.

The previous segment's summary (`last_contest`, `last_deal`, `last_round`) is left out: no bot
reads it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

from engine.core import State, View
from engine.doors.model import CLUE_DECK, DOORS, DoorsView
from engine.doors.state import DoorsState
from engine.doors.traits import has_set
from engine.koikoi.cards import DECK, indices, mask_of
from engine.koikoi.model import KoiKoiView
from engine.koikoi.options import rules_from_options
from engine.koikoi.state import NO_CARD, KoiKoiState
from engine.tiger_dragon.info import settings
from engine.tiger_dragon.model import Phase as TigerDragonPhase
from engine.tiger_dragon.model import TigerDragonView
from engine.tiger_dragon.state import FACE_DOWN, TigerDragonState
from engine.tiger_dragon.tiles import COPIES, TILES, Tile


def world(view: View, players: int, options: Mapping[str, str]) -> State:
    """A state of the match (`players` seats, validated `options`) that its viewer sees as
    `view`. The viewer must be a seat and the match not over."""
    if isinstance(view, DoorsView):
        return _doors(view)
    if isinstance(view, KoiKoiView):
        return _koikoi(view, options)
    if isinstance(view, TigerDragonView):
        return _tiger_dragon(view, players, options)
    raise LookupError(f"no world for {type(view).__name__}")


def _doors(view: DoorsView) -> DoorsState:
    seat, own = view.viewer, view.own_door
    assert seat is not None and own is not None, "a seat's view"
    state = DoorsState(0, collector_set_optional=view.collector_set_optional)
    # Automatic scoring: a running contest proves the Collector holds no set (D1: with the
    # optional scoring nothing public tells whether they hold one).
    other = next(
        door
        for door in DOORS
        if door != own
        and (
            seat == view.collector
            or view.collector_set_optional
            or not has_set(view.collection, door)
        )
    )
    state.doors = (own, other) if seat == 0 else (other, own)
    state.contest, state.collector, state.gems = view.contest, view.collector, view.gems
    state.phase = view.phase
    state.display, state.collection, state.discards = view.display, view.collection, view.discards
    deck = Counter(CLUE_DECK)
    deck.subtract(view.display + view.collection + view.discards)
    state.deck = tuple(sorted(deck.elements()))
    return state


def _koikoi(view: KoiKoiView, options: Mapping[str, str]) -> KoiKoiState:
    seat = view.viewer
    assert seat is not None and view.hand is not None, "a seat's view"
    state = KoiKoiState(rules_from_options(options), 0, dealer=view.dealer)
    state.deal_no = view.deal
    state.month = (view.deal - 1) % 12 + 1
    state.match_scores = view.scores
    state.phase, state.turn = view.phase, view.turn
    state.board = mask_of(view.board)
    first, second = mask_of(view.piles[0]), mask_of(view.piles[1])
    state.piles = (first, second)
    state.pending = NO_CARD if view.drawn is None else int(view.drawn)
    hand = mask_of(view.hand)
    unseen = list(indices(DECK & ~(hand | state.board | first | second)))
    if view.drawn is not None:
        unseen.remove(int(view.drawn))
    unseen.sort(key=lambda card: (card % 4, card))  # one card of each month before a second
    count = view.hand_counts[1 - seat]
    other = mask_of(unseen[:count])
    state.hands = (hand, other) if seat == 0 else (other, hand)
    state.stock = tuple(unseen[count:])
    state.totals, state.koi_koi = view.totals, view.koi_koi
    state.deal_brights, state.dealer_draw = view.deal_brights, view.dealer_draw
    return state


def _tiger_dragon(
    view: TigerDragonView, players: int, options: Mapping[str, str]
) -> TigerDragonState:
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
    state._hands, state._defenses = hands, defenses
    state._sizes = [board.hand_count for board in view.boards]
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
