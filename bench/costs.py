"""The unit costs behind docs/performance.md's explanation of the server's CPU and memory, each
measured out of any server so that the noise of a load run does not hide it.

    python -m bench.costs views    # a seat's view: whole, or public once + private, per game
    python -m bench.costs public   # the public part encoded at each revision of whole matches
    python -m bench.costs moves    # Room.submit and every seat's snapshot, per move, per game
    python -m bench.costs matches  # whole matches: sitting down, the moves, leaving, per move
    python -m bench.costs turnover # a live server's CPU for a match's calls, and bare gRPC's
    python -m bench.costs commit   # the store's commit of a move: with its clock, or alone
    python -m bench.costs stream   # a bare grpc.aio stream: server CPU per message sent
    python -m bench.costs memory   # tigerden's own Python heap per idle table (tracemalloc)
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import multiprocessing
import random
import tempfile
import time
import tracemalloc
from collections.abc import AsyncIterator, Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import grpc
from tigerden.v1 import match_pb2

from bench.server import GAMES as PLAYERS
from bench.server import Case, TigerdenTable, server_cpu_seconds, start_server
from engine import GAMES
from engine.core import Seat, State
from server import outbound
from server.bots import BotDriver, bot_pool
from server.codecs import CODECS, Codec, joined, wrap_view
from server.limits import LAN_LIMITS
from server.lobby import Lobby
from server.mailbox import Subscriber
from server.main import wire
from server.outbound import view_field
from server.room import Room, Status
from server.seats import SeatKind
from server.store import MoveRecord, Store

MESSAGES = 20_000
PAYLOAD = b"x" * 400


def random_states(game_id: str, players: int, count: int) -> list[State]:
    game, rng = GAMES[game_id], random.Random(1)
    states: list[State] = []
    while len(states) < count:
        state = game.new(players, game.info.validate(players, {}), rng.getrandbits(32))
        for _ in range(rng.randint(0, 40)):
            if state.to_act() is None:
                break
            state.apply(rng.choice(state.legal_moves()))
        states.append(state)
    return states


def views(count: int = 200) -> None:
    """µs per seat over `count` random states of each game (best of 5): `State.view` alone and
    with the codec and serialisation, as every seat's snapshot was built before issue 24; then
    the view in parts as the server builds it now, the public part built and encoded once per
    state (its cost shared by the seats) and each seat's private part joined to it; and the
    private part alone."""
    for game_id, players in PLAYERS.items():
        codec, states = CODECS[game_id], random_states(game_id, players, count)

        def whole(state: State, codec: Codec = codec) -> object:
            return [
                match_pb2.Snapshot(view=wrap_view(codec, state.view(seat))).SerializeToString()
                for seat in range(state.players)
            ]

        def in_parts(state: State, codec: Codec = codec) -> object:
            public = state.public_view()
            pieces = codec.encode_public(public)
            return [
                view_field(codec, joined(pieces, codec.encode_private(public, private)))
                for private in (state.private_view(seat) for seat in range(state.players))
            ]

        work: dict[str, Callable[[State], object]] = {
            "State.view": every_seat(lambda state, seat: state.view(seat)),
            "view + codec + serialise": whole,
            "public once + private parts": in_parts,
            "State.private_view": every_seat(lambda state, seat: state.private_view(seat)),
        }
        for label, step in work.items():
            best = min(timed(states, players, step) for _ in range(5))
            print(f"{game_id:13} {label:27} {best * 1e6:6.1f} µs per seat", flush=True)
        sizes = [len(b"".join(codec.encode_public(s.public_view()))) for s in states]
        whole_sizes = [len(wrap_view(codec, s.view(0)).SerializeToString()) for s in states]
        share = sum(sizes) / sum(whole_sizes)
        print(f"{game_id:13} public part: {100 * share:.0f}% of seat 0's view bytes", flush=True)


def public(matches: int = 20) -> None:
    """µs per revision of encoding each game's public part (`encode_public`) at every revision
    of `matches` seeded random matches, in order, as a server meets them (best of 5, each round
    with a new codec, so what a codec memoises across revisions starts cold)."""
    for game_id, players in PLAYERS.items():
        game, rng = GAMES[game_id], random.Random(7)
        revisions: list[object] = []
        for _ in range(matches):
            state = game.new(players, game.info.validate(players, {}), rng.getrandbits(63))
            revisions.append(state.public_view())
            while state.to_act() is not None:
                state.apply(rng.choice(state.legal_moves()))
                revisions.append(state.public_view())
        best = float("inf")
        for _ in range(5):
            codec = type(CODECS[game_id])()
            start = time.process_time()
            for view in revisions:
                codec.encode_public(view)
            best = min(best, time.process_time() - start)
        per = 1e6 * best / len(revisions)
        print(f"{game_id:13} {len(revisions):5} revisions: {per:6.1f} µs each", flush=True)


def every_seat(part: Callable[[State, Seat], object]) -> Callable[[State], object]:
    return lambda state: [part(state, seat) for seat in range(state.players)]


def timed(states: list[State], players: int, step: Callable[[State], object]) -> float:
    start = time.process_time()
    for state in states:
        step(state)
    return (time.process_time() - start) / (len(states) * players)


async def stream_server(written: bool, ports: Any, stop: Any) -> None:
    async def yielded(request: bytes, context: Any) -> AsyncIterator[bytes]:
        async def inner() -> AsyncIterator[bytes]:
            for _ in range(MESSAGES):
                yield PAYLOAD

        async def middle() -> AsyncIterator[bytes]:
            async for message in inner():
                yield message

        async for message in middle():
            yield message

    async def write(request: bytes, context: Any) -> None:
        for _ in range(MESSAGES):
            await context.write(PAYLOAD)

    handler = grpc.unary_stream_rpc_method_handler(write if written else yielded)
    server = grpc.aio.server()
    server.add_generic_rpc_handlers((grpc.method_handlers_generic_handler("c.C", {"S": handler}),))
    port = server.add_insecure_port("127.0.0.1:0")
    await server.start()
    ports.put(port)
    await asyncio.get_running_loop().run_in_executor(None, stop.get)
    await server.stop(0)


def serve_stream(written: bool, ports: Any, stop: Any) -> None:
    asyncio.run(stream_server(written, ports, stop))


async def read_streams(port: int, count: int) -> None:
    async with grpc.aio.insecure_channel(f"127.0.0.1:{port}") as channel:
        for _ in range(count):
            received = 0
            method: Any = channel.unary_stream  # bytes in, bytes out: no serialisers
            async for _message in method("/c.C/S")(b""):
                received += 1
            assert received == MESSAGES


def stream(rounds: int = 3) -> None:
    """Server CPU per message of one server stream, the messages yielded through three async
    generators (a handler, its wrapper, an inner loop) or written with `context.write`."""
    spawn = multiprocessing.get_context("spawn")
    for _ in range(rounds):
        for written in (False, True):
            ports, stop = spawn.Queue(), spawn.Queue()
            server = spawn.Process(target=serve_stream, args=(written, ports, stop))
            server.start()
            port = ports.get()
            asyncio.run(read_streams(port, 1))  # warm-up
            before = server_cpu_seconds(server.pid or 0)
            asyncio.run(read_streams(port, 3))
            used = server_cpu_seconds(server.pid or 0) - before
            stop.put(True)
            server.join()
            how = "written" if written else "yielded"
            print(f"{how:8} {1e6 * used / (3 * MESSAGES):6.1f} µs server CPU per message")


def seated_table(lobby: Lobby, game_id: str, players: int) -> tuple[Room, list[Subscriber]]:
    """A new match of `game_id` with every seat joined and a stream (mailbox) open for each."""
    seats = [(SeatKind.HUMAN, "")] * players
    room, _ = lobby.create(game_id, players, {}, seats, "host")
    while room.status is Status.FINISHED:  # over at the deal (a Koi-Koi hand)
        room, _ = lobby.create(game_id, players, {}, seats, "host")
    for seat in range(players):
        lobby.join(room.match_id, f"p{seat}", seat)
    return room, [room.subscribe(seat) for seat in range(players)]


def delivered(room: Room, codec: Codec, streams: list[Subscriber], field: Any) -> None:
    """What every stream of `room` writes after a change: its update, as its snapshot."""
    for subscriber in streams:
        update = subscriber.take_update()
        if update is not None:
            outbound.response(room, codec, subscriber.seat, update, field)


def moves(count: int = 3000) -> None:
    """tigerden's own CPU per move outside gRPC, per game: `Room.submit` (the rules, the
    SQLite commit, the broadcast) and every seat's snapshot as its Play stream writes it
    (`Subscriber.take_update`, `outbound.response`), over `count` random moves, a finished
    match replaced by a new one (its creation and joins not timed, its first snapshots timed).
    Process time, one core."""
    field = match_pb2.PlayResponse.DESCRIPTOR.fields_by_name["snapshot"]
    with tempfile.TemporaryDirectory() as folder:
        store = Store(Path(folder) / "moves.sqlite")
        served = wire(store, BotDriver(delay=0, pool=bot_pool()))
        lobby = served.lobby
        for game_id, players in PLAYERS.items():
            codec, rng = CODECS[game_id], random.Random(1)
            submitting = sending = 0.0
            room, streams = seated_table(lobby, game_id, players)
            for played in range(count + 1):
                while room.status is Status.FINISHED:  # decided by its deal, or played out
                    for subscriber in streams:
                        room.unsubscribe(subscriber)
                    served.registry.release(room)
                    room, streams = seated_table(lobby, game_id, players)
                started = time.process_time()
                delivered(room, codec, streams, field)
                sent = time.process_time()
                if played == count:
                    break
                seat = room.state.to_act()
                assert seat is not None
                room.submit(seat, room.version, rng.choice(room.state.legal_moves()))
                submitting += time.process_time() - sent
                sending += sent - started if played else 0.0  # the first: a new table's
            print(
                f"{game_id:13} per move: submit {1e6 * submitting / count:6.1f} µs, "
                f"snapshots {1e6 * sending / count:6.1f} µs ({players} seats)",
                flush=True,
            )
        store.close()


def matches(count: int = 400, rounds: int = 3) -> None:
    """tigerden's own CPU per move over whole matches, as `make bench-server`'s tables play
    them, outside gRPC: the match created and every seat joined (`Lobby.create`, `Lobby.join`),
    each seat's stream opened (`Room.subscribe`), the random moves (`Room.submit`), the streams
    closed at the end and the match let go (`Room.unsubscribe`, `Registry.release`), and after
    every change the snapshot every open stream then writes. The part of the sitting down and
    leaving is the turnover; a game whose random matches are short pays it every few moves.
    Process time, one core, `count` matches a game, best of `rounds`."""
    field = match_pb2.PlayResponse.DESCRIPTOR.fields_by_name["snapshot"]
    seats = [(SeatKind.HUMAN, "")]
    with tempfile.TemporaryDirectory() as folder:
        store = Store(Path(folder) / "matches.sqlite")
        served = wire(store, BotDriver(delay=0, pool=bot_pool()))
        lobby = served.lobby
        for game_id, players in PLAYERS.items():
            codec, best = CODECS[game_id], (float("inf"), 0.0, 0)
            for _ in range(rounds):
                rng, played, turnover, total = random.Random(1), 0, 0.0, 0.0
                for _ in range(count):
                    started = time.process_time()
                    room, _ = lobby.create(game_id, players, {}, seats * players, "host")
                    for seat in range(players):
                        lobby.join(room.match_id, f"p{seat}", seat)
                    streams: list[Subscriber] = []
                    for seat in range(players):
                        streams.append(room.subscribe(seat))
                        delivered(room, codec, streams, field)
                    sat = time.process_time()
                    while room.status is not Status.FINISHED:
                        mover = room.state.to_act()
                        assert mover is not None
                        room.submit(mover, room.version, rng.choice(room.state.legal_moves()))
                        delivered(room, codec, streams, field)
                        played += 1
                    ended = time.process_time()
                    while streams:
                        room.unsubscribe(streams.pop())
                        delivered(room, codec, streams, field)
                    served.registry.release(room)
                    left = time.process_time()
                    turnover += (sat - started) + (left - ended)
                    total += left - started
                if total < best[0]:
                    best = (total, turnover, played)
            total, turnover, played = best
            print(
                f"{game_id:13} {played / count:5.1f} moves a match: {1e6 * total / played:6.1f} "
                f"µs per move, of which sitting down and leaving {1e6 * turnover / played:6.1f} "
                f"({1e6 * turnover / count:6.0f} µs a match)",
                flush=True,
            )
        store.close()


async def turn_over(case: Case, address: str, pid: int, count: int) -> float:
    """Server CPU seconds for `count` matches turned over by a table of `make bench-server`'s
    load (`TigerdenTable`: its streams cancelled, the next match created, every seat joined
    and its Play stream opened until its first snapshot), after 20 to warm up."""
    channels = [grpc.aio.insecure_channel(address) for _ in range(case.players)]
    table = TigerdenTable(case, 0, channels)

    async def next_matches(matches: int) -> None:
        for _ in range(matches):
            await table.hang_up()
            await table.setup()

    await table.setup()
    await next_matches(20)
    before = server_cpu_seconds(pid)
    await next_matches(count)
    used = server_cpu_seconds(pid) - before
    await table.hang_up()
    for channel in channels:
        await channel.close(None)
    return used


async def bare_server(ports: Any, stop: Any) -> None:
    """A bare `grpc.aio` server with a unary method and a bidirectional one (bytes in and out,
    no serialisers): what gRPC alone costs a call."""

    async def unary(request: bytes, context: Any) -> bytes:
        return PAYLOAD[:100]

    async def bidirectional(requests: AsyncIterator[bytes], context: Any) -> AsyncIterator[bytes]:
        yield PAYLOAD
        async for request in requests:
            yield request

    handlers = {
        "U": grpc.unary_unary_rpc_method_handler(unary),
        "B": grpc.stream_stream_rpc_method_handler(bidirectional),
    }
    server = grpc.aio.server()
    server.add_generic_rpc_handlers((grpc.method_handlers_generic_handler("c.C", handlers),))
    port = server.add_insecure_port("127.0.0.1:0")
    await server.start()
    ports.put(port)
    await asyncio.get_running_loop().run_in_executor(None, stop.get)
    await server.stop(0)


def serve_bare(ports: Any, stop: Any) -> None:
    asyncio.run(bare_server(ports, stop))


async def bare_calls(port: int, count: int, stream: bool) -> None:
    """`count` unary calls, or streams opened, read once and cancelled."""
    async with grpc.aio.insecure_channel(f"127.0.0.1:{port}") as channel:
        method: Any = channel.stream_stream if stream else channel.unary_unary
        for _ in range(count):
            if stream:
                call = method("/c.C/B")()
                await call.read()
                call.cancel()
            else:
                await method("/c.C/U")(b"x")


def bare(count: int = 1000) -> tuple[float, float]:
    """Server CPU seconds of a bare `grpc.aio` unary call and of a stream opened, read once and
    cancelled (each after 50 to warm up)."""
    spawn = multiprocessing.get_context("spawn")
    ports, stop = spawn.Queue(), spawn.Queue()
    server = spawn.Process(target=serve_bare, args=(ports, stop))
    server.start()
    port, costs = ports.get(), []
    for stream in (False, True):
        asyncio.run(bare_calls(port, 50, stream))
        before = server_cpu_seconds(server.pid or 0)
        asyncio.run(bare_calls(port, count, stream))
        costs.append((server_cpu_seconds(server.pid or 0) - before) / count)
    stop.put(True)
    server.join()
    return costs[0], costs[1]


def turnover(count: int = 300) -> None:
    """A live `tigerden serve`'s CPU for what happens between two matches of a bench table,
    per match: `CreateMatch`, a `JoinMatch` and a Play stream per seat (its first snapshot
    read), the streams cancelled. `make bench-server`'s tables pay this every match (a Doors
    or Koi-Koi match every 12 to 15 random moves); its floor never does. Process CPU of the
    server (all its threads), one client in this process."""
    for game_id, players in PLAYERS.items():
        with tempfile.TemporaryDirectory() as folder:
            case = Case("tigerden", game_id, players, 1, 0, 1.0)
            server, address = start_server(case, folder)
            try:
                used = asyncio.run(turn_over(case, address, server.pid, count))
            finally:
                server.terminate()  # a graceful stop: its bot pool's semaphores go with it
                server.wait()
        print(
            f"{game_id:13} {1e3 * used / count:5.2f} ms of server CPU a match turned over "
            f"({players} seats, {count} matches)",
            flush=True,
        )
    unary, stream = bare()
    print(
        f"bare grpc.aio: {1e6 * unary:.0f} µs of server CPU a unary call, {1e6 * stream:.0f} µs "
        "a stream opened, read once and cancelled"
    )
    for game_id, players in PLAYERS.items():
        calls = (1 + players) * unary + players * stream
        print(f"{game_id:13} the same calls on bare gRPC: {1e3 * calls:5.2f} ms a match")


async def idle_tables(tables: int = 64) -> None:
    """tigerden's own heap per idle table: created, every seat joined with a stream open."""
    with tempfile.TemporaryDirectory() as folder:
        store = Store(Path(folder) / "memory.sqlite")
        limits = replace(LAN_LIMITS, open_matches=10 * tables)
        lobby = wire(store, BotDriver(delay=0, pool=bot_pool()), limits).lobby
        for game_id, players in PLAYERS.items():

            def table(game_id: str = game_id, players: int = players) -> list[Subscriber]:
                return seated_table(lobby, game_id, players)[1]

            kept = [table() for _ in range(4)]  # first-use growth out of the way
            gc.collect()
            tracemalloc.start()
            before = tracemalloc.take_snapshot()
            kept += [table() for _ in range(tables)]
            gc.collect()
            grown = tracemalloc.take_snapshot().compare_to(before, "filename")
            tracemalloc.stop()
            total = sum(stat.size_diff for stat in grown)
            print(f"{game_id:13} {total / tables / 1024:6.1f} KB of Python heap per idle table")
        store.close()


