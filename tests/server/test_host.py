"""Host controls: the host token from CreateMatch frees seats, seats bots, aborts and makes a
match private; nobody else can."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

import grpc
from tigerden.v1 import lobby_pb2

from client.api import HostHandle, Server
from tests.server.helpers import HUMAN, first_snapshot, refused, to_act


async def hosted_pair(client: Server) -> tuple[HostHandle, lobby_pb2.MatchInfo]:
    host = await client.create_hosted("doors", 2, seats=[(HUMAN, ""), (HUMAN, "")])
    assert host.token
    return host, host.match


async def test_only_the_host_token_controls_the_match(client: Server) -> None:
    host, match = await hosted_pair(client)
    ada = await client.join(match.match_id, "ada")
    squatter = HostHandle(client, match, ada.token)  # a seat token is not a host token
    stranger = HostHandle(client, match, "made-up")
    calls: list[Callable[[HostHandle], Awaitable[object]]] = [
        lambda h: h.free_seat(0),
        lambda h: h.replace_with_bot(0, "easy"),
        lambda h: h.abort(),
        lambda h: h.set_private(),
    ]
    for call in calls:
        for impostor in (squatter, stranger):
            details = await refused(call(impostor), grpc.StatusCode.PERMISSION_DENIED, "NOT_HOST")
            assert "host token" in details
    await refused(
        client.lobby.AbortMatch(lobby_pb2.AbortMatchRequest(match_id=match.match_id)),
        grpc.StatusCode.UNAUTHENTICATED,
        "MISSING_TOKEN",
    )
    other = await client.create_hosted("doors", 2, seats=[(HUMAN, ""), (HUMAN, "")])
    wrong_match = HostHandle(client, match, other.token)
    await refused(wrong_match.abort(), grpc.StatusCode.PERMISSION_DENIED, "NOT_HOST")
    unknown = HostHandle(client, lobby_pb2.MatchInfo(match_id="nope"), host.token)
    await refused(unknown.abort(), grpc.StatusCode.NOT_FOUND, "UNKNOWN_MATCH")
    assert (await first_snapshot(ada)).status == lobby_pb2.MATCH_STATUS_WAITING


async def test_freeing_a_seat_kicks_its_holder(client: Server) -> None:
    host, match = await hosted_pair(client)
    ada = await client.join(match.match_id, "ada")
    squatter = await client.join(match.match_id, "squatter")
    async with squatter.play() as table:
        stream = table.snapshots()
        await anext(stream)
        info = await host.free_seat(squatter.seat)
        assert not info.seats[1].taken and info.status == lobby_pb2.MATCH_STATUS_WAITING

        async def drain() -> None:
            async for _ in stream:
                pass

        await refused(asyncio.wait_for(drain(), 5), grpc.StatusCode.UNAUTHENTICATED, "BAD_TOKEN")
    await refused(first_snapshot(squatter), grpc.StatusCode.UNAUTHENTICATED, "BAD_TOKEN")
    await refused(host.free_seat(1), grpc.StatusCode.FAILED_PRECONDITION, "SEAT_FREE")
    await refused(host.free_seat(7), grpc.StatusCode.INVALID_ARGUMENT, "NO_SUCH_SEAT")
    snapshot = await first_snapshot(ada)
    assert any("was removed by the host" in event.text for event in snapshot.events)
    bob = await client.join(match.match_id, "bob")
    assert bob.seat == 1


async def test_a_bot_takes_over_a_seat_and_plays_it(client: Server) -> None:
    host, match = await hosted_pair(client)
    ada = await client.join(match.match_id, "ada")
    bea = await client.join(match.match_id, "bea")
    info = await host.replace_with_bot(bea.seat, "easy")
    assert info.seats[1].kind == lobby_pb2.SEAT_KIND_BOT and info.seats[1].bot_level == "easy"
    await refused(first_snapshot(bea), grpc.StatusCode.UNAUTHENTICATED, "BAD_TOKEN")
    await refused(host.replace_with_bot(1, "easy"), grpc.StatusCode.ALREADY_EXISTS, "SEAT_TAKEN")
    await refused(
        host.replace_with_bot(1, "grandmaster"), grpc.StatusCode.INVALID_ARGUMENT, "BAD_SEATS"
    )
    # The bot moves whenever it is seat 1's turn: ada alone plays the match to its end.
    async with ada.play() as table:
        async for snapshot in table.snapshots():
            if snapshot.legal_moves:
                await table.send(snapshot.version, snapshot.legal_moves[0].move)
    assert snapshot.HasField("result")


async def test_abort_ends_the_match_for_everyone(client: Server) -> None:
    host, match = await hosted_pair(client)
    ada = await client.join(match.match_id, "ada")
    bob = await client.join(match.match_id, "bob")
    seat, snapshot = await to_act((ada, bob))
    await seat.act(snapshot.version, snapshot.legal_moves[0].move)
    info = await host.abort()
    assert info.status == lobby_pb2.MATCH_STATUS_FINISHED
    assert info.ending == lobby_pb2.MATCH_ENDING_ABORTED
    final = await first_snapshot(ada)
    assert final.result.ending == lobby_pb2.MATCH_ENDING_ABORTED and not final.result.winners
    assert any("aborted" in event.text for event in final.events)
    await refused(host.abort(), grpc.StatusCode.FAILED_PRECONDITION, "MATCH_OVER")
    await refused(
        seat.act(final.version, snapshot.legal_moves[0].move),
        grpc.StatusCode.FAILED_PRECONDITION,
        "MATCH_OVER",
    )


async def test_a_private_match_needs_its_join_code(client: Server) -> None:
    host, match = await hosted_pair(client)
    code = await host.set_private()
    assert len(code) == 6 and code.isalnum()
    (listed,) = await client.matches()
    assert listed.private
    details = await refused(
        client.join(match.match_id, "eve"), grpc.StatusCode.PERMISSION_DENIED, "JOIN_CODE_REQUIRED"
    )
    assert "private" in details
    await refused(
        client.join(match.match_id, "eve", join_code="WRONG1"),
        grpc.StatusCode.PERMISSION_DENIED,
        "BAD_JOIN_CODE",
    )
    assert not any(seat.taken for seat in (await client.matches())[0].seats)
    ada = await client.join(match.match_id, "ada", join_code=code.lower())
    assert ada.seat == 0
    assert await host.set_private(False) == ""
    await client.join(match.match_id, "bob")
