"""`make bench-server`: server CPU per move under many tables, against the bare gRPC floor.

For each game and table count, starts a real `tigerden serve` (its own SQLite file, limits
raised by its flags so the load is not refused) and separate client processes that drive the
tables closed loop: every seat on its own connection with a `Play` stream, the seat to act
sends a random legal move from its snapshot, and the next move goes out once every seat (and
every spectator) has the resulting snapshot. A finished match is replaced by a new one (its
creation counts in the server's CPU). Then the same load runs against `bench.floor`, a bare
`grpc.aio` server with the same message sizes and pattern, so drift on this shared machine
hits both. The boardgame.io peer (`bench.peer`) runs at the same table counts, driven the same
way. Writes bench/results/server.csv and prints the table with each case's goals
(`bench.goals`).

    python -m bench.server [--seconds 4] [--tables 64] [--game doors] [--spectators 1000]
    python -m bench.server --tables 64 --game tiger-dragon --spectators 0 --profile prof.txt

Measured per case over the window: moves/s, p50/p99 ms from a move sent to the resulting
snapshot received by every viewer of its table, server CPU µs per move (utime+stime of the
server process, /proc), server KB per idle table (resident memory after the tables sat down,
before the first move, over the tables).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import csv
import functools
import math
import multiprocessing
import os
import random
import re
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import aiohttp
import grpc
from tigerden.v1 import lobby_pb2, lobby_pb2_grpc, match_pb2, match_pb2_grpc

from bench import goals, peer
from bench.floor import METHOD, UNARY
from engine import GAMES as RULES
from engine.core import BadOptions
from tools.grpcweb import GrpcWebClient, GrpcWebError

HEADER = (
    "game,players,tables,moves_per_s,p50_ms,p99_ms,cpu_us_per_move,kb_per_table,"
    "floor_moves_per_s,floor_p99_ms,floor_cpu_us_per_move,cpu_ratio"
)
GAMES = {"tiger-dragon": 4, "koikoi": 2, "doors": 2}
SPECTATORS_PER_CHANNEL = 100
MOVE_BYTES = 50
"""A tigerden PlayRequest is 10-60 bytes; the floor's move is padded to this."""
LIMIT_FLAGS = [
    "--max-concurrent-streams=100000",
    "--streams-per-peer=100000",
    "--watchers-per-match=100000",
    "--spectators-per-peer=100000",
    "--creates-per-minute=1e9",
    "--joins-per-minute=1e9",
    "--acts-per-second=1e9",
    "--open-matches=100000",
]
"""`tigerden serve` flags: every load-generator client shares 127.0.0.1, so the per-address
limits of a LAN server would refuse the load long before the server is busy."""
HUMAN = lobby_pb2.SEAT_KIND_HUMAN
LOBBY, MATCH = "/tigerden.v1.LobbyService/", "/tigerden.v1.MatchService/"


@dataclass(frozen=True)
class Case:
    server: str  # "tigerden", "floor" or "bgio" (the boardgame.io peer, bench/peer.py)
    game: str
    players: int
    tables: int
    spectators: int
    seconds: float
    update_bytes: int = 0
    burn_us: float = 0.0
    """The floor's CPU spent on each move (`bench.floor --burn-us`), to move at tigerden's pace."""
    turnover: int = 0
    """The floor's tables end a "match" every `turnover` moves and start the next as tigerden's
    do (a unary call to create it, one per seat to join, a new stream per viewer); 0: never."""
    source: str = ""
    """Another checkout whose `tigerden serve` runs instead (the before of a before/after)."""
    compiled: bool = False
    """`source` is this tree's compiled build (`make compiled`), not an older checkout."""
    browser: bool = False
    """Every seat plays as the web client does: Watch + Act over gRPC-Web, via the web port."""
    options: tuple[tuple[str, str], ...] = ()
    """The match options of every tigerden match (`--option`; none: the game's defaults)."""


