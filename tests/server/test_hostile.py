"""Hostile and buggy clients against a real server (issue 12): negative versions, undecodable
bytes, colliding match ids, a private database file. Each answer is a precise status; nothing
ends in UNKNOWN, and the match stays as it was."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import stat
from pathlib import Path

import grpc
import pytest
from tigerden.v1 import match_pb2, match_pb2_grpc

from client.api import Server, connect
from server.mailbox import MAX_PENDING_RESULTS
from server.main import Running, start_server, wire
from server.store import Store
from tests.server.helpers import refused, to_act, two_humans
from tests.server.test_match import assert_unchanged, snapshots

LOBBY = "/tigerden.v1.LobbyService/"
MATCH = "/tigerden.v1.MatchService/"


async def test_negative_version_on_act_is_invalid_argument(client: Server) -> None:
    seats = await two_humans(client)
    seat, snapshot = await to_act(seats)
    before = await snapshots(seats)
    details = await refused(
        seat.act(-1, snapshot.legal_moves[0].move), grpc.StatusCode.INVALID_ARGUMENT, "BAD_VERSION"
    )
    assert "-1" in details
    await assert_unchanged(seats, before)


async def test_negative_version_never_counts_as_a_resent_move(client: Server) -> None:
    seats = await two_humans(client)
    seat, snapshot = await to_act(seats)
    move = snapshot.legal_moves[0].move
    assert await seat.act(0, move) == 1
    # history[-1] is the move just accepted: a negative index must not match it.
    await refused(seat.act(-1, move), grpc.StatusCode.INVALID_ARGUMENT, "BAD_VERSION")


async def test_negative_version_on_play_is_answered_and_the_stream_goes_on(
    client: Server,
) -> None:
    seats = await two_humans(client)
    seat, _ = await to_act(seats)
    async with seat.play() as table:
        stream = table.snapshots()
        first = await anext(stream)
        await table.send(-1, first.legal_moves[0].move)
        await table.send(0, first.legal_moves[0].move)
        after = await asyncio.wait_for(anext(stream), 5)
        while after.version < 1:
            after = await asyncio.wait_for(anext(stream), 5)
        refusal, accepted = (table.results.get_nowait() for _ in range(2))
        assert not refusal.accepted and refusal.rejection.reason == "BAD_VERSION"
        assert refusal.rejection.code == grpc.StatusCode.INVALID_ARGUMENT.value[0]
        assert accepted.accepted and accepted.new_version == 1


def raw(client: Server, method: str, streaming: str = "unary") -> object:
    """A call of `method` that sends and receives raw bytes (no protobuf on our side)."""
    identity = {"request_serializer": None, "response_deserializer": None}
    make = {
        "unary": client.channel.unary_unary,
        "server": client.channel.unary_stream,
        "bidi": client.channel.stream_stream,
    }[streaming]
    return make(method, **identity)  # type: ignore[operator]


GARBAGE = b"\xff\xff\xff\xff"  # a field tag whose varint never ends: not a protobuf message


@pytest.mark.parametrize(
    "method",
    [
        LOBBY + "ListGames",
        LOBBY + "CreateMatch",
        LOBBY + "ListMatches",
        LOBBY + "JoinMatch",
        LOBBY + "LeaveMatch",
        MATCH + "Act",
        MATCH + "CountSpectators",
    ],
)
async def test_undecodable_unary_requests_are_invalid_argument(client: Server, method: str) -> None:
    call = raw(client, method)(GARBAGE)  # type: ignore[operator]
    details = await refused(call, grpc.StatusCode.INVALID_ARGUMENT, "MALFORMED_REQUEST")
    assert "protobuf" in details


async def test_undecodable_watch_request_is_invalid_argument(client: Server) -> None:
    call = raw(client, MATCH + "Watch", "server")(GARBAGE)  # type: ignore[operator]
    await refused(call.read(), grpc.StatusCode.INVALID_ARGUMENT, "MALFORMED_REQUEST")  # type: ignore[attr-defined]


async def test_undecodable_play_request_ends_the_call_invalid_argument(client: Server) -> None:
    seats = await two_humans(client)
    seat, _ = await to_act(seats)
    before = await snapshots(seats)
    call = raw(client, MATCH + "Play", "bidi")(metadata=seat.metadata)  # type: ignore[operator]
    assert await call.read()  # type: ignore[attr-defined]  # the first snapshot
    await call.write(GARBAGE)  # type: ignore[attr-defined]

    async def drain() -> None:
        while await call.read() is not grpc.aio.EOF:  # type: ignore[attr-defined]
            pass

    await refused(
        asyncio.wait_for(drain(), 5), grpc.StatusCode.INVALID_ARGUMENT, "MALFORMED_REQUEST"
    )
    await assert_unchanged(seats, before)


async def test_reader_failure_ends_play_with_internal(
    client: Server, running: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An unexpected exception while reading moves ends the call with INTERNAL, not a silent
    stream that answers nothing. The bug is the room's log failing other than as a log does
    (its `append` is the seam a room is built with)."""
    seats = await two_humans(client)
    seat, _ = await to_act(seats)
    room = running.served.registry.rooms[seat.match_id]  # type: ignore[attr-defined]

    class BuggyLog:
        def append(self, *args: object) -> None:
            raise ZeroDivisionError("a bug")

    async with seat.play() as table:
        stream = table.snapshots()
        first = await anext(stream)
        monkeypatch.setattr(room, "log", BuggyLog())
        await table.send(0, first.legal_moves[0].move)
        with pytest.raises(grpc.aio.AioRpcError) as caught:
            async with asyncio.timeout(5):
                async for _ in stream:
                    pass
        assert caught.value.code() == grpc.StatusCode.INTERNAL
        assert "ZeroDivisionError" not in (caught.value.details() or "")


