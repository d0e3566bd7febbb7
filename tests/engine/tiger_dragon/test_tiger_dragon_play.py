"""One round on scripted deals: §1.2 dealing, §1.3 attacks, defenses and passes, §1.4 going out,
§1.8 two players, and rulings R2, R5, R7, R8, R9."""

from __future__ import annotations

import pytest

from engine.core import Event, IllegalMove, Rejection
from engine.tiger_dragon.battlefields import Battlefield
from engine.tiger_dragon.model import (
    Attack,
    Defend,
    DefenseTile,
    OpenAttack,
    Pass,
    Phase,
    PlaceFaceDown,
    RoundEnded,
)
from engine.tiger_dragon.state import TigerDragonState
from engine.tiger_dragon.tiles import Tile
from tests.engine.tiger_dragon.tiger_dragon_scenarios import (
    DUEL_HANDS,
    DUEL_REVEAL_AT,
    duel_moves,
    lone_hand,
    lone_moves,
    play,
    table,
    tiles,
)

NORMAL_HAND = {2: 13, 3: 11, 4: 9, 5: 7}
LEFT_OUT = {2: 11, 3: 4, 4: 1, 5: 2}


def labels(state: TigerDragonState) -> list[str]:
    return [m.label() for m in state.legal_moves()]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_s1_2_hand_sizes_and_tiles_left_out(players: int) -> None:
    for start in range(players):
        view = table(players, {}, start=start).view(None)
        counts = [b.hand_count for b in view.boards]
        expected = [NORMAL_HAND[players] + (s == start) for s in range(players)]
        assert counts == expected
        assert view.left_out == LEFT_OUT[players]
        assert sum(counts) + view.left_out == 38


def test_s1_2_the_start_player_opens_with_any_tile() -> None:
    state = table(4, {2: "1 2 3 4 5 6 7 8 tiger dragon"}, start=2)
    assert state.to_act() == 2
    assert state.view(None).phase is Phase.ATTACK
    assert labels(state) == ["attack tiger", *(f"attack {n}" for n in range(1, 9)), "attack dragon"]


def test_s1_3_responses_go_clockwise_from_the_attackers_left() -> None:
    state = table(4, {}, start=2)
    play(state, "attack 4")
    seen: list[int | None] = []
    while state.view(None).phase is Phase.RESPONSE:
        seen.append(state.to_act())
        assert state.view(None).open_attack == OpenAttack(2, Tile.FOUR, (3, 0, 1)[: len(seen) - 1])
        play(state, "pass")
    assert seen == [3, 0, 1]


def test_r5_each_other_player_gets_one_chance_then_the_round_bonus() -> None:
    state = table(4, {0: "1 2 3 4 5 6 7 8 8 8"})
    play(state, "attack 1", "pass", "pass", "pass")
    view = state.view(None)
    assert (view.phase, view.to_act) == (Phase.BONUS, 0)
    assert view.open_attack == OpenAttack(0, Tile.ONE, (1, 2, 3))


def test_r5_after_a_defense_the_rest_are_not_asked() -> None:
    state = table(4, {0: "5 8 8 8 8 8 8 8 8 tiger", 2: "5 1 2 3 4 6 7 7 7"})
    play(state, "attack 5", "pass", "defend 5")
    assert state.to_act() == 2
    assert state.view(None).open_attack is None


def test_r9_the_defender_attacks_at_once_without_passing() -> None:
    state = table(4, {0: "5 8 8 8 8 8 8 8 8 tiger", 1: "5 1 2 3 4 6 7 7 7"})
    play(state, "attack 5", "defend 5")
    assert state.view(None).phase is Phase.ATTACK
    assert state.to_act() == 1
    assert "pass" not in labels(state)
    assert labels(state) == [f"attack {n}" for n in (1, 2, 3, 4, 6, 7)]


def test_s1_3_pass_is_allowed_while_holding_a_defense() -> None:
    state = table(4, {0: "5 8 8 8 8 8 8 8 7 7", 1: "5 dragon 2 2 4 4 6 6 8"})
    play(state, "attack 5")
    assert labels(state) == ["defend 5", "defend dragon", "pass"]


@pytest.mark.parametrize(
    ("attack", "hand", "defenses"),
    [
        ("1", "2 3 4 5 6 7 tiger 6 6", []),
        ("1", "2 3 4 5 6 7 dragon 6 6", ["defend dragon"]),
        ("3", "3 5 2 4 6 8 tiger dragon 6", ["defend 3", "defend dragon"]),
        ("4", "3 5 2 4 6 8 tiger dragon 6", ["defend tiger", "defend 4"]),
        ("dragon", "1 3 5 7 2 4 6 8 tiger", ["defend 1", "defend 3", "defend 5", "defend 7"]),
        ("tiger", "1 3 5 7 2 4 6 8 dragon", ["defend 2", "defend 4", "defend 6", "defend 8"]),
    ],
)
def test_s1_3_defense_by_number_and_parity(attack: str, hand: str, defenses: list[str]) -> None:
    state = table(4, {0: f"{attack} 8 8 8 8 8 8 7 7 7", 1: hand})
    play(state, f"attack {attack}")
    assert labels(state) == [*defenses, "pass"]


