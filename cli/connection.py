"""How a command reaches its server: an address with the default port, a connection (over TLS
with `--tls-ca`), an embedded server on this machine for `play`, `selfplay` and the local
archive, and the match or game a command names there."""

from __future__ import annotations

import argparse
import contextlib
import sys
from collections.abc import AsyncIterator
from pathlib import Path

from tigerden.v1 import lobby_pb2

from cli.defaults import DEFAULT_PORT
from client.api import Server, connect
from client.i18n import _


def target(address: str) -> str:
    """HOST[:PORT] (or [IPv6][:PORT]) with the default port filled in."""
    if address.startswith("["):
        return address if "]:" in address else f"{address}:{DEFAULT_PORT}"
    return address if ":" in address else f"{address}:{DEFAULT_PORT}"


def open_server(args: argparse.Namespace, address: str) -> Server:
    """A connection to the server at `address`, over TLS when `--tls-ca` names a file."""
    ca = Path(args.tls_ca).read_bytes() if getattr(args, "tls_ca", None) else None
    return connect(target(address), ca)


async def named_match(server: Server, match_id: str, address: str) -> lobby_pb2.MatchInfo | None:
    """The match a subcommand names, or None after saying on stderr that the server has none."""
    match = await server.find_match(match_id)
    if match is None:
        print(f"no match {match_id} on {address}", file=sys.stderr)
    return match


async def game_info(server: Server, game_id: str) -> lobby_pb2.Game:
    for game in await server.games():
        if game.game_id == game_id:
            return game
    raise SystemExit(f"the server hosts no game {game_id!r}")


@contextlib.asynccontextmanager
async def embedded_server(
    db: Path, bot_delay: float, web_port: int | None = None
) -> AsyncIterator[Server]:
    """A local server on a free loopback port, for `play` and `selfplay`; with `web_port`, the
    browser client too, on that loopback port."""
    from server.limits import Limits
    from server.main import start_server

    web = None if web_port is None else ("127.0.0.1", web_port)
    running = await start_server("127.0.0.1:0", db, bot_delay, Limits.unlimited(), web=web)
    if running.web is not None:
        print(
            _("the web client: {url} (this machine only; tigerden serve is for the LAN)").format(
                url=f"http://127.0.0.1:{running.web.bound}/"
            ),
            flush=True,
        )
    server = connect(f"127.0.0.1:{running.port}")
    try:
        yield server
    finally:
        await server.close()
        await running.stop(grace=0.5)


@contextlib.asynccontextmanager
async def server_or_local(
    args: argparse.Namespace, address: str | None, db: Path
) -> AsyncIterator[Server]:
    """The server at `address`, or (without one) a local one on this machine's database."""
    if address:
        async with open_server(args, address) as server:
            yield server
    else:
        async with embedded_server(db, 0.0) as server:
            yield server


def replay_args(args: argparse.Namespace) -> tuple[str | None, str]:
    """`[HOST:PORT] MATCH`: one word is the match (on the local database)."""
    if args.match is None:
        return None, args.address
    return args.address, args.match
