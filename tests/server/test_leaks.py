"""The hidden-information audit: every message a seat or spectator receives depends only on
what it may know.

Two checks. Over random states of every hosted game, the snapshot the server would send a
viewer is byte-identical after everything that viewer cannot see is resampled. And end to end,
no Doors seat ever receives the other seat's Door before the contest's reveal.
"""

from __future__ import annotations

import asyncio
import random

import pytest
from tigerden.v1 import doors_pb2, match_pb2

from client.api import Server
from client.bot import play_seat, random_chooser
from engine import GAMES
from engine.core import Seat, State
from server import outbound
from server.codecs import CODECS
from server.lobby import CodecLog
from server.room import Room, SeatKind, SeatSlot, Update
from server.store import Store
from tests.server.helpers import BOT, two_humans

NOTHING = Update([], [], [], False, 0, 0)
"""Nothing new since the last snapshot."""
WATCHED = match_pb2.WatchResponse.DESCRIPTOR.fields_by_name["snapshot"]
"""How a Watch stream sends the snapshot: the bytes it writes are what is audited."""


def room_for(game_id: str, state: State) -> Room:
    game = GAMES[game_id]
    players = state.players
    seats = [SeatSlot(n, SeatKind.BOT, "random", f"bot-{n}") for n in range(players)]
    room = Room("audit", game, players, {}, 0, seats, CodecLog(Store(":memory:"), CODECS[game_id]))
    room.state = state
    return room


def random_states(game_id: str, count: int, rng: random.Random) -> list[State]:
    game = GAMES[game_id]
    states: list[State] = []
    while len(states) < count:
        players = rng.randint(game.info.min_players, game.info.max_players)
        state = game.new(players, game.info.validate(players, {}), rng.getrandbits(32))
        for _ in range(rng.randint(0, 120)):
            if state.to_act() is None:
                break
            state.apply(rng.choice(state.legal_moves()))
        states.append(state)
    return states


@pytest.mark.parametrize("game_id", sorted(CODECS))
def test_snapshots_depend_only_on_what_the_viewer_may_know(game_id: str) -> None:
    rng = random.Random(2026)
    codec = CODECS[game_id]
    for state in random_states(game_id, 150, rng):
        viewers: list[Seat | None] = [*range(state.players), None]
        table = room_for(game_id, state)  # one room for every viewer: what it shares included
        for viewer in viewers:
            resampler = viewer if viewer is not None else rng.randrange(state.players)
            other = state.determinize(resampler, random.Random(rng.getrandbits(32)))
            real = outbound.response(table, codec, viewer, NOTHING, WATCHED)
            sampled = outbound.response(room_for(game_id, other), codec, viewer, NOTHING, WATCHED)
            assert real.data == sampled.data, (
                f"{game_id}: what viewer {viewer} is sent depends on hidden state"
            )


async def test_no_doors_seat_sees_the_other_door_before_the_reveal(
    client: Server, running: object
) -> None:
    seats = await two_humans(client)
    received: dict[int, list[doors_pb2.DoorsView]] = {0: [], 1: []}
    reveals: list[doors_pb2.DoorsContestOutcome] = []

    async def record(n: int) -> None:
        async for snapshot in seats[n].watch():
            received[n].append(snapshot.view.doors)
            for event in snapshot.events:
                if event.doors.HasField("contest_ended"):
                    reveals.append(event.doors.contest_ended)
            if snapshot.HasField("result"):
                return

    watchers = [asyncio.create_task(record(n)) for n in (0, 1)]
    await asyncio.sleep(0.05)
    await asyncio.gather(
        *(play_seat(seat, random_chooser(random.Random(n))) for n, seat in enumerate(seats))
    )
    await asyncio.wait_for(asyncio.gather(*watchers), 10)
    doors_by_contest = {outcome.contest: list(outcome.doors) for outcome in reveals}
    for seat, views in received.items():
        for view in views:
            if view.phase == doors_pb2.DOORS_PHASE_OVER:
                continue
            doors = doors_by_contest[view.contest]
            assert view.own_door == doors[seat]
            # The view carries the own Door only; the other Door appears only in the
            # previous contest's revealed outcome.
            assert all(o.contest < view.contest for o in [view.last_contest] if o.contest)


async def test_a_recap_shows_each_viewer_only_what_it_saw_live(client: Server) -> None:
    """A new stream's recap repeats the events the viewer was sent live, no more: a face-down
    tile stays hidden from a spectator."""
    game_id = "tiger-dragon"
    players = GAMES[game_id].info.default_players
    match = await client.create(game_id, players, seats=[(BOT, "random")] * players)
    live: list[str] = []
    hidden_seen = False  # random bots can play 20 moves without a face-down tile: wait for one
    async for snapshot in client.watch(match.match_id):
        live += [event.SerializeToString().hex() for event in snapshot.events]
        hidden_seen |= any(e.tiger_dragon.HasField("placed_face_down") for e in snapshot.events)
        if (snapshot.version >= 20 and hidden_seen) or snapshot.HasField("result"):
            break
    recap = await anext(client.watch(match.match_id))
    recapped = [event.SerializeToString().hex() for event in recap.events]
    assert recap.events_are_recap and recapped[: len(live)] == live
    # What the spectator may not see stays hidden in the recap too.
    faces = [
        e.tiger_dragon.placed_face_down
        for e in recap.events
        if e.tiger_dragon.HasField("placed_face_down")
    ]
    assert faces, "the recap holds no face-down tile: nothing was checked"
    assert not any(face.tile for face in faces)
