"""The terminal lobby with a large archive (issue 20, 8c): the server sends the open matches
and the archive's newest page; the lobby lists them and says how many older finished matches
there are, and where to list them."""

from __future__ import annotations

import asyncio
from pathlib import Path

from prompt_toolkit.formatted_text import fragment_list_to_text
from tigerden.v1 import lobby_pb2

from client.ui.lobby import match_lines, match_row
from client.ui.lobby_state import LobbyState, ServerEntry
from server.paging import DEFAULT_PAGE
from tests.server.test_hostile_clients import ARCHIVED, stored_archive
from tests.server.test_lobby_hardening import server_with


async def test_8c_the_lobby_lists_the_newest_finished_and_counts_the_older(
    tmp_path: Path,
) -> None:
    stored_archive(tmp_path / "db.sqlite")
    async with server_with(tmp_path) as client:
        stream = client.watch_lobby(include_finished=True)
        first = await asyncio.wait_for(anext(stream), 10)
        await stream.aclose()
    state = LobbyState("ada")
    state.connected_to = ServerEntry("test", "127.0.0.1:1")
    state.receive(first)
    finished = [m for m in state.rows() if m.status == lobby_pb2.MATCH_STATUS_FINISHED]
    assert len(finished) == DEFAULT_PAGE
    lines = fragment_list_to_text(match_lines(state)).splitlines()
    assert len(lines) == DEFAULT_PAGE + 1
    older = ARCHIVED - DEFAULT_PAGE
    assert lines[-1] == f"  + {older} older: tigerden matches --finished"
    assert max(len(line) for line in lines) <= 50  # the match pane's width at 80x24
    state.match_cursor = DEFAULT_PAGE - 1  # on the last match, the count stays in view
    assert match_row(state) == DEFAULT_PAGE
