"""Bootstrap: builds the store, bots, lobby and gRPC server, and runs them until a signal.

Everything is built inside functions (nothing at import time), and `create_server` returns the
bound port, so tests bind port 0 and never collide.
"""

from __future__ import annotations

import asyncio
import logging
import signal
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import grpc
from grpc_health.v1 import health, health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha import reflection
from tigerden.v1 import lobby_pb2, lobby_pb2_grpc, match_pb2, match_pb2_grpc
from zeroconf import Error as ZeroconfError

from discovery import SERVICE_TYPE, Advertisement, advertise
from server.bots import BotDriver, bot_pool
from server.lobby import Lobby
from server.referee import WAITING_EXPIRY_SECONDS, Referee
from server.service import LobbyService, MatchService
from server.store import Store

log = logging.getLogger("tigerden.server")
HealthServicer: Any = health.aio.HealthServicer  # type: ignore[attr-defined]  # not in stubs

SERVICE_NAMES = (
    lobby_pb2.DESCRIPTOR.services_by_name["LobbyService"].full_name,
    match_pb2.DESCRIPTOR.services_by_name["MatchService"].full_name,
)
MAX_MESSAGE_BYTES = 64 * 1024
"""Moves are tiny; anything bigger is refused by gRPC with RESOURCE_EXHAUSTED."""


@dataclass
class Running:
    """A started server and what it needs to shut down cleanly."""

    server: grpc.aio.Server
    port: int
    lobby: Lobby
    health: Any  # grpc_health's asyncio HealthServicer
    referee: Referee

    async def stop(self, grace: float = 2.0) -> None:
        await self.health.enter_graceful_shutdown()
        await self.server.stop(grace)
        self.referee.close()
        await self.lobby.bots.close()
        self.lobby.store.close()


async def start_server(
    address: str = "127.0.0.1:0",
    db: str | Path = ":memory:",
    bot_delay: float = 0.0,
    waiting_expiry: float = WAITING_EXPIRY_SECONDS,
) -> Running:
    """Starts a server on `address` (port 0 picks a free one) with matches kept in `db`;
    matches that wait `waiting_expiry` seconds with no move played expire."""
    store = Store(db)
    lobby = Lobby(store, BotDriver(delay=bot_delay, pool=bot_pool()))
    referee = Referee(waiting_expiry)
    lobby.listeners.append(referee.attach)
    restored = lobby.restore()
    server = grpc.aio.server(
        options=[
            ("grpc.max_receive_message_length", MAX_MESSAGE_BYTES),
        ]
    )
    lobby_pb2_grpc.add_LobbyServiceServicer_to_server(LobbyService(lobby), server)
    match_pb2_grpc.add_MatchServiceServicer_to_server(MatchService(lobby), server)
    health_servicer = HealthServicer()
    health_pb2_grpc.add_HealthServicer_to_server(health_servicer, server)
    reflection.enable_server_reflection(
        (*SERVICE_NAMES, health.SERVICE_NAME, reflection.SERVICE_NAME), server
    )
    port = server.add_insecure_port(address)
    if port == 0:
        store.close()
        raise OSError(f"cannot listen on {address}: is the port in use?")
    await server.start()
    for name in (*SERVICE_NAMES, ""):
        await health_servicer.set(name, health_pb2.HealthCheckResponse.SERVING)
    log.info("serving on port %d with %d stored matches (%s)", port, restored, db)
    return Running(server, port, lobby, health_servicer, referee)


async def announce(name: str, host: str, port: int, games: list[str]) -> Advertisement | None:
    """Advertises the server on the LAN; a network that cannot carry mDNS turns discovery off
    with a warning, never the server."""
    try:
        advertisement = await advertise(name, host, port, games)
    except (OSError, ZeroconfError) as error:
        print(f"not advertised on the LAN ({error}); clients need the address", flush=True)
        return None
    shown = advertisement.instance.removesuffix("." + SERVICE_TYPE)
    print(f"advertised on the LAN as {shown!r} ({SERVICE_TYPE})", flush=True)
    return advertisement


async def serve(
    host: str,
    port: int,
    db: str | Path,
    bot_delay: float,
    name: str | None = None,
    waiting_expiry: float = WAITING_EXPIRY_SECONDS,
) -> None:
    """Serves until SIGINT or SIGTERM, then shuts down gracefully; with a `name`, advertises
    the server on the LAN under it meanwhile (withdrawn first on shutdown). Matches that wait
    `waiting_expiry` seconds with no move played expire."""
    running = await start_server(f"{host}:{port}", db, bot_delay, waiting_expiry)
    print(f"tigerden serving on {host}:{running.port} (database {db}); Ctrl-C stops", flush=True)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    advertisement = None
    if name is not None:
        advertisement = await announce(name, host, running.port, list(running.lobby.games))
    else:
        print("not advertised on the LAN (--no-advertise); clients need the address", flush=True)
    await stop.wait()
    print("shutting down", flush=True)
    if advertisement is not None:
        await advertisement.close()
    await running.stop()
