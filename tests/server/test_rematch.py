"""Rematch over a real server: play again with the same game, options and seats."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Sequence

import grpc
from tigerden.v1 import lobby_pb2

from client.api import SeatHandle, Server
from client.bot import play_seat, random_chooser
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
