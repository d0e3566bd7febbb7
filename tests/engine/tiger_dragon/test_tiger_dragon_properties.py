"""Properties of random play for 2-5 players: §2's invariants, tile conservation (in
`determinize`'s worlds too), and matches that end with a result. The engine contract (legality,
views under `determinize`, ...) is tested for every game in tests/engine/test_contract.py."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.tiger_dragon import GAME
from engine.tiger_dragon.info import OPTIONS
from engine.tiger_dragon.model import (
    ATTACKS,
    DEFENSES,
    FACE_DOWNS,
    PASS,
    REVEALING_ATTACKS,
    Attacked,
    Defended,
    Passed,
    Phase,
    PlacedFaceDown,
    RoundEnded,
    TigerDragonMove,
    TigerDragonView,
)
from engine.tiger_dragon.state import TigerDragonState
from engine.tiger_dragon.tiles import COPIES, Tile
from tests.engine.tiger_dragon.tiger_dragon_scenarios import random_walk

# §2: (start player's attacks, defense-row tiles), (others' attacks, defense-row tiles).
PARITY_TABLE = {2: ((7, 7), (6, 7)), 3: ((6, 6), (5, 6)), 4: ((5, 5), (4, 5)), 5: ((4, 4), (3, 4))}
EVERY_MOVE: tuple[TigerDragonMove, ...] = (
    *ATTACKS,
    *REVEALING_ATTACKS,
    *DEFENSES,
    *FACE_DOWNS,
    PASS,
)


@st.composite
def matches(draw: st.DrawFn) -> TigerDragonState:
    """A new match with any player count and any options."""
    players = draw(st.integers(2, 5))
    options = {
        "battlefield": draw(st.sampled_from(OPTIONS[0].values)),  # the promo and random too
        "new_card_each_round": draw(st.sampled_from(OPTIONS[1].values)),
        "teams": draw(st.sampled_from(["on", "off"])) if players == 4 else "off",
    }
    return GAME.new(players, options, draw(st.integers(0, 2**32 - 1)))


def seen_tiles(state: TigerDragonState) -> Counter[Tile]:
    """Every tile some seat can see: own hands and face-down tiles, and all face-up tiles."""
    seen: Counter[Tile] = Counter()
    for seat in range(state.players):
        view = state.view(seat)
        assert view.hand is not None
        seen.update(view.hand)
        seen.update(view.boards[seat].attack)
        seen.update(t.tile for t in view.boards[seat].defense if t.tile is not None)
    return seen


def check_tiles_conserved(state: TigerDragonState) -> None:
    view = state.view(None)
    seen = seen_tiles(state)
    on_table = sum(b.hand_count + len(b.attack) + len(b.defense) for b in view.boards)
    assert on_table + view.left_out == 38
    assert sum(seen.values()) == on_table
    assert all(seen[t] <= COPIES[t] for t in Tile)


def check_hand_parity(view: TigerDragonView) -> None:
    """§2 (a), (b), (d): only a seat that must attack holds an even hand, and never an empty
    one; every other hand is odd; an attack is open exactly while answers are awaited."""
    if view.to_act is None:
        return
    attacking = view.phase is Phase.ATTACK
    for seat, board in enumerate(view.boards):
        assert board.hand_count % 2 == (0 if attacking and seat == view.to_act else 1)
    assert view.boards[view.to_act].hand_count >= 1
    assert (view.open_attack is None) == attacking


@settings(max_examples=100, deadline=None)
@given(matches(), st.integers(0, 2**32 - 1))
def test_s2_random_matches_keep_the_invariants_and_end_with_a_result(
    state: TigerDragonState, seed: int
) -> None:
    rng = random.Random(seed)
    n = state.players
    offered: list[int] = []  # seats asked about the open attack so far
    attacker = -1
    while state.to_act() is not None:
        view = state.view(None)
        check_hand_parity(view)
        check_tiles_conserved(state)
        move = rng.choice(state.legal_moves())
        seat = state.to_act()
        assert seat is not None
        if view.boards[seat].hand_count == 1 and not isinstance(move, type(PASS)):
            # §2: the round's last tile lands on the defense space of the parity table.
            start, other = PARITY_TABLE[n]
            board = view.boards[seat]
            expected = start if seat == view.start_player else other
            assert (len(board.attack), len(board.defense) + 1) == expected
        for event in state.apply(move):
            if isinstance(event, Attacked):
                attacker, offered = event.seat, []
            elif isinstance(event, Passed | Defended):
                # §2 (e) / R5: clockwise from the attacker's left, each seat once.
                offered.append(event.seat)
                assert offered == [(attacker + k) % n for k in range(1, len(offered) + 1)]
            elif isinstance(event, PlacedFaceDown):
                assert event.seat == attacker and len(offered) == n - 1
            elif isinstance(event, RoundEnded):
                assert event.summary.points >= 1
    result = state.result()
    assert result is not None
    teams = state.view(None).teams
    sides = [[s] for s in range(n)] if teams is None else [[0, 2], [1, 3]]
    target = state.view(None).target
    totals = {tuple(side): sum(result.scores[s] for s in side) for side in sides}
    assert [side for side, total in totals.items() if total >= target] == [result.winners]


@settings(max_examples=150, deadline=None)
@given(matches(), st.integers(0, 2**32 - 1), st.integers(0, 400))
def test_determinize_conserves_the_tiles(state: TigerDragonState, seed: int, steps: int) -> None:
    """(That it keeps every view is the engine contract: tests/engine/test_contract.py.)"""
    rng = random.Random(seed)
    for _ in random_walk(state, rng, steps):
        if rng.random() > 0.1:
            continue
        for seat in range(state.players):
            check_tiles_conserved(state.determinize(seat, rng))
