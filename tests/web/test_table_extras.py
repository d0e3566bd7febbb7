"""The table's extras in a real browser: the host's controls (a private match with its join
code, a seat freed), a second phone joining from the lobby with the code, hints and the review
where the match allows them, and the turn clock counting down."""

from __future__ import annotations

import re

from playwright.async_api import Browser, Page

from tests.web.conftest import PHONE, WebServer
from tools.web_page import create_match, tap_moves


async def test_a_private_match_joined_with_its_code_and_a_seat_freed_by_the_host(
    web_server: WebServer, phone: Page, browser: Browser
) -> None:
    match_id = await create_match(phone, web_server.url, "doors", "ada", ["person"])
    await phone.click(".host summary")
    await phone.click("button[data-key=private]")
    notice = await phone.wait_for_selector(".notice >> text=join code")
    assert notice is not None
    code = re.search(r"join code: (\w{6})", await notice.inner_text())
    assert code, await notice.inner_text()

    bea = await (await browser.new_context(viewport=PHONE)).new_page()
    await bea.goto(web_server.url)
    await bea.fill("#player-name", "bea")
    row = f"[data-match='{match_id}']"
    await bea.wait_for_selector(f"{row} >> text=private")
    await bea.click(f"{row} button[data-key='join:{match_id}']")  # no code: refused
    await bea.wait_for_selector(".notice")
    await bea.fill(f"{row} input.code", code[1])
    await bea.click(f"{row} button[data-key='join:{match_id}']")
    await bea.wait_for_url(f"**/#/match/{match_id}")
    await bea.wait_for_selector(".seats >> text=bea (you)")
    await phone.wait_for_selector(".seats >> text=bea")

    # The host frees Bea's seat: she is a spectator now, and the seat is free again.
    await phone.click("button[data-key='free:1']")
    await phone.wait_for_selector(".seats li >> text=1: (free)")
    await bea.wait_for_selector(".seats >> text=take seat 1")
    await bea.context.close()


async def test_hints_and_the_review(web_server: WebServer, phone: Page) -> None:
    await create_match(phone, web_server.url, "koikoi", "ada", ["random"], {"hints": "on"})
    await phone.wait_for_selector("button[data-key=hint]")
    await phone.click("button[data-key=hint]")
    first = await phone.wait_for_selector(".hints li")
    assert first is not None and ":" in await first.inner_text()
    assert await phone.locator("button.move.best").count() == 1
    # The reasons come typed and are worded in the page's language.
    await phone.select_option("#language", "de")
    german = await phone.inner_text(".hints li >> nth=0")
    assert "fängt" in german or "legt" in german, german
    await phone.select_option("#language", "en")
    await tap_moves(phone)
    await phone.click("button[data-key=review]")
    await phone.wait_for_selector(".review >> text=/reviewed (\\d+) of \\1/")


async def test_the_turn_clock_counts_down(web_server: WebServer, phone: Page) -> None:
    await create_match(phone, web_server.url, "doors", "ada", ["random"], {"clock": "move:30"})
    await phone.wait_for_selector("button.move")
    clock = phone.locator(".clock")
    first = await clock.inner_text()
    assert re.search(r"you: 0:(30|29|28) to move", first), first
    await phone.wait_for_timeout(2100)
    later = await clock.inner_text()
    assert later != first and re.search(r"you: 0:2\d to move", later), (first, later)


UNNAMED = """() => [...document.querySelectorAll('button, a, input, select, summary')]
  .filter((e) => e.type !== 'hidden')
  .filter((e) => !((e.getAttribute('aria-label') || '').trim()
    || (e.labels && [...e.labels].some((l) => l.textContent.trim()))
    || e.textContent.trim() || (e.placeholder || '').trim()))
  .map((e) => e.outerHTML)"""


async def test_every_control_is_named_and_moves_are_played_by_keyboard(
    web_server: WebServer, phone: Page
) -> None:
    await phone.goto(web_server.url)
    await phone.click("button[data-key=new]")
    assert await phone.evaluate(UNNAMED) == []
    await create_match(phone, web_server.url, "doors", "ada", ["random"])
    await phone.wait_for_selector("button.move")
    assert await phone.evaluate(UNNAMED) == []
    before = await phone.inner_text(".log")
    for _ in range(60):  # Tab from the top of the page to the first move, then Enter
        await phone.keyboard.press("Tab")
        if await phone.evaluate("document.activeElement.classList.contains('move')"):
            break
    else:
        raise AssertionError("Tab never reached a move")
    played = await phone.evaluate("document.activeElement.textContent")
    await phone.keyboard.press("Enter")
    await phone.wait_for_selector(f".log li.mine >> text=ada (you) {played.split()[0][:4]}")
    assert await phone.inner_text(".log") != before
    # When the moves come back, the keyboard's focus is on one of them again.
    await phone.wait_for_selector("button.move:not([disabled])")
    await phone.wait_for_timeout(300)
    focused = await phone.evaluate("document.activeElement.outerHTML")
    assert 'class="move' in focused, focused
