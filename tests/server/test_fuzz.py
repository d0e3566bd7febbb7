"""Fuzzing every method the server serves: random messages and raw byte strings, with and
without a seat's token. No call may end in UNKNOWN or hang, and afterwards the server must still
be healthy and play a move. `make test` sends a few thousand; `make test-slow` ten times more."""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import grpc
import pytest
from google.protobuf.descriptor import FieldDescriptor, MethodDescriptor
from google.protobuf.message import Message
from google.protobuf.message_factory import GetMessageClass
from grpc_health.v1 import health_pb2
from grpc_reflection.v1alpha import reflection_pb2
from tigerden.v1 import lobby_pb2, match_pb2

from client.api import Server, connect
from server.limits import Limits
from server.main import start_server
from tests.server.helpers import to_act, two_humans

TIMEOUT = 10.0
EOF: Any = grpc.aio.EOF  # type: ignore[attr-defined]
"""Seconds a call may take before it counts as hung."""

STRINGS = (
    "",
    "doors",
    "koikoi",
    "tiger-dragon",
    "hard:30",
    "normal:0.0001",
    "random",
    "\x1b[2J\x1b[31mred",
    "line\r\nbreak\u0085\u2028",
    "\x00\x07",
    "é" * 40,
    "grpc.reflection.v1.ServerReflection",
    "tigerden.v1.MatchService",
    "tigerden/v1/match.proto",
)


@dataclass(frozen=True)
class Target:
    path: str
    request: type[Message]
    client_streaming: bool
    server_streaming: bool


def targets() -> list[Target]:
    """Every method of every service the server serves, from the descriptors."""
    services = [
        lobby_pb2.DESCRIPTOR.services_by_name["LobbyService"],
        match_pb2.DESCRIPTOR.services_by_name["MatchService"],
        health_pb2.DESCRIPTOR.services_by_name["Health"],
        reflection_pb2.DESCRIPTOR.services_by_name["ServerReflection"],
    ]
    found = []
    for service in services:
        method: MethodDescriptor
        for method in service.methods:
            request = GetMessageClass(method.input_type)
            found.append(
                Target(
                    f"/{service.full_name}/{method.name}",
                    request,
                    method.client_streaming,
                    method.server_streaming,
                )
            )
    alpha = [t for t in found if t.path.startswith("/grpc.reflection.v1alpha.")]
    for target in alpha:  # the same messages are served as grpc.reflection.v1
        found.append(
            Target(
                target.path.replace(".v1alpha.", ".v1."),
                target.request,
                target.client_streaming,
                target.server_streaming,
            )
        )
    return found


class Fuzzer:
    """Random requests, from one seeded generator so a failure reproduces."""

    def __init__(self, rng: random.Random, match_ids: list[str]) -> None:
        self.rng = rng
        self.match_ids = match_ids

    def string(self) -> str:
        rng = self.rng
        pick = rng.random()
        if pick < 0.5:
            return rng.choice(STRINGS + tuple(self.match_ids))
        if pick < 0.8:
            return (
                "".join(
                    chr(rng.choice((rng.randrange(32, 127), rng.randrange(0x10FFFF))))
                    for _ in range(rng.randrange(20))
                )
                .encode("utf-8", "replace")
                .decode("utf-8", "replace")
            )
        return rng.choice("ab:0.1") * rng.randrange(2000)

    def scalar(self, field: Any) -> Any:
        rng = self.rng
        kind = field.type
        if kind == FieldDescriptor.TYPE_BOOL:
            return rng.random() < 0.5
        if kind == FieldDescriptor.TYPE_STRING:
            return self.string()
        if kind == FieldDescriptor.TYPE_BYTES:
            return rng.randbytes(rng.randrange(40))
        if kind in (FieldDescriptor.TYPE_DOUBLE, FieldDescriptor.TYPE_FLOAT):
            return rng.choice((0.0, -1.0, 1e30, float("nan"), rng.random()))
        if kind == FieldDescriptor.TYPE_ENUM:
            return rng.choice((0, 1, 2, 3, -1, 99, 2**31 - 1))
        wide = kind in (
            FieldDescriptor.TYPE_INT64,
            FieldDescriptor.TYPE_SINT64,
            FieldDescriptor.TYPE_SFIXED64,
        )
        unsigned = kind in (
            FieldDescriptor.TYPE_UINT32,
            FieldDescriptor.TYPE_UINT64,
            FieldDescriptor.TYPE_FIXED32,
            FieldDescriptor.TYPE_FIXED64,
        )
        top = 2**63 - 1 if wide else 2**31 - 1
        value = rng.choice((0, 1, 2, 3, 5, -1, -2, top, -top - 1, rng.randrange(-100, 100)))
        return abs(value) % (top + 1) if unsigned else value

    def fill(self, message: Message, depth: int = 0) -> Message:
        rng = self.rng
        for field in message.DESCRIPTOR.fields:
            if rng.random() < 0.4:
                continue
            is_message = field.type == FieldDescriptor.TYPE_MESSAGE
            if field.message_type is not None and field.message_type.GetOptions().map_entry:
                entries = getattr(message, field.name)
                key, value = (
                    field.message_type.fields_by_name["key"],
                    (field.message_type.fields_by_name["value"]),
                )
                for _ in range(rng.randrange(4)):
                    if value.type == FieldDescriptor.TYPE_MESSAGE:
                        self.fill(entries[self.scalar(key)], depth + 1)
                    else:
                        entries[self.scalar(key)] = self.scalar(value)
            elif field.is_repeated:
                items = getattr(message, field.name)
                for _ in range(rng.randrange(4)):
                    if is_message:
                        if depth < 4:
                            self.fill(items.add(), depth + 1)
                    else:
                        items.append(self.scalar(field))
            elif is_message:
                if depth < 4:
                    self.fill(getattr(message, field.name), depth + 1)
                    getattr(message, field.name).SetInParent()
            else:
                setattr(message, field.name, self.scalar(field))
        return message

    def request(self, target: Target) -> bytes:
        """A random message of the method's type, its bytes mutated, or random bytes."""
        rng = self.rng
        pick = rng.random()
        data = self.fill(target.request()).SerializeToString()
        if pick < 0.6:
            return data
        if pick < 0.8 and data:
            mutated = bytearray(data)
            for _ in range(rng.randrange(1, 4)):
                mutated[rng.randrange(len(mutated))] = rng.randrange(256)
            return bytes(mutated)
        return rng.randbytes(rng.randrange(64))

    def metadata(self, tokens: list[str]) -> tuple[tuple[str, str], ...] | None:
        pick = self.rng.random()
        if pick < 0.35:
            return None
        if pick < 0.8 and tokens:
            return (("authorization", f"Bearer {self.rng.choice(tokens)}"),)
        return (
            ("authorization", self.rng.choice(("Bearer x", "Basic abc", "Bearer ", "bearer  x y"))),
        )


