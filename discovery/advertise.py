"""The server's side: one DNS-SD advertisement, on the interfaces the server listens on, withdrawn
with goodbye packets when the server stops."""

from __future__ import annotations

import ipaddress
import socket
from collections.abc import Sequence
from dataclasses import dataclass

import ifaddr
from zeroconf import InterfaceChoice, IPVersion, ServiceInfo
from zeroconf.asyncio import AsyncZeroconf

from discovery.record import SERVICE_TYPE, instance_label, txt_record

ANY_HOSTS = {"", "0.0.0.0", "::", "[::]"}


@dataclass
class Advertisement:
    """A registered service; `close` withdraws it."""

    zeroconf: AsyncZeroconf
    info: ServiceInfo

    @property
    def instance(self) -> str:
        """The registered instance name (zeroconf renames it if the name is taken)."""
        return self.info.name

    async def close(self) -> None:
        """Sends the goodbye packets, waits until they are out, and stops answering."""
        goodbyes = await self.zeroconf.async_unregister_service(self.info)
        await goodbyes
        await self.zeroconf.async_close()


def listening_addresses(host: str) -> tuple[list[str] | InterfaceChoice, list[str], IPVersion]:
    """The interfaces to announce on and the addresses to announce, for a server bound to
    `host`: every interface's address for a wildcard host, else the host's own addresses."""
    host = host.strip("[]")
    if host in ANY_HOSTS:
        wildcard_v6 = host in {"::"}
        ips = [
            str(ip.ip) if isinstance(ip.ip, str) else ip.ip[0]
            for adapter in ifaddr.get_adapters()
            for ip in adapter.ips
            if ip.is_IPv4 or wildcard_v6
        ]
        version = IPVersion.All if wildcard_v6 else IPVersion.V4Only
        return InterfaceChoice.All, ips, version
    infos = socket.getaddrinfo(host, None, proto=socket.IPPROTO_TCP)
    ips = list(dict.fromkeys(str(info[4][0]) for info in infos))
    has_v6 = any(ipaddress.ip_address(ip).version == 6 for ip in ips)
    v4 = [ip for ip in ips if ipaddress.ip_address(ip).version == 4]
    version = IPVersion.All if has_v6 else IPVersion.V4Only
    return (v4 if v4 and not has_v6 else InterfaceChoice.All), ips, version


def lan_addresses(host: str) -> list[str]:
    """The addresses a server bound to `host` is reached at, for people to dial: those of
    `listening_addresses`, LAN ones first, then link-local and loopback ones (kept last, and
    only when there is nothing better, as on a machine without a network)."""
    _interfaces, addresses, _version = listening_addresses(host)

    def rank(text: str) -> tuple[bool, bool]:
        ip = ipaddress.ip_address(text.split("%")[0])
        return ip.is_loopback, ip.is_link_local

    ranked = sorted(dict.fromkeys(a for a in addresses if "%" not in a), key=rank)
    best = [a for a in ranked if rank(a) == (False, False)]
    return best or ranked


async def advertise(
    name: str, host: str, port: int, games: Sequence[str], web_port: int | None = None
) -> Advertisement:
    """Announces the server bound to `host`:`port` as `name` until `close`, with the web
    port's number when it serves one."""
    interfaces, addresses, version = listening_addresses(host)
    zeroconf = AsyncZeroconf(interfaces=interfaces, ip_version=version)
    label = instance_label(name)
    info = ServiceInfo(
        SERVICE_TYPE,
        f"{label}.{SERVICE_TYPE}",
        port=port,
        properties=txt_record(name, games, web_port),
        server=f"{socket.gethostname()}.local.",
        parsed_addresses=addresses,
    )
    try:
        # The first await probes that the name is free; the second sends the announcements.
        announced = await zeroconf.async_register_service(info, allow_name_change=True)
        await announced
    except BaseException:
        await zeroconf.async_close()
        raise
    return Advertisement(zeroconf, info)
