"""The host's controls at the table, for the match's creator: /kick SEAT, /bot SEAT, /private
(the code shown), /public, /abort; the host token in the log and the help, not only behind the
full-screen table. Through a real prompt-toolkit pipe against a real server."""

from __future__ import annotations

import asyncio

from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from tigerden.v1 import lobby_pb2

from client import seats
from client.api import Server
from client.session import play_at_tables
from client.ui.app import build_app
from tests.client.test_input import moves_state
from tests.client.test_ui import wait_for
from tests.server.helpers import HUMAN


async def test_the_creator_hosts_at_the_table(client: Server) -> None:
    """Host controls lived only in a separate `tigerden host` command, and the host token
    `join --create` printed was hidden behind the full-screen table until you quit."""
    games = {game.game_id: game for game in await client.games()}
    host = await client.create_hosted("doors", 2, seats=[(HUMAN, ""), (HUMAN, "")])
    seats.remember(client.target, host.match_id, host=host.token)  # as join --create does
    ada = await client.join(host.match_id, "ada", 0)
    await client.join(host.match_id, "bob", 1)

    async def match() -> lobby_pb2.MatchInfo:
        found = await client.find_match(host.match_id)
        assert found is not None
        return found

    with create_pipe_input() as pipe:
        table = asyncio.create_task(
            play_at_tables(
                ada, games["doors"], {}, input=pipe, output=DummyOutput(), bell=False, code="ABC"
            )
        )
        await asyncio.sleep(0.5)
        pipe.send_text("/private\r")
        await asyncio.sleep(0.5)
        assert (await match()).private
        pipe.send_text("/bot 1 random\r")
        await asyncio.sleep(0.5)
        assert (await match()).seats[1].bot_level == "random"
        pipe.send_text("/kick 1\r")
        await asyncio.sleep(0.5)
        assert not (await match()).seats[1].taken
        pipe.send_text("/public\r")
        await asyncio.sleep(0.5)
        assert not (await match()).private
        pipe.send_text("/abort\r")
        await asyncio.sleep(0.5)
        pipe.send_text("\x11")
        _seat, final = await asyncio.wait_for(table, 10)
    log = "\n".join(final.log)
    assert "you host this match: /kick SEAT" in log and host.token in log, log
    assert "players join with --code ABC" in log  # the code it was created with
    assert "the match is private: players join with --code " in log
    assert "a bot (random) now plays for bob" in log  # the table notes say it, once each
    assert "bot-1 (random) was removed by the host" in log and "now plays seat 1" not in log
    # After the abort the Watch's recap names seat 1 "(free)": its lines are not added again.
    assert "(free)" not in log and "\n...\n" not in log, log
    assert "the match is public" in log and "you aborted the match" in log
    assert host.token in " ".join(final.host_help)  # the help (?) shows it too


async def test_a_player_who_did_not_create_the_match_is_told_who_may() -> None:
    state = moves_state(["pass"])

    async def send(version: int, move: object) -> None:
        return None

    with create_pipe_input() as pipe:
        app = build_app(state, send, input=pipe, output=DummyOutput())  # type: ignore[arg-type]
        running = asyncio.ensure_future(app.run_async())
        await asyncio.sleep(0.05)
        pipe.send_text("/kick 1\r")
        await wait_for(lambda: "only the match's host" in state.status, state=state)
        pipe.send_text("\x11")
        await asyncio.wait_for(running, 5)
