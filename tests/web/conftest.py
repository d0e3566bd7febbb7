"""The browser client in a real browser: headless Chromium from the system (Debian's
`chromium`, which .ci/run installs when it is missing), driven by Playwright for Python pointed
at it with `executable_path` — nothing here downloads a browser. Each test gets a real server
with its web port on the loopback interface and a fresh browser."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass, replace
from pathlib import Path

import pytest
from playwright.async_api import Browser, Page, ViewportSize, async_playwright

from server.limits import LAN_LIMITS
from server.main import Running, start_server
from tests.conftest import repeatable_seeds
from tools.web_page import chromium

PHONE: ViewportSize = {"width": 360, "height": 640}
"""A phone held upright, in CSS pixels."""


@dataclass
class WebServer:
    running: Running

    @property
    def url(self) -> str:
        assert self.running.web is not None
        return f"http://127.0.0.1:{self.running.web.bound}/"

    @property
    def grpc(self) -> str:
        return f"127.0.0.1:{self.running.port}"


@pytest.fixture
async def web_server(tmp_path: Path, request: pytest.FixtureRequest) -> AsyncIterator[WebServer]:
    limits = replace(LAN_LIMITS, max_bot_seconds=0.05)
    running = await start_server(
        "127.0.0.1:0",
        tmp_path / "web.sqlite",
        limits=limits,
        new_seed=repeatable_seeds(request),
        web=("127.0.0.1", 0),
    )
    try:
        yield WebServer(running)
    finally:
        await running.stop(grace=0.2)


@pytest.fixture
async def browser() -> AsyncIterator[Browser]:
    async with async_playwright() as playwright:
        launched = await playwright.chromium.launch(executable_path=chromium())
        try:
            yield launched
        finally:
            await launched.close()


@pytest.fixture
async def phone(browser: Browser) -> AsyncIterator[Page]:
    """A page at phone size whose script errors fail the test."""
    context = await browser.new_context(viewport=PHONE, locale="en-GB")
    page = await context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page
    await context.close()
    assert not errors, errors