@dataclass(frozen=True)
class Measured:
    moves_per_s: float
    p50_ms: float
    p99_ms: float
    cpu_us_per_move: float
    kb_per_table: float
    snapshot_bytes: int


def server_cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def server_rss_kb(pid: int) -> int:
    found = re.search(r"VmRSS:\s+(\d+) kB", Path(f"/proc/{pid}/status").read_text())
    return int(found[1]) if found else 0


class Table:
    """One table's viewers (seats first, then spectators) and the closed loop over its moves."""

    def __init__(
        self, case: Case, number: int, channels: list[grpc.aio.Channel], base: str = ""
    ) -> None:
        self.case, self.number, self.channels, self.base = case, number, channels, base
        self.viewers = case.players + case.spectators
        self.versions = [-1] * self.viewers
        self.target = 0
        self.reached = 0
        self.arrived = asyncio.Event()
        self.tasks: list[asyncio.Task[None]] = []
        self.bytes = self.snapshots = 0
        self.latest: list[match_pb2.Snapshot | None] = [None] * case.players
        self.finished = False
        self.rng = random.Random(number)
        self.calls: list[Any] = []

    def seen(self, viewer: int, version: int) -> None:
        if self.versions[viewer] < self.target <= version:
            self.reached += 1
            if self.reached == self.viewers:
                self.arrived.set()
        self.versions[viewer] = max(self.versions[viewer], version)

    def received(self, seat: int, snapshot: match_pb2.Snapshot, size: int) -> None:
        """A seat's snapshot arrived (`size` bytes on the wire): the newest one it plays from,
        counted, and a finished match noted for replacing."""
        self.latest[seat] = snapshot
        self.bytes += size
        self.snapshots += 1
        if snapshot.HasField("result"):
            self.finished = True
        self.seen(seat, snapshot.version)

    def aim(self, target: int) -> None:
        self.target, self.arrived = target, asyncio.Event()
        self.reached = sum(version >= target for version in self.versions)

    def spectator_channel(self, spectator: int) -> grpc.aio.Channel:
        return self.channels[self.case.players + spectator // SPECTATORS_PER_CHANNEL]

    async def stop(self) -> None:
        for task in self.tasks:
            task.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)
        self.tasks = []

    async def hang_up(self) -> None:
        """The match's streams ended, as a client leaving a finished match ends them: their
        readers stopped and their calls cancelled."""
        await self.stop()
        for call in self.calls:
            call.cancel()

    async def run(self, start: float, end: float, latencies: list[float]) -> int:
        """Plays until `end`; returns the moves whose snapshots all arrived in [start, end]."""
        moves = 0
        while time.perf_counter() < end:
            sent = await self.move()
            if sent is None:
                continue
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.arrived.wait(), max(0.001, end - time.perf_counter()))
                done = time.perf_counter()
                if sent >= start and done <= end:
                    moves += 1
                    latencies.append(1000 * (done - sent))
        return moves

    async def setup(self) -> None:
        raise NotImplementedError

    async def move(self) -> float | None:
        """Sends the next move; returns when it was sent (None: nothing to send yet)."""
        raise NotImplementedError


