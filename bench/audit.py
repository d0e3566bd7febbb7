"""Issue 20's hostile-client cases, measured: what a flood costs the server and other tables.

    python -m bench.audit creates [--open 10000]
    python -m bench.audit archive [--finished 4000]

`creates`: CreateMatch calls per second on an in-process lobby (no gRPC) when nobody else has a
match, and when `--open` matches are open (8g: the caps on open matches were counted by looking
at every match). Run it from another checkout (`cd OLD && python -m bench.audit ...`) to
compare builds.

`archive`: with `--finished` finished matches stored, the size of WatchLobby's first message
(include_finished) and the time of a ListMatches of finished matches (the median of 5), on a
server in this process (8c: the archive was a list bomb). docs/security.md gives the numbers
measured and the commands.
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import tempfile
import time
from pathlib import Path
from typing import Any

import grpc
from tigerden.v1 import lobby_pb2, lobby_pb2_grpc

from server.bots import BotDriver
from server.limits import LAN_LIMITS
from server.lobby import Lobby
from server.main import start_server
from server.room import SeatKind
from server.store import SeatRecord, Store

PEOPLE = [(SeatKind.HUMAN, ""), (SeatKind.HUMAN, "")]
"""Two free human seats: a match that waits, and that no bot plays."""


def creates_per_second(lobby: Lobby, count: int) -> float:
    started = time.perf_counter()
    for _ in range(count):
        lobby.create("doors", 2, {}, PEOPLE)
    return count / (time.perf_counter() - started)


async def creates(open_matches: int, count: int = 500) -> dict[str, float]:
    limits = dataclasses.replace(LAN_LIMITS, open_matches=open_matches + 2 * count)
    with tempfile.TemporaryDirectory() as folder:
        lobby = Lobby(Store(Path(folder) / "audit.sqlite"), BotDriver(), limits=limits)
        empty = creates_per_second(lobby, count)
        for _ in range(open_matches - count):
            lobby.create("doors", 2, {}, PEOPLE)
        full = creates_per_second(lobby, count)
        lobby.store.close()
    return {"creates_per_s_near_0_open": empty, f"creates_per_s_at_{open_matches}_open": full}


async def archive(finished: int) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "audit.sqlite"
        store = Store(db)
        seats = [SeatRecord(0, "human", "", "ada", None), SeatRecord(1, "human", "", "bob", None)]
        for number in range(finished):
            options = {"collector_set": "automatic"}
            store.create_match(f"m{number:06}", "doors", 2, options, number, seats, finished=True)
        store.close()
        running = await start_server("127.0.0.1:0", db)
        unlimited = [("grpc.max_receive_message_length", -1)]
        try:
            async with grpc.aio.insecure_channel(
                f"127.0.0.1:{running.port}", options=unlimited
            ) as channel:
                lobby = lobby_pb2_grpc.LobbyServiceStub(channel)
                call = lobby.WatchLobby(lobby_pb2.WatchLobbyRequest(include_finished=True))
                first: Any = await call.read()
                call.cancel()
                request = lobby_pb2.ListMatchesRequest(status=lobby_pb2.MATCH_STATUS_FINISHED)
                times = []
                for _ in range(5):
                    started = time.perf_counter()
                    await lobby.ListMatches(request)
                    times.append(time.perf_counter() - started)
        finally:
            await running.stop(grace=0.1)
    return {
        "watch_lobby_first_message_kb": first.ByteSize() / 1000,
        "list_finished_ms": 1000 * sorted(times)[2],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("case", choices=["creates", "archive"])
    parser.add_argument("--open", type=int, default=10_000, help="open matches (creates)")
    parser.add_argument("--finished", type=int, default=4_000, help="finished ones (archive)")
    args = parser.parse_args()
    if args.case == "creates":
        result = asyncio.run(creates(args.open))
    else:
        result = asyncio.run(archive(args.finished))
    for name, value in result.items():
        print(f"{name:<36}{value:>12.1f}")


if __name__ == "__main__":
    main()
