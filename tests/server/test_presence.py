"""Presence over a real server: who is connected, away since when, and log lines when a player
leaves the table or comes back."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator

import pytest
from tigerden.v1 import match_pb2

from client.api import Server
from server import room
from tests.server.helpers import two_humans


async def next_matching(
    stream: AsyncIterator[match_pb2.Snapshot], test: object, notes: list[str]
) -> match_pb2.Snapshot:
    """Reads until a snapshot passes `test`; table notes (events without a game) go to `notes`."""

    async def read() -> match_pb2.Snapshot:
        async for snapshot in stream:
            if not snapshot.events_are_recap:  # a recap repeats notes from before the stream
                notes.extend(e.text for e in snapshot.events if e.WhichOneof("game") is None)
            if test(snapshot):  # type: ignore[operator]
                return snapshot
        raise AssertionError("the stream ended")

    return await asyncio.wait_for(read(), 10)


async def test_a_player_who_leaves_is_away_since_then_and_the_table_is_told(
    client: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(room, "AWAY_NOTE_SECONDS", 0.05)
    ada, bob = await two_humans(client)
    bobs_view = bob.watch()
    notes: list[str] = []
    ada_stream = ada.watch()
    await anext(ada_stream)
    here = await next_matching(bobs_view, lambda s: s.seats[0].connected, notes)
    assert here.seats[0].away_since_unix_ms == 0

    before = time.time() * 1000
    await ada_stream.aclose()  # ada's terminal closes
    away = await next_matching(bobs_view, lambda s: not s.seats[0].connected, notes)
    assert before - 1000 <= away.seats[0].away_since_unix_ms <= time.time() * 1000
    await next_matching(bobs_view, lambda s: "ada left the table" in notes, notes)

    back = ada.watch()
    await anext(back)
    await next_matching(bobs_view, lambda s: "ada is back" in notes, notes)
    assert notes == ["ada left the table", "ada is back"]
    await back.aclose()


async def test_a_quick_reconnect_makes_no_noise(client: Server) -> None:
    ada, bob = await two_humans(client)
    bobs_view = bob.watch()
    await anext(bobs_view)
    notes: list[str] = []
    for _ in range(3):  # e.g. `tigerden join --token` swaps a Watch for a Play stream
        stream = ada.watch()
        await anext(stream)
        await stream.aclose()
    await ada.leave()
    await next_matching(bobs_view, lambda s: not s.seats[0].taken, notes)
    assert notes == ["ada gave up their seat"]
