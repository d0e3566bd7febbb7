"""Issue 20's hostile-client cases, measured: what a flood costs the server and other tables.

    python -m bench.audit creates [--open 10000]
    python -m bench.audit archive [--finished 4000]
    python -m bench.audit hints [--seconds 30] [--seats 30]
    python -m bench.audit replays [--replays 20]

`creates`: CreateMatch calls per second on an in-process lobby (no gRPC) when nobody else has a
match, and when `--open` matches are open (8g: the caps on open matches were counted by looking
at every match). Run it from another checkout (`cd OLD && python -m bench.audit ...`) to
compare builds.

`archive`: with `--finished` finished matches stored, the size of WatchLobby's first message
(include_finished) and the time of a ListMatches of finished matches (the median of 5), on a
server in this process (8c: the archive was a list bomb).

`hints`: `--seats` seats of one address ask hints nonstop (a refused one asks again 50 ms
later) while a person plays Koi-Koi against a `normal` bot on the same server; prints how long
the person waited for each bot move, and how many hints were answered and refused (8b).

`replays`: a Koi-Koi match of random bots to 100 points is played out, then one address asks for
`--replays` replays of it at once while another table answers a stale `Act` every 50 ms;
prints the replays served and refused, the seconds until all were answered, and the other
table's median and slowest answer (8e).
docs/security.md gives the numbers measured and the commands.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import dataclasses
import math
import random
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

import grpc
from tigerden.v1 import lobby_pb2, lobby_pb2_grpc

from client.api import SeatHandle, Server, connect
from server.bots import BotDriver
from server.limits import LAN_LIMITS
from server.lobby import Lobby
from server.main import start_server, wire
from server.seats import SeatKind
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
        store = Store(Path(folder) / "audit.sqlite")
        lobby = wire(store, BotDriver(), limits).lobby
        empty = creates_per_second(lobby, count)
        for _ in range(open_matches - count):
            lobby.create("doors", 2, {}, PEOPLE)
        full = creates_per_second(lobby, count)
        store.close()
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


HUMAN, BOT = lobby_pb2.SEAT_KIND_HUMAN, lobby_pb2.SEAT_KIND_BOT


async def flooding_seat(client: Server) -> SeatHandle:
    """The seat to act of a new two-person Doors match with hints on."""
    match = await client.create("doors", 2, {"hints": "on"}, [(HUMAN, ""), (HUMAN, "")])
    seats = [await client.join(match.match_id, name, n) for n, name in enumerate("ab")]
    for seat in seats:
        async for snapshot in seat.watch():
            if snapshot.legal_moves:
                return seat
            break
    raise RuntimeError("nobody is to act")


async def flood(seat: SeatHandle, until: float) -> tuple[int, int]:
    """Asks hints until `until`; returns how many were answered and how many refused."""
    loop, answered, refused = asyncio.get_running_loop(), 0, 0
    while loop.time() < until:
        try:
            await seat.hint()
            answered += 1
        except grpc.aio.AioRpcError:
            refused += 1
            await asyncio.sleep(0.05)
    return answered, refused


async def person(client: Server, until: float) -> list[float]:
    """Plays Koi-Koi at random against a `normal` bot until `until`; returns the seconds
    waited for each bot move (from the person's move to their next turn)."""
    loop, rng, waits = asyncio.get_running_loop(), random.Random(1), []
    while loop.time() < until:
        match = await client.create("koikoi", 2, {"deals": "12"}, [(HUMAN, ""), (BOT, "normal")])
        seat = await client.join(match.match_id, "person", 0)
        acted_at, acted_version = 0.0, -1
        async for snapshot in seat.watch():
            if loop.time() >= until or snapshot.status == lobby_pb2.MATCH_STATUS_FINISHED:
                break
            if not snapshot.legal_moves or snapshot.version <= acted_version:
                continue
            if acted_version >= 0 and snapshot.version > acted_version + 1:
                waits.append(loop.time() - acted_at)  # the bot moved in between
            acted_at, acted_version = loop.time(), snapshot.version
            await seat.act(snapshot.version, rng.choice(snapshot.legal_moves).move)
    return waits


async def hints(seconds: float, seats: int) -> dict[str, float]:
    limits = dataclasses.replace(LAN_LIMITS, creates_per_minute=1000, joins_per_minute=1000)
    with tempfile.TemporaryDirectory() as folder:
        running = await start_server("127.0.0.1:0", Path(folder) / "audit.sqlite", limits=limits)
        try:
            async with connect(f"127.0.0.1:{running.port}") as client:
                flooders = [await flooding_seat(client) for _ in range(seats)]
                alone = await person(client, asyncio.get_running_loop().time() + seconds / 2)
                until = asyncio.get_running_loop().time() + seconds
                counts, waits = await asyncio.gather(
                    asyncio.gather(*(flood(seat, until) for seat in flooders)),
                    person(client, until),
                )
        finally:
            await running.stop(grace=0.1)
    return {
        "bot_wait_alone_median_s": statistics.median(alone or [math.nan]),
        "bot_wait_alone_max_s": max(alone or [math.nan]),
        "bot_wait_flooded_median_s": statistics.median(waits or [math.nan]),
        "bot_wait_flooded_max_s": max(waits or [math.nan]),
        "bot_moves_flooded": len(waits),
        "hints_answered": sum(answered for answered, _ in counts),
        "hints_refused": sum(refused for _, refused in counts),
    }


async def stale_acts(seat: SeatHandle, done: asyncio.Event) -> list[float]:
    """Seconds each stale Act on a quiet table took (refused, nothing changes), until `done`."""
    loop, times = asyncio.get_running_loop(), []
    async for snapshot in seat.watch():
        move = snapshot.legal_moves[0].move
        break
    while not done.is_set():
        started = loop.time()
        with contextlib.suppress(grpc.aio.AioRpcError):
            await seat.act(10**6, move)
        times.append(loop.time() - started)
        await asyncio.sleep(0.05)
    return times


async def replays(count: int) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as folder:
        running = await start_server("127.0.0.1:0", Path(folder) / "audit.sqlite")
        try:
            async with connect(f"127.0.0.1:{running.port}") as client:
                match = await client.create(
                    "koikoi", 2, {"first_to": "100"}, [(BOT, "random"), (BOT, "random")]
                )
                found = await client.find_match(match.match_id)
                while found is not None and found.status != lobby_pb2.MATCH_STATUS_FINISHED:
                    await asyncio.sleep(0.2)
                    found = await client.find_match(match.match_id)
                quiet, done = await flooding_seat(client), asyncio.Event()
                loop = asyncio.get_running_loop()
                acting = asyncio.ensure_future(stale_acts(quiet, done))
                await asyncio.sleep(0.5)
                started = loop.time()
                answers = await asyncio.gather(
                    *(client.replay(match.match_id) for _ in range(count)),
                    return_exceptions=True,
                )
                took = loop.time() - started
                done.set()
                times = await acting
        finally:
            await running.stop(grace=0.1)
    served = sum(not isinstance(a, BaseException) for a in answers)
    return {
        "moves_in_the_match": found.version if found is not None else math.nan,
        "replays_served": served,
        "replays_refused": count - served,
        "seconds_until_all_answered": took,
        "other_table_median_ms": 1000 * statistics.median(times),
        "other_table_max_ms": 1000 * max(times),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("case", choices=["creates", "archive", "hints", "replays"])
    parser.add_argument("--open", type=int, default=10_000, help="open matches (creates)")
    parser.add_argument("--finished", type=int, default=4_000, help="finished ones (archive)")
    parser.add_argument("--seconds", type=float, default=30.0, help="of flooding (hints)")
    parser.add_argument("--seats", type=int, default=30, help="seats asking hints (hints)")
    parser.add_argument("--replays", type=int, default=20, help="replays at once (replays)")
    args = parser.parse_args()
    if args.case == "creates":
        result = asyncio.run(creates(args.open))
    elif args.case == "archive":
        result = asyncio.run(archive(args.finished))
    elif args.case == "hints":
        result = asyncio.run(hints(args.seconds, args.seats))
    else:
        result = asyncio.run(replays(args.replays))
    for name, value in result.items():
        print(f"{name:<36}{value:>12.1f}")


if __name__ == "__main__":
    main()
