"""The hidden-information audit: every message a seat or spectator receives depends only on
what it may know.

Over random states of every hosted game, the view's public part (encoded once per revision for
everyone) is the same in a world resampled for any seat, each viewer's part parses as exactly
its own whole view, and the snapshot the server would send a viewer is byte-identical after
everything that viewer cannot see is resampled — with a running clock, a
table note of every kind (the move the clock played among them, chosen in each world), a chat
line and a recap of those notes. In clocked matches of every game whose every move the server
plays because the time ran out, the notes each viewer is sent live and in a new stream's recap
are byte-identical in a world resampled before the move (the clock's bot then chooses from that
world's hands). And end to end, no Doors seat ever receives the other seat's Door before the
contest's reveal, and a recap shows a spectator no face-down tile.
"""

from __future__ import annotations

import asyncio
import random
from collections import deque

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tigerden.v1 import doors_pb2, match_pb2

from bots import decide
from client.api import Server
from client.bot import play_seat, random_chooser
from engine import GAMES
from engine.core import Seat, State
from server import outbound
from server.codec_log import CodecLog
from server.codecs import CODECS, wrap_view
from server.log import ChatRecord
from server.mailbox import Subscriber, Told, Update
from server.notes import NoteKind, TableEvent, TableNote
from server.referee import TIMEOUT_LEVEL, Referee
from server.room import Room
from server.seats import SeatKind, SeatSlot
from server.store import Store
from tests.engine.matches import matches, played
from tests.server.helpers import BOT, two_humans

NOTHING = Update([], False, 0, 0)
"""Nothing new since the last snapshot."""
WATCHED = match_pb2.WatchResponse.DESCRIPTOR.fields_by_name["snapshot"]
"""How a Watch stream sends the snapshot: the bytes it writes are what is audited."""


NOW = 1_000_000.0
"""The audit's wall clock: a running clock's deadline and time left are the same in every world."""
CLOCK = "bank:60+2"
"""A clock that puts every typed clock field in the snapshot: deadline, time left, banks."""


def room_for(game_id: str, state: State, options: dict[str, str] | None = None) -> Room:
    game = GAMES[game_id]
    players = state.players
    seats = [SeatSlot(n, SeatKind.BOT, "random", f"bot-{n}") for n in range(players)]
    log = CodecLog(Store(":memory:"), CODECS[game_id])
    room = Room("audit", game, players, dict(options or {}), 0, seats, log, now=lambda: NOW)
    room.state = state
    room.clock.sync(state.to_act(), state.to_act() is not None, NOW)
    return room


def notes_of_every_kind(state: State, seed: int) -> list[TableNote]:
    """A note of every kind about the seat to act, as the server would make it in `state`: the
    clock's move is the one the referee's bot chooses there (from the seat's hand)."""
    seat = state.to_act()
    notes = [TableNote(kind, seat, "ada", "hard") for kind in NoteKind]
    if seat is not None:
        move = decide(state, seat, TIMEOUT_LEVEL, seed)
        notes.append(TableNote(NoteKind.CLOCK_PLAYED, seat, "ada", move=move))
    return notes


def told(state: State, seed: int) -> Update:
    """An update with every typed thing a stream's update can carry besides the game's events:
    notes of every kind, a chat line, and the same notes as a recap holds them."""
    notes = notes_of_every_kind(state, seed)
    chat = [ChatRecord(1, None, "cy", "hello", NOW)]
    return Update([Told([TableEvent(note) for note in notes], notes, chat)], True, 0, 0)


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


@pytest.mark.parametrize("game_id", sorted(CODECS))
def test_the_public_part_holds_nothing_any_seat_may_not_know(game_id: str) -> None:
    """The view's public part, encoded once per revision for every seat and spectator, is the
    same in every world resampled for any seat: nothing in it is hidden from anyone."""
    rng = random.Random(2029)
    codec = CODECS[game_id]
    for state in random_states(game_id, 100, rng):
        public = outbound.public_part(room_for(game_id, state), codec)[1]
        for seat in range(state.players):
            other = state.determinize(seat, random.Random(rng.getrandbits(32)))
            assert outbound.public_part(room_for(game_id, other), codec)[1] == public, (
                f"{game_id}: the public part holds something seat {seat} may not know"
            )


@pytest.mark.parametrize("game_id", sorted(CODECS))
@settings(max_examples=40, deadline=None)
@given(data=st.data(), play_seed=st.integers(0, 2**16))
def test_each_viewer_is_sent_exactly_its_own_whole_view(
    game_id: str, data: st.DataObject, play_seed: int
) -> None:
    """With every viewer's part built from one room (the public part shared), each viewer's
    part parses as exactly the message of its whole view as the codec encodes it (today's
    `Snapshot(view=..., viewer_seat=..., legal_moves=...)`): a complete view for its receiver,
    holding no other seat's private part, for every game, seat count and option set."""
    state = played(data.draw(matches(game_id)), random.Random(play_seed), 150)
    codec, room, acting = CODECS[game_id], room_for(game_id, state), state.to_act()
    viewers: list[Seat | None] = [*range(state.players), None]
    sent = {viewer: outbound.viewer_part(room, codec, viewer, acting) for viewer in viewers}
    for viewer in viewers:
        whole = match_pb2.Snapshot(view=wrap_view(codec, state.view(viewer)))
        if viewer is not None:
            whole.viewer_seat = viewer
            if acting == viewer:
                whole.legal_moves.extend(outbound.legal_move(codec, m) for m in state.legal_moves())
        assert match_pb2.Snapshot.FromString(sent[viewer]) == whole, f"viewer {viewer}"


