"""Ruling R12 (and R8): what each seat may see, in views and in events."""

from __future__ import annotations

import random

from engine.tiger_dragon.battlefields import Battlefield
from engine.tiger_dragon.model import (
    Attacked,
    DefenseTile,
    PlacedFaceDown,
    RoundEnded,
    RoundStarted,
)
from engine.tiger_dragon.tiles import Tile
from tests.engine.tiger_dragon.tiger_dragon_scenarios import (
    DUEL_HANDS,
    DUEL_REVEAL_AT,
    duel_moves,
    lone_hand,
    lone_moves,
    lone_round,
    play,
    table,
    tiles,
)

VIEWERS = (None, 0, 1, 2, 3)


def test_r12_hands_are_private_and_their_sizes_public() -> None:
    state = table(4, {1: "1 2 3 4 5 6 7 8 dragon"})
    assert state.view(None).hand is None
    assert state.view(1).hand == tuple(tiles("1 2 3 4 5 6 7 8 dragon"))
    for viewer in VIEWERS:
        assert [b.hand_count for b in state.view(viewer).boards] == [10, 9, 9, 9]


def test_r12_face_up_tiles_stay_visible_for_the_whole_round() -> None:
    state = table(4, {0: "5 8 8 8 8 8 8 8 7 7", 1: "5 1 2 3 4 6 6 6 6"})
    play(state, "attack 5", "defend 5", "attack 1", "pass", "pass", "pass")
    for viewer in VIEWERS:
        boards = state.view(viewer).boards
        assert (boards[0].attack, boards[1].attack) == ((Tile.FIVE,), (Tile.ONE,))
        assert boards[1].defense == (DefenseTile(Tile.FIVE, False),)


def test_r8_face_down_tile_is_seen_only_by_its_owner_until_the_round_ends() -> None:
    state = table(4, {0: lone_hand("2")})
    events = play(state, *lone_moves("2")[:5])
    placed = events[-1]
    assert placed == PlacedFaceDown(0, Tile.SEVEN)
    assert placed.for_viewer(0) == placed
    for viewer in (None, 1, 2, 3):
        assert placed.for_viewer(viewer) == PlacedFaceDown(0, None)
        assert "7" not in placed.for_viewer(viewer).describe()
        assert state.view(viewer).boards[0].defense == (DefenseTile(None, True),)
    assert state.view(0).boards[0].defense == (DefenseTile(Tile.SEVEN, True),)


def test_r12_face_down_tiles_are_turned_up_at_the_end_of_the_round() -> None:
    state = table(4, {0: lone_hand("1")})
    events = lone_round(state)
    [ended] = [e for e in events if isinstance(e, RoundEnded)]
    for viewer in VIEWERS:
        assert ended.for_viewer(viewer) == ended
    assert ended.summary.face_down[0] == tuple(tiles("2 4 6 7"))  # lowest first; the 8 won
    for viewer in VIEWERS:
        assert state.view(viewer).last_round == ended.summary


def test_r12_the_last_rounds_face_down_tiles_show_once_the_match_is_over() -> None:
    state = table(4, {0: lone_hand("1")})
    play(state, *lone_moves("1"))
    assert state.to_act() is None
    row = (*(DefenseTile(t, True) for t in tiles("7 7 8 8")), DefenseTile(Tile.ONE, False))
    for viewer in VIEWERS:
        assert state.view(viewer).boards[0].defense == row


def test_r12_each_seat_sees_only_its_own_hand_in_the_deal() -> None:
    state = table(4, {})
    started = next(e for e in lone_round(state) if isinstance(e, RoundStarted))
    assert started.round == 2
    for viewer in VIEWERS:
        seen = started.for_viewer(viewer)
        assert [h is not None for h in seen.hands] == [s == viewer for s in range(4)]
        if viewer is not None:
            assert seen.hands[viewer] == state.view(viewer).hand
            assert "your hand" in seen.describe()


def test_r12_tiles_left_out_are_never_revealed() -> None:
    state = table(4, {})
    assert "left out ['tiger']" in repr(state)  # the filler leaves the Tiger out of play
    for viewer in VIEWERS:
        assert state.view(viewer).left_out == 1
        assert "TIGER" not in repr(state.view(viewer))
    events = lone_round(state)
    round_one = events[: [type(e) for e in events].index(RoundStarted)]
    for viewer in VIEWERS:
        seen = [e.for_viewer(viewer) for e in round_one]
        assert not any("tiger" in e.describe() or "TIGER" in repr(e) for e in seen if e)


def test_r7_the_revealed_tile_is_public() -> None:
    state = table(4, DUEL_HANDS, battlefield=Battlefield.CLIFFTOP)
    [attacked] = play(state, *duel_moves(reveal=True)[: DUEL_REVEAL_AT + 1])[-1:]
    assert attacked == Attacked(1, Tile.EIGHT, Tile.SIX)
    assert all(attacked.for_viewer(v) == attacked for v in VIEWERS)
    for viewer in VIEWERS:
        board = state.view(viewer).boards[1]
        assert (board.revealed, board.hand_count) == (Tile.SIX, 1)
    assert "reveals their last tile: 6" in attacked.describe()


def test_r12_determinize_resamples_the_unseen_tiles_and_the_future_deals() -> None:
    state = table(4, {0: lone_hand("2")})
    play(state, *lone_moves("2")[:5])  # seat 0 has a tile face down
    one, two = (state.determinize(1, random.Random(seed)) for seed in (1, 2))
    assert repr(one) != repr(two)  # other hands, seat 0's face-down tile, the tile left out
    assert one.view(1) == two.view(1) == state.view(1)
    for resampled in (one, two):
        lone_round(resampled)
    lone_round(state)
    assert len({s.view(1).hand for s in (state, one, two)}) == 3  # three different next deals
