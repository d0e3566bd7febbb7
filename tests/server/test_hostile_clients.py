"""Hostile clients of issue 20 (8a-8g and point 5), each case as the audit reproduced it on
loopback with the default limits, scaled down: the assertion is a count of refusals, never a
time (docs/security.md lists each case with its protection and its test)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import grpc
import pytest
from tigerden.v1 import lobby_pb2, match_pb2, match_pb2_grpc

from client.api import HostHandle, SeatHandle, Server, error_reason
from server.bots import BotDriver
from server.chat import CHAT_BURST, SPECTATORS_BURST
from server.errors import Reason, Refusal
from server.limits import LAN_LIMITS, Limiter
from server.main import Running, wire
from server.paging import DEFAULT_PAGE
from server.seats import SeatKind, SeatSlot
from server.store import SeatRecord, Store
from tests.server.helpers import BOT, HUMAN, first_snapshot, refused, to_act, two_humans
from tests.server.test_lobby_hardening import open_watch, server_with


@contextlib.asynccontextmanager
async def new_connection(running: Running) -> AsyncIterator[Any]:
    """A MatchService stub on a connection of its own: channels of one process otherwise
    share one connection to a target (gRPC's global subchannel pool). Typed Any: the
    generated stubs type their calls as synchronous."""
    options = [("grpc.use_local_subchannel_pool", 1)]
    async with grpc.aio.insecure_channel(f"127.0.0.1:{running.port}", options=options) as channel:
        yield match_pb2_grpc.MatchServiceStub(channel)


async def test_8d_a_new_connection_does_not_refill_a_spectators_chat(
    running: Running, client: Server
) -> None:
    """The audit opened a new connection every five lines (395 lines/s): the bucket is the
    address's, not the connection's."""
    match = await client.create("doors")

    async def say_on_a_new_connection(text: str) -> None:
        async with new_connection(running) as fresh:
            await fresh.SendChat(
                match_pb2.SendChatRequest(match_id=match.match_id, text=text, spectator_name="e")
            )

    for number in range(CHAT_BURST):
        await say_on_a_new_connection(f"line {number}")
    await refused(
        say_on_a_new_connection("one too many"),
        grpc.StatusCode.RESOURCE_EXHAUSTED,
        "CHAT_TOO_FAST",
    )


async def test_8d_all_spectators_of_a_match_share_a_bucket(
    running: Running, client: Server
) -> None:
    """Many addresses (each within its own bucket) together cannot flood one table: the
    lobby's per-match bucket refuses them; another match is not slowed."""
    match, other = [(await client.create("doors")).match_id for _ in range(2)]
    refused_reasons = []
    for number in range(SPECTATORS_BURST * 2):
        try:
            running.served.chat.say(match, None, "hello", "eve", f"10.0.0.{number}")
        except Refusal as refusal:
            refused_reasons.append(refusal.reason)
    assert refused_reasons == [Reason.CHAT_TOO_FAST] * SPECTATORS_BURST
    running.served.chat.say(other, None, "hello", "eve", "10.0.1.1")


async def test_8g_a_negative_hint_version_is_bad_version_as_for_a_move(
    quick_client: Server,
) -> None:
    match = await quick_client.create("koikoi", 2, seats=[(HUMAN, ""), (BOT, "easy")])
    seat = await quick_client.join(match.match_id, "ada", 0)
    await refused(seat.hint(-1), grpc.StatusCode.INVALID_ARGUMENT, "BAD_VERSION")


async def test_8g_create_match_looks_at_no_other_open_match(
    running: Running, client: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The caps on open matches were counted by looking at every match's status (65 creates/s
    at 10,000 open): now a create reads no other match, however many are open. A waiting
    match's status is whether its seats are taken, so the seats tell who looked at which
    match (the room itself may be compiled, and a compiled class cannot be patched)."""
    for _ in range(10):
        await client.create("doors")
    owner = {
        id(slot): room.match_id
        for room in running.served.registry.rooms.values()
        for slot in room.seats
    }
    looked_at: list[str] = []
    taken: Any = SeatSlot.taken  # a property

    def counted(slot: SeatSlot) -> bool:
        looked_at.append(owner.get(id(slot), "the new match"))
        found: bool = taken.fget(slot)
        return found

    monkeypatch.setattr(SeatSlot, "taken", property(counted))
    await client.create("doors")
    assert looked_at  # the new match's own status was read: the seats do tell
    assert set(looked_at) == {"the new match"}


async def ended_match(client: Server, host: HostHandle, code: str = "") -> list[SeatHandle]:
    """Both seats of the host's two-person Doors match taken, then the match aborted by its
    host: a finished match whose seats may ask for a rematch."""
    seats = [await client.join(host.match_id, name, n, code) for n, name in enumerate("ab")]
    await host.abort()
    return seats


async def test_8f_a_private_matchs_rematch_is_private_and_keeps_its_host(client: Server) -> None:
    host = await client.create_hosted("doors", 2, seats=[(HUMAN, ""), (HUMAN, "")])
    code = await host.set_private()
    ada, _bob = await ended_match(client, host, code)
    again = await ada.rematch()
    await refused(
        client.join(again.match_id, "mallory"),
        grpc.StatusCode.PERMISSION_DENIED,
        "JOIN_CODE_REQUIRED",
    )
    rematch = await client.find_match(again.match_id)
    assert rematch is not None
    old_host = HostHandle(client, rematch, host.token)
    assert await old_host.set_private(False) == ""  # the old host token holds the new match


async def test_8f_rematch_is_rate_limited_like_create_match(tmp_path: Path) -> None:
    async with server_with(tmp_path, creates_per_minute=2) as client:
        hosts = [
            await client.create_hosted("doors", 2, seats=[(HUMAN, ""), (HUMAN, "")])
            for _ in range(2)
        ]
        first, _ = await ended_match(client, hosts[0])
        await refused(first.rematch(), grpc.StatusCode.RESOURCE_EXHAUSTED, "RATE_LIMITED")


async def test_8f_a_host_cannot_make_bots_only_matches_beyond_the_cap(tmp_path: Path) -> None:
    async with server_with(tmp_path, bot_delay=5.0, bot_matches=1) as client:
        await client.create("doors", 2, seats=[(BOT, "random"), (BOT, "random")])
        host = await client.create_hosted("doors", 2, seats=[(HUMAN, ""), (BOT, "random")])
        await client.join(host.match_id, "ada", 0)
        await refused(
            host.replace_with_bot(0), grpc.StatusCode.RESOURCE_EXHAUSTED, "TOO_MANY_BOT_MATCHES"
        )


async def test_point5_a_person_who_plays_while_their_away_bot_waits_leaves_no_traceback(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """The away bot waited its delay and then decided for a seat that was no longer to act
    (`ValueError: seat 1 is not to act`, "bot decision in … failed" with a traceback): the
    person had played meanwhile. Now it decides first and its stale move is refused."""
    bots = BotDriver(delay=0.2)
    lobby = wire(Store(":memory:"), bots).lobby
    room, _ = lobby.create("doors", 2, {}, [(SeatKind.HUMAN, ""), (SeatKind.HUMAN, "")])
    for seat in range(2):
        lobby.join(room.match_id, f"p{seat}", seat)
    mover = room.state.to_act()
    assert mover is not None
    room.seats[mover].bot_plays = True  # away: the bot steps in, and waits its delay
    bots.on_change(room)
    await asyncio.sleep(0)  # the bot's task starts
    room.submit(mover, room.version, room.state.legal_moves()[0])  # the person plays first
    with caplog.at_level(logging.INFO):
        await asyncio.sleep(0.4)
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING or r.exc_info]
    assert room.version == 1  # the bot's stale move was refused
    await bots.close()


async def test_8a_spectators_cannot_lock_a_seat_out_of_its_own_match(tmp_path: Path) -> None:
    """One address filled the per-match stream limit with spectators, and the players' own
    Play and Watch were refused TOO_MANY_WATCHERS (the away bot took their seats)."""
    async with server_with(tmp_path, watchers_per_match=2, spectators_per_peer=2) as client:
        ada, bob = await two_humans(client)
        spectators = [await open_watch(client, ada.match_id) for _ in range(2)]
        await refused(
            open_watch(client, ada.match_id),
            grpc.StatusCode.RESOURCE_EXHAUSTED,
            "TOO_MANY_WATCHERS",
        )
        for seat in (ada, bob):  # both a seat's Watch and its Play are let in
            assert (await first_snapshot(seat)).status == lobby_pb2.MATCH_STATUS_PLAYING
            async with seat.play() as table:
                snapshot = await asyncio.wait_for(anext(table.snapshots()), 10)
                assert snapshot.status == lobby_pb2.MATCH_STATUS_PLAYING
        for call in spectators:
            call.cancel()


async def test_8a_one_address_may_hold_few_spectator_streams_of_a_match(client: Server) -> None:
    """With the default limits one address opened 31 spectator streams on one match."""
    match = await client.create("doors")
    held = []
    with pytest.raises(grpc.aio.AioRpcError) as caught:
        for _ in range(31):
            held.append(await open_watch(client, match.match_id))
    assert error_reason(caught.value) == "TOO_MANY_WATCHERS"
    assert len(held) == LAN_LIMITS.spectators_per_peer
    for call in held:
        call.cancel()


async def test_8e_replays_are_rate_limited_per_address(client: Server) -> None:
    host = await client.create_hosted("doors", 2, seats=[(HUMAN, ""), (HUMAN, "")])
    await ended_match(client, host)
    refusals = []
    for _ in range(int(LAN_LIMITS.replays_per_minute) + 2):
        try:
            await client.replay(host.match_id)
        except grpc.aio.AioRpcError as error:
            refusals.append(error_reason(error))
    assert refusals == ["RATE_LIMITED"] * 2


def test_8e_one_address_may_hold_few_replays_at_once() -> None:
    """20 replays of a long match at once took 12.6 s of server CPU: one address may have
    `replays_per_peer` open, and they count among its streams."""
    limiter = Limiter(LAN_LIMITS)
    with contextlib.ExitStack() as open_replays:
        for _ in range(LAN_LIMITS.replays_per_peer):
            open_replays.enter_context(limiter.replay("10.0.0.1"))
        with pytest.raises(Refusal) as caught, limiter.replay("10.0.0.1"):
            pass
        assert caught.value.metadata["limit"] == "replays_per_peer"
        with limiter.replay("10.0.0.2"):  # another address is not held up
            pass
    with limiter.replay("10.0.0.1"):  # closed replays free their places
        pass


async def test_8b_hints_are_limited_per_address(client: Server) -> None:
    """One address held 30 seats asking hints nonstop: at most `hints_per_peer` of an
    address's hints are thought at once; the others are refused HINT_BUSY at once."""
    movers = []
    for _ in range(LAN_LIMITS.hints_per_peer + 1):
        match = await client.create(
            "doors", 2, options={"hints": "on"}, seats=[(HUMAN, ""), (HUMAN, "")]
        )
        seats = [await client.join(match.match_id, name, n) for n, name in enumerate("ab")]
        mover, snapshot = await to_act((seats[0], seats[1]))
        movers.append((mover, snapshot.version))
    answers = await asyncio.gather(
        *(mover.hint(version) for mover, version in movers), return_exceptions=True
    )
    refusals = [error_reason(a) for a in answers if isinstance(a, grpc.aio.AioRpcError)]
    assert refusals == ["HINT_BUSY"]


ARCHIVED = 2 * DEFAULT_PAGE + 7


def stored_archive(db: Path, count: int = ARCHIVED) -> None:
    """`count` finished Doors matches in the store at `db`, as a long-running server has."""
    store = Store(db)
    seats = [SeatRecord(0, "human", "", "ada", None), SeatRecord(1, "human", "", "bob", None)]
    for number in range(count):
        store.create_match(
            f"old{number:04}",
            "doors",
            2,
            {"collector_set": "automatic"},
            number,
            seats,
            finished=True,
        )
    store.close()


async def test_8c_the_lobby_stream_pages_the_archive(tmp_path: Path) -> None:
    """With 4,000 finished matches WatchLobby's first message was 4.29 MB (the terminal lobby
    got RESOURCE_EXHAUSTED and retried for ever): it now holds the open matches and the
    archive's newest page, with the archive's size and the token of the next page."""
    stored_archive(tmp_path / "db.sqlite")
    async with server_with(tmp_path) as client:
        waiting = await client.create("doors")
        stream = client.watch_lobby(include_finished=True)
        first = await asyncio.wait_for(anext(stream), 10)
        await stream.aclose()
        finished = [m for m in first.matches if m.status == lobby_pb2.MATCH_STATUS_FINISHED]
        assert [m.match_id for m in first.matches if m not in finished] == [waiting.match_id]
        assert (len(finished), first.finished_count) == (DEFAULT_PAGE, ARCHIVED)
        seen = [m.match_id for m in finished]
        token = first.finished_page_token
        while token:
            answer = await client.lobby.ListMatches(
                lobby_pb2.ListMatchesRequest(
                    status=lobby_pb2.MATCH_STATUS_FINISHED, page_token=token
                )
            )
            seen += [m.match_id for m in answer.matches]
            token = answer.next_page_token
        assert seen == [f"old{n:04}" for n in reversed(range(ARCHIVED))]  # each once, newest first


async def test_8c_a_page_of_the_archive_reads_a_page_from_the_store(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A ListMatches of finished matches read the whole archive (353 ms at 4,000)."""
    stored_archive(tmp_path / "db.sqlite")
    read: list[object] = []
    record = Store._record

    def counted(store: Store, row: Any, with_moves: bool = True) -> Any:
        read.append(row)
        return record(store, row, with_moves)

    monkeypatch.setattr(Store, "_record", counted)
    async with server_with(tmp_path) as client:
        read.clear()
        answer = await client.lobby.ListMatches(
            lobby_pb2.ListMatchesRequest(status=lobby_pb2.MATCH_STATUS_FINISHED, page_size=10)
        )
        assert len(answer.matches) == 10 and answer.next_page_token
        assert len(read) <= 11


async def test_point5_a_seat_holder_gets_no_second_seat_unless_hot_seat(client: Server) -> None:
    """The lobby let a person take their own match's second seat. A client that holds a seat
    presents its token on JoinMatch; a second seat of that match is then refused, unless the
    request asks for a hot-seat game."""
    match = await client.create("doors", 2, seats=[(HUMAN, ""), (HUMAN, "")])
    ada = await client.join(match.match_id, "ada", 0)
    again = lobby_pb2.JoinMatchRequest(match_id=match.match_id, player_name="ada")
    details = await refused(
        client.lobby.JoinMatch(again, metadata=ada.metadata),
        grpc.StatusCode.ALREADY_EXISTS,
        "ALREADY_SEATED",
    )
    assert "seat 0" in details and "hot-seat" in details
    other = await client.create("doors", 2, seats=[(HUMAN, ""), (HUMAN, "")])
    elsewhere = lobby_pb2.JoinMatchRequest(match_id=other.match_id, player_name="ada")
    assert (await client.lobby.JoinMatch(elsewhere, metadata=ada.metadata)).seat == 0
    again.hot_seat = True
    assert (await client.lobby.JoinMatch(again, metadata=ada.metadata)).seat == 1
