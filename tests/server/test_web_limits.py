"""Limits per person, not per proxy (issue 21, must-have 2): through the web port, each browser
is counted under its own address, and browsers do not share a connection's stream cap.

Three browsers call from three loopback addresses (127.0.0.2, .3, .4) as three phones would
from the LAN; the server listens on 127.0.0.1 only.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from dataclasses import replace
from pathlib import Path

import grpc
import pytest
from tigerden.v1 import lobby_pb2, match_pb2

from client.api import SeatHandle, connect
from server.limits import LAN_LIMITS
from server.main import Running
from tests.server.helpers import serving_web, to_act, two_humans
from tools.grpcweb import GrpcWebClient, GrpcWebError

WATCH = "/tigerden.v1.MatchService/Watch"
ACT = "/tigerden.v1.MatchService/Act"
BROWSERS = ("127.0.0.2", "127.0.0.3", "127.0.0.4")
FORWARDED_FOR = "tigerden-forwarded-for"
"""The metadata key in which the web port's translator once named the browser: a browser's
header and a gRPC client's metadata of that name must change nothing."""
STREAMS = 2  # --streams-per-peer
CONNECTION_STREAMS = 3  # --max-concurrent-streams: fewer than the browsers' streams together


@pytest.fixture
async def web(tmp_path: Path) -> AsyncIterator[Running]:
    limits = replace(
        LAN_LIMITS,
        streams_per_peer=STREAMS,
        max_concurrent_streams=CONNECTION_STREAMS,
        acts_per_second=0.2,  # one Act, then none for 5 s
    )
    async with serving_web(tmp_path / "limits.sqlite", limits) as running:
        yield running


def watching(browser: GrpcWebClient, seat: SeatHandle) -> AsyncIterator[match_pb2.WatchResponse]:
    return browser.stream(
        WATCH, match_pb2.WatchRequest(match_id=seat.match_id), match_pb2.WatchResponse, seat.token
    )


async def first(stream: AsyncIterator[match_pb2.WatchResponse]) -> match_pb2.Snapshot:
    return (await asyncio.wait_for(anext(stream), 10)).snapshot


async def test_three_browsers_each_get_their_own_stream_limit(web: Running) -> None:
    assert web.web is not None
    base = f"http://127.0.0.1:{web.web.bound}"
    async with connect(f"127.0.0.1:{web.port}") as grpc_client:
        seats = [await two_humans(grpc_client) for _ in BROWSERS]
        browsers = [GrpcWebClient(base, source=address) for address in BROWSERS]
        streams = []
        try:
            # Six streams in all, two per browser: more than one connection may carry (3), and
            # each browser's whole allowance.
            for browser, (ada, _bob) in zip(browsers, seats, strict=True):
                for _ in range(STREAMS):
                    stream = watching(browser, ada)
                    assert (await first(stream)).version >= 0
                    streams.append(stream)
            assert web.web.port.admission.addresses == len(BROWSERS)
            # The first browser is past its limit; a forged forwarded address does not help.
            with pytest.raises(GrpcWebError) as caught:
                await first(watching(browsers[0], seats[0][0]))
            assert caught.value.code is grpc.StatusCode.RESOURCE_EXHAUSTED
            assert caught.value.reason == "TOO_MANY_STREAMS"
            assert "127.0.0.2 has 2 streams open" in caught.value.message
            browsers[0].session.headers[FORWARDED_FOR] = "10.1.2.3"
            with pytest.raises(GrpcWebError) as forged:
                await first(watching(browsers[0], seats[0][0]))
            assert "127.0.0.2 has 2 streams open" in forged.value.message
            # The others play on: a move by the second browser reaches its open streams.
            mover, mine = await to_act(seats[1])
            acted = await browsers[1].unary(
                ACT,
                match_pb2.ActRequest(version=mine.version, move=mine.legal_moves[0].move),
                match_pb2.ActResponse,
                mover.token,
            )
            assert acted.version == mine.version + 1
            for stream in streams[2:4]:
                while (await first(stream)).version < acted.version:
                    pass  # presence updates (bob's stream opening) come first
        finally:
            for stream in streams:
                await stream.aclose()  # type: ignore[attr-defined]  # an async generator
            for browser in browsers:
                await browser.session.close()


async def test_each_browser_has_its_own_act_rate_and_a_grpc_client_cannot_forge_one(
    web: Running,
) -> None:
    assert web.web is not None
    base = f"http://127.0.0.1:{web.web.bound}"
    request = match_pb2.ActRequest(version=0)  # refused after the rate check: no token
    async with (
        GrpcWebClient(base, source=BROWSERS[0]) as first_browser,
        GrpcWebClient(base, source=BROWSERS[1]) as second_browser,
        connect(f"127.0.0.1:{web.port}") as grpc_client,
    ):

        async def act(browser: GrpcWebClient) -> str:
            with pytest.raises(GrpcWebError) as caught:
                await browser.unary(ACT, request, match_pb2.ActResponse)
            return caught.value.reason

        assert await act(first_browser) == "MISSING_TOKEN"  # the one Act a second allowed
        assert await act(first_browser) == "RATE_LIMITED"
        assert await act(second_browser) == "MISSING_TOKEN"  # another address: its own bucket
        # A gRPC client naming a browser's address in the forwarded key is counted as itself.
        forged = ((FORWARDED_FOR, BROWSERS[1]),)
        with pytest.raises(grpc.aio.AioRpcError) as caught:
            await grpc_client.match.Act(request, metadata=forged)
        assert caught.value.code() is grpc.StatusCode.UNAUTHENTICATED  # not RATE_LIMITED
        with pytest.raises(grpc.aio.AioRpcError) as caught:
            await grpc_client.match.Act(request, metadata=forged)
        assert "from 127.0.0.1" in (caught.value.details() or "")


async def test_the_lobby_stream_counts_under_the_browsers_address(web: Running) -> None:
    assert web.web is not None
    base = f"http://127.0.0.1:{web.web.bound}"
    async with GrpcWebClient(base, source=BROWSERS[2]) as browser:
        lobbies = [
            browser.stream(
                "/tigerden.v1.LobbyService/WatchLobby",
                lobby_pb2.WatchLobbyRequest(),
                lobby_pb2.WatchLobbyResponse,
            )
            for _ in range(STREAMS + 1)
        ]
        for lobby in lobbies[:STREAMS]:
            assert (await asyncio.wait_for(anext(lobby), 10)).full
        with pytest.raises(GrpcWebError) as caught:
            await asyncio.wait_for(anext(lobbies[STREAMS]), 10)
        assert "127.0.0.4 has 2 streams open" in caught.value.message
        for lobby in lobbies:
            await lobby.aclose()  # type: ignore[attr-defined]
