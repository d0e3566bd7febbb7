"""Bootstrap: builds the store, bots, the authority's parts and the gRPC server, wires them,
and runs them until a signal.

Everything is built inside functions (nothing at import time), and `create_server` returns the
bound port, so tests bind port 0 and never collide.
"""

from __future__ import annotations

import asyncio
import logging
import signal
import ssl
import sys
import tempfile
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import grpc
from grpc_health.v1 import health, health_pb2, health_pb2_grpc
from tigerden.v1 import lobby_pb2, lobby_pb2_grpc, match_pb2, match_pb2_grpc
from zeroconf import Error as ZeroconfError

from discovery import SERVICE_TYPE, Advertisement, advertise
from engine import GAMES
from engine.core import Game
from server.archive import Archive
from server.bots import BotDriver, bot_pool
from server.build import describe
from server.chat import ChatDesk
from server.codecs import CODECS, Codec
from server.guard import RequestGuard
from server.host import HostControls
from server.invite import invitation, page_urls
from server.limits import LAN_LIMITS, Limiter, Limits
from server.lobby import Lobby, random_match_id, system_seed
from server.referee import WAITING_EXPIRY_SECONDS, Referee
from server.reflection import serve_reflection
from server.registry import Registry
from server.service import LobbyService, MatchService, Served
from server.store import Store
from server.web import DIST, RunningWeb, start_web

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
    served: Served
    health: Any  # grpc_health's asyncio HealthServicer
    referee: Referee
    web: RunningWeb | None = None

    async def stop(self, grace: float = 2.0) -> None:
        if self.web is not None:
            await self.web.stop()  # ends the browsers' calls first: they use the same services
        await self.health.enter_graceful_shutdown()
        await self.server.stop(grace)
        self.referee.close()
        await self.served.registry.bots.close()
        self.served.archive.store.close()


@dataclass(frozen=True)
class Tls:
    """The server's certificate chain and private key, PEM-encoded."""

    certificate: bytes
    key: bytes

    @classmethod
    def from_files(cls, certificate: Path, key: Path) -> Tls:
        return cls(certificate.read_bytes(), key.read_bytes())

    def ssl_context(self, scratch: Path) -> ssl.SSLContext:
        """The same certificate for the web port (HTTPS). `ssl` loads only from files, so the
        PEMs pass through `scratch`, a directory only this user can read, and are removed."""
        context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        certificate, key = scratch / "web.crt", scratch / "web.key"
        certificate.write_bytes(self.certificate)
        key.touch(mode=0o600)
        key.write_bytes(self.key)
        try:
            context.load_cert_chain(certificate, key)
        finally:
            certificate.unlink()
            key.unlink()
        return context


WebAddress = tuple[str, int]
"""Where the web port listens: host and port (0 picks a free one)."""
LOBBY_SERVICE = lobby_pb2.DESCRIPTOR.services_by_name["LobbyService"]
MATCH_SERVICE = match_pb2.DESCRIPTOR.services_by_name["MatchService"]
HEALTH_SERVICE = health_pb2.DESCRIPTOR.services_by_name["Health"]
"""With the lobby and match services, what the web port serves (of their methods, those
gRPC-Web can carry: all but Play)."""


def key_warning(key: Path) -> str | None:
    """A warning when the TLS key file can be read by anyone but its owner: whoever reads the
    key can pose as this server and read every token and hand (issue 20, 8g). The server
    still starts: the key may sit on a machine of one user."""
    mode = key.stat().st_mode & 0o777
    if not mode & 0o077:
        return None
    return (
        f"warning: the TLS key {key} can be read by other users of this machine (mode "
        f"{mode:03o}), who could then pose as this server; make it private: chmod 600 {key}"
    )


def hosted_games(codecs: Mapping[str, Codec]) -> dict[str, Game]:
    """The games this server hosts: a game is hosted once it has a codec (the engine may be
    ready before its wire format)."""
    return {id: game for id, game in GAMES.items() if id in codecs}


def wire(
    store: Store,
    bots: BotDriver,
    limits: Limits = LAN_LIMITS,
    new_seed: Callable[[], int] = system_seed,
    new_match_id: Callable[[], str] = random_match_id,
    codecs: Mapping[str, Codec] = CODECS,
) -> Served:
    """The authority's parts and their adapters, wired as boardgame.io's `Master(game,
    storage, transport, auth)` is: the archive (the store behind the codecs) is the
    registry's ledger and opens each room's log; the authority never sees the store."""
    games = hosted_games(codecs)
    archive = Archive(store, games, codecs)
    registry = Registry(archive, bots, limits)
    lobby = Lobby(registry, games, new_seed, new_match_id)
    return Served(registry, lobby, HostControls(registry), ChatDesk(registry), archive, codecs)


