"""Chat, presence and "play again" at the terminal table, through a real prompt-toolkit pipe
against a real server."""

from __future__ import annotations

import asyncio
import random

import pytest
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from tigerden.v1 import lobby_pb2, match_pb2

from client import session
from client.api import Server
from client.bot import play_seat, random_chooser
from client.session import play_at_tables, watch_tables
from client.ui.app import run_table
from client.ui.model import ClientState
from tests.client.test_ui import wait_for

HUMAN = lobby_pb2.SEAT_KIND_HUMAN


async def chat_of(stream: object, count: int) -> list[match_pb2.ChatLine]:
    lines: list[match_pb2.ChatLine] = []
    async for snapshot in stream:  # type: ignore[attr-defined]
        lines.extend(snapshot.chat)
        if len(lines) >= count:
            return lines
    raise AssertionError("the stream ended")


async def test_players_and_spectators_talk_at_the_table(client: Server) -> None:
    games = {game.game_id: game for game in await client.games()}
    match = await client.create("doors", 2, seats=[(HUMAN, ""), (HUMAN, "")])
    ours, theirs = [await client.join(match.match_id, n, s) for s, n in enumerate(["ada", "bob"])]
    bobs_view = theirs.watch()
    await anext(bobs_view)
    heard_by_bob = asyncio.create_task(chat_of(bobs_view, 1))
    state = ClientState(games["doors"], match.match_id)
    with create_pipe_input() as pipe:
        table = asyncio.create_task(run_table(ours, state, input=pipe, output=DummyOutput()))
        await wait_for(lambda: state.snapshot is not None)
        pipe.send_text("/say hello all\r")
        (line,) = await asyncio.wait_for(heard_by_bob, 10)
        assert (line.name, line.seat, line.text) == ("ada", 0, "hello all")
        await wait_for(lambda: "ada: hello all" in state.log, state=state)
        assert state.banner == [(None, "ada: hello all")]  # what the table saw, shown

        await theirs.say("hi ada")
        await client.say(match.match_id, "go go", "carol")
        await wait_for(lambda: "carol (watching): go go" in state.log, state=state)
        assert list(state.log)[-2:] == ["bob: hi ada", "carol (watching): go go"]
        assert state.banner_text() == "ada: hello all; bob: hi ada; carol (watching): go go"

        await bobs_view.aclose()  # bob's terminal closes: /who says since when he is away
        await wait_for(lambda: not state.snapshot.seats[1].connected, state=state)  # type: ignore[union-attr]
        pipe.send_text("/who\r")
        await wait_for(lambda: "bob: away since " in state.status, state=state)
        assert state.status.startswith("you: connected")
        pipe.send_text("/dance\r")
        await wait_for(lambda: state.status.startswith("commands: /say TEXT"), state=state)
        pipe.send_text("/again\r")
        await wait_for(lambda: "once the match is over" in state.status, state=state)
        pipe.send_text("\x11")
        await asyncio.wait_for(table, 10)


async def test_who_at_the_table_counts_the_spectators(client: Server) -> None:
    games = {game.game_id: game for game in await client.games()}
    match = await client.create("doors", 2, seats=[(HUMAN, ""), (HUMAN, "")])
    ours, theirs = [await client.join(match.match_id, n, s) for s, n in enumerate(["ada", "bob"])]
    bobs_view = theirs.watch()
    await anext(bobs_view)  # a seat's own stream is no spectator
    state = ClientState(games["doors"], match.match_id)
    with create_pipe_input() as pipe:
        table = asyncio.create_task(run_table(ours, state, input=pipe, output=DummyOutput()))
        await wait_for(lambda: state.snapshot is not None)
        pipe.send_text("/who\r")
        await wait_for(lambda: "spectator" in state.status, state=state)
        assert state.status == "you: connected · bob: connected · no spectators"
        carol, dan = client.watch(match.match_id), client.watch(match.match_id)
        await anext(carol)
        await anext(dan)  # two strangers watch
        pipe.send_text("/who\r")
        await wait_for(lambda: state.status.endswith("· 2 spectators"), state=state)
        assert list(state.log)[-1] == "you: connected · bob: connected · 2 spectators"
        await dan.aclose()
        await asyncio.sleep(0.3)  # the server notices the closed stream
        pipe.send_text("/who\r")
        await wait_for(lambda: state.status.endswith("· 1 spectator"), state=state)
        pipe.send_text("\x11")
        await asyncio.wait_for(table, 10)
        await carol.aclose()
        await bobs_view.aclose()


