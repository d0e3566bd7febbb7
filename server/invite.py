"""How a phone joins: the page's address on each LAN interface, and a QR code of it to scan.

`tigerden serve` prints these when it starts, so the host can hold the terminal up to a
friend's phone. The QR code is drawn with half-block characters (two modules a character, so
a LAN address fits in about 30 columns and 15 rows), light modules as full blocks; on a
terminal the code is printed white on black whatever the terminal's colours, since a scanner
needs dark modules on a light ground or (for most) the inverse, not a mix of both.
"""

from __future__ import annotations

import io
import ipaddress
import os

import segno

from discovery import lan_addresses

QUIET_ZONE = 2
"""Light modules around the code; with the terminal's own margin scanners read it."""


def page_urls(host: str, port: int, https: bool) -> list[str]:
    """The page's address for each address the web port is reachable at from the LAN (every
    interface's for a wildcard host), LAN addresses first, loopback last."""
    scheme = "https" if https else "http"
    urls = []
    for address in lan_addresses(host):
        shown = f"[{address}]" if ipaddress.ip_address(address).version == 6 else address
        urls.append(f"{scheme}://{shown}:{port}/")
    return urls


def qr_lines(url: str) -> list[str]:
    """The QR code of `url` as terminal lines of `█▀▄ ` (light top and bottom, top, bottom,
    neither)."""
    code = segno.make(url, error="m", micro=False)
    out = io.StringIO()
    code.terminal(out=out, compact=True, border=QUIET_ZONE)
    return out.getvalue().splitlines()


def invitation(urls: list[str], tty: bool) -> str:
    """What `tigerden serve` prints about the web port: each address, then the first one's QR
    code (white on black on a terminal that takes colours)."""
    lines = []
    for number, url in enumerate(urls):
        note = ""
        if number == 0:
            loopback = ipaddress.ip_address(url.split("//")[1].rsplit(":", 1)[0].strip("[]"))
            note = (
                " (this machine only: --host 0.0.0.0 opens it to the LAN)"
                if loopback.is_loopback
                else " (on a phone: scan the code below)"
            )
        lines.append(f"web client on {url}{note}")
    colour = tty and "NO_COLOR" not in os.environ
    for line in qr_lines(urls[0]):
        lines.append(f"\x1b[97;40m{line}\x1b[0m" if colour else line)
    return "\n".join(lines)
