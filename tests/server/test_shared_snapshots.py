"""What a snapshot shares between streams (issue 14): the table's public part is built and
serialised once per revision of the room for every viewer, each viewer's own part once per
game state for that viewer's streams (a revision that changes only the table keeps it), and
the update once for the streams owed the same one (1,000 spectators cost a thousand identical
snapshots before). Nothing a stream is sent differs from what would be built for it alone, and
no viewer's own part reaches another."""

from __future__ import annotations

import gc
import weakref
from collections.abc import Mapping

import pytest
from tigerden.v1 import lobby_pb2, match_pb2

from client.api import Server
from engine import GAMES
from engine.core import Event, Seat
from server import outbound, snapshot_cache
from server.clock import Ending
from server.codec_log import CodecLog
from server.codecs import CODECS, wrap_view
from server.mailbox import Subscriber, Told, Update
from server.main import Running
from server.notes import NoteKind, TableEvent, TableNote
from server.room import Room
from server.seats import SeatKind, SeatSlot
from server.store import Store
from tests.server.helpers import two_humans

GAME = "tiger-dragon"
CODEC = CODECS[GAME]
PUBLIC = {
    "match_id",
    "version",
    "seats",
    "scores",
    "to_act",
    "status",
    "result",
    "deadline_unix_ms",
    "rematch_match_id",
}
"""The fields of the table part every viewer shares: none says anything about a hand."""


def table(
    options: Mapping[str, str] | None = None, seed: int = 7, store: Store | None = None
) -> Room:
    seats = [SeatSlot(n, SeatKind.BOT, "random", f"bot-{n}") for n in range(4)]
    log = CodecLog(store or Store(":memory:"), CODEC)
    return Room("shared", GAMES[GAME], 4, dict(options or {}), seed, seats, log)


def told(
    notes: tuple[TableNote, ...] = (), recap: bool = False, since: int = 0, until: int = 0
) -> Update:
    """An update of table notes covering the revisions after `since` up to `until`."""
    return Update([Told([], notes)], recap, since, until)


NOTHING = told()
"""Nothing new since the last snapshot."""


def forget(room: Room) -> None:
    """Drops everything built for `room`: for this revision and for this game state."""
    snapshot_cache.built(room).clear()
    snapshot_cache.built_from_state(room).clear()


def alone(room: Room, viewer: Seat | None, notes: tuple[TableNote, ...] = ()) -> bytes:
    """The snapshot `viewer` gets when nothing was built for anyone before."""
    forget(room)
    return outbound.snapshot(room, CODEC, viewer, told(notes)).data


def parsed(data: bytes) -> match_pb2.Snapshot:
    return match_pb2.Snapshot.FromString(data)


def test_spectators_owed_the_same_update_share_the_bytes_built_once() -> None:
    room = table()
    first = outbound.snapshot(room, CODEC, None, NOTHING)
    second = outbound.snapshot(room, CODEC, None, NOTHING)
    assert second.data == first.data == alone(room, None)
    parts = [k for k in snapshot_cache.built(room) if k != "table"]
    assert parts == [("update", None, False, 0, 0)]
    acting = room.state.to_act()
    assert list(snapshot_cache.built_from_state(room)) == ["public", ("viewer", None, acting)]


def test_a_seats_snapshot_never_holds_another_seats_own_part() -> None:
    room = table()
    views = {seat: wrap_view(CODEC, room.state.view(seat)) for seat in range(4)}
    assert len({view.SerializeToString() for view in views.values()}) == 4  # four hands
    for seat in range(4):
        outbound.snapshot(room, CODEC, seat, NOTHING)  # every seat's part is in the cache now
    outbound.snapshot(room, CODEC, None, NOTHING)
    for seat in range(4):
        sent = outbound.snapshot(room, CODEC, seat, NOTHING).data
        assert sent == alone(room, seat)
        for other in set(range(4)) - {seat}:
            assert views[other].SerializeToString() not in sent
        message = parsed(sent)
        assert message.view == views[seat] and message.viewer_seat == seat
        assert bool(message.legal_moves) == (room.state.to_act() == seat)


def test_the_shared_table_part_holds_only_public_fields() -> None:
    room = table()
    outbound.snapshot(room, CODEC, 0, NOTHING)
    shared_table = snapshot_cache.built(room)["table"]
    assert isinstance(shared_table, tuple)
    fields = {field.name for field, _ in parsed(shared_table[0]).ListFields()}
    assert fields <= PUBLIC and {"seats", "status", "to_act"} <= fields


def test_the_parts_parse_as_the_one_snapshot_a_viewer_is_owed() -> None:
    room = table()
    sat_down = TableNote(NoteKind.SAT_DOWN, 0, "ada")
    message = parsed(outbound.snapshot(room, CODEC, 1, told((sat_down,))).data)
    assert message.match_id == "shared" and message.viewer_seat == 1 and len(message.seats) == 4
    assert [event.text for event in message.events] == ["ada sat down"]
    assert message.events[0].table_note.kind == match_pb2.TABLE_NOTE_KIND_SAT_DOWN
    assert message.status == parsed(alone(room, None)).status


