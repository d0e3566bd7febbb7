"""`make bench-hostile`: what a client that writes moves on `Play` but never reads costs.

Starts `tigerden serve` as a subprocess on loopback, opens one `Play` stream that writes a
stale move as fast as it can and never reads (with BDP probing off, so its receive window stays
small, as a client that stops reading for good), and meanwhile times `Act` on another table.
Prints the server's resident memory before and after, how many moves the flooding client got
written, and the other table's slowest and median answer. Short by default (10 s).

    python -m bench.hostile [--seconds 10] [--server-command "python -m cli"]

`--server-command` runs another build of the server (say, an older checkout) for comparison.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import re
import shlex
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import grpc
from tigerden.v1 import lobby_pb2, match_pb2, match_pb2_grpc

from client.api import SeatHandle, Server, connect

HUMAN = lobby_pb2.SEAT_KIND_HUMAN


def rss_mib(pid: int) -> float:
    """The process's resident memory in MiB (Linux /proc)."""
    status = Path(f"/proc/{pid}/status").read_text()
    found = re.search(r"VmRSS:\s+(\d+) kB", status)
    return int(found[1]) / 1024 if found else float("nan")


async def seats(client: Server) -> tuple[SeatHandle, SeatHandle]:
    match = await client.create("doors", 2, seats=[(HUMAN, ""), (HUMAN, "")])
    return await client.join(match.match_id, "a"), await client.join(match.match_id, "b")


async def first(seat: SeatHandle) -> match_pb2.Snapshot:
    async for snapshot in seat.watch():
        return snapshot
    raise RuntimeError("no snapshot")


async def flood(address: str, seat: SeatHandle, move: match_pb2.Move, until: float) -> int:
    """Writes stale moves and reads nothing; returns how many writes went through."""
    channel = grpc.aio.insecure_channel(address, options=[("grpc.http2.bdp_probe", 0)])
    call = match_pb2_grpc.MatchServiceStub(channel).Play(metadata=seat.metadata)  # type: ignore[call-arg]
    request = match_pb2.PlayRequest(version=10**6, move=move)
    written = 0
    loop = asyncio.get_running_loop()
    with contextlib.suppress(TimeoutError, grpc.aio.AioRpcError, asyncio.InvalidStateError):
        while loop.time() < until:
            await asyncio.wait_for(call.write(request), max(0.01, until - loop.time()))
            written += 1
    call.cancel()
    await channel.close(grace=None)
    return written


async def other_table(client: Server, until: float) -> list[float]:
    """Seconds each Act on a quiet table took (stale moves: answered, nothing changes)."""
    seat, _ = await seats(client)
    move = (await first(seat)).view.doors.display[0]
    take = match_pb2.Move()
    take.doors.take.card = move
    times = []
    while time.monotonic() < until:
        started = time.monotonic()
        with contextlib.suppress(grpc.aio.AioRpcError):
            await seat.act(10**6, take)
        times.append(time.monotonic() - started)
        await asyncio.sleep(0.05)
    return times


async def measure(address: str, pid: int, seconds: float) -> dict[str, float]:
    async with connect(address) as client:
        await client.wait_ready()
        seat, _ = await seats(client)
        snapshot = await first(seat)
        # Any move will do: a stale (or malformed) one is refused, and the refusal is a result.
        move = snapshot.legal_moves[0].move if snapshot.legal_moves else match_pb2.Move()
        before = rss_mib(pid)
        loop = asyncio.get_running_loop()
        written, times = await asyncio.gather(
            flood(address, seat, move, loop.time() + seconds),
            other_table(client, time.monotonic() + seconds),
        )
        after = rss_mib(pid)
    return {
        "rss_before_mib": before,
        "rss_after_mib": after,
        "growth_mib_per_s": (after - before) / seconds,
        "moves_written": written,
        "other_table_median_ms": 1000 * statistics.median(times),
        "other_table_max_ms": 1000 * max(times),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--server-command", default=f"{sys.executable} -m cli")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        command = [
            *shlex.split(args.server_command),
            "serve",
            "--host",
            "127.0.0.1",
            "--port",
            "0",
            "--db",
            str(Path(folder) / "bench.sqlite"),
        ]
        if args.server_command == parser.get_default("server_command"):
            command.append("--no-web")  # another build may not know the flag
        server = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
        assert server.stdout is not None
        line = server.stdout.readline()
        port = re.search(r"serving on [^:]+:(\d+)", line)
        if port is None:
            server.kill()
            raise SystemExit(f"the server did not start: {line!r}")
        try:
            result = asyncio.run(measure(f"127.0.0.1:{port[1]}", server.pid, args.seconds))
        finally:
            server.terminate()
            server.wait(timeout=30)
    print(f"a never-reading Play client for {args.seconds:g} s")
    print(f"{'measure':<24}{'value':>12}")
    for name, value in result.items():
        print(f"{name:<24}{value:>12.1f}")


if __name__ == "__main__":
    main()
