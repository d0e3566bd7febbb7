"""The Tiger & Dragon board renderer, fed snapshots encoded by the real codec at several phases:
the deal, an open attack, the round bonus, after a round, the match's end, the team game, a
Clifftop reveal and a spectator."""

from __future__ import annotations

import random
from collections.abc import Callable

from prompt_toolkit.formatted_text import StyleAndTextTuples, fragment_list_to_text
from tigerden.v1 import lobby_pb2, match_pb2

from client.ui import words
from client.ui.games.tiger_dragon import screen as tiger_dragon
from client.ui.model import ClientState
from client.ui.panes import board
from client.ui.registry import SCREENS
from engine.core import Seat
from engine.tiger_dragon import model as m
from engine.tiger_dragon.info import INFO, settings
from engine.tiger_dragon.state import TigerDragonState
from server.codecs import wrap_view
from server.codecs.tiger_dragon import TigerDragonCodec

CODEC = TigerDragonCodec()


def new_state(players: int, seed: int = 1, **options: str) -> TigerDragonState:
    return TigerDragonState(players, settings(players, options), seed)


def client_state(state: TigerDragonState, viewer: Seat | None) -> ClientState:
    snapshot = match_pb2.Snapshot(
        match_id="m1",
        seats=[
            lobby_pb2.Seat(seat=s, name=f"p{s}", taken=True, connected=True, team=state.team(s))
            for s in range(state.players)
        ],
        scores=state.scores(),
        view=wrap_view(CODEC, state.view(viewer)),
    )
    if viewer is not None:
        snapshot.viewer_seat = viewer
    to_act = state.to_act()
    if to_act is not None:
        snapshot.to_act = to_act
    game = lobby_pb2.Game(game_id=INFO.id, title=INFO.title, help=INFO.help)
    client = ClientState(game, "m1")
    client.receive(snapshot, words)
    return client


def text(fragments: StyleAndTextTuples) -> str:
    return fragment_list_to_text(fragments)


def play_until(
    state: TigerDragonState, rng: random.Random, done: Callable[[TigerDragonState], bool]
) -> None:
    while not done(state):
        assert state.to_act() is not None, "the match ended first"
        state.apply(rng.choice(state.legal_moves()))


def test_the_renderer_is_registered() -> None:
    assert SCREENS["tiger_dragon"].render is tiger_dragon.render
    assert "Round 1" in text(board(client_state(new_state(3), 0)))


def test_the_deal_shows_boards_hand_card_and_scores() -> None:
    state = new_state(3)
    view = state.view(1)
    out = text(tiger_dragon.render(client_state(state, 1)))
    assert "Round 1" in out and "first to 10" in out and "you are seat 1" in out
    assert "Battlefield: Dojo" in out
    assert "out with 1-8: 10 2 2 3 3 3 4 4 · tiger/dragon: 1" in out  # the Dojo card's values
    assert "none for a Tiger or Dragon finish" in out
    assert "Your hand (" in out
    hand = " ".join(f"[{t.text}]" for t in view.hand or ())
    assert hand in out
    for seat, b in enumerate(view.boards):
        assert f"{b.hand_count} in hand" in out
        if seat == view.start_player:
            name = "you" if seat == 1 else f"p{seat}"
            assert f"{name} (start)" in out
    assert "Scores:" in out and "Open attack" not in out and "Last round" not in out


def test_tiles_are_red_when_odd_and_blue_when_even() -> None:
    styles = {text: style for style, text in map(tiger_dragon.tile, range(1, 11))}
    assert styles["[1]"] == styles["[3]"] == styles["[dragon]"] == "class:tile.red"
    assert styles["[2]"] == styles["[8]"] == styles["[tiger]"] == "class:tile.blue"


def test_an_open_attack_shows_the_attacker_and_who_passed() -> None:
    rng = random.Random(4)
    state = new_state(4)
    play_until(state, rng, lambda s: bool((a := s.view(None).open_attack) and a.passed))
    attack = state.view(None).open_attack
    assert attack is not None
    out = text(tiger_dragon.render(client_state(state, None)))
    assert "spectating" in out and "Your hand" not in out
    assert f"open attack [{attack.tile.text}] from p{attack.attacker}" in out
    assert "passed: " + ", ".join(f"p{s}" for s in attack.passed) in out
    assert "to defend or pass" in out


