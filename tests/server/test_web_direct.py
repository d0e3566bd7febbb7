"""The web port calls the gRPC server's handlers in process (`server/direct.py`): a browser's
bad input gets what a gRPC client's gets, and a browser that goes away ends its call.

Each comparison sends the same request bytes over gRPC (a generic bytes call, as a client with
other stubs would) and over gRPC-Web, and compares the status code, the message and the
`grpc-status-details-bin` bytes (the ErrorInfo) of the two answers.
"""

from __future__ import annotations

import asyncio
import base64
import logging
import struct
import urllib.parse
from collections.abc import AsyncIterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import aiohttp
import grpc
import pytest
from grpc_health.v1 import health_pb2
from tigerden.v1 import lobby_pb2, match_pb2

from client.api import Server, connect
from server.direct import Handler, WebContext, handlers, run
from server.limits import LAN_LIMITS
from server.main import HEALTH_SERVICE, Running, start_server
from server.service import LobbyService
from tests.server.helpers import serving_web, to_act, two_humans
from tools.grpcweb import CODES, GrpcWebClient, GrpcWebError, parse_trailers

LOBBY = "/tigerden.v1.LobbyService/"
MATCH = "/tigerden.v1.MatchService/"
HEALTH_WATCH = "/grpc.health.v1.Health/Watch"
STATUS_DETAILS = "grpc-status-details-bin"
CONNECTION_STREAMS = 2


@dataclass(frozen=True)
class Answer:
    """How a call ended, as either protocol says it."""

    code: grpc.StatusCode
    details: str
    status_details: bytes | None
    replies: int


@pytest.fixture
async def web(tmp_path: Path) -> AsyncIterator[Running]:
    limits = replace(
        LAN_LIMITS,
        acts_per_second=1000,
        max_concurrent_streams=CONNECTION_STREAMS,
    )
    async with serving_web(tmp_path / "direct.sqlite", limits) as running:
        yield running


@pytest.fixture
async def grpc_client(web: Running) -> AsyncIterator[Server]:
    async with connect(f"127.0.0.1:{web.port}") as client:
        yield client


def url(running: Running) -> str:
    assert running.web is not None
    return f"http://127.0.0.1:{running.web.bound}"


def authorization(token: str | None) -> tuple[tuple[str, str], ...]:
    return () if token is None else (("authorization", f"Bearer {token}"),)


async def over_grpc(
    client: Server,
    path: str,
    body: bytes,
    streaming: bool = False,
    token: str | None = None,
    timeout: float | None = None,
) -> Answer:
    metadata = authorization(token)
    call: Any
    replies = 0
    if streaming:
        call = client.channel.unary_stream(path, None, None)(
            body, metadata=metadata, timeout=timeout
        )
        try:
            async for _reply in call:
                replies += 1
        except grpc.aio.AioRpcError:
            pass
    else:
        call = client.channel.unary_unary(path, None, None)(
            body, metadata=metadata, timeout=timeout
        )
        try:
            await call
            replies = 1
        except grpc.aio.AioRpcError:
            pass
    trailing = dict(await call.trailing_metadata() or ())
    return Answer(
        await call.code(), await call.details() or "", trailing.get(STATUS_DETAILS), replies
    )


async def over_web(
    running: Running,
    path: str,
    body: bytes,
    token: str | None = None,
    timeout: str | None = None,
) -> Answer:
    headers = {"Content-Type": "application/grpc-web+proto", **dict(authorization(token))}
    if timeout is not None:
        headers["grpc-timeout"] = timeout
    async with (
        aiohttp.ClientSession() as session,
        session.post(url(running) + path, data=framed(body), headers=headers) as response,
    ):
        assert response.status == 200
        answer = await response.read()
    replies, trailers = 0, None
    while answer:
        flags, length = struct.unpack_from(">BI", answer)
        payload, answer = answer[5 : 5 + length], answer[5 + length :]
        if flags & 0x80:
            trailers = parse_trailers(payload)
        else:
            replies += 1
    assert trailers is not None, "no trailer frame"
    encoded = trailers.get(STATUS_DETAILS)
    return Answer(
        CODES[int(trailers["grpc-status"])],
        urllib.parse.unquote(trailers.get("grpc-message", "")),
        None if encoded is None else base64.b64decode(encoded + "=" * (-len(encoded) % 4)),
        replies,
    )


def framed(message: bytes) -> bytes:
    return struct.pack(">BI", 0, len(message)) + message