def test_s1_3_round_bonus_places_a_tile_face_down_then_attacks_again() -> None:
    state = table(4, {0: "1 2 3 4 5 6 7 8 tiger dragon"})
    play(state, "attack 2", "pass", "pass", "pass")
    # R8: any tile may go face down, the 1 and the wilds included.
    held = ["tiger", "1", "3", "4", "5", "6", "7", "8", "dragon"]
    assert labels(state) == [f"face-down {t}" for t in held]
    play(state, "face-down dragon")
    assert (state.view(None).phase, state.to_act()) == (Phase.ATTACK, 0)
    assert state.view(0).boards[0].defense == (DefenseTile(Tile.DRAGON, True),)
    assert state.view(1).boards[0].defense == (DefenseTile(None, True),)
    assert state.view(0).boards[0].hand_count == 8


def test_s1_8_two_players_a_single_pass_gives_the_round_bonus() -> None:
    state = table(2, {})
    play(state, "attack 8", "pass")
    assert (state.view(None).phase, state.to_act()) == (Phase.BONUS, 0)


def round_ended(events: list[Event]) -> RoundEnded:
    [ended] = [e for e in events if isinstance(e, RoundEnded)]
    return ended


def test_s1_4_going_out_by_defense_wins_the_round() -> None:
    state = table(4, DUEL_HANDS)
    summary = round_ended(play(state, *duel_moves())).summary
    assert (summary.winner, summary.winning_tile, summary.points) == (1, Tile.SIX, 3)
    assert state.scores() == (0, 3, 0, 0)
    assert state.view(None).round == 2


def test_s2_parity_table_for_a_non_start_winner_with_four_players() -> None:
    state = table(4, DUEL_HANDS)
    play(state, *duel_moves()[:-1])
    board = state.view(None).boards[1]  # about to go out on defense space 5
    assert (len(board.attack), len(board.defense) + 1) == (4, 5)


def test_s2_parity_table_for_the_start_player_with_four_players() -> None:
    state = table(4, {0: lone_hand("2")})
    play(state, *lone_moves("2")[:-1])
    board = state.view(None).boards[0]  # about to go out on defense space 5
    assert (len(board.attack), len(board.defense) + 1) == (5, 5)


@pytest.mark.parametrize(("reveal", "points"), [(True, 6), (False, 3)])
def test_r7_clifftop_going_out_with_the_revealed_tile(reveal: bool, points: int) -> None:
    state = table(4, DUEL_HANDS, battlefield=Battlefield.CLIFFTOP)
    summary = round_ended(play(state, *duel_moves(reveal))).summary
    assert (summary.open_tile, summary.points) == (reveal, points)


def test_r7_the_reveal_is_offered_only_with_the_attack_that_leaves_one_tile() -> None:
    state = table(4, DUEL_HANDS, battlefield=Battlefield.CLIFFTOP)
    offered = []
    for at, label in enumerate(duel_moves(reveal=True)):
        view = state.view(None)
        revealing = [m.label() for m in state.legal_moves() if isinstance(m, Attack) and m.reveal]
        if revealing:
            offered.append(at)
            assert view.to_act is not None and view.boards[view.to_act].hand_count == 2
            assert revealing == [f"{m.label()} and reveal" for m in state.legal_moves()[:2]]
        play(state, label)
    # Seat 1's attack with the 8 (it reveals the 6), then seat 0's attack with its 6.
    assert offered == [DUEL_REVEAL_AT, DUEL_REVEAL_AT + 4]


def test_r7_no_reveal_off_clifftop() -> None:
    state = table(4, DUEL_HANDS, battlefield=Battlefield.DOJO)
    play(state, *duel_moves()[:DUEL_REVEAL_AT])
    assert labels(state) == ["attack 6", "attack 8"]


def test_r2_last_tile_face_down_is_turned_up_and_scored_not_a_bonus() -> None:
    state = table(4, {0: lone_hand("2")})
    summary = round_ended(play(state, *lone_moves("2"))).summary
    assert summary.winning_tile is Tile.TWO
    assert summary.face_down[0] == tuple(tiles("7 7 8 8"))  # the four earlier ones count
    assert (summary.card_value, summary.bonus) == (2, 4)
    assert state.scores() == (6, 0, 0, 0)


@pytest.mark.parametrize(
    ("battlefield", "points"),
    [(Battlefield.DOJO, 4 + 3), (Battlefield.VOLCANO, 2 + 2 * 3), (Battlefield.CAVE, 2 + 3 + 1)],
)
def test_s1_5_bonus_counts_own_or_every_players_face_down_tiles(
    battlefield: Battlefield, points: int
) -> None:
    """Seat 1 places one tile face down; seat 0 then goes out with three and the 8 turned up."""
    hands = {0: "2 5 6 6 7 7 8 8 8 8", 1: "2 3 4 5 6 6 7 7 8"}
    state = table(4, hands, battlefield=battlefield)
    play(state, "attack 2", "defend 2", "attack 3", "pass", "pass", "pass", "face-down 4")
    play(state, "attack 5", "pass", "pass", "defend 5")
    events = []
    for attack, bonus in zip("6688", "7788", strict=True):
        events += play(state, f"attack {attack}", "pass", "pass", "pass", f"face-down {bonus}")
    summary = round_ended(events).summary
    assert summary.face_down == ((Tile.SEVEN, Tile.SEVEN, Tile.EIGHT), (Tile.FOUR,), (), ())
    assert (summary.winning_tile, summary.points) == (Tile.EIGHT, points)


def test_illegal_moves_are_rejected_and_change_nothing() -> None:
    state = table(4, {0: "1 2 3 4 5 6 7 8 8 8"})
    before = repr(state)
    for move in (Defend(Tile.ONE), Pass(), PlaceFaceDown(Tile.ONE), Attack(Tile.DRAGON)):
        with pytest.raises(IllegalMove) as raised:
            state.apply(move)
        assert raised.value.rejection is Rejection.ILLEGAL_MOVE
    assert repr(state) == before
