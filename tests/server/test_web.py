"""The web port (issue 21): gRPC-Web served by the gRPC server's own handlers, and the page's
files.

Every test runs a real server with its web port on ephemeral loopback ports and speaks to it as
a browser's page does (tools/grpcweb.py), next to an ordinary gRPC client where it compares.
"""

from __future__ import annotations

import asyncio
import gzip
import os
import re
import socket
import ssl
import struct
import subprocess
import sys
import urllib.error
import urllib.request
from collections.abc import AsyncIterator
from dataclasses import replace
from pathlib import Path

import aiohttp
import grpc
import pytest
from tigerden.v1 import lobby_pb2, match_pb2

from client.api import Server, connect
from server.limits import LAN_LIMITS
from server.main import Running, Tls, start_server
from server.web import DIST
from tests.server.helpers import HUMAN, to_act, two_humans
from tools.grpcweb import GrpcWebClient, GrpcWebError

LOBBY = "/tigerden.v1.LobbyService/"
MATCH = "/tigerden.v1.MatchService/"
GRPC_WEB = {"Content-Type": "application/grpc-web+proto"}


def framed(message: bytes, flags: int = 0) -> bytes:
    return struct.pack(">BI", flags, len(message)) + message


@pytest.fixture
def bundle(tmp_path: Path) -> Path:
    """A stand-in for web/dist: an index page, a script, a content-hashed stylesheet."""
    dist = tmp_path / "dist"
    (dist / "assets").mkdir(parents=True)
    (dist / "index.html").write_text("<!doctype html><script src=app.js></script>" + " " * 600)
    (dist / "app.js").write_text("console.log('tigerden');\n" * 100)
    (dist / "assets" / "app-4FJ2K7QX.css").write_text("body { color: black }\n")
    return dist


@pytest.fixture
async def web(tmp_path: Path, bundle: Path) -> AsyncIterator[Running]:
    running = await start_server(
        "127.0.0.1:0",
        tmp_path / "web.sqlite",
        limits=replace(LAN_LIMITS, bot_matches=100),
        web=("127.0.0.1", 0),
        web_dist=bundle,
    )
    try:
        yield running
    finally:
        await running.stop(grace=0.2)


def url(running: Running) -> str:
    assert running.web is not None
    return f"http://127.0.0.1:{running.web.bound}"


@pytest.fixture
async def browser(web: Running) -> AsyncIterator[GrpcWebClient]:
    async with GrpcWebClient(url(web)) as client:
        yield client


@pytest.fixture
async def grpc_client(web: Running) -> AsyncIterator[Server]:
    async with connect(f"127.0.0.1:{web.port}") as client:
        yield client


async def test_a_unary_call_answers_the_same_bytes_as_grpc(
    browser: GrpcWebClient, grpc_client: Server
) -> None:
    over_web = await browser.unary(
        LOBBY + "ListGames", lobby_pb2.ListGamesRequest(), lobby_pb2.ListGamesResponse
    )
    over_grpc = await grpc_client.game_list()
    assert over_web.SerializeToString() == over_grpc.SerializeToString()
    assert [game.game_id for game in over_web.games] == ["doors", "koikoi", "tiger-dragon"]


async def test_a_refusal_carries_its_status_message_and_error_info_in_the_trailers(
    browser: GrpcWebClient,
) -> None:
    with pytest.raises(GrpcWebError) as caught:
        await browser.unary(
            LOBBY + "JoinMatch",
            lobby_pb2.JoinMatchRequest(match_id="nope", player_name="ada"),
            lobby_pb2.JoinMatchResponse,
        )
    assert caught.value.code is grpc.StatusCode.NOT_FOUND
    assert "no match 'nope'" in caught.value.message
    assert caught.value.reason == "UNKNOWN_MATCH"


async def test_the_token_travels_as_authorization(
    browser: GrpcWebClient, grpc_client: Server
) -> None:
    seat_to_act, mine = await to_act(await two_humans(grpc_client))
    with pytest.raises(GrpcWebError) as caught:
        await browser.unary(
            MATCH + "Act",
            match_pb2.ActRequest(version=mine.version, move=mine.legal_moves[0].move),
            match_pb2.ActResponse,
            token="not-a-token",
        )
    assert caught.value.code is grpc.StatusCode.UNAUTHENTICATED
    assert caught.value.reason == "BAD_TOKEN"
    acted = await browser.unary(
        MATCH + "Act",
        match_pb2.ActRequest(version=mine.version, move=mine.legal_moves[0].move),
        match_pb2.ActResponse,
        token=seat_to_act.token,
    )
    assert acted.version == mine.version + 1


