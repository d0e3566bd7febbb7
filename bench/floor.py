"""The bare `grpc.aio` floor of `make bench-server`: the same traffic as a tigerden table, with
no game, no per-seat view and no persistence.

One bidirectional method, `/floor.Floor/Play`, carries raw bytes. A stream's first message
joins a table (`J<table> <seat>`; a seat of -1 is a spectator), answered with update 0; after
that each message is a move (`M<table> <version> <padding>`), answered with a short result to
the mover and an update of `--update-bytes` to every stream of the table, from a per-stream
mailbox as tigerden does.
The difference between this server and `tigerden serve` under the same load is what tigerden's
own Python costs.

    python -m bench.floor --port 0 --update-bytes 600

`--burn-us N` spends N µs of CPU on each move before answering it (a busy loop in the event
loop's thread, as tigerden's own Python runs there): the floor then moves as slowly as tigerden
does, and its CPU per move less N says what gRPC costs a move at that pace, with less batching
of the work of many streams than at the floor's own pace.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import time
from collections import defaultdict
from collections.abc import AsyncIterator
from typing import Any

import grpc

METHOD = "/floor.Floor/Play"
UNARY = "/floor.Floor/Call"
"""A unary method answering any request with a few bytes: the floor's CreateMatch and
JoinMatch, for a load that turns its tables over as tigerden's matches end
(`bench.server --floor-turnover`)."""


class Mailbox:
    """What one stream still has to send: the result and the newest update (coalesced)."""

    def __init__(self) -> None:
        self.results: list[bytes] = []
        self.update: bytes | None = None
        self.wake = asyncio.Event()

    def post(self, message: bytes, result: bool) -> None:
        if result:
            self.results.append(message)
        else:
            self.update = message
        self.wake.set()


class Floor:
    def __init__(self, update_bytes: int, burn_us: float = 0.0) -> None:
        self.padding = b"u" * update_bytes
        self.burn = burn_us / 1e6
        self.tables: dict[bytes, set[Mailbox]] = defaultdict(set)

    async def play(self, requests: AsyncIterator[bytes], context: Any) -> AsyncIterator[bytes]:
        first = await anext(aiter(requests))
        table = first[1:].split(b" ")[0]
        mailbox = Mailbox()
        self.tables[table].add(mailbox)
        mailbox.post(b"S0 joined", result=False)  # the client moves once every viewer sat down
        reader = asyncio.ensure_future(self.read(requests, table, mailbox))
        try:
            while not reader.done() or mailbox.results or mailbox.update:
                await mailbox.wake.wait()
                mailbox.wake.clear()
                for result in mailbox.results:
                    yield result
                mailbox.results.clear()
                if mailbox.update is not None:
                    update, mailbox.update = mailbox.update, None
                    yield update
        finally:
            reader.cancel()
            self.tables[table].discard(mailbox)

    async def read(self, requests: AsyncIterator[bytes], table: bytes, mailbox: Mailbox) -> None:
        try:
            async for move in requests:
                if self.burn:
                    until = time.process_time() + self.burn
                    while time.process_time() < until:
                        pass
                version = int(move[1:].split(b" ")[1]) + 1
                mailbox.post(b"R%d" % version, result=True)
                update = b"S%d " % version + self.padding
                for other in self.tables[table]:
                    other.post(update, result=False)
        finally:
            mailbox.wake.set()


async def answer(request: bytes, context: Any) -> bytes:
    return b"A" + request[:40]


async def serve(port: int, update_bytes: int, burn_us: float = 0.0) -> None:
    floor = Floor(update_bytes, burn_us)
    handler = grpc.method_handlers_generic_handler(
        "floor.Floor",
        {
            "Play": grpc.stream_stream_rpc_method_handler(floor.play),
            "Call": grpc.unary_unary_rpc_method_handler(answer),
        },
    )
    server = grpc.aio.server(options=[("grpc.max_concurrent_streams", 1_000_000)])
    server.add_generic_rpc_handlers((handler,))
    bound = server.add_insecure_port(f"127.0.0.1:{port}")
    await server.start()
    print(f"floor serving on 127.0.0.1:{bound}", flush=True)
    try:
        with contextlib.suppress(asyncio.CancelledError):
            await server.wait_for_termination()
    finally:  # stopped, not left to the interpreter's exit, which can hang on a live server
        await server.stop(None)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--update-bytes", type=int, default=600)
    parser.add_argument(
        "--burn-us", type=float, default=0.0, help="CPU µs spent on each move (default 0)"
    )
    args = parser.parse_args()
    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(serve(args.port, args.update_bytes, args.burn_us))


if __name__ == "__main__":
    main()