async def start_server(
    address: str = "127.0.0.1:0",
    db: str | Path = ":memory:",
    bot_delay: float = 0.0,
    limits: Limits = LAN_LIMITS,
    tls: Tls | None = None,
    waiting_expiry: float = WAITING_EXPIRY_SECONDS,
    new_seed: Callable[[], int] = system_seed,
    web: WebAddress | None = None,
    web_dist: Path = DIST,
) -> Running:
    """Starts a server on `address` (port 0 picks a free one) with matches kept in `db`,
    within `limits`, speaking TLS when given a certificate; matches that wait
    `waiting_expiry` seconds with no move played expire. `new_seed` deals the matches
    (tests pass a seeded one, so that a run can be repeated). With `web`, the browser client
    and gRPC-Web are served there too (HTTPS with the same certificate), gRPC-Web answered
    by this server's own service handlers; the page's files are read from `web_dist`."""
    store = Store(db)
    bots = BotDriver(delay=bot_delay, pool=bot_pool(), max_seconds=limits.max_bot_seconds)
    served = wire(store, bots, limits, new_seed)
    referee = Referee(waiting_expiry)
    served.registry.listeners.append(referee.attach)
    restored = served.archive.restore(served.registry)
    server = grpc.aio.server(
        interceptors=[RequestGuard()],
        options=[
            ("grpc.max_receive_message_length", MAX_MESSAGE_BYTES),
            ("grpc.max_concurrent_streams", limits.max_concurrent_streams),
        ],
    )
    limiter = Limiter(limits)
    lobby, match, health_servicer = (
        LobbyService(served, limiter),
        MatchService(served, limiter),
        HealthServicer(),
    )
    lobby_pb2_grpc.add_LobbyServiceServicer_to_server(lobby, server)
    match_pb2_grpc.add_MatchServiceServicer_to_server(match, server)
    health_pb2_grpc.add_HealthServicer_to_server(health_servicer, server)
    servicers = {LOBBY_SERVICE: lobby, MATCH_SERVICE: match, HEALTH_SERVICE: health_servicer}
    serve_reflection((*SERVICE_NAMES, health.SERVICE_NAME), server)
    if tls is None:
        port = server.add_insecure_port(address)
    else:
        credentials = grpc.ssl_server_credentials([(tls.key, tls.certificate)])
        port = server.add_secure_port(address, credentials)
    if port == 0:
        store.close()
        raise OSError(f"cannot listen on {address}: is the port in use?")
    await server.start()
    for name in (*SERVICE_NAMES, ""):
        await health_servicer.set(name, health_pb2.HealthCheckResponse.SERVING)
    running = Running(server, port, served, health_servicer, referee)
    if web is not None:
        context = None
        if tls is not None:
            with tempfile.TemporaryDirectory(prefix="tigerden-") as scratch:  # mode 0700
                context = tls.ssl_context(Path(scratch))
        try:
            running.web = await start_web(
                *web,
                servicers,
                MAX_MESSAGE_BYTES,
                limits.max_concurrent_streams,
                context,
                web_dist,
            )
        except OSError:
            await running.stop(0)
            raise
    log.info("serving on port %d with %d stored matches (%s)", port, restored, db)
    return running


LOOPBACK = ("127.0.0.1", "::1", "localhost")


async def announce(
    name: str, host: str, port: int, games: list[str], web_port: int | None = None
) -> Advertisement | None:
    """Advertises the server on the LAN (with its web port, if any); a network that cannot
    carry mDNS turns discovery off with a warning, never the server."""
    try:
        advertisement = await advertise(name, host, port, games, web_port)
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
    limits: Limits = LAN_LIMITS,
    tls: Tls | None = None,
    waiting_expiry: float = WAITING_EXPIRY_SECONDS,
    web_port: int | None = None,
) -> None:
    """Serves until SIGINT or SIGTERM, then shuts down gracefully; with a `name`, advertises
    the server on the LAN under it meanwhile (withdrawn first on shutdown). Matches that wait
    `waiting_expiry` seconds with no move played expire. With a `web_port`, browsers are
    served there too."""
    address = f"[{host}]:{port}" if ":" in host else f"{host}:{port}"
    web = None if web_port is None else (host, web_port)
    try:
        running = await start_server(address, db, bot_delay, limits, tls, waiting_expiry, web=web)
    except OSError as error:
        raise SystemExit(f"tigerden serve: {error}") from None
    how = "TLS" if tls else "plaintext"
    print(
        f"tigerden serving on {host}:{running.port} ({how}, database {db}, {describe()}); "
        "Ctrl-C stops",
        flush=True,
    )
    if tls is None and host not in LOOPBACK:
        print(
            "warning: without --tls-cert/--tls-key, tokens and hands cross the network in "
            "plaintext (docs/security.md)",
            flush=True,
        )
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    advertisement = None
    if name is not None:
        web_port = None if running.web is None else running.web.bound
        games = list(running.served.lobby.games)
        advertisement = await announce(name, host, running.port, games, web_port)
    else:
        print("not advertised on the LAN (--no-advertise); clients need the address", flush=True)
    if running.web is not None:
        urls = page_urls(host, running.web.bound, https=tls is not None)
        print(invitation(urls, sys.stdout.isatty()), flush=True)
    await stop.wait()
    print("shutting down", flush=True)
    if advertisement is not None:
        await advertisement.close()
    await running.stop()
