"""Rematch over a real server: play again with the same game, options and seats."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable, Sequence

import grpc
import pytest
from tigerden.v1 import lobby_pb2, match_pb2

from client.api import SeatHandle, Server
from client.bot import play_seat, random_chooser
from server import room
from tests.server.helpers import BOT, HUMAN, first_snapshot, refused


async def finished_match(client: Server, seats: Sequence[tuple[int, str]]) -> list[SeatHandle]:
    match = await client.create("tiger-dragon", len(seats), {"teams": "on"}, seats, "ada")
    human_seats = [n for n, (kind, _) in enumerate(seats) if kind == HUMAN]
    people = [
        await client.join(match.match_id, name, n)
        for n, name in zip(human_seats, ["ada", "bob", "cy", "dee"], strict=False)
    ]
    await asyncio.gather(
        *(play_seat(s, random_chooser(random.Random(n))) for n, s in enumerate(people))
    )
    return people


async def test_play_again_keeps_game_options_seats_and_bots(client: Server) -> None:
    seats = [(HUMAN, ""), (BOT, "easy"), (HUMAN, ""), (BOT, "random")]
    ada, bob = await finished_match(client, seats)
    # Everyone still at the old table hears of the offer.
    offers = bob.watch(stay_after_finish=True)
    assert (await anext(offers)).rematch_match_id == ""

    again = await bob.rematch()
    assert again.seat == bob.seat == 2
    offer = await asyncio.wait_for(anext(offers), 10)
    assert offer.rematch_match_id == again.match_id
    await offers.aclose()

    match = await client.find_match(again.match_id)
    assert match is not None
    old = await client.find_match(ada.match_id)
    assert old is not None and old.rematch_match_id == match.match_id
    assert match.rematch_of == ada.match_id and match.created_by == "bob"
    assert (match.game_id, dict(match.options)) == (old.game_id, dict(old.options))
    assert [(s.kind, s.bot_level or "") for s in match.seats] == [
        (kind, level if kind == BOT else "") for kind, level in seats
    ]
    # Ada's seat is held for her: nobody else can take it.
    held = match.seats[0]
    assert held.reserved and held.name == "ada" and not held.taken
    assert match.status == lobby_pb2.MATCH_STATUS_WAITING
    await refused(
        client.join(match.match_id, "mallory", 0), grpc.StatusCode.ALREADY_EXISTS, "SEAT_RESERVED"
    )
    await refused(
        client.join(match.match_id, "mallory"), grpc.StatusCode.RESOURCE_EXHAUSTED, "MATCH_FULL"
    )
    await refused(bob.rematch(), grpc.StatusCode.ALREADY_EXISTS, "REMATCH_ACCEPTED")

    mine = await ada.rematch()
    assert (mine.match_id, mine.seat) == (match.match_id, 0)
    started = await first_snapshot(mine)
    assert started.status == lobby_pb2.MATCH_STATUS_PLAYING
    assert [s.name for s in started.seats][::2] == ["ada", "bob"]


async def test_the_old_table_is_told_who_went_to_the_rematch_and_who_left(
    client: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 20, 18: a spectator read "ada left the table" when ada took her seat at the
    rematch; a player who just closes the finished match is still said to have left."""
    monkeypatch.setattr(room, "AWAY_NOTE_SECONDS", 0.05)
    K = match_pb2.TableNoteKind
    ada, bob = await finished_match(client, [(HUMAN, ""), (HUMAN, ""), (BOT, ""), (BOT, "")])
    spectator = client.watch(ada.match_id, stay_after_finish=True)
    notes: list[tuple[int, str]] = []

    async def until(done: Callable[[match_pb2.Snapshot], bool]) -> None:
        async def read() -> None:
            async for snapshot in spectator:
                notes.extend(
                    (e.table_note.kind, e.table_note.name)
                    for e in snapshot.events
                    if e.HasField("table_note") and not snapshot.events_are_recap
                )
                if done(snapshot):
                    return

        await asyncio.wait_for(read(), 10)

    streams = [ada.watch(stay_after_finish=True), bob.watch(stay_after_finish=True)]
    for stream in streams:
        await anext(stream)
    await until(lambda s: s.seats[0].connected and s.seats[1].connected)
    notes.clear()  # what was said of the game streams that closed at the end

    await ada.rematch()
    await streams[0].aclose()  # her client moves on to the rematch
    await until(lambda _: len(notes) == 1)
    await streams[1].aclose()  # he closes the finished match
    await until(lambda _: len(notes) == 2)
    await spectator.aclose()
    assert notes == [
        (K.TABLE_NOTE_KIND_WENT_TO_REMATCH, "ada"),
        (K.TABLE_NOTE_KIND_LEFT, "bob"),
    ]


async def test_a_player_who_leaves_frees_their_held_seat(client: Server) -> None:
    ada, bob = await finished_match(client, [(HUMAN, ""), (HUMAN, ""), (BOT, ""), (BOT, "")])
    again = await ada.rematch()
    await bob.leave()  # "no thanks"
    match = await client.find_match(again.match_id)
    assert match is not None and not match.seats[1].reserved
    carol = await client.join(match.match_id, "carol")
    assert carol.seat == 1


async def test_no_rematch_before_the_end(client: Server) -> None:
    match = await client.create("doors")
    ada = await client.join(match.match_id, "ada")
    await refused(ada.rematch(), grpc.StatusCode.FAILED_PRECONDITION, "MATCH_NOT_OVER")
    ada.token = "forged"
    await refused(ada.rematch(), grpc.StatusCode.UNAUTHENTICATED, "BAD_TOKEN")
    assert [m.match_id for m in await client.matches()] == [match.match_id]