async def test_who_tells_a_spectator_they_are_counted(
    client: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    games = {game.game_id: game for game in await client.games()}
    match = await client.create("doors", 2, seats=[(HUMAN, ""), (HUMAN, "")])
    await client.join(match.match_id, "ada", 0)
    seen: list[ClientState] = []

    class Recorded(ClientState):
        def __init__(self, *args: object, **kwargs: object) -> None:
            super().__init__(*args, **kwargs)  # type: ignore[arg-type]
            seen.append(self)

    monkeypatch.setattr(session, "ClientState", Recorded)
    with create_pipe_input() as pipe:
        watching = asyncio.create_task(
            watch_tables(client, match.match_id, games["doors"], {}, "carol", pipe, DummyOutput())
        )
        await wait_for(lambda: bool(seen) and seen[0].snapshot is not None)
        (state,) = seen
        pipe.send_text("/who\r")
        await wait_for(lambda: "spectator" in state.status, state=state)
        assert state.status.endswith(": free · you are the only spectator")
        other = client.watch(match.match_id)
        await anext(other)
        pipe.send_text("/who\r")
        await wait_for(lambda: "2 spectators" in state.status, state=state)
        assert state.status.endswith("· 2 spectators, you included")
        pipe.send_text("\x11")
        await asyncio.wait_for(watching, 10)
        await other.aclose()


async def test_again_after_the_end_takes_the_same_seat_in_the_rematch(client: Server) -> None:
    games = {game.game_id: game for game in await client.games()}
    match = await client.create("doors", 2, seats=[(HUMAN, ""), (HUMAN, "")])
    ours, theirs = [await client.join(match.match_id, n, s) for s, n in enumerate(["ada", "bob"])]
    await asyncio.gather(
        *(play_seat(s, random_chooser(random.Random(n))) for n, s in enumerate((ours, theirs)))
    )
    seen: list[ClientState] = []
    with create_pipe_input() as pipe:

        async def player() -> None:
            # The finished table stays open: bob's rematch offer arrives there.
            await wait_for(lambda: bool(seen) and seen[0].snapshot is not None)
            await wait_for(lambda: "/again to play again" in seen[0].status, state=seen[0])
            await theirs.rematch()
            await wait_for(lambda: "a rematch is open" in seen[0].status, state=seen[0])
            pipe.send_text("/again\r")
            await wait_for(lambda: len(seen) == 2 and seen[1].snapshot is not None)
            pipe.send_text("\x11")

        original = ClientState.__init__

        def recording(self: ClientState, *args: object, **kwargs: object) -> None:
            original(self, *args, **kwargs)  # type: ignore[arg-type]
            seen.append(self)

        ClientState.__init__ = recording  # type: ignore[method-assign]
        try:
            driver = asyncio.create_task(player())
            seat, final = await asyncio.wait_for(
                play_at_tables(ours, games["doors"], {}, input=pipe, output=DummyOutput()), 30
            )
            await driver
        finally:
            ClientState.__init__ = original  # type: ignore[method-assign]
    assert seat.match_id != match.match_id and seat.seat == 0
    assert final.snapshot is not None
    assert final.snapshot.status == lobby_pb2.MATCH_STATUS_PLAYING
    assert [s.name for s in final.snapshot.seats] == ["ada", "bob"]