async def test_watch_delivers_each_snapshot_as_it_happens(
    browser: GrpcWebClient, grpc_client: Server
) -> None:
    """The move's snapshot arrives while the stream is open, right after the move: the web
    port does not wait for the call to end before writing. Presence updates at the same
    version may come first (`to_act`'s gRPC streams closing)."""
    ada, bob = await two_humans(grpc_client)
    mover, mine = await to_act((ada, bob))
    snapshots = browser.stream(
        MATCH + "Watch",
        match_pb2.WatchRequest(match_id=ada.match_id),
        match_pb2.WatchResponse,
        token=ada.token,
    )
    first = (await asyncio.wait_for(anext(snapshots), 10)).snapshot
    await mover.act(mine.version, mine.legal_moves[0].move)
    second = first
    while second.version == first.version:
        second = (await asyncio.wait_for(anext(snapshots), 10)).snapshot
    assert second.version == first.version + 1
    assert not second.HasField("result")  # the match goes on: the stream is still open
    await snapshots.aclose()  # type: ignore[attr-defined]  # an async generator


async def test_a_browser_that_goes_away_ends_its_call(web: Running) -> None:
    """Closing the connection mid-stream (a closed tab) ends the Watch call on the server: its
    subscriber is gone although nothing more was ever sent to it."""
    async with connect(f"127.0.0.1:{web.port}") as grpc_client:
        ada, _bob = await two_humans(grpc_client)
    room = web.served.registry.rooms[ada.match_id]
    request = match_pb2.WatchRequest(match_id=ada.match_id).SerializeToString()
    session = aiohttp.ClientSession()
    response = await session.post(
        url(web) + MATCH + "Watch",
        data=framed(request),
        headers={**GRPC_WEB, "Authorization": f"Bearer {ada.token}"},
    )
    header = await response.content.readexactly(5)
    await response.content.readexactly(struct.unpack(">BI", header)[1])
    assert len(room.subscribers) == 1
    response.close()
    await session.close()
    for _ in range(100):
        if not room.subscribers:
            break
        await asyncio.sleep(0.05)
    assert not room.subscribers


async def test_play_is_refused_as_gRPC_Web_cannot_stream_requests(browser: GrpcWebClient) -> None:
    with pytest.raises(GrpcWebError) as caught:
        await browser.unary(MATCH + "Play", match_pb2.PlayRequest(), match_pb2.PlayResponse)
    assert caught.value.code is grpc.StatusCode.UNIMPLEMENTED
    assert "Watch and Act" in caught.value.message


async def test_an_undecodable_message_meets_the_same_guard(web: Running) -> None:
    async with aiohttp.ClientSession() as session:
        response = await session.post(
            url(web) + LOBBY + "JoinMatch", data=framed(b"\xff\xff\xff"), headers=GRPC_WEB
        )
        body = await response.read()
    assert response.status == 200
    assert b"grpc-status: 3\r\n" in body  # INVALID_ARGUMENT, from server/guard.py
    assert b"not a valid protobuf message" in body


async def test_the_page_and_its_files_are_served_with_types_and_cache_headers(
    web: Running, bundle: Path
) -> None:
    async with aiohttp.ClientSession(url(web), auto_decompress=False) as session:
        async with session.get("/") as page:
            assert page.status == 200
            assert page.headers["Content-Type"] == "text/html; charset=utf-8"
            assert page.headers["Cache-Control"] == "no-cache"
            assert "script-src 'self'" in page.headers["Content-Security-Policy"]
            assert page.headers["X-Content-Type-Options"] == "nosniff"
            etag = page.headers["ETag"]
            body = await page.read()
            if page.headers.get("Content-Encoding") == "gzip":
                body = gzip.decompress(body)
            assert body == (bundle / "index.html").read_bytes()
        async with session.get("/", headers={"If-None-Match": etag}) as again:
            assert again.status == 304
        async with session.get("/app.js", headers={"Accept-Encoding": "gzip"}) as script:
            assert script.headers["Content-Type"] == "text/javascript; charset=utf-8"
            assert script.headers["Content-Encoding"] == "gzip"
            assert gzip.decompress(await script.read()) == (bundle / "app.js").read_bytes()
        async with session.get("/assets/app-4FJ2K7QX.css") as style:
            assert style.headers["Content-Type"] == "text/css; charset=utf-8"
            assert "immutable" in style.headers["Cache-Control"]
        for missing in ("/match/abc", "/../web.sqlite", "/%2e%2e/web.sqlite", "/assets/"):
            async with session.get(missing) as response:
                assert response.status == 404, missing