async def test_bad_input_gets_the_same_status_message_and_error_info_as_over_grpc(
    web: Running, grpc_client: Server, caplog: pytest.LogCaptureFixture
) -> None:
    ada, bob = await two_humans(grpc_client)
    mover, mine = await to_act((ada, bob))
    other = bob if mover is ada else ada
    move = mine.legal_moves[0].move
    act = MATCH + "Act"
    cases = {
        "a token that seats no one": (act, match_pb2.ActRequest(version=mine.version), "x"),
        "no token": (act, match_pb2.ActRequest(version=mine.version), None),
        "a stale version": (
            act,
            match_pb2.ActRequest(version=mine.version + 1, move=move),
            mover.token,
        ),
        "out of turn": (act, match_pb2.ActRequest(version=mine.version, move=move), other.token),
        "an empty move": (act, match_pb2.ActRequest(version=mine.version), mover.token),
        "an unknown match": (
            LOBBY + "JoinMatch",
            lobby_pb2.JoinMatchRequest(match_id="nope", player_name="eve"),
            None,
        ),
        "an empty match id": (MATCH + "CountSpectators", match_pb2.CountSpectatorsRequest(), None),
    }
    caplog.set_level(logging.INFO)
    for name, (path, request, token) in cases.items():
        body = request.SerializeToString()
        over_web_answer = await over_web(web, path, body, token)
        assert over_web_answer == await over_grpc(grpc_client, path, body, token=token), name
        assert over_web_answer.code is not grpc.StatusCode.OK, name
        assert over_web_answer.status_details is not None, name  # the ErrorInfo
    malformed = b"\xff\xff\xff"
    for path in (LOBBY + "JoinMatch", MATCH + "Watch"):
        answer = await over_web(web, path, malformed)
        assert answer == await over_grpc(grpc_client, path, malformed, path.endswith("Watch"))
        assert answer.code is grpc.StatusCode.INVALID_ARGUMENT
    # A stream refused before its first message: the same trailers as gRPC's.
    for token in (None, ada.token):
        watch = match_pb2.WatchRequest(match_id="nope").SerializeToString()
        answer = await over_web(web, MATCH + "Watch", watch, token)
        assert answer == await over_grpc(grpc_client, MATCH + "Watch", watch, True, token)
        assert answer.code is grpc.StatusCode.NOT_FOUND
    # Every refusal changed nothing: the move is still the mover's to make, at that version.
    good = match_pb2.ActRequest(version=mine.version, move=move).SerializeToString()
    assert (await over_web(web, act, good, mover.token)).code is grpc.StatusCode.OK
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING]
    assert "Traceback" not in caplog.text


async def test_an_oversized_message_and_an_unknown_method_get_grpcs_codes(
    web: Running, grpc_client: Server
) -> None:
    oversized = b"\x00" * (64 * 1024 + 1)
    answer = await over_web(web, LOBBY + "ListGames", oversized)
    assert answer.code is grpc.StatusCode.RESOURCE_EXHAUSTED
    assert answer.code is (await over_grpc(grpc_client, LOBBY + "ListGames", oversized)).code
    assert "65536 bytes" in answer.details
    assert (await over_web(web, LOBBY + "ListGames", b"")).code is grpc.StatusCode.OK
    # Sent in chunks, without a length to refuse it by: read up to the cap, then refused.
    async with aiohttp.ClientSession() as session:

        async def chunks() -> AsyncIterator[bytes]:
            yield framed(oversized)[:1024]
            yield framed(oversized)[1024:]

        async with session.post(
            url(web) + LOBBY + "ListGames",
            data=chunks(),
            headers={"Content-Type": "application/grpc-web+proto"},
        ) as response:
            assert response.status == 200
            assert b"grpc-status: 8\r\n" in await response.read()
    unknown = await over_web(web, LOBBY + "NoSuchMethod", b"")
    assert unknown.code is (await over_grpc(grpc_client, LOBBY + "NoSuchMethod", b"")).code
    assert unknown.code is grpc.StatusCode.UNIMPLEMENTED


async def test_a_deadline_ends_the_call_as_over_grpc(web: Running, grpc_client: Server) -> None:
    ada, _bob = await two_humans(grpc_client)
    room = web.served.registry.rooms[ada.match_id]
    watch = match_pb2.WatchRequest(match_id=ada.match_id).SerializeToString()
    over_web_answer = await over_web(web, MATCH + "Watch", watch, ada.token, timeout="300m")
    assert over_web_answer.code is grpc.StatusCode.DEADLINE_EXCEEDED
    assert over_web_answer.replies >= 1  # the snapshot came first
    over_grpc_answer = await over_grpc(grpc_client, MATCH + "Watch", watch, True, ada.token, 0.3)
    assert over_grpc_answer.code is over_web_answer.code
    for _ in range(100):
        if not room.subscribers:
            break
        await asyncio.sleep(0.02)
    assert not room.subscribers


async def test_a_browser_that_cancels_a_lobby_stream_ends_it(tmp_path: Path) -> None:
    """WatchLobby (an async generator) counts against the browser's one stream: closing the
    connection must end it on the server, or the next one is refused TOO_MANY_STREAMS."""
    one_stream = replace(LAN_LIMITS, streams_per_peer=1)
    async with serving_web(tmp_path / "lobby.sqlite", one_stream) as web:
        await cancel_a_lobby_stream(web)


