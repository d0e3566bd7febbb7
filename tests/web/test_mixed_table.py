"""A mixed table: Ada in a phone's browser, Bob at the terminal client (a real 80x24 tmux
window) and a bot, at one Tiger & Dragon match. A chat line from each person reaches the
other, and both play their turns — the browser by taps, the terminal by typing."""

from __future__ import annotations

import asyncio
import shutil
import subprocess
import time
import uuid
from collections.abc import Iterator

import pytest
from playwright.async_api import Page

from tests.client.test_game_night import Terminal
from tests.web.conftest import WebServer
from tools.web_page import create_match, tap_one

pytestmark = pytest.mark.skipif(shutil.which("tmux") is None, reason="needs tmux")


@pytest.fixture
def bob() -> Iterator[Terminal]:
    socket = f"i21-web-{uuid.uuid4().hex[:8]}"
    yield Terminal(socket, "bob")
    subprocess.run(["tmux", "-L", socket, "kill-server"], capture_output=True, check=False)


async def on_screen(terminal: Terminal, text: str) -> str:
    """Waits for `text` in the terminal without blocking the server in this event loop."""
    return await asyncio.to_thread(terminal.wait_for, text)


async def test_a_browser_a_terminal_and_a_bot_at_one_table(
    web_server: WebServer, phone: Page, bob: Terminal
) -> None:
    match_id = await create_match(
        phone, web_server.url, "tiger-dragon", "ada", ["person", "random"]
    )
    await phone.wait_for_selector("text=waiting for every seat to be taken")

    bob.type(f"tigerden join {web_server.grpc} --match {match_id} --name bob", enter=True)
    await asyncio.to_thread(
        bob.wait, lambda s: "your move" in s or "waiting for" in s, "the started match"
    )
    await phone.wait_for_selector(".seats >> text=bob")

    # A line from the phone reaches the terminal; one from the terminal reaches the phone.
    await phone.fill("#chat-text", "hello from the phone")
    await phone.press("#chat-text", "Enter")
    await on_screen(bob, "ada: hello from the phone")
    bob.type("/say hi from the terminal", enter=True)
    await phone.wait_for_selector(".log >> text=bob: hi from the terminal")

    # Both people play their turns until each has moved three times.
    moved = {"ada": 0, "bob": 0}
    deadline = time.monotonic() + 60
    while min(moved.values()) < 3 and time.monotonic() < deadline:
        if await phone.locator("button.move:not([disabled])").count():
            await tap_one(phone)
            moved["ada"] += 1
            continue
        screen = await asyncio.to_thread(bob.screen)
        if "your move" in screen:
            bob.type("1", enter=True)

            def changed(shown: str, before: str = screen) -> bool:
                return shown != before

            await asyncio.to_thread(bob.wait, changed, "the move taken")
            moved["bob"] += 1
        await asyncio.sleep(0.1)
    assert min(moved.values()) >= 3, (moved, await phone.inner_text("body"), bob.screen())
    log = await phone.inner_text(".log")
    assert "bob attacks with" in log or "bob defends with" in log or "bob passes" in log, log
