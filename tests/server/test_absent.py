"""Absent players: a seat whose streams are gone for the grace time is played by the away bot
until its player returns; waiting matches nobody joins expire; a new stream starts with a recap
of what happened while the player was away."""

from __future__ import annotations

import asyncio
from pathlib import Path

from tigerden.v1 import lobby_pb2

from client.api import SeatHandle, Server, connect
from server.main import start_server
from tests.server.helpers import HUMAN, first_snapshot, to_act, two_humans


async def test_a_bot_plays_for_an_absent_player_until_they_return(client: Server) -> None:
    match = await client.create("doors", 2, {"away": "1"}, seats=[(HUMAN, ""), (HUMAN, "")])
    ada = await client.join(match.match_id, "ada")
    bea = await client.join(match.match_id, "Bea")  # and never opens a stream
    seen: list[str] = []
    async with ada.play() as table:
        async for snapshot in table.snapshots():
            seen += [event.text for event in snapshot.events]
            if snapshot.legal_moves:
                await table.send(snapshot.version, snapshot.legal_moves[0].move)
            if snapshot.version >= 6:
                break
    assert "Bea is away — a bot plays for them" in seen
    away = await first_snapshot(ada)
    assert away.seats[1].bot_plays and not away.seats[1].connected
    # Bea comes back: the bot stops, and her first snapshot tells her what she missed.
    async with bea.play() as table:
        first = await anext(table.snapshots())
        assert first.events_are_recap and not first.seats[1].bot_plays
        assert len(first.events) >= 6
    back = await first_snapshot(ada)
    assert any(event.text == "Bea is back" for event in back.events)


async def test_the_away_bot_does_not_play_while_the_player_is_connected(client: Server) -> None:
    match = await client.create("doors", 2, {"away": "1"}, seats=[(HUMAN, ""), (HUMAN, "")])
    ada = await client.join(match.match_id, "ada")
    bob = await client.join(match.match_id, "bob")
    async with ada.play(), bob.play():
        await asyncio.sleep(1.5)
        snapshot = await first_snapshot(ada)
        assert snapshot.version == 0 and not any(s.bot_plays for s in snapshot.seats)


async def test_a_waiting_match_nobody_joins_expires(tmp_path: Path) -> None:
    running = await start_server("127.0.0.1:0", tmp_path / "db.sqlite", waiting_expiry=0.5)
    try:
        async with connect(f"127.0.0.1:{running.port}") as client:
            lonely = await client.create("doors", 2, seats=[(HUMAN, ""), (HUMAN, "")])
            full = await two_humans(client)
            await asyncio.sleep(1.2)
            (expired,) = await client.matches(status=lobby_pb2.MATCH_STATUS_FINISHED)
            assert expired.match_id == lonely.match_id
            assert expired.ending == lobby_pb2.MATCH_ENDING_EXPIRED
            (playing,) = await client.matches()
            assert playing.match_id == full[0].match_id
    finally:
        await running.stop(grace=0.1)


async def test_a_new_stream_recaps_the_events_as_that_seat_saw_them(tmp_path: Path) -> None:
    db = tmp_path / "db.sqlite"
    running = await start_server("127.0.0.1:0", db)
    async with connect(f"127.0.0.1:{running.port}") as client:
        seats = await two_humans(client)
        for _ in range(4):
            seat, snapshot = await to_act(seats)
            await seat.act(snapshot.version, snapshot.legal_moves[0].move)
        live = [await first_snapshot(seat) for seat in seats]
    await running.stop(grace=0.1)
    running = await start_server("127.0.0.1:0", db)  # recaps survive a restart too
    try:
        async with connect(f"127.0.0.1:{running.port}") as client:
            for number, seat in enumerate(seats):
                again = await first_snapshot(
                    SeatHandle(client, seat.match_id, seat.seat, seat.token)
                )
                assert again.events_are_recap
                # The game's events survive a restart (replayed); table notes do not.
                game = [e.text for e in live[number].events if e.WhichOneof("game")]
                assert [e.text for e in again.events] == game
                assert len(again.events) >= 4
            spectator = await anext(client.watch(seats[0].match_id))
            assert spectator.events_are_recap and len(spectator.events) >= 4
    finally:
        await running.stop(grace=0.1)
