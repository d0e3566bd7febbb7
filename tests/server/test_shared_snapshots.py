"""Spectators share one snapshot per revision of the room (issue 14: 1,000 spectators cost a
thousand identical snapshots before); seats never share, and nothing a spectator is sent
differs from what would be built for it alone."""

from __future__ import annotations

from collections.abc import Mapping

from client.api import Server
from engine import GAMES
from server import outbound
from server.codecs import CODECS
from server.lobby import CodecLog
from server.main import Running
from server.notes import NoteKind, TableNote
from server.room import Room, SeatKind, SeatSlot
from server.store import Store
from tests.server.helpers import two_humans

CODEC = CODECS["doors"]


def doors_room(options: Mapping[str, str] | None = None) -> Room:
    seats = [SeatSlot(n, SeatKind.BOT, "random", f"bot-{n}") for n in range(2)]
    log = CodecLog(Store(":memory:"), CODEC)
    return Room("shared", GAMES["doors"], 2, dict(options or {}), 7, seats, log)


def fresh(room: Room) -> bytes:
    return outbound.build_snapshot(room, CODEC, None, [], [], [], False).SerializeToString()


def test_spectators_owed_the_same_update_share_one_snapshot_built_once() -> None:
    room = doors_room()
    first = outbound.snapshot(room, CODEC, None, [])
    assert outbound.snapshot(room, CODEC, None, []) is first
    assert first.SerializeToString() == fresh(room)


def test_seats_never_share_and_never_get_the_spectators_snapshot() -> None:
    room = doors_room()
    spectator = outbound.snapshot(room, CODEC, None, [])
    seat = outbound.snapshot(room, CODEC, 0, [])
    assert seat is not spectator and outbound.snapshot(room, CODEC, 0, []) is not seat
    assert seat.HasField("viewer_seat") and not spectator.HasField("viewer_seat")
    assert seat.view.SerializeToString() != spectator.view.SerializeToString()  # the hand


async def test_a_move_and_a_broadcast_make_the_next_spectator_snapshot_new(
    client: Server, running: Running
) -> None:
    seats = await two_humans(client)
    room = running.lobby.room(seats[0].match_id)
    before = outbound.snapshot(room, CODEC, None, [])
    mover = room.state.to_act()
    assert mover is not None
    room.submit(mover, room.version, room.state.legal_moves()[0])
    after = outbound.snapshot(room, CODEC, None, [])
    assert after is not before and after.version == before.version + 1
    assert (
        after.SerializeToString()
        == outbound.build_snapshot(room, CODEC, None, [], [], [], False).SerializeToString()
    )
    room.broadcast(
        [], [TableNote(NoteKind.SAT_DOWN, 0, "someone")]
    )  # no new version, but the table changed
    assert outbound.snapshot(room, CODEC, None, []) is not after


def test_a_different_update_is_a_different_snapshot() -> None:
    room = doors_room()
    quiet = outbound.snapshot(room, CODEC, None, [])
    noted = outbound.snapshot(room, CODEC, None, [], [TableNote(NoteKind.LEFT, 0, "ada")])
    assert noted is not quiet and [e.text for e in noted.events] == ["ada left the table"]
    assert outbound.snapshot(room, CODEC, None, [], recap=True) is not quiet


def test_with_a_running_clock_every_spectator_gets_its_own_snapshot() -> None:
    room = doors_room({"clock": "move:30"})
    assert outbound.snapshot(room, CODEC, None, []) is not outbound.snapshot(room, CODEC, None, [])