async def test_a_move_and_a_broadcast_make_the_next_snapshot_new(
    client: Server, running: Running
) -> None:
    seats = await two_humans(client)
    room = running.served.registry.room(seats[0].match_id)
    codec = CODECS[room.game_id]
    before = outbound.snapshot(room, codec, None, NOTHING)
    mover = room.state.to_act()
    assert mover is not None
    room.submit(mover, room.version, room.state.legal_moves()[0])
    after = outbound.snapshot(room, codec, None, NOTHING)
    assert parsed(after.data).version == parsed(before.data).version + 1
    room.broadcast([], [TableNote(NoteKind.SAT_DOWN, 0, "someone")])  # the table changed
    assert snapshot_cache.built(room) == {}


def test_a_revision_of_the_table_alone_keeps_the_views_and_a_move_does_not() -> None:
    """A stream opened or a seat changed is a revision of the room but not of the game: every
    viewer's part (its view, its legal moves) is kept and sent again as it was, while the table
    part is built anew; a move builds every view again."""
    store = Store(":memory:")
    room = table(store=store)
    store.create_match(room.match_id, GAME, 4, {}, room.seed, [])  # where its move is logged
    for seat in range(4):
        outbound.snapshot(room, CODEC, seat, NOTHING)
    kept = dict(snapshot_cache.built_from_state(room))
    table_before = snapshot_cache.built(room)["table"]
    room.broadcast([], [TableNote(NoteKind.SAT_DOWN, 0, "ada")])  # a revision of the table
    sent = [outbound.snapshot(room, CODEC, seat, NOTHING).data for seat in range(4)]
    assert snapshot_cache.built(room)["table"] is not table_before
    assert len(kept) == 5  # the public part and the four seats' parts
    assert all(snapshot_cache.built_from_state(room)[key] is part for key, part in kept.items())
    assert sent == [alone(room, seat) for seat in range(4)]  # as if built from nothing
    mover = room.state.to_act()
    assert mover is not None
    room.submit(mover, room.version, room.state.legal_moves()[0])
    assert snapshot_cache.built_from_state(room) == {}
    for seat in range(4):
        message = parsed(outbound.snapshot(room, CODEC, seat, NOTHING).data)
        assert message.view == wrap_view(CODEC, room.state.view(seat))
        assert bool(message.legal_moves) == (room.state.to_act() == seat)


def test_a_match_ended_without_a_move_sends_no_legal_moves() -> None:
    """Ending a match outside its rules (a forfeit, an abort) changes no game state, so the
    views are kept; whose turn it is changes, and the legal moves go with it."""
    room = table()
    mover = room.state.to_act()
    assert mover is not None
    assert parsed(outbound.snapshot(room, CODEC, mover, NOTHING).data).legal_moves
    room.end(Ending("aborted"))
    message = parsed(outbound.snapshot(room, CODEC, mover, NOTHING).data)
    assert message.status == lobby_pb2.MATCH_STATUS_FINISHED
    assert not message.legal_moves and message.view == wrap_view(CODEC, room.state.view(mover))


def test_a_different_update_is_a_different_snapshot() -> None:
    room = table()
    quiet = outbound.snapshot(room, CODEC, None, NOTHING).data
    left = told((TableNote(NoteKind.LEFT, 0, "ada"),), until=1)
    noted = outbound.snapshot(room, CODEC, None, left).data
    assert [e.text for e in parsed(noted).events] == ["ada left the table"]
    recap = outbound.snapshot(room, CODEC, None, told(recap=True)).data
    assert noted != quiet and recap != quiet


def test_with_a_running_clock_the_time_left_is_of_each_send() -> None:
    now = [1000.0]
    room = table({"clock": "move:30"})
    room.now = lambda: now[0]
    room.clock.sync(room.state.to_act(), True, now[0])
    first = parsed(outbound.snapshot(room, CODEC, None, NOTHING).data)
    now[0] += 2.5
    later = parsed(outbound.snapshot(room, CODEC, None, NOTHING).data)
    assert first.turn_remaining_ms - later.turn_remaining_ms == 2500
    assert first.deadline_unix_ms == later.deadline_unix_ms