class TigerdenTable(Table):
    async def setup(self) -> None:
        lobby = lobby_pb2_grpc.LobbyServiceStub(self.channels[0])
        request = lobby_pb2.CreateMatchRequest(
            game_id=self.case.game,
            players=self.case.players,
            seats=[lobby_pb2.SeatSpec(kind=HUMAN)] * self.case.players,
            options=dict(self.case.options),
        )
        created = await lobby.CreateMatch(request)
        while created.match.status == lobby_pb2.MATCH_STATUS_FINISHED:
            created = await lobby.CreateMatch(request)  # over at the deal (a Koi-Koi hand)
        self.match_id = created.match.match_id
        self.latest = [None] * self.case.players
        self.versions = [-1] * self.viewers
        self.calls = []
        self.finished = False
        self.refused = False
        for seat in range(self.case.players):
            joined = await lobby_pb2_grpc.LobbyServiceStub(self.channels[seat]).JoinMatch(
                lobby_pb2.JoinMatchRequest(match_id=self.match_id, player_name=f"p{seat}")
            )
            stub = match_pb2_grpc.MatchServiceStub(self.channels[seat])
            play: Any = stub.Play  # the stubs' types want a request iterator; writes go to call
            call = play(metadata=(("authorization", f"Bearer {joined.token}"),))
            self.calls.append(call)
            self.tasks.append(asyncio.ensure_future(self.play_reader(seat, call)))
        for spectator in range(self.case.spectators):
            stub = match_pb2_grpc.MatchServiceStub(self.spectator_channel(spectator))
            watch = stub.Watch(match_pb2.WatchRequest(match_id=self.match_id))
            viewer = self.case.players + spectator
            self.tasks.append(asyncio.ensure_future(self.watch_reader(viewer, watch)))
        self.aim(0)
        await self.arrived.wait()

    async def play_reader(self, seat: int, call: Any) -> None:
        with contextlib.suppress(grpc.aio.AioRpcError, asyncio.CancelledError):
            async for response in call:
                if response.HasField("snapshot"):
                    self.received(seat, response.snapshot, response.ByteSize())
                elif not response.result.accepted:
                    self.refused = True
                    self.arrived.set()

    async def watch_reader(self, viewer: int, call: Any) -> None:
        with contextlib.suppress(grpc.aio.AioRpcError, asyncio.CancelledError):
            async for response in call:
                self.seen(viewer, response.snapshot.version)

    async def move(self) -> float | None:
        if self.finished:
            await self.hang_up()
            await self.setup()
        current = max(self.versions[: self.case.players])
        for seat, snapshot in enumerate(self.latest):
            if snapshot is not None and snapshot.version == current and snapshot.legal_moves:
                move = self.rng.choice(snapshot.legal_moves).move
                self.aim(current + 1)
                sent = time.perf_counter()
                await self.calls[seat].write(match_pb2.PlayRequest(version=current, move=move))
                return sent
        await asyncio.sleep(0.005)  # a snapshot is still on its way
        return None


class BrowserTable(Table):
    """The tigerden table with every seat played as the web client plays: over gRPC-Web
    through the web port (tools/grpcweb.py), a Watch stream per seat and one Act per move."""

    async def setup(self) -> None:
        self.browsers = [GrpcWebClient(self.base) for _ in range(self.case.players)]
        request = lobby_pb2.CreateMatchRequest(
            game_id=self.case.game,
            players=self.case.players,
            seats=[lobby_pb2.SeatSpec(kind=HUMAN)] * self.case.players,
            options=dict(self.case.options),
        )
        created = await self.browsers[0].unary(
            LOBBY + "CreateMatch", request, lobby_pb2.CreateMatchResponse
        )
        while created.match.status == lobby_pb2.MATCH_STATUS_FINISHED:
            created = await self.browsers[0].unary(
                LOBBY + "CreateMatch", request, lobby_pb2.CreateMatchResponse
            )
        self.match_id = created.match.match_id
        self.latest = [None] * self.case.players
        self.versions = [-1] * self.viewers
        self.tokens: list[str] = []
        self.acts: set[asyncio.Future[None]] = set()
        self.finished = False
        for seat, browser in enumerate(self.browsers):
            joined = await browser.unary(
                LOBBY + "JoinMatch",
                lobby_pb2.JoinMatchRequest(match_id=self.match_id, player_name=f"p{seat}"),
                lobby_pb2.JoinMatchResponse,
            )
            self.tokens.append(joined.token)
            self.tasks.append(asyncio.ensure_future(self.watch_reader(seat, joined.token)))
        self.aim(0)
        await self.arrived.wait()

    async def watch_reader(self, seat: int, token: str) -> None:
        request = match_pb2.WatchRequest(match_id=self.match_id)
        stream = self.browsers[seat].stream(
            MATCH + "Watch", request, match_pb2.WatchResponse, token
        )
        with contextlib.suppress(GrpcWebError, aiohttp.ClientError, asyncio.CancelledError):
            async for response in stream:
                self.received(seat, response.snapshot, response.ByteSize())

    async def act(self, seat: int, version: int, move: match_pb2.Move) -> None:
        request = match_pb2.ActRequest(version=version, move=move)
        try:
            await self.browsers[seat].unary(
                MATCH + "Act", request, match_pb2.ActResponse, self.tokens[seat]
            )
        except GrpcWebError:
            self.arrived.set()  # refused: the next move is chosen afresh

    async def stop(self) -> None:
        await asyncio.gather(*getattr(self, "acts", ()), return_exceptions=True)
        await super().stop()
        for browser in getattr(self, "browsers", []):
            await browser.session.close()

    async def move(self) -> float | None:
        if self.finished:
            await self.stop()
            await self.setup()
        current = max(self.versions[: self.case.players])
        for seat, snapshot in enumerate(self.latest):
            if snapshot is not None and snapshot.version == current and snapshot.legal_moves:
                move = self.rng.choice(snapshot.legal_moves).move
                self.aim(current + 1)
                sent = time.perf_counter()
                acting = asyncio.ensure_future(self.act(seat, current, move))
                self.acts.add(acting)  # the snapshots may come before Act's own answer
                acting.add_done_callback(self.acts.discard)
                return sent
        await asyncio.sleep(0.005)  # a snapshot is still on its way
        return None


