"""What a person does with the browser client, as Playwright steps on the system's Chromium:
create a match in the lobby, tap the legal moves, wait for the log. The browser tests
(tests/web) and the screenshot tool (tools/web_screens.py) use these; none knows a rule."""

from __future__ import annotations

import asyncio
import shutil
import time

from playwright.async_api import Error as PlaywrightError
from playwright.async_api import Page

TIMEOUT = 60.0


def chromium() -> str:
    """The system's Chromium (Debian's `chromium`); Playwright never downloads one here."""
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    assert found, "the browser client's tests need Chromium: apt-get install -y chromium"
    return found


async def create_match(
    page: Page,
    url: str,
    game: str,
    name: str,
    seats: list[str],
    options: dict[str, str] | None = None,
) -> str:
    """Opens the lobby, fills in the create form (`seats`: "person" or a bot level for seats
    1..n) and sits in seat 0; returns the match id from the table's address."""
    await page.goto(url)
    await page.fill("#player-name", name)
    await page.click("button[data-key=new]")
    await page.select_option("#f-game", game)
    await page.select_option("#f-players", str(len(seats) + 1))
    for option, value in (options or {}).items():
        await page.select_option(f'[name="option:{option}"]', value)
    for seat, kind in enumerate(seats, start=1):
        await page.select_option(f'[name="seat:{seat}"]', kind)
    await page.click("form.create button[type=submit]")
    await page.wait_for_url("**/#/match/*")
    await page.wait_for_selector(".board")
    return page.url.rsplit("/", 1)[1]


async def tap_moves(page: Page, until: str = ".after", most: int = 2000) -> int:
    """Taps the first legal move offered (and dismisses summaries) until `until` shows or
    `most` moves were tapped; returns the number of moves tapped."""
    tapped = 0
    deadline = time.monotonic() + TIMEOUT
    while tapped < most:
        if await page.locator(until).count():
            return tapped
        assert time.monotonic() < deadline, (
            f"{until} never showed:\n{await page.inner_text('body')}"
        )
        if await page.locator("button[data-key=dismiss]").count():
            await page.click("button[data-key=dismiss]")
            continue
        move = page.locator("button.move:not([disabled])").first
        if await move.count():
            try:
                await move.click(timeout=1000)
                tapped += 1
            except PlaywrightError:  # a new snapshot redrew the moves under the finger: look again
                pass
        await asyncio.sleep(0.03)
    return tapped


async def tap_one(page: Page) -> str:
    """Taps the first legal move and waits until the log shows it played; returns its label."""
    before = await page.inner_text(".log")
    move = page.locator("button.move:not([disabled])").first
    label = await move.inner_text()
    await move.click()
    deadline = time.monotonic() + TIMEOUT
    while await page.inner_text(".log") == before:
        assert time.monotonic() < deadline, f"{label} never reached the log"
        await asyncio.sleep(0.05)
    return label
