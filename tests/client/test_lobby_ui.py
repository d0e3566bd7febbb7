"""The lobby screen driven through a real prompt-toolkit pipe against a real server: the list
follows the server without a key press; create, leave, come back, watch."""

from __future__ import annotations

import asyncio

from prompt_toolkit.formatted_text import StyleAndTextTuples, fragment_list_to_text
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from tigerden.v1 import lobby_pb2

from client.api import Server
from client.session import LobbySession
from client.ui.lobby import detail_lines, match_lines
from client.ui.lobby_state import CreateForm, LobbyState, ServerEntry
from server.main import Running
from tests.client.test_ui import wait_for

HUMAN = lobby_pb2.SEAT_KIND_HUMAN
DOWN, LEFT, RIGHT, ENTER, CTRL_Q = "\x1b[B", "\x1b[D", "\x1b[C", "\r", "\x11"


def text(fragments: StyleAndTextTuples) -> str:
    return fragment_list_to_text(fragments)


async def test_create_leave_come_back_and_watch_from_the_lobby(
    running: Running, client: Server
) -> None:
    state = LobbyState("ada")
    with create_pipe_input() as pipe:
        session = LobbySession(state, input=pipe, output=DummyOutput())
        entry = ServerEntry("den", f"127.0.0.1:{running.port}")
        state.set_servers([entry])
        session.connect(entry)
        lobby = asyncio.create_task(session.run())
        try:
            await wait_for(lambda: state.connected_to is not None and state.games, state=state)
            # The form offers the bot levels this server seats, as its ListGames lists them.
            listing = await client.game_list()
            assert state.levels == [level.name for level in listing.bot_levels] != []

            # Someone else creates a match: it shows up without a key press.
            # (Doors: a Koi-Koi match can be decided by its dealt hands before anyone joins.)
            theirs = await client.create(
                "doors", 2, seats=[(HUMAN, ""), (HUMAN, "")], creator="bob"
            )
            await wait_for(lambda: theirs.match_id in state.matches, state=state)
            assert state.selected_match == state.matches[theirs.match_id]  # the newest waiting
            assert "created by bob" in text(detail_lines(state))
            assert "waiting for 2 more players (seats 0, 1)" in text(detail_lines(state))

            # n opens the form; seat 1 becomes a person's; Enter creates.
            pipe.send_text("n")
            await wait_for(lambda: state.form is not None)
            form = state.form
            assert isinstance(form, CreateForm) and form.game.game_id == "doors"
            assert [row.key for row in form.rows] == [
                "game",
                "players",
                "private",
                "name",
                "option:collector_set",
                "option:clock",
                "option:timeout",
                "option:away",
                "option:hints",
                "seat:1",
                "create",
            ]
            pipe.send_text(DOWN * 9 + LEFT * 3)  # seat 1: bot normal -> easy -> random -> person
            await wait_for(lambda: form.rows[9].value == "person")
            pipe.send_text(ENTER)
            await wait_for(lambda: len(state.my_seats) == 1, state=state)
            (mine,) = state.my_seats
            await wait_for(lambda: mine in state.matches, state=state)
            created = state.matches[mine]
            assert created.created_by == "ada" and created.game_id == "doors"
            assert [s.kind for s in created.seats] == [HUMAN, HUMAN]

            # The table is open; Ctrl-Q leaves it and keeps the seat.
            await wait_for(lambda: state.matches[mine].seats[0].connected, state=state)
            pipe.send_text(CTRL_Q)
            await wait_for(lambda: "your seat 0 is kept" in state.status, state=state)
            await wait_for(lambda: not state.matches[mine].seats[0].connected, state=state)
            ours = [m.match_id for m in state.rows()].index(mine)
            assert text(match_lines(state)).splitlines()[ours][1] == "*"  # marked as ours

            # bob takes the free seat: the list says so by itself.
            await client.join(mine, "bob", 1)
            await wait_for(lambda: state.matches[mine].seats[1].name == "bob", state=state)
            playing = state.matches[mine]
            assert playing.status == lobby_pb2.MATCH_STATUS_PLAYING
            state.match_cursor = [m.match_id for m in state.rows()].index(mine)
            # Nobody has a stream open now: whoever is to move is away.
            expected = f"waiting for {['ada', 'bob'][playing.to_act]} (away since "
            assert expected in text(detail_lines(state))

            # Enter on our match takes our seat again (no second join).
            pipe.send_text(ENTER)
            await wait_for(lambda: state.matches[mine].seats[0].connected, state=state)
            pipe.send_text(CTRL_Q)
            await wait_for(lambda: "your seat 0 is kept" in state.status, state=state)

            # A digit takes that seat of the selected match: bob's own match, seat 1.
            state.match_cursor = [m.match_id for m in state.rows()].index(theirs.match_id)
            pipe.send_text("1")
            await wait_for(lambda: theirs.match_id in state.my_seats, state=state)
            assert state.my_seats[theirs.match_id] == 1
            await wait_for(lambda: state.matches[theirs.match_id].seats[1].connected, state=state)
            pipe.send_text(CTRL_Q)
            await wait_for(lambda: "your seat 1 is kept" in state.status, state=state)

            # w watches the other match; Ctrl-Q comes back.
            state.match_cursor = [m.match_id for m in state.rows()].index(theirs.match_id)
            pipe.send_text("w")
            await wait_for(lambda: "stopped watching" not in state.status)
            await asyncio.sleep(0.3)
            pipe.send_text(CTRL_Q)
            await wait_for(lambda: f"stopped watching match {theirs.match_id}" in state.status)
            pipe.send_text("q")
            await asyncio.wait_for(lobby, 10)
        finally:
            lobby.cancel()
            await session.close()
    seats = (await client.find_match(mine)).seats  # type: ignore[union-attr]
    assert [s.name for s in seats] == ["ada", "bob"]