def test_a_stream_response_embeds_the_snapshot_bytes_as_protobuf_would() -> None:
    room = table()
    data = outbound.snapshot(room, CODEC, 2, NOTHING).data
    for response in (match_pb2.PlayResponse, match_pb2.WatchResponse):
        framed = outbound.embedded(response.DESCRIPTOR.fields_by_name["snapshot"], data)
        canonical = response(snapshot=parsed(data)).SerializeToString()
        # The same message and size; only the order of the snapshot's fields differs (the
        # parts are concatenated), which protobuf leaves to the writer.
        assert response.FromString(framed) == response.FromString(canonical)
        assert len(framed) == len(canonical)
    result = match_pb2.MoveResult(version=3, accepted=True, new_version=4)
    field = match_pb2.PlayResponse.DESCRIPTOR.fields_by_name["result"]
    assert outbound.embedded(field, result.SerializeToString()) == (
        match_pb2.PlayResponse(result=result).SerializeToString()
    )
    assert outbound.varint(300) == b"\xac\x02" and outbound.varint(0) == b"\x00"


WATCHED = match_pb2.WatchResponse.DESCRIPTOR.fields_by_name["snapshot"]


@pytest.mark.parametrize("options", [{}, {"clock": "move:30"}], ids=["no clock", "clock"])
def test_streams_owed_different_updates_are_never_sent_the_same_bytes(
    options: dict[str, str],
) -> None:
    """Streams that opened, were last sent a snapshot, or closed at different revisions are
    owed different updates, and each is sent what would be built for it alone, even when all
    of them are sent in one revision (what is shared is keyed by the revisions covered)."""
    room = table(options)
    room.now = lambda: 1000.0
    room.clock.sync(room.state.to_act(), True, 1000.0)
    streams: dict[str, Subscriber] = {}
    for name in ("first", "caught_up", "behind", "closed"):
        streams[name] = room.subscribe(None)  # at revision 0
    for name in ("caught_up", "behind", "closed"):
        streams[name].take_update()  # each sent its first snapshot at revision 0
    room.broadcast([], [TableNote(NoteKind.LEFT, 0, "bob")])  # revision 1
    streams["caught_up"].take_update()
    room.unsubscribe(streams["closed"])  # told nothing more
    room.broadcast([], [TableNote(NoteKind.SAT_DOWN, 0, "ada")])  # revision 2
    updates = {name: stream.take_update() for name, stream in streams.items()}
    sent = {}
    for name, update in updates.items():
        assert update is not None
        sent[name] = outbound.response(room, CODEC, None, update, WATCHED).data
    owed = {}
    for name, update in updates.items():
        assert update is not None
        forget(room)
        owed[name] = outbound.response(room, CODEC, None, update, WATCHED).data
    assert sent == owed
    watched = {name: match_pb2.WatchResponse.FromString(data) for name, data in owed.items()}
    texts = {name: [e.text for e in response.snapshot.events] for name, response in watched.items()}
    assert texts == {
        "first": ["bob left the table", "ada sat down"],  # the recap: only the flag differs
        "caught_up": ["ada sat down"],
        "behind": ["bob left the table", "ada sat down"],
        "closed": ["bob left the table"],
    }
    assert len(set(sent.values())) == 4


def noted(events: list[Event]) -> list[str]:
    return [event.note.text for event in events if isinstance(event, TableEvent)]


def test_streams_opened_at_one_revision_share_one_recap_and_each_broadcast() -> None:
    """A thousand spectators opening at once, then told of a move, hold one recap and one
    record of the broadcast between them, not a copy each; a stream opened after the move has
    the move in its own recap, and every stream's update says what it was told, in order."""
    room = table()
    room.broadcast([], [TableNote(NoteKind.SAT_DOWN, 0, "ada")])
    early = [room.subscribe(None) for _ in range(3)]
    room.broadcast([], [TableNote(NoteKind.LEFT, 1, "bob")])
    late = room.subscribe(None)
    updates = [stream.take_update() for stream in (*early, late)]
    assert all(update is not None for update in updates)
    first, second, third, after = (update for update in updates if update is not None)
    assert first.told[0] is second.told[0] is third.told[0]  # the recap, shared
    assert first.told[1] is second.told[1] is third.told[1]  # the broadcast, shared
    assert after.told[0] is not first.told[0] and len(after.told) == 1
    assert noted(first.events) == ["ada sat down"]  # the recap's, as events
    assert [note.text for note in first.notes] == ["bob left the table"]  # the broadcast's
    assert noted(after.events) == ["ada sat down", "bob left the table"]
    assert first.since == 1 and first.until == 2 and after.since == after.until == 2


def test_a_rooms_snapshot_cache_goes_with_the_room() -> None:
    """The per-revision cache is the room's own (`Room.derived`): when the room is collected
    what it held goes too, so a finished match's bytes are not kept and a new room never finds
    them."""

    class Built:
        """Something built for the room that a weak reference can watch (bytes cannot)."""

    room = table()
    outbound.table_part(room)
    assert "table" in snapshot_cache.built(room)
    built = Built()
    snapshot_cache.built(room)["watched"] = built
    watched = weakref.ref(built)
    del room, built
    gc.collect()
    assert watched() is None
    assert snapshot_cache.built(table()) == {}