async def call_once(
    client: Server, target: Target, fuzzer: Fuzzer, tokens: list[str]
) -> grpc.StatusCode:
    """Sends one fuzzed request (or a few, on a client stream); the status it ended with, OK
    also for a server stream that answered with a message."""
    channel: Any = client.channel
    metadata = fuzzer.metadata(tokens)
    try:
        async with asyncio.timeout(TIMEOUT):
            if target.client_streaming:
                call: Any = channel.stream_stream(target.path)(metadata=metadata)
                for _ in range(fuzzer.rng.randrange(1, 4)):
                    await call.write(fuzzer.request(target))
                await call.done_writing()
                while await call.read() is not EOF:
                    pass
            elif target.server_streaming:
                call = channel.unary_stream(target.path)(fuzzer.request(target), metadata=metadata)
                try:
                    await call.read()  # a first message (or the status) must come
                finally:
                    call.cancel()
            else:
                await channel.unary_unary(target.path)(fuzzer.request(target), metadata=metadata)
    except grpc.aio.AioRpcError as error:
        return error.code()
    except asyncio.InvalidStateError:  # the server ended a client stream while we wrote
        code: grpc.StatusCode = await call.code()
        return code
    except asyncio.CancelledError:
        return grpc.StatusCode.CANCELLED
    return grpc.StatusCode.OK


@pytest.fixture
async def fuzzed_server(tmp_path: Path) -> AsyncIterator[Server]:
    # Rate limits would answer most calls RESOURCE_EXHAUSTED before they reach the handlers.
    running = await start_server("127.0.0.1:0", tmp_path / "fuzz.sqlite", limits=Limits.unlimited())
    try:
        async with connect(f"127.0.0.1:{running.port}") as client:
            yield client
    finally:
        await running.stop(grace=0.2)


async def fuzz(client: Server, calls: int, seed: int) -> dict[str, dict[str, int]]:
    rng = random.Random(seed)
    humans = await two_humans(client)
    match_ids = [humans[0].match_id, (await client.create("koikoi")).match_id]
    tokens = [seat.token for seat in humans]
    fuzzer = Fuzzer(rng, match_ids)
    every = targets()
    tally: dict[str, dict[str, int]] = {}
    for _ in range(calls):
        target = rng.choice(every)
        code = await call_once(client, target, fuzzer, tokens)
        counts = tally.setdefault(target.path, {})
        counts[code.name] = counts.get(code.name, 0) + 1
        assert code is not grpc.StatusCode.UNKNOWN, f"{target.path} ended in UNKNOWN"
        assert code is not grpc.StatusCode.DEADLINE_EXCEEDED
    return tally


async def assert_still_healthy(client: Server) -> None:
    from grpc_health.v1 import health_pb2_grpc

    check = await health_pb2_grpc.HealthStub(client.channel).Check(health_pb2.HealthCheckRequest())
    assert check.status == health_pb2.HealthCheckResponse.SERVING
    seat, snapshot = await to_act(await two_humans(client))
    assert await seat.act(snapshot.version, snapshot.legal_moves[0].move) == snapshot.version + 1


async def test_fuzzing_every_method_never_gives_unknown(fuzzed_server: Server) -> None:
    tally = await fuzz(fuzzed_server, 2000, seed=12)
    assert len(tally) == len(targets())  # every method was called
    assert any("OK" in counts for counts in tally.values())
    assert any("INVALID_ARGUMENT" in counts for counts in tally.values())
    await assert_still_healthy(fuzzed_server)


@pytest.mark.slow
async def test_fuzzing_long(fuzzed_server: Server) -> None:
    for seed in range(10):
        await fuzz(fuzzed_server, 2000, seed=seed)
    await assert_still_healthy(fuzzed_server)
