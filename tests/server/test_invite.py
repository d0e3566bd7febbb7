"""Joining takes one scan (issue 21, must-have 5): `tigerden serve` prints the page's address
and a QR code of it, which an independent decoder (zxing-cpp) reads back as that address."""

from __future__ import annotations

import ipaddress
import os
import re
import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path

import zxingcpp

from discovery import lan_addresses
from server.invite import invitation, page_urls, qr_lines

LIGHT = {"█": (True, True), "▀": (True, False), "▄": (False, True), " ": (False, False)}
"""What each half-block character of the printed code says about its (top, bottom) modules."""


def decoded(lines: list[str], scale: int = 6, margin: int = 4) -> str:
    """The text of the QR code drawn in `lines`, read by zxing-cpp from an image of them (each
    module `scale` pixels, `margin` more light modules around, as a screen would show it)."""
    rows: list[list[bool]] = []
    for text in lines:
        halves = [LIGHT[char] for char in text]
        rows += [[top for top, _ in halves], [bottom for _, bottom in halves]]
    width = len(rows[0]) + 2 * margin
    rows = (
        [[True] * width] * margin
        + [[True] * margin + row + [True] * margin for row in rows]
        + [[True] * width] * margin
    )
    pixels = bytearray()
    for row in rows:
        pixel_row = b"".join((b"\xff" if light else b"\x00") * scale for light in row)
        pixels += pixel_row * scale
    image = memoryview(bytes(pixels)).cast("B", (len(rows) * scale, width * scale))
    found = zxingcpp.read_barcodes(image)
    assert len(found) == 1, "one QR code"
    return str(found[0].text)


def test_the_printed_code_decodes_to_the_address_beside_it() -> None:
    url = "http://192.168.1.20:8080/"
    lines = qr_lines(url)
    assert all(set(line) <= set(LIGHT) for line in lines)
    assert max(map(len, lines)) <= 40 and len(lines) <= 20  # fits beside an 80x24 terminal
    assert decoded(lines) == url
    assert decoded(qr_lines("https://[fd00::20]:8443/")) == "https://[fd00::20]:8443/"


def test_on_a_terminal_the_code_is_white_on_black_whatever_its_colours() -> None:
    shown = invitation(["http://10.0.0.5:8080/"], tty=True).splitlines()
    assert shown[0] == "web client on http://10.0.0.5:8080/ (on a phone: scan the code below)"
    assert all(line.startswith("\x1b[97;40m") and line.endswith("\x1b[0m") for line in shown[1:])
    plain = invitation(["http://10.0.0.5:8080/"], tty=False).splitlines()
    assert decoded(plain[1:]) == "http://10.0.0.5:8080/"


def test_the_page_is_offered_on_the_lan_addresses_first() -> None:
    assert page_urls("127.0.0.1", 8080, https=False) == ["http://127.0.0.1:8080/"]
    assert page_urls("127.0.0.1", 8443, https=True) == ["https://127.0.0.1:8443/"]
    everywhere = [ipaddress.ip_address(a) for a in lan_addresses("0.0.0.0")]  # reads interfaces
    assert everywhere
    if any(not a.is_loopback for a in everywhere):
        assert not any(a.is_loopback for a in everywhere)


def test_serve_prints_a_code_that_scans_to_the_page_it_serves(tmp_path: Path) -> None:
    process = subprocess.Popen(
        [
            *(sys.executable, "-m", "cli", "serve", "--port", "0", "--web-port", "0"),
            *("--no-advertise", "--db", str(tmp_path / "qr.sqlite")),
        ],
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    assert process.stdout is not None
    try:
        lines: list[str] = []
        while not (lines and lines[-1].startswith("▀")):  # the code's last row
            lines.append(process.stdout.readline().rstrip("\n"))
            assert lines[-1] or process.poll() is None, lines
        # Not the first line naming "web": the compiled build's line names its folder, which
        # can hold the word (a checkout in /work/wt-webdirect).
        address = next(
            found for line in lines if (found := re.search(r"web client on (\S+)", line))
        )
        code = [line for line in lines if line and set(line) <= set(LIGHT)]
        assert decoded(code) == address[1]
        try:
            with urllib.request.urlopen(address[1], timeout=10) as page:
                assert page.status == 200
        except urllib.error.HTTPError as error:
            assert error.code == 503  # no bundle built: the placeholder page, still served
    finally:
        process.terminate()
        process.wait(10)


def test_the_terminal_lobby_shows_where_a_phone_joins() -> None:
    from prompt_toolkit.formatted_text import fragment_list_to_text

    from client.ui.lobby import server_lines
    from client.ui.lobby_state import LobbyState, ServerEntry
    from discovery import FoundServer

    found = FoundServer("den", ("192.168.1.20",), 50051, ("doors",), "tigerden.v1", 8080)
    state = LobbyState("ada")
    state.set_servers([ServerEntry.found(found), ServerEntry("other", "10.0.0.9:50051")])
    shown = fragment_list_to_text(server_lines(state)).splitlines()
    assert shown[0].endswith("den")
    assert shown[1:3] == ["   192.168.1.20:50051", "   web: 192.168.1.20:8080"]
    assert not any("web" in line for line in shown[3:])  # a server without a LAN record