class FloorTable(Table):
    async def setup(self) -> None:
        self.calls = []
        for viewer in range(self.viewers):
            channel = (
                self.channels[viewer]
                if viewer < self.case.players
                else self.spectator_channel(viewer - self.case.players)
            )
            open_stream: Any = channel.stream_stream  # bytes in, bytes out: no serialisers
            call = open_stream(METHOD)()
            seat = viewer if viewer < self.case.players else -1
            await call.write(b"J%d %d" % (self.number, seat))
            self.calls.append(call)
            self.tasks.append(asyncio.ensure_future(self.reader(viewer, call)))
        self.aim(0)
        await self.arrived.wait()

    async def reader(self, viewer: int, call: Any) -> None:
        with contextlib.suppress(grpc.aio.AioRpcError, asyncio.CancelledError):
            async for message in call:
                if message[:1] == b"S":
                    self.seen(viewer, int(message[1:].split(b" ", 1)[0]))

    async def turn_over(self) -> None:
        """The match's end and the next one's start, as tigerden's tables make them: the
        streams cancelled, a call to create the match and one per seat to join it, new
        streams."""
        await self.hang_up()
        for seat in range(-1, self.case.players):  # -1: the creation, then each seat's join
            unary: Any = self.channels[max(seat, 0)].unary_unary  # bytes: no serialisers
            await unary(UNARY)(b"J%d %d" % (self.number, seat))
        self.versions = [-1] * self.viewers
        await self.setup()

    async def move(self) -> float | None:
        current = max(self.versions[: self.case.players])
        if self.case.turnover and current >= self.case.turnover:
            await self.turn_over()
            current = max(self.versions[: self.case.players])
        head = b"M%d %d " % (self.number, current)
        self.aim(current + 1)
        sent = time.perf_counter()
        await self.calls[current % self.case.players].write(head.ljust(MOVE_BYTES, b"m"))
        return sent