def test_face_down_tiles_show_to_their_owner_only() -> None:
    rng = random.Random(2)
    state = new_state(3)

    def face_down(s: TigerDragonState) -> bool:
        return any(space.face_down for b in s.view(None).boards for space in b.defense)

    play_until(state, rng, face_down)
    owner = next(
        seat
        for seat, b in enumerate(state.view(None).boards)
        if any(space.face_down for space in b.defense)
    )
    own = next(sp.tile for sp in state.view(owner).boards[owner].defense if sp.face_down)
    assert own is not None
    assert f"({own.text})" in text(tiger_dragon.render(client_state(state, owner)))
    other = (owner + 1) % 3
    assert ("class:tile.hidden", "(?)") in tiger_dragon.render(client_state(state, other))
    hidden = sum(
        space.face_down
        for seat, b in enumerate(state.view(None).boards)
        if seat != owner
        for space in b.defense
    )
    assert (
        tiger_dragon.render(client_state(state, owner)).count(("class:tile.hidden", "(?)"))
        == hidden
    )


def test_the_round_bonus_phase_is_named() -> None:
    rng = random.Random(6)
    state = new_state(2)
    play_until(state, rng, lambda s: s.view(None).phase is m.Phase.BONUS)
    out = text(tiger_dragon.render(client_state(state, state.to_act())))
    assert "to place a tile face down" in out
    assert "nobody yet" not in out


def test_after_a_round_the_summary_shows_winning_tile_value_and_bonus() -> None:
    rng = random.Random(8)
    state = new_state(3)
    play_until(state, rng, lambda s: s.view(None).last_round is not None)
    last = state.view(None).last_round
    assert last is not None
    out = text(tiger_dragon.render(client_state(state, 0)))
    assert "Round 2" in out
    assert (
        f"Last round (1): {'p0 (you)' if last.winner == 0 else f'p{last.winner}'} went out" in out
    )
    assert f"[{last.winning_tile.text}]" in out
    assert f"card {last.card_value} + bonus {last.bonus} = {last.points}" in out


def test_the_match_end_and_the_team_game() -> None:
    rng = random.Random(9)
    state = new_state(4, teams="on", battlefield="cave")
    out = text(tiger_dragon.render(client_state(state, 2)))
    assert "first team to 15" in out and "you are seat 2, team 0" in out
    assert "team 0 (p0, you): 0" in out and "team 1 (p1, p3): 0" in out
    assert "every player's" in out and "Battlefield: Cave" in out
    play_until(state, rng, lambda s: s.to_act() is None)
    fragments = tiger_dragon.render(client_state(state, 2))
    out = text(fragments)
    assert "the match is over" in out and "Last round" in out
    # the last round's face-down tiles were turned up
    assert ("class:tile.hidden", "(?)") not in fragments
    result = state.result()
    assert result is not None
    team_scores = state.view(None).team_scores
    assert team_scores is not None and max(team_scores) >= 15
    assert f"team 0 (p0, you): {team_scores[0]}" in out


def test_a_clifftop_reveal_and_its_table() -> None:
    rng = random.Random(1)
    for seed in range(200):
        state = new_state(2, seed, battlefield="clifftop")
        while state.to_act() is not None and not any(b.revealed for b in state.view(None).boards):
            state.apply(rng.choice(state.legal_moves()))
        boards = state.view(None).boards
        revealed = next((b.revealed for b in boards if b.revealed), None)
        if revealed is not None:
            break
    else:
        raise AssertionError("no reveal in 200 random Clifftop matches")
    out = text(tiger_dragon.render(client_state(state, None)))
    assert "if revealed: 10 6 6" in out
    assert f"revealed last tile [{revealed.text}]" in out


def test_no_snapshot_yet() -> None:
    game = lobby_pb2.Game(game_id=INFO.id, title=INFO.title)
    assert "waiting" in text(tiger_dragon.render(ClientState(game, "m1")))


def test_the_promo_card_and_a_redraw_that_may_repeat_are_shown() -> None:
    state = new_state(3, battlefield="game_market", new_card_each_round="any")
    shown = text(tiger_dragon.render(client_state(state, 0)))
    assert "Game Market" in shown
    assert "2-8: the difference from your last attack (after a Tiger or Dragon attack: 1)" in shown
    assert "(the same may return)" in shown
    plain = text(tiger_dragon.render(client_state(new_state(3, new_card_each_round="on"), 0)))
    assert "a new Battlefield card every round" in plain and "may return" not in plain


def test_a_team_s_total_is_never_split_over_two_rows() -> None:
    """At 80 columns the teams line broke inside a member's name (`bot-3` / `(random)): 8`)."""
    from tests.client.positions import SETUPS, client_for, positions
    from tests.client.screen import screen_text

    setup = SETUPS[6]  # Tiger & Dragon, 2 vs 2
    state, _events = next(positions(setup, 1))
    client = client_for(setup, state, 0)
    assert client.snapshot is not None
    for seat in client.snapshot.seats[1:]:
        seat.name = f"bot-{seat.seat} (random)"
    rows = screen_text(client, 80, 24).splitlines()
    teams = next(i for i, row in enumerate(rows) if row.startswith("Teams:"))
    assert rows[teams + 1].strip().startswith("team 1 ("), rows[teams : teams + 2]
