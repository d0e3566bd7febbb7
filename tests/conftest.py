"""Shared fixtures: a real server on an ephemeral loopback port with a real SQLite file."""

from __future__ import annotations

import contextlib
import os
import random
from collections.abc import AsyncIterator, Callable
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import settings

from client.api import Server, connect
from server.limits import LAN_LIMITS, Limits
from server.main import Running, start_server

# `make test` explores the same examples on every run, so a red CI is reproducible; set
# HYPOTHESIS_PROFILE=explore (as `make test-slow` does) to search new ones.
settings.register_profile("repeatable", derandomize=True, deadline=None)
settings.register_profile("explore", max_examples=1000, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "repeatable"))


def repeatable_seeds(request: pytest.FixtureRequest) -> Callable[[], int]:
    """Match seeds drawn from the test's own name: a test deals the same matches on every run,
    so what it met (a Koi-Koi hand that ends the deal at once, a bot's odd line) happens again
    when it is run again."""
    rng = random.Random(request.node.nodeid)
    return lambda: rng.getrandbits(63)


@contextlib.asynccontextmanager
async def loopback_server(
    db: Path, limits: Limits, request: pytest.FixtureRequest
) -> AsyncIterator[Running]:
    """A real server on an ephemeral loopback port with the SQLite file `db`, dealing the
    test's repeatable seeds."""
    server = await start_server(
        "127.0.0.1:0", db, limits=limits, new_seed=repeatable_seeds(request)
    )
    try:
        yield server
    finally:
        await server.stop(grace=0.2)


@pytest.fixture(autouse=True)
def own_seats_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Each test remembers the seats it takes (client/seats.py) in a file of its own, never in
    the home directory's."""
    path = tmp_path / "seats.json"
    monkeypatch.setenv("TIGERDEN_SEATS", str(path))
    return path


@pytest.fixture
async def running(tmp_path: Path, request: pytest.FixtureRequest) -> AsyncIterator[Running]:
    # The LAN defaults, but for the cap on all-bot matches: bot tests run many at once.
    limits = replace(LAN_LIMITS, bot_matches=100)
    async with loopback_server(tmp_path / "tigerden.sqlite", limits, request) as server:
        yield server


@pytest.fixture
async def client(running: Running) -> AsyncIterator[Server]:
    async with connect(f"127.0.0.1:{running.port}") as server:
        yield server


@pytest.fixture
async def quick_client(tmp_path: Path, request: pytest.FixtureRequest) -> AsyncIterator[Server]:
    """A client of a server whose bots, hints and reviews think at most 0.05 s a decision: for
    tests of what they hold, not of how strong they are."""
    limits = replace(LAN_LIMITS, max_bot_seconds=0.05)
    async with (
        loopback_server(tmp_path / "quick.sqlite", limits, request) as running,
        connect(f"127.0.0.1:{running.port}") as server,
    ):
        yield server