async def test_without_a_built_bundle_the_page_says_how_to_build_it(tmp_path: Path) -> None:
    running = await start_server(
        "127.0.0.1:0", ":memory:", web=("127.0.0.1", 0), web_dist=tmp_path / "none"
    )
    try:
        async with aiohttp.ClientSession() as session, session.get(url(running)) as page:
            text = await page.text()
        assert page.status == 503
        assert "npm run build" in text and "Traceback" not in text
        async with GrpcWebClient(url(running)) as browser:  # the API works regardless
            games = await browser.unary(
                LOBBY + "ListGames", lobby_pb2.ListGamesRequest(), lobby_pb2.ListGamesResponse
            )
        assert games.games
    finally:
        await running.stop(grace=0.2)


async def test_a_match_created_over_gRPC_Web_is_played_by_both_kinds_of_client(
    browser: GrpcWebClient, grpc_client: Server
) -> None:
    created = await browser.unary(
        LOBBY + "CreateMatch",
        lobby_pb2.CreateMatchRequest(
            game_id="doors",
            players=2,
            seats=[lobby_pb2.SeatSpec(kind=HUMAN), lobby_pb2.SeatSpec(kind=HUMAN)],
            creator_name="ada",
        ),
        lobby_pb2.CreateMatchResponse,
    )
    joined = await browser.unary(
        LOBBY + "JoinMatch",
        lobby_pb2.JoinMatchRequest(match_id=created.match.match_id, player_name="ada"),
        lobby_pb2.JoinMatchResponse,
    )
    bob = await grpc_client.join(created.match.match_id, "bob")
    listed = await grpc_client.find_match(created.match.match_id)
    assert listed is not None
    assert [seat.name for seat in listed.seats] == ["ada", "bob"]
    assert joined.seat == 0 and bob.seat == 1


# Bad input on the HTTP side (docs/security.md, "The web port"): each a precise status.


async def post(running: Running, path: str, body: bytes, **headers: str) -> tuple[int, bytes]:
    async with (
        aiohttp.ClientSession() as session,
        session.post(url(running) + path, data=body, headers={**GRPC_WEB, **headers}) as answer,
    ):
        return answer.status, await answer.read()


async def test_another_content_type_is_refused_with_415(web: Running) -> None:
    for content_type in ("application/json", "application/grpc-web-text", "text/plain"):
        status, body = await post(
            web, LOBBY + "ListGames", framed(b""), **{"Content-Type": content_type}
        )
        assert status == 415, content_type
        assert b"application/grpc-web+proto" in body


async def test_methods_and_paths_get_405_404_and_options_204(web: Running) -> None:
    async with aiohttp.ClientSession(url(web)) as session:
        async with session.get(LOBBY + "ListGames") as answer:
            assert answer.status == 405
            assert set(answer.headers["Allow"].split(",")) == {"POST", "OPTIONS"}
        async with session.options(MATCH + "Watch") as answer:
            assert answer.status == 204
            assert "Access-Control-Allow-Origin" not in answer.headers  # same origin only
        async with session.put("/") as answer:
            assert answer.status == 405
        async with session.delete("/nothing/here") as answer:
            assert answer.status == 404
    status, body = await post(web, "/tigerden.v1.LobbyService/NoSuchMethod", framed(b""))
    assert status == 200 and b"grpc-status: 12\r\n" in body  # UNIMPLEMENTED


@pytest.mark.parametrize(
    ("body", "code", "words"),
    [
        (b"\x00\x00", 3, b"less than a gRPC-Web frame header"),
        (framed(b"\x08\x01")[:-1], 3, b"announces 2 bytes"),
        (framed(b"") + framed(b""), 3, b"send exactly one message"),
        (framed(b"", flags=0x80), 3, b"not a trailer"),
        (framed(b"", flags=0x01), 12, b"uncompressed"),
        (framed(b"", flags=0x40), 3, b"unknown frame flags"),
    ],
)
async def test_a_malformed_frame_gets_a_precise_grpc_status(
    web: Running, body: bytes, code: int, words: bytes
) -> None:
    status, answer = await post(web, LOBBY + "ListGames", body)
    assert status == 200
    assert f"grpc-status: {code}\r\n".encode() in answer
    assert words.replace(b" ", b"%20") in answer or words in answer


