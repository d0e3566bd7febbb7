"""MatchService over a real server: complete matches between scripted clients, and every bad
input answered with its precise status while the match stays exactly as it was."""

from __future__ import annotations

import asyncio
import random

import grpc
import pytest
from tigerden.v1 import doors_pb2, lobby_pb2, match_pb2

from client.api import SeatHandle, Server
from client.bot import play_seat, random_chooser
from tests.server.helpers import first_snapshot, refused, to_act, two_humans

RED_GUESS = doors_pb2.DoorsGuess(colour=doors_pb2.DOORS_COLOUR_RED)
TAKE_RED_LADY = doors_pb2.DoorsTake(card=doors_pb2.DOORS_CARD_RED_LADY)


async def test_two_scripted_clients_play_a_complete_match(client: Server) -> None:
    seats = await two_humans(client)
    finals = await asyncio.gather(
        *(play_seat(seat, random_chooser(random.Random(n))) for n, seat in enumerate(seats))
    )
    for final in finals:
        assert final.status == lobby_pb2.MATCH_STATUS_FINISHED
        assert max(final.result.scores) >= 10
        assert len(final.result.winners) == 1
    assert finals[0].result == finals[1].result
    assert finals[0].version == finals[1].version > 0


async def test_match_against_a_server_bot(client: Server) -> None:
    match = await client.create("doors")
    seat = await client.join(match.match_id, "ada")
    final = await play_seat(seat, random_chooser(random.Random(7)))
    assert final.HasField("result")


async def test_snapshot_shape_for_the_seat_to_act(client: Server) -> None:
    seats = await two_humans(client)
    seat, snapshot = await to_act(seats)
    assert snapshot.viewer_seat == seat.seat == snapshot.to_act
    assert snapshot.version == 0
    assert snapshot.status == lobby_pb2.MATCH_STATUS_PLAYING
    assert [s.name for s in snapshot.seats] == ["ada", "bob"]
    assert len(snapshot.view.doors.display) == 4
    assert snapshot.view.doors.own_door != doors_pb2.DOORS_CARD_UNSPECIFIED
    labels = [m.label for m in snapshot.legal_moves]
    assert labels and all(label.startswith("take ") for label in labels)
    assert len(set(labels)) == len(labels)
    other = seats[1 - seats.index(seat)]
    assert not (await first_snapshot(other)).legal_moves


async def test_act_plays_a_move_and_bumps_the_version(client: Server) -> None:
    seats = await two_humans(client)
    seat, snapshot = await to_act(seats)
    assert await seat.act(0, snapshot.legal_moves[0].move) == 1
    assert (await first_snapshot(seat)).version == 1


def game_part(snapshot: match_pb2.Snapshot) -> bytes:
    """Everything of a snapshot but the seats (whose `connected` flags follow our streams) and
    the table notes (who sat down, left: not kept across a restart)."""
    copy = match_pb2.Snapshot()
    copy.CopyFrom(snapshot)
    del copy.seats[:]
    game_events = [event for event in copy.events if event.WhichOneof("game")]
    del copy.events[:]
    copy.events.extend(game_events)
    return copy.SerializeToString()


async def snapshots(seats: tuple[SeatHandle, SeatHandle]) -> list[bytes]:
    return [game_part(await first_snapshot(seat)) for seat in seats]


async def assert_unchanged(seats: tuple[SeatHandle, SeatHandle], before: list[bytes]) -> None:
    assert await snapshots(seats) == before


async def test_not_your_turn(client: Server) -> None:
    seats = await two_humans(client)
    seat, snapshot = await to_act(seats)
    other = seats[1 - seats.index(seat)]
    before = await snapshots(seats)
    await refused(
        other.act(0, snapshot.legal_moves[0].move),
        grpc.StatusCode.FAILED_PRECONDITION,
        "NOT_YOUR_TURN",
    )
    await assert_unchanged(seats, before)


async def test_illegal_move(client: Server) -> None:
    seats = await two_humans(client)
    seat, _ = await to_act(seats)
    before = await snapshots(seats)
    guess = match_pb2.Move(doors=doors_pb2.DoorsMove(guess=RED_GUESS))
    details = await refused(seat.act(0, guess), grpc.StatusCode.FAILED_PRECONDITION, "ILLEGAL_MOVE")
    assert "take" in details  # lists what is legal
    await assert_unchanged(seats, before)


async def test_malformed_moves(client: Server) -> None:
    seats = await two_humans(client)
    seat, _ = await to_act(seats)
    before = await snapshots(seats)
    empty_take = doors_pb2.DoorsMove(take=doors_pb2.DoorsTake())
    unknown_card = doors_pb2.DoorsMove(take=doors_pb2.DoorsTake(card=99))  # type: ignore[arg-type]
    empty_guess = doors_pb2.DoorsMove(guess=doors_pb2.DoorsGuess())
    for move in (
        match_pb2.Move(),
        match_pb2.Move(doors=doors_pb2.DoorsMove()),
        match_pb2.Move(doors=empty_take),
        match_pb2.Move(doors=unknown_card),
        match_pb2.Move(doors=empty_guess),
    ):
        await refused(seat.act(0, move), grpc.StatusCode.INVALID_ARGUMENT, "MALFORMED_MOVE")
    await assert_unchanged(seats, before)


