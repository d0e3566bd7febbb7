"""The lobby against strangers (issue 12): bot levels in canonical form through the one
sanitiser, a paged match list no client can be locked out of, the bot levels in ListGames, and
the limits on creating, joining, acting and streaming."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import grpc
import pytest
from google.rpc import error_details_pb2, status_pb2
from tigerden.v1 import lobby_pb2, match_pb2

from client.api import Server, connect, error_reason
from server.limits import Limits
from server.main import start_server
from tests.server.helpers import BOT, HUMAN, first_snapshot, refused, two_humans


async def test_bot_levels_are_stored_and_shown_in_canonical_form(client: Server) -> None:
    match = await client.create(
        "tiger-dragon",
        4,
        seats=[(HUMAN, ""), (BOT, "hard:000000001"), (BOT, " normal:2.50 "), (BOT, "")],
    )
    levels = [seat.bot_level for seat in match.seats]
    assert levels == ["", "hard", "normal:2.5", "random"]
    edge = await client.create("doors", 2, seats=[(HUMAN, ""), (BOT, "\u2028hard\x85")])
    assert edge.seats[1].bot_level == "hard"  # whitespace around a level is no part of it
    assert [seat.name for seat in match.seats[1:]] == [
        "bot-1 (hard)",
        "bot-2 (normal:2.5)",
        "bot-3 (random)",
    ]


@pytest.mark.parametrize(
    "level",
    [
        "hard:" + "0" * 12_000 + "1",
        "hard\r\n:1",
        "hard:\u2028x",
        "nor\x85mal",
        "\x1b[31mhard",
        "x" * 20_000,
    ],
)
async def test_hostile_bot_levels_are_refused(client: Server, level: str) -> None:
    details = await refused(
        client.create("doors", 2, seats=[(HUMAN, ""), (BOT, level)]),
        grpc.StatusCode.INVALID_ARGUMENT,
        "BAD_SEATS",
    )
    assert len(details) < 300
    assert not any(ch in details for ch in "\r\n\x85\u2028\x1b")
    assert await client.matches() == []


async def test_hostile_stored_levels_are_cleaned_when_the_server_restarts(tmp_path: Path) -> None:
    """Matches stored by an older server with raw levels are shown clean after a restart."""
    from server.store import SeatRecord, Store

    db = tmp_path / "old.sqlite"
    store = Store(db)
    hostile = "hard:" + "0" * 12_000 + "1\r\n"
    seats = [
        SeatRecord(0, "human", "", "", None),
        SeatRecord(1, "bot", hostile, f"bot-1 ({hostile})", None),
    ]
    store.create_match("old", "doors", 2, {"collector_set": "automatic"}, 7, seats)
    store.close()
    running = await start_server("127.0.0.1:0", db)
    try:
        async with connect(f"127.0.0.1:{running.port}") as client:
            (match,) = await client.matches()
            assert match.seats[1].bot_level == "random"  # too long to be a level now
            assert match.seats[1].name == "bot-1 (random)"
    finally:
        await running.stop(grace=0.1)


async def test_player_names_pass_the_sanitiser(client: Server) -> None:
    match = await client.create("doors", 2, seats=[(HUMAN, ""), (HUMAN, "")])
    await client.join(match.match_id, "\x1b[2Jeve\r\nthe\u2028great\x85" + "!" * 100, 0)
    seat = await client.join(match.match_id, "", 1)
    names = [s.name for s in (await first_snapshot(seat)).seats]
    assert names[0].startswith("eve the great")
    assert len(names[0]) <= 40 and names[1] == "player-1"


async def test_list_games_lists_the_bot_levels(client: Server) -> None:
    response = await client.lobby.ListGames(lobby_pb2.ListGamesRequest())
    levels = {level.name: level for level in response.bot_levels}
    assert list(levels) == ["random", "easy", "normal", "hard"]
    assert levels["random"].default_seconds == 0 and levels["random"].max_seconds == 0
    assert levels["hard"].default_seconds == 1.0 and levels["hard"].max_seconds == 30.0
    assert all(level.description for level in levels.values())


async def test_list_matches_is_paged_newest_first(client: Server) -> None:
    created = [(await client.create("doors")).match_id for _ in range(7)]
    pages, token = [], ""
    while True:
        response = await client.lobby.ListMatches(
            lobby_pb2.ListMatchesRequest(page_size=3, page_token=token)
        )
        pages.append([m.match_id for m in response.matches])
        token = response.next_page_token
        if not token:
            break
    assert [len(page) for page in pages] == [3, 3, 1]
    assert [m for page in pages for m in page] == created[::-1]
    assert [m.match_id for m in await client.matches()] == created[::-1]  # the library pages


async def test_list_matches_page_size_is_capped(client: Server) -> None:
    for _ in range(3):
        await client.create("doors")
    response = await client.lobby.ListMatches(lobby_pb2.ListMatchesRequest(page_size=-5))
    assert len(response.matches) == 3  # a size below 1 is the default


async def test_a_forged_page_token_is_invalid_argument(client: Server) -> None:
    await refused(
        client.lobby.ListMatches(lobby_pb2.ListMatchesRequest(page_token="not-ours")),
        grpc.StatusCode.INVALID_ARGUMENT,
        "BAD_PAGE_TOKEN",
    )


@contextlib.asynccontextmanager
async def server_with(
    tmp_path: Path, bot_delay: float = 0.0, **limits: float
) -> AsyncIterator[Server]:
    """A server with `limits` lowered (the rest at their defaults)."""
    running = await start_server(
        "127.0.0.1:0",
        tmp_path / "db.sqlite",
        bot_delay,
        limits=Limits(**limits),  # type: ignore[arg-type]
    )
    try:
        async with connect(f"127.0.0.1:{running.port}") as client:
            yield client
    finally:
        await running.stop(grace=0.1)


def retry_delay(error: grpc.aio.AioRpcError) -> float:
    metadata: Any = error.trailing_metadata() or ()
    for key, value in metadata:
        if key == "grpc-status-details-bin":
            for detail in status_pb2.Status.FromString(value).details:
                retry = error_details_pb2.RetryInfo()
                if detail.Unpack(retry):
                    return float(retry.retry_delay.ToTimedelta().total_seconds())
    raise AssertionError("no RetryInfo detail")


async def test_create_match_is_rate_limited_with_retry_info(tmp_path: Path) -> None:
    async with server_with(tmp_path, creates_per_minute=3) as client:
        for _ in range(3):
            await client.create("doors")
        with pytest.raises(grpc.aio.AioRpcError) as caught:
            await client.create("doors")
        assert caught.value.code() == grpc.StatusCode.RESOURCE_EXHAUSTED
        assert error_reason(caught.value) == "RATE_LIMITED"
        assert 19 <= retry_delay(caught.value) <= 20  # 3 a minute: one every 20 s
        assert len(await client.matches()) == 3


async def test_join_and_act_are_rate_limited(tmp_path: Path) -> None:
    async with server_with(tmp_path, joins_per_minute=3, acts_per_second=2) as client:
        seats = await two_humans(client)
        match = await client.create("doors", 2, seats=[(HUMAN, ""), (HUMAN, "")])
        await client.join(match.match_id, "cy")
        await refused(
            client.join(match.match_id, "di"), grpc.StatusCode.RESOURCE_EXHAUSTED, "RATE_LIMITED"
        )
        snapshot = await first_snapshot(seats[0])
        mover = seats[0] if snapshot.legal_moves else seats[1]
        legal = (await first_snapshot(mover)).legal_moves[0].move
        codes = []
        for _ in range(4):
            try:
                await mover.act(99, legal)
            except grpc.aio.AioRpcError as error:
                codes.append(error.code())
        assert codes == [grpc.StatusCode.ABORTED] * 2 + [grpc.StatusCode.RESOURCE_EXHAUSTED] * 2


async def open_watch(client: Server, match_id: str) -> grpc.aio.UnaryStreamCall[Any, Any]:
    call = client.match.Watch(match_pb2.WatchRequest(match_id=match_id))
    await call.read()  # the first snapshot: the stream is open on the server
    return call


async def test_streams_per_address_and_per_match_are_capped(tmp_path: Path) -> None:
    async with server_with(tmp_path, streams_per_peer=3, watchers_per_match=2) as client:
        first, second = [(await client.create("doors")).match_id for _ in range(2)]
        open_calls = [await open_watch(client, first), await open_watch(client, first)]
        await refused(
            open_watch(client, first), grpc.StatusCode.RESOURCE_EXHAUSTED, "TOO_MANY_WATCHERS"
        )
        open_calls.append(await open_watch(client, second))
        await refused(
            open_watch(client, second), grpc.StatusCode.RESOURCE_EXHAUSTED, "TOO_MANY_STREAMS"
        )
        open_calls.pop(0).cancel()
        await asyncio.sleep(0.2)  # the server sees the cancellation
        open_calls.append(await open_watch(client, first))
        for call in open_calls:
            call.cancel()


async def test_matches_and_all_bot_matches_are_capped(tmp_path: Path) -> None:
    async with server_with(tmp_path, bot_delay=5.0, open_matches=3, bot_matches=1) as client:
        bots_only = [(BOT, "random"), (BOT, "random")]
        await client.create("doors", 2, seats=bots_only)
        await refused(
            client.create("doors", 2, seats=bots_only),
            grpc.StatusCode.RESOURCE_EXHAUSTED,
            "TOO_MANY_BOT_MATCHES",
        )
        await client.create("doors")
        await client.create("doors")
        details = await refused(
            client.create("doors"), grpc.StatusCode.RESOURCE_EXHAUSTED, "TOO_MANY_MATCHES"
        )
        assert "3" in details
        assert len(await client.matches()) == 3


async def test_the_connection_stream_limit_is_set(tmp_path: Path) -> None:
    """grpc.max_concurrent_streams: calls beyond it on one connection wait for a free slot."""
    async with server_with(tmp_path, max_concurrent_streams=2, watchers_per_match=10) as client:
        match_id = (await client.create("doors")).match_id
        held = [await open_watch(client, match_id) for _ in range(2)]
        third = asyncio.ensure_future(open_watch(client, match_id))
        await asyncio.sleep(0.5)
        assert not third.done()  # queued by HTTP/2 flow control, not opened
        held[0].cancel()
        (await asyncio.wait_for(third, 5)).cancel()
        held[1].cancel()


async def test_a_stored_match_that_no_longer_replays_is_skipped(tmp_path: Path) -> None:
    """A Doors match stored with a move retired by ruling D1 (decline_set) does not stop the
    server: it is logged and not served; the other matches are."""
    from tigerden.v1 import doors_pb2

    from server.store import MoveRecord, SeatRecord, Store

    db = tmp_path / "old.sqlite"
    store = Store(db)
    seats = [SeatRecord(0, "human", "", "ada", None), SeatRecord(1, "human", "", "bob", None)]
    store.create_match("old", "doors", 2, {"collector_set": "optional"}, 7, seats)
    retired = match_pb2.Move(doors=doors_pb2.DoorsMove(decline_set=doors_pb2.DoorsDeclineSet()))
    store.append_move("old", 0, MoveRecord(0, retired.SerializeToString()), False)
    store.create_match("fine", "doors", 2, {"collector_set": "automatic"}, 8, seats)
    store.close()
    running = await start_server("127.0.0.1:0", db)
    try:
        async with connect(f"127.0.0.1:{running.port}") as client:
            assert [m.match_id for m in await client.matches()] == ["fine"]
    finally:
        await running.stop(grace=0.1)
