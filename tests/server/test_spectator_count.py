"""CountSpectators over a real server: it counts the Watch streams without a token, never a
seat's own streams, and refuses what it cannot count with a precise status."""

from __future__ import annotations

import asyncio

import grpc

from client.api import Server
from tests.server.helpers import HUMAN, refused, two_humans


async def count_becomes(client: Server, match_id: str, expected: int) -> None:
    """Waits until the match has `expected` spectators: a closed stream is noticed by the
    server a moment after the client closes it."""
    for _ in range(200):
        if await client.count_spectators(match_id) == expected:
            return
        await asyncio.sleep(0.05)
    assert await client.count_spectators(match_id) == expected


async def test_it_counts_spectator_streams_and_not_the_seats_own(client: Server) -> None:
    ada, bob = await two_humans(client)
    assert await client.count_spectators(ada.match_id) == 0
    seats_streams = [ada.watch(), bob.watch()]
    spectators = [client.watch(ada.match_id), client.watch(ada.match_id)]
    for stream in [*seats_streams, *spectators]:
        await anext(stream)  # each stream is open on the server
    assert await client.count_spectators(ada.match_id) == 2
    assert await ada.count_spectators() == 2  # a seat asks the same of its own match
    await spectators[0].aclose()
    await count_becomes(client, ada.match_id, 1)
    for stream in [*seats_streams, spectators[1]]:
        await stream.aclose()
    await count_becomes(client, ada.match_id, 0)


async def test_it_refuses_an_empty_unknown_or_finished_match(client: Server) -> None:
    details = await refused(
        client.count_spectators(""), grpc.StatusCode.INVALID_ARGUMENT, "BAD_MATCH_ID"
    )
    assert "send the id of the match" in details
    await refused(client.count_spectators("nope"), grpc.StatusCode.NOT_FOUND, "UNKNOWN_MATCH")
    host = await client.create_hosted("doors", 2, seats=[(HUMAN, ""), (HUMAN, "")])
    await host.abort()
    await refused(
        client.count_spectators(host.match_id), grpc.StatusCode.FAILED_PRECONDITION, "MATCH_OVER"
    )
