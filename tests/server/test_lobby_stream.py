"""WatchLobby over a real server: the whole list first, then each change as it happens."""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator

from tigerden.v1 import lobby_pb2

from client.api import Server
from client.bot import play_seat, random_chooser
from tests.server.helpers import HUMAN, two_humans

Stream = AsyncIterator[lobby_pb2.WatchLobbyResponse]


async def changes_until(stream: Stream, match_id: str, test: object) -> list[lobby_pb2.MatchInfo]:
    """Every match the change messages carry until one shows `match_id` passing `test`."""

    async def read() -> list[lobby_pb2.MatchInfo]:
        seen = []
        async for response in stream:
            assert not response.full, "only the first message is the full list"
            for match in response.matches:
                seen.append(match)
                if match.match_id == match_id and test(match):  # type: ignore[operator]
                    return seen
        raise AssertionError("the lobby stream ended")

    return await asyncio.wait_for(read(), 10)


async def until(stream: Stream, match_id: str, test: object) -> lobby_pb2.MatchInfo:
    """The first change that shows `match_id` passing `test`."""
    return (await changes_until(stream, match_id, test))[-1]


async def test_the_stream_starts_with_the_list_then_pushes_changes(client: Server) -> None:
    old = await client.create("doors", creator="ada")
    stream = client.watch_lobby()
    first = await anext(stream)
    assert first.full and [m.match_id for m in first.matches] == [old.match_id]
    assert first.matches[0].created_by == "ada"

    new = await client.create("koikoi", 2, seats=[(HUMAN, ""), (HUMAN, "")], creator="bob")
    created = await until(stream, new.match_id, lambda m: True)
    assert created.status == lobby_pb2.MATCH_STATUS_WAITING and created.created_by == "bob"

    await client.join(new.match_id, "bob", 0)
    joined = await until(stream, new.match_id, lambda m: m.seats[0].name == "bob")
    assert not joined.seats[1].taken
    await client.join(new.match_id, "carol", 1)
    playing = await until(stream, new.match_id, lambda m: m.status == 2)
    assert playing.HasField("to_act")  # the list can say who the table waits for


async def test_a_filtered_stream_shows_one_game_and_finished_matches_once(client: Server) -> None:
    stream = client.watch_lobby(game_id="doors")
    assert (await anext(stream)).matches == []
    koikoi = await client.create("koikoi")  # another game: not sent
    ada, bob = await two_humans(client)
    before = await changes_until(stream, ada.match_id, lambda m: True)
    assert koikoi.match_id not in {m.match_id for m in before}
    await asyncio.gather(
        *(play_seat(s, random_chooser(random.Random(n))) for n, s in enumerate((ada, bob)))
    )
    await until(stream, ada.match_id, lambda m: m.status == lobby_pb2.MATCH_STATUS_FINISHED)
    # After the match ended, talk at its table changes it again, but it is not sent again.
    await ada.say("gg")
    marker = await client.create("doors")
    after = await changes_until(stream, marker.match_id, lambda m: True)
    assert ada.match_id not in {m.match_id for m in after}