@pytest.mark.parametrize("game_id", sorted(CODECS))
def test_notes_recaps_chat_and_clocks_depend_only_on_what_the_viewer_may_know(
    game_id: str,
) -> None:
    """The same audit with every typed field the update and the clock add (table notes, the
    move the clock played, recaps, chat, deadlines and banks): the note of a move the server
    played for a seat named it to everyone (issue 20), so a face-down tile was read by all."""
    rng = random.Random(2027)
    codec = CODECS[game_id]
    for state in random_states(game_id, 60, rng):
        acting = state.to_act()
        for viewer in [*range(state.players), None]:
            # A spectator's world resamples what the seat to act holds, like another seat's.
            resampler = viewer if viewer is not None else ((acting or 0) + 1) % state.players
            other = state.determinize(resampler, random.Random(rng.getrandbits(32)))
            seed = rng.getrandbits(63)
            real_room, world = (room_for(game_id, s, {"clock": CLOCK}) for s in (state, other))
            real = outbound.response(real_room, codec, viewer, told(state, seed), WATCHED)
            sampled = outbound.response(world, codec, viewer, told(other, seed), WATCHED)
            assert real.data == sampled.data, (
                f"{game_id}: what viewer {viewer} is sent with table notes depends on hidden state"
            )


class Unlogged:
    """A room's log that keeps nothing: the audit's worlds are never stored."""

    def append(self, *args: object) -> None:
        pass

    def save_seat(self, *args: object) -> None:
        pass

    def save_ending(self, *args: object) -> None:
        pass

    def append_chat(self, *args: object) -> None:
        pass

    def save_join_code(self, *args: object) -> None:
        pass


def clocked_room(game_id: str, players: int, seed: int, now: list[float]) -> Room:
    """A match of people at every seat under `move:10`, all seats taken, the clock running."""
    game = GAMES[game_id]
    seats = [SeatSlot(n, SeatKind.HUMAN, "", f"p{n}", f"hash-{n}") for n in range(players)]
    log = Unlogged()
    options = {"clock": "move:10"}
    room = Room("clocked", game, players, options, seed, seats, log, now=lambda: now[0])
    room.clock.sync(room.state.to_act(), True, now[0])
    return room


def world_of(room: Room, viewer: Seat | None, rng: random.Random, now: list[float]) -> Room:
    """`room` as it might be for all `viewer` knows: its state resampled for the viewer (for a
    spectator, for a seat other than the one to act), its clock and recap the same."""
    acting = room.state.to_act()
    assert acting is not None
    resampler = viewer if viewer is not None else (acting + 1) % room.players
    world = clocked_room(room.game_id, room.players, room.seed, now)
    world.state = room.state.determinize(resampler, random.Random(rng.getrandbits(32)))
    world.clock = room.clock.copy()
    world.recent = deque(room.recent, maxlen=room.recent.maxlen)
    world.version = room.version
    return world


def notes_sent(room: Room, subscriber: Subscriber) -> list[bytes]:
    """The table notes of the snapshot `subscriber` is owed, as the bytes a Watch stream sends."""
    update = subscriber.take_update()
    assert update is not None
    sent = outbound.response(room, CODECS[room.game_id], subscriber.seat, update, WATCHED)
    snapshot = match_pb2.WatchResponse.FromString(sent.data).snapshot
    return [e.SerializeToString() for e in snapshot.events if e.HasField("table_note")]


@pytest.mark.parametrize("game_id", sorted(CODECS))
def test_a_clocked_match_names_the_servers_move_only_to_its_seat(game_id: str) -> None:
    """Every move of these matches is played by the server because the seat's time ran out. A
    viewer's notes about it, live and in a new stream's recap, are the same in a world resampled
    before the move: only the seat played for is told the move."""
    rng = random.Random(2028)
    info = GAMES[game_id].info
    for players in range(info.min_players, info.max_players + 1):
        now = [NOW]
        room = clocked_room(game_id, players, rng.getrandbits(32), now)
        viewers: list[Seat | None] = [*range(players), None]
        streams = {viewer: room.subscribe(viewer) for viewer in viewers}
        for step in range(40):
            acting = room.state.to_act()
            if acting is None:
                break
            for stream in streams.values():
                stream.take_update()
            worlds = {viewer: world_of(room, viewer, rng, now) for viewer in viewers}
            world_streams = {viewer: worlds[viewer].subscribe(viewer) for viewer in viewers}
            for stream in world_streams.values():
                stream.take_update()
            deadline = room.clock.deadline
            assert deadline is not None
            now[0] = deadline + 1
            for table in (room, *worlds.values()):
                Referee(seed=step).check(table, now[0])
            assert room.version == step + 1, "the server did not play: nothing was checked"
            for viewer in viewers:
                world = worlds[viewer]
                live = notes_sent(room, streams[viewer])
                assert live == notes_sent(world, world_streams[viewer]), (
                    f"{game_id}: a clock note to viewer {viewer} depends on hidden state"
                )
                fresh = room.subscribe(viewer)
                recap = notes_sent(room, fresh)
                room.unsubscribe(fresh)
                assert recap == notes_sent(world, world.subscribe(viewer)), (
                    f"{game_id}: a recapped note to viewer {viewer} depends on hidden state"
                )
                (note,) = [match_pb2.Event.FromString(e).table_note for e in live]
                assert note.kind == match_pb2.TABLE_NOTE_KIND_CLOCK_PLAYED
                assert note.HasField("move") == (viewer == acting)


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