async def test_match_ids_have_64_random_bits(client: Server) -> None:
    match = await client.create("doors")
    assert len(match.match_id) >= 16
    int(match.match_id, 16)


async def test_a_colliding_match_id_is_drawn_again(tmp_path: Path) -> None:
    from server.bots import BotDriver

    ids = iter(["aaaa", "aaaa", "bbbb"])
    store = Store(tmp_path / "db.sqlite")
    lobby = wire(store, BotDriver(), new_match_id=lambda: next(ids)).lobby
    first, _ = lobby.create("doors", 2, {}, [])
    second, _ = lobby.create("doors", 2, {}, [])
    assert (first.match_id, second.match_id) == ("aaaa", "bbbb")
    assert [r.match_id for r in store.unfinished()] == ["aaaa", "bbbb"]
    store.close()


async def test_database_file_and_folder_are_private(tmp_path: Path) -> None:
    db = tmp_path / "new-folder" / "tigerden.sqlite"
    running = await start_server("127.0.0.1:0", db)
    try:
        async with connect(f"127.0.0.1:{running.port}") as client:
            await client.create("doors")  # a write, so the WAL files exist too
    finally:
        await running.stop(grace=0.1)
    assert stat.S_IMODE(db.parent.stat().st_mode) == 0o700
    for path in db.parent.iterdir():
        assert stat.S_IMODE(path.stat().st_mode) == 0o600, path.name


async def test_an_existing_world_readable_database_is_made_private(tmp_path: Path) -> None:
    db = tmp_path / "tigerden.sqlite"
    Store(db).close()
    db.chmod(0o644)
    Store(db).close()
    assert stat.S_IMODE(db.stat().st_mode) == 0o600


async def test_leaving_with_an_open_stream_leaves_no_unretrieved_task_exception(
    client: Server,
) -> None:
    loop = asyncio.get_running_loop()
    reported: list[dict[str, object]] = []
    loop.set_exception_handler(lambda _, context: reported.append(context))
    try:
        seats = await two_humans(client)
        async with seats[0].play() as table:
            stream = table.snapshots()
            await anext(stream)
            await seats[0].leave()
            with pytest.raises(grpc.aio.AioRpcError):
                async for _ in stream:
                    pass
        await asyncio.sleep(0.2)
        gc.collect()
        await asyncio.sleep(0.1)
    finally:
        loop.set_exception_handler(None)
    assert [c.get("message") for c in reported] == []


async def test_reflection_is_served_as_v1_and_v1alpha(client: Server) -> None:
    from grpc_reflection.v1alpha import reflection_pb2

    for package in ("v1", "v1alpha"):
        call = raw(
            client, f"/grpc.reflection.{package}.ServerReflection/ServerReflectionInfo", "bidi"
        )()  # type: ignore[operator]
        request = reflection_pb2.ServerReflectionRequest(list_services="")
        await call.write(request.SerializeToString())  # type: ignore[attr-defined]
        response = reflection_pb2.ServerReflectionResponse.FromString(await call.read())  # type: ignore[attr-defined]
        names = {s.name for s in response.list_services_response.service}
        assert {"tigerden.v1.MatchService", "grpc.reflection.v1.ServerReflection"} <= names
        for name in (
            "grpc.reflection.v1.ServerReflection",
            "google.rpc.Status",  # for clients that decode error details from reflection
            "google.rpc.ErrorInfo",
            "google.rpc.RetryInfo",
        ):
            symbol = reflection_pb2.ServerReflectionRequest(file_containing_symbol=name)
            await call.write(symbol.SerializeToString())  # type: ignore[attr-defined]
            described = reflection_pb2.ServerReflectionResponse.FromString(await call.read())  # type: ignore[attr-defined]
            assert described.file_descriptor_response.file_descriptor_proto, (package, name)
        await call.done_writing()  # type: ignore[attr-defined]


async def test_a_play_client_that_never_reads_holds_a_bounded_backlog(
    client: Server, running: Running
) -> None:
    seats = await two_humans(client)
    seat, snapshot = await to_act(seats)
    room = running.served.registry.rooms[seat.match_id]
    stale = match_pb2.PlayRequest(version=10**6, move=snapshot.legal_moves[0].move)
    # Without BDP probing the client's receive window stays small, so the server's sends stop
    # soon, as they would for a client that reads nothing for long.
    channel = grpc.aio.insecure_channel(client.target, options=[("grpc.http2.bdp_probe", 0)])
    call = match_pb2_grpc.MatchServiceStub(channel).Play(metadata=seat.metadata)  # type: ignore[call-arg]
    written, loop = 0, asyncio.get_running_loop()
    until = loop.time() + 3.0
    with contextlib.suppress(TimeoutError):  # a write that waits: the server stopped reading
        while loop.time() < until:
            await asyncio.wait_for(call.write(stale), 0.5)
            written += 1
    assert max(s.pending_results for s in room.subscribers) <= MAX_PENDING_RESULTS
    # Other tables are not held up meanwhile.
    other_seat, other = await to_act(await two_humans(client))
    assert await other_seat.act(0, other.legal_moves[0].move) == 1
    await channel.close(grace=None)
    assert written > MAX_PENDING_RESULTS  # the server did read moves up to its cap