async def cancel_a_lobby_stream(web: Running) -> None:
    request = framed(lobby_pb2.WatchLobbyRequest().SerializeToString())
    headers = {"Content-Type": "application/grpc-web+proto"}
    session = aiohttp.ClientSession()
    response = await session.post(url(web) + LOBBY + "WatchLobby", data=request, headers=headers)
    flags, _length = struct.unpack(">BI", await response.content.readexactly(5))
    assert flags == 0  # the first message: the stream is open
    async with GrpcWebClient(url(web)) as browser:
        with pytest.raises(GrpcWebError) as caught:
            await anext(
                browser.stream(
                    LOBBY + "WatchLobby",
                    lobby_pb2.WatchLobbyRequest(),
                    lobby_pb2.WatchLobbyResponse,
                )
            )
        assert caught.value.reason == "TOO_MANY_STREAMS"
        response.close()
        await session.close()
        for _ in range(100):
            lobby = browser.stream(
                LOBBY + "WatchLobby", lobby_pb2.WatchLobbyRequest(), lobby_pb2.WatchLobbyResponse
            )
            try:
                assert (await asyncio.wait_for(anext(lobby), 10)).full
                break
            except GrpcWebError:
                await asyncio.sleep(0.05)
            finally:
                await lobby.aclose()  # type: ignore[attr-defined]  # an async generator
        else:
            raise AssertionError("the cancelled stream still counts")


async def test_a_browsers_calls_past_the_connection_cap_wait_and_no_one_elses(
    web: Running,
) -> None:
    """As a gRPC client's calls past its connection's stream cap wait, so do a browser's
    (`--max-concurrent-streams`, per browser address), while another browser is served."""
    request = health_pb2.HealthCheckRequest()
    async with (
        GrpcWebClient(url(web), source="127.0.0.2") as busy,
        GrpcWebClient(url(web), source="127.0.0.3") as other,
    ):
        streams = [
            busy.stream(HEALTH_WATCH, request, health_pb2.HealthCheckResponse)
            for _ in range(CONNECTION_STREAMS)
        ]
        for stream in streams:
            assert (await asyncio.wait_for(anext(stream), 10)).status
        games = lobby_pb2.ListGamesRequest()
        waiting = asyncio.create_task(
            busy.unary(LOBBY + "ListGames", games, lobby_pb2.ListGamesResponse)
        )
        await asyncio.sleep(0.3)
        assert not waiting.done()
        assert (await other.unary(LOBBY + "ListGames", games, lobby_pb2.ListGamesResponse)).games
        await streams[0].aclose()  # type: ignore[attr-defined]  # an async generator
        assert (await asyncio.wait_for(waiting, 10)).games
        await streams[1].aclose()  # type: ignore[attr-defined]


class Failing(LobbyService):
    async def ListGames(self, request: Any, context: Any) -> Any:
        raise RuntimeError("a bug")


async def test_a_bug_ends_the_call_internal_as_over_grpc_never_unknown(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setattr("server.main.LobbyService", Failing)
    running = await start_server("127.0.0.1:0", ":memory:", web=("127.0.0.1", 0))
    try:
        async with connect(f"127.0.0.1:{running.port}") as client:
            path = LOBBY + "ListGames"
            answer = await over_web(running, path, b"")
            assert answer == await over_grpc(client, path, b"")
            assert answer.code is grpc.StatusCode.INTERNAL
            assert "a bug, logged on the server" in answer.details
        assert "RuntimeError: a bug" in caplog.text  # the bug itself is logged, once a call
    finally:
        await running.stop(grace=0.2)


class Watching:
    """A health servicer whose Watch writes until its caller is gone, and says when it ended."""

    def __init__(self) -> None:
        self.ended = asyncio.Event()

    async def Check(self, request: Any, context: Any) -> Any:
        raise NotImplementedError

    async def List(self, request: Any, context: Any) -> Any:
        raise NotImplementedError

    async def Watch(self, request: Any, context: grpc.aio.ServicerContext[Any, Any]) -> None:
        try:
            while True:
                await context.write(health_pb2.HealthCheckResponse(status=1))
        finally:
            self.ended.set()


async def test_a_write_to_a_browser_gone_cancels_the_call() -> None:
    """When writing finds the connection reset (before aiohttp noticed and cancelled the
    handler), the handler stops there, as a gRPC handler whose client cancelled."""
    servicer = Watching()
    method: Handler = handlers({HEALTH_SERVICE: servicer})[HEALTH_WATCH]
    written: list[bytes] = []

    async def send(data: bytes) -> None:
        if len(written) == 2:
            raise ConnectionResetError("the browser went away")
        written.append(data)

    context = WebContext("ipv4:127.0.0.1:5000", (), send, method.handler.response_serializer)
    assert await run(method, b"", context) is None
    assert servicer.ended.is_set() and context.cancelled() and context.done()
    assert written == [health_pb2.HealthCheckResponse(status=1).SerializeToString()] * 2
    unimplemented = handlers({HEALTH_SERVICE: servicer})["/grpc.health.v1.Health/Check"]
    context = WebContext("ipv4:127.0.0.1:5000", (), None, unimplemented.handler.response_serializer)
    assert await run(unimplemented, b"", context) is None
    assert context.code() is grpc.StatusCode.UNIMPLEMENTED