async def test_a_body_that_never_arrives_times_out_with_408(
    web: Running, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("server.web.BODY_SECONDS", 0.3)
    assert web.web is not None
    reader, writer = await asyncio.open_connection("127.0.0.1", web.web.bound)
    writer.write(
        b"POST /tigerden.v1.LobbyService/ListGames HTTP/1.1\r\nHost: x\r\n"
        b"Content-Type: application/grpc-web+proto\r\nContent-Length: 5\r\n\r\n\x00\x00"
    )
    await writer.drain()
    status_line = await asyncio.wait_for(reader.readline(), 5)
    assert status_line.startswith(b"HTTP/1.1 408")
    writer.close()


def test_serve_serves_the_web_port_beside_grpc_and_no_web_turns_it_off(tmp_path: Path) -> None:
    """`tigerden serve` prints the page's address and serves it; `--no-web` serves none."""
    base = [sys.executable, "-m", "cli", "serve", "--port", "0", "--no-advertise"]
    for flags in (["--web-port", "0"], ["--no-web"]):
        process = subprocess.Popen(
            [*base, "--db", str(tmp_path / "serve.sqlite"), *flags],
            stdout=subprocess.PIPE,
            text=True,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
        )
        assert process.stdout is not None
        try:
            lines = [process.stdout.readline() for _ in range(2)]
            assert "serving on 127.0.0.1:" in lines[0]
            if flags == ["--no-web"]:
                process.terminate()
                rest, _ = process.communicate(timeout=10)
                assert "web client" not in "".join(lines) + rest
                continue
            found = re.search(
                r"web client on (http://127\.0\.0\.1:\d+/)", process.stdout.readline()
            )
            assert found is not None
            try:
                with urllib.request.urlopen(found[1], timeout=10) as page:
                    status, body = page.status, page.read()
            except urllib.error.HTTPError as error:
                status, body = error.code, error.read()
            if (DIST / "index.html").is_file():  # the committed bundle
                assert (status, body) == (200, (DIST / "index.html").read_bytes())
            else:
                assert status == 503 and b"npm run build" in body
        finally:
            process.terminate()
            process.wait(10)


async def test_with_a_certificate_the_page_and_its_api_are_https(tmp_path: Path) -> None:
    from tests.server.test_tls import make_certificate

    certificate, key = make_certificate(tmp_path)
    running = await start_server(
        "127.0.0.1:0",
        ":memory:",
        tls=Tls.from_files(certificate, key),
        web=("127.0.0.1", 0),
        web_dist=tmp_path / "none",
    )
    try:
        trusting = ssl.create_default_context(cafile=str(certificate))
        base = url(running).replace("http://", "https://")
        async with GrpcWebClient(base, ssl=trusting) as browser:
            games = await browser.unary(
                LOBBY + "ListGames", lobby_pb2.ListGamesRequest(), lobby_pb2.ListGamesResponse
            )
        assert games.games
        async with aiohttp.ClientSession() as session:
            with pytest.raises(aiohttp.ClientConnectionError):  # plaintext is not spoken there
                await session.get(url(running))
            async with session.get(base, ssl=trusting) as page:
                assert page.status == 503  # the placeholder, over HTTPS
    finally:
        await running.stop(grace=0.2)


async def test_a_browser_that_never_reads_holds_up_no_one(tmp_path: Path) -> None:
    """A spectator's page that stops reading (a phone asleep mid-match) while four bots play:
    the table plays on to its end, and when the page goes, its call goes."""
    web = await start_server(
        "127.0.0.1:0", ":memory:", bot_delay=0.01, web=("127.0.0.1", 0), web_dist=tmp_path
    )
    assert web.web is not None
    try:
        async with connect(f"127.0.0.1:{web.port}") as grpc_client:
            bots = [(int(lobby_pb2.SEAT_KIND_BOT), "random")] * 4
            match = await grpc_client.create("tiger-dragon", 4, seats=bots)
            room = web.served.registry.rooms[match.match_id]
            request = match_pb2.WatchRequest(match_id=match.match_id)
            sleeper = await never_reading(web, MATCH + "Watch", request.SerializeToString())
            while not room.subscribers:
                await asyncio.sleep(0.01)
            final = None
            async for snapshot in grpc_client.watch(match.match_id):  # another spectator
                final = snapshot
            assert final is not None and final.HasField("result")  # played to its end
            sleeper.close()
            for _ in range(100):
                if not room.subscribers:
                    break
                await asyncio.sleep(0.05)
            assert not room.subscribers
    finally:
        await web.stop(grace=0.2)


async def never_reading(running: Running, path: str, message: bytes) -> socket.socket:
    """A connection that sends one gRPC-Web call and reads nothing, its receive buffer (and the
    server's send buffer for it) as small as the kernel allows: what the server sends it stays
    in the server's memory. The send buffer is shrunk on the listening socket, whose size an
    accepted one inherits, since the server may answer before the test sees the connection."""
    assert running.web is not None
    server = running.web.runner.server
    assert server is not None
    for site in running.web.runner.sites:
        listening = site._server  # aiohttp keeps it private
        assert isinstance(listening, asyncio.Server)
        for listener in listening.sockets:
            listener.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 1024)
    before = len(server.connections)
    sleeper = socket.socket()
    sleeper.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1024)
    sleeper.connect(("127.0.0.1", running.web.bound))
    body = framed(message)
    sleeper.sendall(
        f"POST {path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/grpc-web+proto\r\n"
        f"Content-Length: {len(body)}\r\n\r\n".encode()
        + body
    )
    while len(server.connections) == before:
        await asyncio.sleep(0.01)
    return sleeper