async def test_stale_version_and_resent_duplicate(client: Server) -> None:
    seats = await two_humans(client)
    seat, snapshot = await to_act(seats)
    move = snapshot.legal_moves[0].move
    assert await seat.act(0, move) == 1
    assert await seat.act(0, move) == 1  # the same move resent: answered, not replayed
    assert (await first_snapshot(seat)).version == 1
    other_move = next((m.move for m in snapshot.legal_moves if m.move != move), None)
    if other_move is not None:
        before = await snapshots(seats)
        await refused(seat.act(0, other_move), grpc.StatusCode.ABORTED, "STALE_VERSION")
        await assert_unchanged(seats, before)
    await refused(seat.act(7, move), grpc.StatusCode.ABORTED, "STALE_VERSION")


async def test_match_not_started(client: Server) -> None:
    match = await client.create("doors", 2, seats=[(1, ""), (1, "")])
    seat = await client.join(match.match_id, "ada", 0)
    snapshot = await first_snapshot(seat)
    assert snapshot.status == lobby_pb2.MATCH_STATUS_WAITING and not snapshot.legal_moves
    move = match_pb2.Move(
        doors=doors_pb2.DoorsMove(take=doors_pb2.DoorsTake(card=snapshot.view.doors.display[0]))
    )
    await refused(seat.act(0, move), grpc.StatusCode.FAILED_PRECONDITION, "MATCH_NOT_STARTED")


async def test_match_over(client: Server) -> None:
    seats = await two_humans(client)
    finals = await asyncio.gather(
        *(play_seat(seat, random_chooser(random.Random(n))) for n, seat in enumerate(seats))
    )
    take = match_pb2.Move(doors=doors_pb2.DoorsMove(take=TAKE_RED_LADY))
    await refused(
        seats[0].act(finals[0].version, take), grpc.StatusCode.FAILED_PRECONDITION, "MATCH_OVER"
    )


async def test_missing_and_bad_tokens(client: Server) -> None:
    take = match_pb2.Move(doors=doors_pb2.DoorsMove(take=TAKE_RED_LADY))
    await refused(
        client.match.Act(match_pb2.ActRequest(version=0, move=take)),
        grpc.StatusCode.UNAUTHENTICATED,
        "MISSING_TOKEN",
    )
    for header in ("Bearer not-a-token", "Basic abc", "Bearer "):
        await refused(
            client.match.Act(
                match_pb2.ActRequest(version=0, move=take), metadata=(("authorization", header),)
            ),
            grpc.StatusCode.UNAUTHENTICATED,
            "BAD_TOKEN",
        )
    call = client.match.Play(metadata=(("authorization", "Bearer nope"),))  # type: ignore[call-arg]
    await refused(call.read(), grpc.StatusCode.UNAUTHENTICATED, "BAD_TOKEN")


async def test_watch_refusals(client: Server) -> None:
    seats = await two_humans(client)
    other = await client.create("doors")

    async def watch(match_id: str, token: str | None) -> None:
        async for _ in client.watch(match_id, token):
            break

    await refused(watch("nope", None), grpc.StatusCode.NOT_FOUND, "UNKNOWN_MATCH")
    await refused(
        watch(other.match_id, seats[0].token), grpc.StatusCode.PERMISSION_DENIED, "WRONG_MATCH"
    )


async def test_play_stream_answers_refusals_in_band_and_stays_open(client: Server) -> None:
    seats = await two_humans(client)
    seat, _ = await to_act(seats)
    async with seat.play() as table:
        stream = table.snapshots()
        first = await anext(stream)
        assert first.version == 0 and first.legal_moves
        await table.send(0, match_pb2.Move())  # malformed
        await table.send(5, first.legal_moves[0].move)  # stale
        await table.send(0, first.legal_moves[0].move)  # good
        after = await anext(stream)  # results arrive on the stream before the new snapshot
        while after.version < 1:
            after = await anext(stream)
        assert after.events and after.events[0].text
        results = [table.results.get_nowait() for _ in range(3)]
        assert [r.accepted for r in results] == [False, False, True]
        assert results[0].rejection.reason == "MALFORMED_MOVE"
        assert results[0].rejection.code == grpc.StatusCode.INVALID_ARGUMENT.value[0]
        assert results[1].rejection.reason == "STALE_VERSION"
        assert results[1].rejection.code == grpc.StatusCode.ABORTED.value[0]
        assert results[2].new_version == 1


async def test_connected_flag_follows_streams(client: Server) -> None:
    seats = await two_humans(client)
    assert not (await client.matches())[0].seats[0].connected
    async with seats[0].play() as table:
        await anext(table.snapshots())
        (match,) = await client.matches()
        assert match.seats[0].connected and not match.seats[1].connected


async def test_leaving_ends_the_seats_open_streams(client: Server) -> None:
    seats = await two_humans(client)
    seat, _ = await to_act(seats)
    async with seat.play() as table:
        stream = table.snapshots()
        first = await anext(stream)
        await seat.leave()
        with pytest.raises(grpc.aio.AioRpcError) as caught:
            async for _ in stream:
                pass
        assert caught.value.code() == grpc.StatusCode.UNAUTHENTICATED
        newcomer = await client.join(seat.match_id, "eve", seat.seat)
        with pytest.raises(asyncio.InvalidStateError):  # the old stream is closed for moves
            await table.send(first.version, first.legal_moves[0].move)
        snapshot = await first_snapshot(newcomer)
        assert snapshot.version == first.version
