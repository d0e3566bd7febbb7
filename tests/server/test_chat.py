"""Table chat over a real server: who hears what, in what order, what is kept, what is refused."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import grpc
from tigerden.v1 import match_pb2

from client.api import Server, connect
from server.chat import CHAT_BURST, MAX_CHAT
from server.main import start_server
from tests.server.helpers import first_snapshot, refused, two_humans


async def chat_lines(stream: AsyncIterator[match_pb2.Snapshot], count: int) -> list[str]:
    """The first `count` chat lines a stream delivers, as "name[seat|spectator]: text"."""
    lines: list[str] = []
    async for snapshot in stream:
        for line in snapshot.chat:
            who = "spectator" if line.spectator else str(line.seat)
            lines.append(f"{line.name}[{who}]: {line.text}")
        if len(lines) >= count:
            return lines
    raise AssertionError(f"the stream ended after {lines}")


async def test_lines_reach_every_seat_and_spectator_in_order(client: Server) -> None:
    ada, bob = await two_humans(client)
    streams = [ada.watch(), bob.watch(), client.watch(ada.match_id)]
    for stream in streams:  # each stream is open before anything is said
        await anext(stream)
    readers = [asyncio.create_task(chat_lines(s, 3)) for s in streams]
    said = await ada.say("hello \x1b[2Jbob")
    assert said.text == "hello bob" and said.seat == 0 and said.number == 1
    await bob.say("hi ada")
    spectator = await client.say(ada.match_id, "good luck!", "\x1b[1mcarol")
    assert spectator.spectator and not spectator.HasField("seat") and spectator.name == "carol"
    expected = ["ada[0]: hello bob", "bob[1]: hi ada", "carol[spectator]: good luck!"]
    for heard in await asyncio.wait_for(asyncio.gather(*readers), 10):
        assert heard == expected


async def test_a_player_who_comes_back_sees_what_was_said(tmp_path: Path) -> None:
    db = tmp_path / "tigerden.sqlite"
    running = await start_server("127.0.0.1:0", db)
    async with connect(f"127.0.0.1:{running.port}") as client:
        ada, bob = await two_humans(client)
        await ada.say("back in five")
        await client.say(ada.match_id, "we'll wait", "")
        match_id, token = bob.match_id, bob.token
    await running.stop(grace=0.2)
    running = await start_server("127.0.0.1:0", db)  # restart: chat comes from the file
    try:
        async with connect(f"127.0.0.1:{running.port}") as client:
            bob = await client.resume(match_id, token)
            snapshot = await first_snapshot(bob)
            assert [(line.number, line.name, line.text) for line in snapshot.chat] == [
                (1, "ada", "back in five"),
                (2, "spectator", "we'll wait"),
            ]
    finally:
        await running.stop(grace=0.2)


async def test_refused_lines_say_why_and_change_nothing(client: Server) -> None:
    ada, bob = await two_humans(client)
    other, _ = await two_humans(client)
    await refused(ada.say(" \x1b[0m\n "), grpc.StatusCode.INVALID_ARGUMENT, "CHAT_EMPTY")
    details = await refused(
        ada.say("x" * (MAX_CHAT + 1)), grpc.StatusCode.INVALID_ARGUMENT, "CHAT_TOO_LONG"
    )
    assert str(MAX_CHAT) in details
    await refused(client.say("nope", "hi", "carol"), grpc.StatusCode.NOT_FOUND, "UNKNOWN_MATCH")
    await other.leave()
    await refused(other.say("hi"), grpc.StatusCode.UNAUTHENTICATED, "BAD_TOKEN")
    stranger, _ = await two_humans(client)
    stranger.match_id = ada.match_id  # a token of another match, pointed at this one
    await refused(stranger.say("hi"), grpc.StatusCode.PERMISSION_DENIED, "WRONG_MATCH")
    assert not (await first_snapshot(bob)).chat


async def test_a_seat_that_talks_too_fast_is_told_to_wait(client: Server) -> None:
    ada, bob = await two_humans(client)
    for number in range(CHAT_BURST):
        await ada.say(f"line {number}")
    details = await refused(
        ada.say("one too many"), grpc.StatusCode.RESOURCE_EXHAUSTED, "CHAT_TOO_FAST"
    )
    assert "send again in" in details
    await bob.say("my own bucket")  # another seat is not slowed down
    snapshot = await first_snapshot(bob)
    assert [line.text for line in snapshot.chat][-2:] == ["line 4", "my own bucket"]