async def test_what_waits_for_a_browser_that_never_reads_is_bounded(tmp_path: Path) -> None:
    """The replay of a whole Tiger & Dragon match (over 256 KiB) asked for by a page that reads
    none of it: the web port holds at most aiohttp's write buffer (128 KiB) for it, then the
    handler waits in its write (the replay is not advanced), while other browsers are answered
    as usual; closing the page ends the call."""
    web = await start_server(
        "127.0.0.1:0", ":memory:", web=("127.0.0.1", 0), web_dist=tmp_path, bot_delay=0.0
    )
    assert web.web is not None
    try:
        async with connect(f"127.0.0.1:{web.port}") as grpc_client:
            whole = 0
            while whole <= 256 * 1024:  # a match long enough (random bots: 100-500 KiB)
                bots = [(int(lobby_pb2.SEAT_KIND_BOT), "random")] * 5
                match = await grpc_client.create("tiger-dragon", 5, seats=bots)
                async for _snapshot in grpc_client.watch(match.match_id):
                    pass  # to its end
                request = match_pb2.ReplayMatchRequest(match_id=match.match_id)
                whole = 0
                async for step in grpc_client.match.ReplayMatch(request):
                    whole += step.ByteSize() + 5
        sleeper = await never_reading(web, MATCH + "ReplayMatch", request.SerializeToString())
        server = web.web.runner.server
        assert server is not None
        transport = server.connections[-1].transport
        assert transport is not None
        held, calm = 0, 0
        for _ in range(400):  # until it has not grown for 0.5 s (10 s at most)
            await asyncio.sleep(0.025)
            now = transport.get_write_buffer_size()
            held, calm = max(held, now), calm + 1 if now <= held else 0
            if calm == 20:
                break
        assert 0 < held <= 128 * 1024 + 16 * 1024  # the buffer and one frame
        assert web.web.port.admission.calls == 1  # waiting, not finished
        async with GrpcWebClient(url(web)) as other:
            games = await other.unary(
                LOBBY + "ListGames", lobby_pb2.ListGamesRequest(), lobby_pb2.ListGamesResponse
            )
        assert games.games
        sleeper.close()
        for _ in range(100):
            if web.web.port.admission.calls == 0:
                break
            await asyncio.sleep(0.05)
        assert web.web.port.admission.calls == 0
    finally:
        await web.stop(grace=0.2)


async def test_play_web_serves_the_page_for_its_local_match(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`tigerden play --web`: the embedded server serves the page and gRPC-Web on loopback."""
    from cli.connection import embedded_server

    async with embedded_server(tmp_path / "play.sqlite", 0.0, web_port=0) as server:
        found = re.search(r"(http://127\.0\.0\.1:\d+/)", capsys.readouterr().out)
        assert found is not None
        async with GrpcWebClient(found[1].rstrip("/")) as browser:
            games = await browser.unary(
                LOBBY + "ListGames", lobby_pb2.ListGamesRequest(), lobby_pb2.ListGamesResponse
            )
        assert [g.game_id for g in games.games] == [g.game_id for g in await server.games()]
    async with embedded_server(tmp_path / "play.sqlite", 0.0):
        assert "web client" not in capsys.readouterr().out  # only on request
