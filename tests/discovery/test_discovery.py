"""LAN discovery with a real zeroconf instance, kept on the loopback interface: several test runs
may share this machine, so every test looks only for the unique names it advertised."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import subprocess
import sys
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from discovery import FoundServer, ServerBrowser, advertise
from discovery.record import found_server, instance_label, txt_record

LOOPBACK = ["127.0.0.1"]


def unique(prefix: str) -> str:
    return f"{prefix}-{uuid.uuid4().hex[:8]}"


async def until(test: Callable[[], bool], timeout: float = 10.0) -> None:
    async def poll() -> None:
        while not test():
            await asyncio.sleep(0.05)

    await asyncio.wait_for(poll(), timeout)


def named(browser: ServerBrowser, name: str) -> FoundServer | None:
    return next((s for s in browser.servers.values() if s.name == name), None)


async def test_an_advertised_server_is_found_and_its_withdrawal_seen() -> None:
    name = unique("game night ☕")
    async with ServerBrowser(LOOPBACK) as browser:
        advertisement = await advertise(name, "127.0.0.1", 4242, ["doors", "koikoi"], 8080)
        try:
            await until(lambda: named(browser, name) is not None)
            found = named(browser, name)
        finally:
            await advertisement.close()
        assert found is not None
        assert (found.target, found.games, found.protocol) == (
            "127.0.0.1:4242",
            ("doors", "koikoi"),
            "tigerden.v1",
        )
        assert found.web == "127.0.0.1:8080"  # the web client, announced beside gRPC
        assert found.line() == f"{name}  127.0.0.1:4242  doors, koikoi  web 127.0.0.1:8080"
        await until(lambda: named(browser, name) is None)  # the goodbye arrived


def test_a_record_without_a_usable_web_port_has_no_web_client() -> None:
    for txt in ({}, {"web": "http"}, {"web": "0"}, {"web": "70000"}):
        found = found_server("x", ["127.0.0.1"], 4242, {"protocol": "tigerden.v1", **txt})
        assert found is not None and (found.web_port, found.web) == (0, ""), txt
    assert "web" not in txt_record("x", ["doors"])
    assert txt_record("x", ["doors"], 8080)["web"] == "8080"


def test_instance_labels_fit_dns_sd() -> None:
    assert instance_label("ä" * 40) == "ä" * 31  # 63 bytes at most, whole characters
    assert instance_label("...") == "tigerden"


def tigerden(*args: str) -> list[str]:
    return [sys.executable, "-m", "cli", *args]


@pytest.fixture
def serve(tmp_path: Path) -> Iterator[Callable[..., tuple[subprocess.Popen[str], int]]]:
    """Starts `tigerden serve` on loopback; returns the process and its port."""
    started: list[subprocess.Popen[str]] = []

    def start(*args: str) -> tuple[subprocess.Popen[str], int]:
        db = tmp_path / f"{len(started)}.sqlite"
        process = subprocess.Popen(
            tigerden(
                "serve",
                "--host",
                "127.0.0.1",
                "--port",
                "0",
                "--web-port",
                "0",
                "--db",
                str(db),
                *args,
            ),
            stdout=subprocess.PIPE,
            text=True,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
        )
        started.append(process)
        assert process.stdout is not None
        line = process.stdout.readline()
        port = re.search(r"127\.0\.0\.1:(\d+)", line)
        assert port, line
        return process, int(port[1])

    yield start
    for process in started:
        process.terminate()  # a graceful stop, as Ctrl-C would
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


async def test_serve_advertises_servers_lists_and_shutdown_withdraws(
    serve: Callable[..., tuple[subprocess.Popen[str], int]],
) -> None:
    shown, hidden = unique("den"), unique("hidden")
    advertised, port = serve("--name", shown)
    assert advertised.stdout is not None
    assert advertised.stdout.readline().startswith(f"advertised on the LAN as '{shown}'")
    web = re.search(r"web client on http://127\.0\.0\.1:(\d+)/", advertised.stdout.readline())
    assert web is not None
    quiet, _ = serve("--name", hidden, "--no-advertise")
    assert quiet.stdout is not None
    assert quiet.stdout.readline().startswith("not advertised on the LAN (--no-advertise)")

    listing = await asyncio.to_thread(
        subprocess.run,
        tigerden("servers", "--timeout", "2", "--interface", "127.0.0.1"),
        capture_output=True,
        text=True,
        timeout=60,
    )
    lines = listing.stdout.splitlines()
    expected = f"{shown}  127.0.0.1:{port}  doors, koikoi, tiger-dragon  web 127.0.0.1:{web[1]}"
    assert expected in lines, listing
    assert not any(hidden in line for line in lines)

    async with ServerBrowser(LOOPBACK) as browser:
        await until(lambda: named(browser, shown) is not None)
        advertised.send_signal(signal.SIGTERM)
        await until(lambda: named(browser, shown) is None)
    assert await asyncio.to_thread(advertised.wait, 10) == 0


def test_servers_says_why_when_the_lan_cannot_be_browsed() -> None:
    done = subprocess.run(
        tigerden("servers", "--timeout", "0.2", "--interface", "198.51.100.7"),  # not ours
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 1
    assert done.stderr.startswith("cannot look for servers on the LAN: ")