def commits(count: int = 5000, rounds: int = 3) -> None:
    """The store's commit of one move, in blocks of `count` alternately: the INSERT and the
    clock's UPDATE in one transaction (every move before issue 24; now a match whose clock
    runs) and the INSERT alone, its own transaction (a clockless match's). Process time (the
    WAL's writes included), one core, a file on disk as the server has it."""
    clock = {"banks": [], "seat": 1, "deadline": time.time() + 30, "paused": None}
    with tempfile.TemporaryDirectory() as folder:
        store = Store(Path(folder) / "commits.sqlite")
        store.create_match("m", "doors", 2, {}, 1, [])
        version = 0
        for number in range(1, rounds + 1):
            for label, kept in (("with its clock", clock), ("alone", None)):
                started = time.process_time()
                for _ in range(count):
                    move = MoveRecord(version % 2, PAYLOAD[:24], "seat", time.time())
                    store.append_move("m", version, move, False, kept)
                    version += 1
                used = time.process_time() - started
                print(f"round {number}: a move {label:14} {1e6 * used / count:6.1f} µs")
        store.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "what",
        choices=["views", "public", "moves", "matches", "turnover", "commit", "stream", "memory"],
    )
    args = parser.parse_args()
    if args.what == "views":
        views()
    elif args.what == "public":
        public()
    elif args.what == "moves":
        moves()
    elif args.what == "matches":
        matches()
    elif args.what == "turnover":
        turnover()
    elif args.what == "commit":
        commits()
    elif args.what == "stream":
        stream()
    else:
        asyncio.run(idle_tables())


if __name__ == "__main__":
    main()
