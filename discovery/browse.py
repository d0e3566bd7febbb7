"""The client's side: browse for `_tigerden._tcp` services and resolve each one.

`ServerBrowser` keeps a live table of the servers seen (added, updated, gone when their goodbye
arrives) and calls `on_change` after each change, for the lobby screen; `find_servers` browses
for a while and returns what it found, for `tigerden servers` and `tigerden join`.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from types import TracebackType

from zeroconf import DNSQuestionType, InterfaceChoice, IPVersion, ServiceStateChange, Zeroconf
from zeroconf import Error as ZeroconfError
from zeroconf.asyncio import AsyncServiceBrowser, AsyncServiceInfo, AsyncZeroconf

from discovery.record import SERVICE_TYPE, FoundServer, found_server

RESOLVE_MS = 3000
"""How long to wait for a service's SRV, TXT and address records once it is seen."""
ASK = DNSQuestionType.QM
"""Ask for multicast answers only. zeroconf's first question asks for a unicast answer (QU),
but where several mDNS programs share port 5353 on one host (SO_REUSEPORT), the kernel hands a
unicast answer to just one of their sockets, often not ours, and the answer is lost until the
next question a second later."""


class ServerBrowser:
    """Browses while open (`async with ServerBrowser(...) as browser:`); `servers` is the
    current table by instance name. `interfaces` are the addresses to browse on (default all)."""

    def __init__(
        self,
        interfaces: Sequence[str] = (),
        on_change: Callable[[], None] = lambda: None,
    ) -> None:
        self.servers: dict[str, FoundServer] = {}
        self._interfaces = list(interfaces) or InterfaceChoice.All
        self._on_change = on_change
        self._zeroconf: AsyncZeroconf | None = None
        self._browser: AsyncServiceBrowser | None = None
        self._resolving: set[asyncio.Task[None]] = set()
        self.error: str | None = None
        """Why browsing could not start (no usable interface, ...); the table stays empty."""

    async def __aenter__(self) -> ServerBrowser:
        try:
            self._zeroconf = AsyncZeroconf(interfaces=self._interfaces, ip_version=IPVersion.V4Only)
            self._browser = AsyncServiceBrowser(
                self._zeroconf.zeroconf,
                SERVICE_TYPE,
                handlers=[self._on_service],
                question_type=ASK,
            )
        except (OSError, ZeroconfError) as error:
            self.error = str(error) or type(error).__name__
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        for task in self._resolving:
            task.cancel()
        await asyncio.gather(*self._resolving, return_exceptions=True)
        if self._browser is not None:
            await self._browser.async_cancel()
        if self._zeroconf is not None:
            await self._zeroconf.async_close()

    def _on_service(
        self,
        zeroconf: Zeroconf,
        service_type: str,
        name: str,
        state_change: ServiceStateChange,
    ) -> None:
        if state_change is ServiceStateChange.Removed:
            if self.servers.pop(name, None) is not None:
                self._on_change()
            return
        task = asyncio.ensure_future(self._resolve(zeroconf, name))
        self._resolving.add(task)
        task.add_done_callback(self._resolving.discard)

    async def _resolve(self, zeroconf: Zeroconf, name: str) -> None:
        info = AsyncServiceInfo(SERVICE_TYPE, name)
        if not await info.async_request(zeroconf, RESOLVE_MS, question_type=ASK):
            return
        found = found_server(
            name, info.parsed_scoped_addresses(), info.port or 0, info.decoded_properties
        )
        if found is not None and self.servers.get(name) != found:
            self.servers[name] = found
            self._on_change()


async def find_servers(timeout: float = 2.0, interfaces: Sequence[str] = ()) -> list[FoundServer]:
    """The servers that answer within `timeout` seconds, by name; raises OSError when the LAN
    cannot be browsed at all."""
    async with ServerBrowser(interfaces) as browser:
        if browser.error is not None:
            raise OSError(f"cannot look for servers on the LAN: {browser.error}")
        await asyncio.sleep(timeout)
        return sorted(browser.servers.values(), key=lambda s: (s.name, s.target))
