"""The DNS-SD record of a tigerden server: service type, TXT keys, and what a client makes of it.

TXT keys (all text): `name` (the server's name for people, `tigerden serve --name`), `protocol`
(the contract's package, `tigerden.v1`), `games` (hosted game ids, comma-separated), and `web`
(the port of the browser client, on the same addresses; absent when it serves none). The SRV
record carries the gRPC port, the A/AAAA records the addresses.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

SERVICE_TYPE = "_tigerden._tcp.local."
PROTOCOL = "tigerden.v1"
"""The contract a server speaks; a client skips servers that speak another."""
MAX_INSTANCE_BYTES = 63
"""DNS-SD limit on an instance name's length."""


def instance_label(name: str) -> str:
    """`name` cut to what DNS-SD allows in one label (whole characters only)."""
    data = name.encode()[:MAX_INSTANCE_BYTES]
    return data.decode(errors="ignore").strip(". ") or "tigerden"


def txt_record(name: str, games: Sequence[str], web_port: int | None = None) -> dict[str, str]:
    record = {"name": name, "protocol": PROTOCOL, "games": ",".join(games)}
    if web_port is not None:
        record["web"] = str(web_port)
    return record


@dataclass(frozen=True)
class FoundServer:
    """A server seen on the LAN."""

    name: str
    addresses: tuple[str, ...]
    port: int
    games: tuple[str, ...]
    protocol: str
    web_port: int = 0
    """The browser client's port (TXT `web`), 0 when the server serves none."""

    @property
    def address(self) -> str:
        """The address to dial: a LAN address before a loopback one, IPv4 before IPv6."""

        def rank(text: str) -> tuple[bool, bool]:
            ip = ipaddress.ip_address(text.split("%")[0])
            return ip.is_loopback, ip.version == 6

        return sorted(self.addresses, key=rank)[0]

    @property
    def target(self) -> str:
        """HOST:PORT for gRPC (IPv6 in brackets)."""
        host = self.address
        return f"[{host}]:{self.port}" if ":" in host else f"{host}:{self.port}"

    @property
    def web(self) -> str:
        """HOST:PORT of the browser client, for people to type or open; "" without one."""
        if not self.web_port:
            return ""
        host = self.address
        return f"[{host}]:{self.web_port}" if ":" in host else f"{host}:{self.web_port}"

    def line(self) -> str:
        """One line for people: name, address:port, games, and the web client's address."""
        web = f"  web {self.web}" if self.web else ""
        return f"{self.name}  {self.target}  {', '.join(self.games) or '(no games)'}{web}"


def found_server(
    instance: str, addresses: Sequence[str], port: int, txt: Mapping[str, str | None]
) -> FoundServer | None:
    """What a resolved record says, or None when it is no tigerden server we can talk to."""
    if not addresses or not port or txt.get("protocol") != PROTOCOL:
        return None
    games = tuple(g for g in (txt.get("games") or "").split(",") if g)
    name = txt.get("name") or instance.removesuffix("." + SERVICE_TYPE)
    web = txt.get("web") or ""
    web_port = int(web) if web.isdigit() and 0 < int(web) < 65536 else 0
    return FoundServer(name, tuple(addresses), port, games, PROTOCOL, web_port)
