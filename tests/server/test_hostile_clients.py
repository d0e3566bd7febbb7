"""Hostile clients of issue 20 (8a-8g and point 5), each case as the audit reproduced it on
loopback with the default limits, scaled down: the assertion is a count of refusals, never a
time (docs/security.md lists each case with its protection and its test)."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from typing import Any

import grpc
from tigerden.v1 import match_pb2, match_pb2_grpc

from client.api import Server
from server.chat import CHAT_BURST, SPECTATORS_BURST
from server.errors import Reason, Refusal
from server.main import Running
from tests.server.helpers import refused


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
            running.lobby.say(match, None, "hello", "eve", f"10.0.0.{number}")
        except Refusal as refusal:
            refused_reasons.append(refusal.reason)
    assert refused_reasons == [Reason.CHAT_TOO_FAST] * SPECTATORS_BURST
    running.lobby.say(other, None, "hello", "eve", "10.0.1.1")
