"""Shared fixtures: a real server on an ephemeral loopback port with a real SQLite file."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from client.api import Server, connect
from server.main import Running, start_server


@pytest.fixture
async def running(tmp_path: Path) -> AsyncIterator[Running]:
    server = await start_server("127.0.0.1:0", tmp_path / "tigerden.sqlite")
    try:
        yield server
    finally:
        await server.stop(grace=0.2)


@pytest.fixture
async def client(running: Running) -> AsyncIterator[Server]:
    async with connect(f"127.0.0.1:{running.port}") as server:
        yield server
