"""The move prompt never lies: what it completes and accepts is a legal move of the newest
snapshot, a fast digit-and-Enter leaves no stale menu behind, Escape closes the menu, Tab
completes a unique match, and a move typed out of turn says whose turn it is."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from tigerden.v1 import lobby_pb2, match_pb2

from client.ui import words
from client.ui.app import build_app, refresh
from client.ui.model import ClientState
from tests.client.positions import SETUPS, Setup, client_for, positions
from tests.client.test_ui import wait_for


def moves_state(labels: list[str], to_act: int = 0) -> ClientState:
    state = ClientState(lobby_pb2.Game(game_id="doors", title="Doors"), "m1")
    snapshot = match_pb2.Snapshot(
        match_id="m1",
        version=3,
        viewer_seat=0,
        to_act=to_act,
        seats=[lobby_pb2.Seat(seat=0, name="ada"), lobby_pb2.Seat(seat=1, name="Bob")],
        legal_moves=[match_pb2.LegalMove(label=label) for label in labels] if to_act == 0 else [],
    )
    state.receive(snapshot, words)
    return state


LABELS = ["take red-lady", "take blue-tiger", "guess red-lady", "guess red", "pass"]


def test_prefixes_and_words_name_moves_case_insensitively() -> None:
    state = moves_state(LABELS)
    assert state.find_move("2") is not None and state.find_move("2").label == "take blue-tiger"  # type: ignore[union-attr]
    assert state.find_move("TAKE BLUE") is not None
    assert state.find_move("blue").label == "take blue-tiger"  # type: ignore[union-attr]
    assert state.find_move("guess red").label == "guess red"  # type: ignore[union-attr]  # exact wins
    assert state.find_move("guess red-l").label == "guess red-lady"  # type: ignore[union-attr]
    assert state.find_move("red-lady") is None  # two moves name it
    assert "could be take red-lady, guess red-lady" in state.refusal("red-lady")
    assert state.find_move("pa").label == "pass"  # type: ignore[union-attr]
    assert state.find_move("9") is None and state.find_move("") is None


def test_a_move_typed_out_of_turn_says_whose_turn_it_is() -> None:
    state = moves_state(LABELS, to_act=1)
    assert state.find_move("pass") is None
    assert state.refusal("pass") == "not your turn: waiting for Bob"


async def test_a_digit_and_enter_at_once_leave_no_menu_and_escape_closes_it() -> None:
    state = moves_state(LABELS)
    sent: list[int] = []

    async def send(version: int, move: match_pb2.Move) -> None:
        sent.append(version)

    with create_pipe_input() as pipe:
        app = build_app(state, send, input=pipe, output=DummyOutput())
        prompt = app.layout.current_buffer  # the prompt's
        assert prompt is not None
        running = asyncio.ensure_future(app.run_async())
        await asyncio.sleep(0.05)
        pipe.send_text("1\r")  # a paste: the completion of "1" races the Enter
        await wait_for(lambda: bool(sent))
        for _ in range(20):  # let any late completion land
            await asyncio.sleep(0.01)
        menu = prompt.complete_state
        assert menu is None or not menu.completions, [c.text for c in menu.completions]
        state.receive(moves_state(["pass"]).snapshot, words)  # type: ignore[arg-type]
        refresh(app, state, bell=False)
        pipe.send_text("ta")
        await wait_for(lambda: prompt.text == "ta")
        await asyncio.sleep(0.2)
        # the menu lists only moves of the newest snapshot: none starts with "ta"
        menu = prompt.complete_state
        assert menu is None or not menu.completions, [c.text for c in menu.completions]
        pipe.send_text("\x15pa")  # Ctrl-U, then "pa": the menu offers "pass"
        await wait_for(
            lambda: (
                prompt.complete_state is not None
                and [c.text for c in prompt.complete_state.completions] == ["pass"]
            )
        )
        pipe.send_text("\x1b")  # Escape closes it
        await wait_for(lambda: prompt.complete_state is None, timeout=3)
        pipe.send_text("\x15gu\t")  # a unique match: one Tab completes it
        await wait_for(lambda: prompt.text == "gu")  # (no guess is legal now)
        state.receive(moves_state(LABELS).snapshot, words)  # type: ignore[arg-type]
        refresh(app, state, bell=False)
        pipe.send_text("\x15pa\t")
        await wait_for(lambda: prompt.text == "pass")
        pipe.send_text("\x11")
        await asyncio.wait_for(running, 5)
    assert sent == [3]


@pytest.mark.parametrize("setup", SETUPS, ids=lambda s: s.label)
def test_english_move_labels_are_the_servers_labels(setup: Setup) -> None:
    for state, _events in positions(setup, 40, seed=8):
        seat = state.to_act()
        if seat is None:
            continue
        client = client_for(setup, state, seat)
        assert client.snapshot is not None and client.snapshot.legal_moves
        for move in client.snapshot.legal_moves:
            assert words.label(client, move) == move.label


class Adviser:
    """A seat's advice, counted: the table asks it for hints and the review."""

    def __init__(self) -> None:
        self.asked: list[str] = []

    async def hint(self, version: int | None = None) -> match_pb2.HintResponse:
        self.asked.append("hint")
        return match_pb2.HintResponse(version=version or 0)

    async def review(self) -> AsyncIterator[match_pb2.ReviewMatchResponse]:
        self.asked.append("review")
        yield match_pb2.ReviewMatchResponse()


async def test_no_letter_is_a_shortcut_so_every_move_keeps_its_first_letter() -> None:
    """h and r asked for a hint and the review on an empty prompt, eating the first letter of
    "red-tiger", "rate rot" (the German help's example) and "hirsch"; F3 and /hint ask."""
    state = moves_state(LABELS)
    adviser = Adviser()

    async def send(version: int, move: match_pb2.Move) -> None:
        pass

    with create_pipe_input() as pipe:
        app = build_app(state, send, input=pipe, output=DummyOutput(), advisor=adviser)
        prompt = app.layout.current_buffer  # the prompt's
        assert prompt is not None
        running = asyncio.ensure_future(app.run_async())
        await asyncio.sleep(0.05)
        for typed in ("red-tiger", "rate rot", "hirsch"):
            pipe.send_text("\x15" + typed)  # Ctrl-U empties the prompt first
            await wait_for(lambda t=typed: prompt.text == t, state=state)  # type: ignore[misc]
        assert adviser.asked == [] and state.held is None and state.review is None
        pipe.send_text("\x15/hint\r")
        await wait_for(lambda: state.held is not None, state=state)
        pipe.send_text(" ")
        await wait_for(lambda: state.held is None, state=state)
        pipe.send_text("\x1bOR")  # F3
        await wait_for(lambda: adviser.asked == ["hint", "hint"], state=state)
        pipe.send_text("\x11")
        await asyncio.wait_for(running, 5)


async def test_enter_out_of_turn_says_whose_turn_it_is() -> None:
    """Enter on an empty prompt out of turn did nothing at all."""
    state = moves_state(LABELS, to_act=1)

    async def send(version: int, move: match_pb2.Move) -> None:
        pass

    with create_pipe_input() as pipe:
        app = build_app(state, send, input=pipe, output=DummyOutput())
        running = asyncio.ensure_future(app.run_async())
        await asyncio.sleep(0.05)
        state.status = ""
        pipe.send_text("\r")
        await wait_for(lambda: state.status == "not your turn: waiting for Bob", state=state)
        pipe.send_text("\x11")
        await asyncio.wait_for(running, 5)