async def drive(
    case: Case, address: str, numbers: Sequence[int], ready: Any, go: Any, out: Any
) -> None:
    kind: type[Table] = TigerdenTable if case.server == "tigerden" else FloorTable
    spectator_channels = -(-case.spectators // SPECTATORS_PER_CHANNEL)
    tables: list[Table] = []
    for number in numbers:
        if case.browser:  # `address` is the web port's base URL; no gRPC channel is used
            tables.append(BrowserTable(case, number, [], address))
            continue
        channels = [
            grpc.aio.insecure_channel(address) for _ in range(case.players + spectator_channels)
        ]
        tables.append(kind(case, number, channels))
    setups = asyncio.Semaphore(16)

    async def setup(table: Table) -> None:
        async with setups:
            await table.setup()

    await asyncio.gather(*(setup(table) for table in tables))
    ready.put(True)
    await asyncio.get_running_loop().run_in_executor(None, go.wait)
    start = time.perf_counter()
    latencies: list[float] = []
    counts = await asyncio.gather(
        *(table.run(start, start + case.seconds, latencies) for table in tables)
    )
    out.put(
        (sum(counts), latencies, sum(t.bytes for t in tables), sum(t.snapshots for t in tables))
    )
    for table in tables:
        await table.stop()
        for channel in table.channels:
            await channel.close(grace=None)


def worker(case: Case, address: str, numbers: Sequence[int], ready: Any, go: Any, out: Any) -> None:
    asyncio.run(drive(case, address, numbers, ready, go, out))


def start_server(
    case: Case, folder: str, profile: Path | None = None
) -> tuple[subprocess.Popen[str], str]:
    if case.server == "tigerden":
        command = [sys.executable, "-m", "cli", "serve", "--host", "127.0.0.1"]
        if profile is not None:
            command[1:1] = ["-m", "pyinstrument", "-r", "text", "--show-all", "-o", str(profile)]
        command += ["--port", "0", "--db", str(Path(folder) / "bench.sqlite"), "--no-advertise"]
        command += LIMIT_FLAGS
        if case.browser:
            command += ["--web-port", "0"]
        elif not case.source or case.compiled:  # a before may have no web port to turn off
            command += ["--no-web"]
    else:
        command = [sys.executable, "-m", "bench.floor", "--update-bytes", str(case.update_bytes)]
        command += ["--burn-us", str(case.burn_us)]
    environment = dict(os.environ)
    if case.source:
        environment["PYTHONPATH"] = f"{case.source}{os.pathsep}{case.source}/proto"
    quiet = subprocess.DEVNULL if case.server == "floor" else None  # its shutdown tracebacks
    server = subprocess.Popen(
        command,
        stdout=subprocess.PIPE,
        stderr=quiet,
        text=True,
        cwd=case.source or None,
        env=environment,
    )
    assert server.stdout is not None
    for line in server.stdout:
        port = re.search(r"serving on [^:]+:(\d+)", line)
        if port is not None and case.compiled and "compiled" not in line:
            server.kill()
            raise SystemExit(f"{case.source} runs interpreted ({line.strip()}): make compiled")
        if port is not None and not case.browser:
            return server, f"127.0.0.1:{port[1]}"
        web = re.search(r"web client on (http://127\.0\.0\.1:\d+)/", line)
        if web is not None:
            return server, web[1]
    server.kill()
    raise SystemExit(f"{case.server} did not start: {' '.join(command)}")


class ProcessLoad:
    """The closed-loop load on a tigerden or floor server: one client process per share of the
    tables (`worker`), told to start by an event."""

    def __init__(self, case: Case, address: str, shares: Sequence[Sequence[int]]) -> None:
        context = multiprocessing.get_context("spawn")
        self.ready, self.out, self.start = context.Queue(), context.Queue(), context.Event()
        self.processes = [
            context.Process(
                target=worker, args=(case, address, share, self.ready, self.start, self.out)
            )
            for share in shares
        ]
        for process in self.processes:
            process.start()

    def wait_ready(self) -> None:
        for _ in self.processes:
            self.ready.get(timeout=600)

    def go(self) -> None:
        self.start.set()

    def results(self) -> list[tuple[int, list[float], int, int]]:
        """Per process: moves, latencies in ms, bytes and snapshots received."""
        found = [self.out.get(timeout=120) for _ in self.processes]
        for process in self.processes:
            process.join(timeout=60)
        return found


def measure(case: Case, workers: int, profile: Path | None = None) -> Measured:
    """Runs one case against a fresh server and returns what it measured; with `profile`,
    the tigerden server runs under pyinstrument, which writes its report there."""
    with tempfile.TemporaryDirectory() as folder:
        if case.server == "bgio":
            server, address = peer.start_server()
        else:
            server, address = start_server(case, folder, profile)
        try:
            rss_before = server_rss_kb(server.pid)
            count = max(1, min(workers, case.tables))
            shares = [list(range(case.tables))[w::count] for w in range(count)]
            load: ProcessLoad | peer.NodeLoad = (
                peer.NodeLoad(address, case.seconds, shares)
                if case.server == "bgio"
                else ProcessLoad(case, address, shares)
            )
            load.wait_ready()
            rss_idle = server_rss_kb(server.pid)
            cpu_before = server_cpu_seconds(server.pid)
            load.go()
            time.sleep(case.seconds)
            cpu = server_cpu_seconds(server.pid) - cpu_before
            results = load.results()
        finally:
            server.send_signal(signal.SIGINT)  # a graceful stop: the profiler writes its report
            try:
                server.wait(timeout=60 if profile is not None else 10)
            except subprocess.TimeoutExpired:  # stuck in its shutdown: what it did is measured
                server.kill()
                server.wait()
    moves = sum(r[0] for r in results)
    latencies = sorted(latency for r in results for latency in r[1])
    snapshots = sum(r[3] for r in results)
    return Measured(
        moves_per_s=moves / case.seconds,
        p50_ms=percentile(latencies, 0.50),
        p99_ms=percentile(latencies, 0.99),
        cpu_us_per_move=1e6 * cpu / moves if moves else math.nan,
        kb_per_table=(rss_idle - rss_before) / case.tables,
        snapshot_bytes=sum(r[2] for r in results) // snapshots if snapshots else 600,
    )


def percentile(ordered: Sequence[float], fraction: float) -> float:
    if not ordered:
        return math.nan
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def case_name(case: Case) -> str:
    """The case as the CSV's game column names it (the spectator and browser cases have their
    own names)."""
    name = case.game + (f"+{case.spectators}-spectators" if case.spectators else "")
    return name + ("+browser-seats" if case.browser else "")


def kind(case: Case) -> str:
    """What the goals compare the case with (`bench.goals`)."""
    if case.server == "bgio":
        return "peer"
    return "browser" if case.browser else "spectators" if case.spectators else "play"


def row(case: Case, ours: Measured, floor: Measured) -> list[str]:
    ratio = ours.cpu_us_per_move / floor.cpu_us_per_move if floor.cpu_us_per_move else math.nan
    return [
        case_name(case),
        str(case.players),
        str(case.tables),
        f"{ours.moves_per_s:.1f}",
        f"{ours.p50_ms:.2f}",
        f"{ours.p99_ms:.2f}",
        f"{ours.cpu_us_per_move:.0f}",
        f"{ours.kb_per_table:.1f}",
        f"{floor.moves_per_s:.1f}",
        f"{floor.p99_ms:.2f}",
        f"{floor.cpu_us_per_move:.0f}",
        f"{ratio:.2f}",
    ]


def cases(args: argparse.Namespace) -> list[Case]:
    games = [args.game] if args.game else list(GAMES)
    options = tuple(args.option)
    found = [
        Case("tigerden", game, GAMES[game], tables, 0, args.seconds, options=options)
        for game in games
        for tables in args.tables
    ]
    for tables in args.tables if args.bgio_tables is None else args.bgio_tables:
        found.append(Case("bgio", peer.GAME, peer.PLAYERS, tables, 0, args.seconds))
    if args.spectators:
        game = args.game or "tiger-dragon"
        found.append(Case("tigerden", game, GAMES[game], 1, args.spectators, args.seconds))
    game = args.game or "doors"
    for tables in args.browser_tables:  # next to the same game's Play rows
        found.append(Case("tigerden", game, GAMES[game], tables, 0, args.seconds, browser=True))
    return found


def table_counts(text: str) -> list[int]:
    return [int(n) for n in text.split(",") if n != "0"]


def turns_over(case: Case) -> bool:
    """Whether `--floor-turnover` applies to `case`: tigerden's tables of seats alone."""
    return case.server == "tigerden" and not case.spectators


def match_moves(case: Case) -> int:
    """How many moves a match of `case` lasts on average when every move is a random legal
    one, as the load plays it (the engine alone, seeded: the same number every run)."""
    return mean_match_moves(case.game, case.players, case.options)


@functools.cache
def mean_match_moves(
    game_id: str, players: int, chosen: tuple[tuple[str, str], ...], matches: int = 300
) -> int:
    """`match_moves` for every case of one game, player count and options (once a run)."""
    game = RULES[game_id]
    options = game.info.validate(players, dict(chosen))
    rng, moves = random.Random(0), 0
    for _ in range(matches):
        state = game.new(players, options, rng.getrandbits(32))
        while state.to_act() is not None:
            state.apply(rng.choice(state.legal_moves()))
            moves += 1
    return max(1, round(moves / matches))


def match_option(text: str) -> tuple[str, str]:
    key, equals, value = text.partition("=")
    if not equals or not key:
        raise argparse.ArgumentTypeError(f"{text!r} is not KEY=VALUE (for example deals=6)")
    return key, value


def parser() -> argparse.ArgumentParser:
    """The command line of `make bench-server`."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=4.0, help="measured window per case")
    parser.add_argument("--tables", type=table_counts, default=[64], metavar="N,...")
    parser.add_argument("--game", choices=list(GAMES), help="one game only (default: all)")
    parser.add_argument("--spectators", type=int, default=1000, help="0: no spectator case")
    parser.add_argument(
        "--browser-tables",
        type=table_counts,
        default=[64],
        metavar="N,...",
        help="tables of the browser-seat case (every seat over gRPC-Web: Watch + Act through "
        "the web port), for --game or doors; 0: none",
    )
    parser.add_argument(
        "--bgio-tables",
        type=table_counts,
        metavar="N,...",
        help="tables of the boardgame.io case (bench/peer.py; default: --tables); 0: none",
    )
    parser.add_argument(
        "--option",
        type=match_option,
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a match option of the tigerden Play cases (repeatable), for example deals=6 with "
        "--game koikoi: longer matches, so fewer of each move's share of sitting down and leaving",
    )
    parser.add_argument(
        "--floor-burn-us",
        type=float,
        default=0.0,
        metavar="N",
        help="the floor spends N µs of CPU on each move (bench.floor --burn-us), so that it moves "
        "at tigerden's pace; its CPU per move less N is gRPC's at that pace (default 0)",
    )
    parser.add_argument(
        "--floor-turnover",
        action="store_true",
        help="the floor's tables turn over as tigerden's do: every as many moves as a random "
        "match of the case lasts, its streams are cancelled and a unary call creates the next "
        "match, one per seat joins it, and new streams open (tigerden's Play and browser "
        "cases; not the spectators' or boardgame.io's)",
    )
    parser.add_argument("--workers", type=int, default=2, help="client processes per case")
    parser.add_argument("--out", type=Path, default=Path("bench/results/server.csv"))
    parser.add_argument(
        "--before",
        metavar="DIR",
        help="an older checkout: each tigerden case also runs against its server, right after, "
        "and a before/after table is printed",
    )
    parser.add_argument(
        "--compiled",
        metavar="DIR",
        help="this tree's compiled build (make compiled: build/mypyc): each tigerden case also "
        "runs against its server, right after, and an interpreted/compiled table is printed",
    )
    parser.add_argument(
        "--profile",
        type=Path,
        metavar="TXT",
        help="run each tigerden server under pyinstrument and write the (last) report here",
    )
    return parser


def main(argv: Sequence[str] | None = None) -> None:
    command = parser()
    args = command.parse_args(argv)
    for game in [args.game] if args.game else list(GAMES):
        try:
            RULES[game].info.validate(GAMES[game], dict(args.option))
        except BadOptions as error:
            command.error(f"--option for {game}: {error}")
    args.out.parent.mkdir(parents=True, exist_ok=True)
    rows, compared, beside = [], [], []
    for case in cases(args):
        ours = measure(case, args.workers, args.profile)
        if args.before and case.server == "tigerden":
            before = measure(replace(case, source=str(Path(args.before).resolve())), args.workers)
            compared.append((case, before, ours))
        elif args.compiled:
            source = str(Path(args.compiled).resolve())
            compiled = measure(replace(case, source=source, compiled=True), args.workers)
            compared.append((case, ours, compiled))
        # The floor is the same bare gRPC server whatever the seats speak.
        floor_case = replace(
            case,
            server="floor",
            update_bytes=ours.snapshot_bytes,
            browser=False,
            burn_us=args.floor_burn_us,
            turnover=match_moves(case) if args.floor_turnover and turns_over(case) else 0,
        )
        if floor_case.turnover:
            print(
                f"{case.game}: the floor's tables turn over every {floor_case.turnover} moves",
                file=sys.stderr,
                flush=True,
            )
        floor = measure(floor_case, args.workers)
        if args.floor_burn_us:
            print(
                f"{case.game}: the floor at {floor.moves_per_s:.1f} moves/s (tigerden "
                f"{ours.moves_per_s:.1f}), CPU per move less its burn "
                f"{floor.cpu_us_per_move - args.floor_burn_us:.0f} µs (the rows' floor columns "
                "include the burn)",
                file=sys.stderr,
                flush=True,
            )
        rows.append(row(case, ours, floor))
        beside.append((case, ours, floor))
        print(" ".join(rows[-1]), file=sys.stderr, flush=True)
    with args.out.open("w", newline="") as handle:
        handle.write(HEADER + "\n")
        csv.writer(handle, lineterminator="\n").writerows(rows)
    runs = [
        goals.Run(
            kind(case),
            case.game,
            case.tables,
            ours.cpu_us_per_move,
            ours.p99_ms,
            floor.cpu_us_per_move,
            floor.p99_ms,
        )
        for case, ours, floor in beside
    ]
    printed = [
        [*cells, f"{ours.p99_ms / floor.p99_ms:.2f}", "; ".join(map(str, these)) or "-"]
        for cells, (case, ours, floor), these in zip(rows, beside, goals.goals(runs), strict=True)
    ]
    names = [*HEADER.split(","), "p99_ratio", "goals"]
    widths = [max(len(name), *(len(r[i]) for r in printed)) for i, name in enumerate(names)]
    print("  ".join(name.rjust(width) for name, width in zip(names, widths, strict=True)))
    for cells in printed:
        print("  ".join(cell.rjust(width) for cell, width in zip(cells, widths, strict=True)))
    print(f"wrote {args.out}")
    print("\nbeside the CSV: KB per idle table of both servers")
    print(f"{'game':>30} {'tables':>6} {'kb_per_table':>12} {'floor_kb':>8}")
    for case, ours, floor in beside:
        print(
            f"{case_name(case):>30} {case.tables:>6} "
            f"{ours.kb_per_table:>12.1f} {floor.kb_per_table:>8.1f}"
        )
    if compared:
        if args.before:
            print(
                f"\nbefore ({args.before}) and after (this tree), each case right after the other:"
            )
        else:
            print(
                f"\ninterpreted (this tree) and compiled ({args.compiled}), each case right after:"
            )
        print(f"{'game':>30} {'tables':>6} {'cpu_us/move':>18} {'p99_ms':>18} {'moves/s':>18}")
        for case, before, after in compared:
            print(
                f"{case_name(case):>30} {case.tables:>6} "
                f"{before.cpu_us_per_move:>8.0f} -> {after.cpu_us_per_move:<6.0f} "
                f"{before.p99_ms:>8.1f} -> {after.p99_ms:<6.1f} "
                f"{before.moves_per_s:>8.1f} -> {after.moves_per_s:<6.1f}"
            )


if __name__ == "__main__":
    main()
