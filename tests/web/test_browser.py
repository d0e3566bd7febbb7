"""Playing in a real browser at phone size (and fitting a laptop): a whole match of each game by
taps against bots, a reload mid-match that takes the seat back with the recap, "reconnecting…"
while the network is gone, "play again" after a match that sits at the rematch, and the page
in German."""

from __future__ import annotations

import json

import pytest
from playwright.async_api import Page
from tigerden.v1 import lobby_pb2

from client.api import connect
from tests.web.conftest import PHONE, WebServer
from tools.web_page import create_match, tap_moves, tap_one


async def fits_a_phone(page: Page, width: int = 360) -> bool:
    """Nothing on the page needs scrolling sideways at `width` CSS pixels (a phone's 360)."""
    scrolled: int = await page.evaluate("document.documentElement.scrollWidth")
    return scrolled <= width


async def fits_a_laptop(page: Page) -> bool:
    """At 1280x800 the page fits sideways and stands in two columns: the log beside the board."""
    await page.set_viewport_size({"width": 1280, "height": 800})
    board = await page.locator(".board").first.bounding_box()
    log = await page.locator(".log").first.bounding_box()
    assert board is not None and log is not None
    fits = await fits_a_phone(page, 1280)
    await page.set_viewport_size(PHONE)
    return fits and log["x"] >= board["x"] + board["width"]


GAMES = {
    "doors": (["random"], {}),
    "koikoi": (["random"], {"deals": "1"}),
    "tiger-dragon": (["random"], {}),
}


@pytest.mark.parametrize("game", sorted(GAMES))
async def test_a_whole_match_by_taps_against_a_bot(
    web_server: WebServer, phone: Page, game: str
) -> None:
    seats, options = GAMES[game]
    match_id = await create_match(phone, web_server.url, game, "ada", seats, options)
    await tap_moves(phone, most=3)
    assert await fits_a_phone(phone)
    assert await fits_a_laptop(phone)
    tapped = await tap_moves(phone)
    assert tapped >= 1
    after = await phone.inner_text(".after")
    assert "won" in after or "draw" in after
    async with connect(web_server.grpc) as server:
        (match,) = [
            m for m in await server.matches(include_finished=True) if m.match_id == match_id
        ]
    assert match.status == lobby_pb2.MATCH_STATUS_FINISHED
    assert match.seats[0].name == "ada"
    # The table said what the bot did, in words, and the replay of the match opens.
    assert "bot-1" in await phone.inner_text(".log")
    assert await fits_a_phone(phone)
    assert await fits_a_laptop(phone)
    await phone.click("a[href^='#/replay/']")
    await phone.wait_for_selector("#replay .board")
    assert await fits_a_phone(phone)
    await phone.click("a.back")
    await phone.wait_for_selector(f"[data-match='{match_id}']")
    assert await fits_a_phone(phone)


async def test_a_reload_mid_match_takes_the_seat_back(web_server: WebServer, phone: Page) -> None:
    match_id = await create_match(phone, web_server.url, "tiger-dragon", "ada", ["random"])
    token = json.loads(await phone.evaluate(f"localStorage.getItem('tigerden.seat.{match_id}')"))
    for _ in range(3):
        await phone.wait_for_selector("button.move:not([disabled])")
        await tap_one(phone)
    before = await phone.inner_text(".log")
    await phone.reload()
    await phone.wait_for_selector(".board")
    # The same seat, its moves offered again, and the log rebuilt from the server's recap.
    assert "ada (you)" in await phone.inner_text(".seats")
    await phone.wait_for_selector("button.move")
    after = await phone.inner_text(".log")
    assert "ada (you) attacks with" in after
    assert before.splitlines()[-1] in after
    again = json.loads(await phone.evaluate(f"localStorage.getItem('tigerden.seat.{match_id}')"))
    assert again == token
    await tap_moves(phone)


async def test_reconnecting_shows_while_the_network_is_gone(
    web_server: WebServer, phone: Page
) -> None:
    await create_match(phone, web_server.url, "doors", "ada", ["random"])
    await phone.wait_for_selector("button.move")
    await phone.context.set_offline(True)
    await phone.evaluate("window.dispatchEvent(new Event('online'))")  # a network change
    await phone.wait_for_selector(".reconnecting")
    assert "reconnecting…" in await phone.inner_text(".reconnecting")
    await phone.context.set_offline(False)
    await phone.evaluate("window.dispatchEvent(new Event('online'))")
    await phone.wait_for_selector(".reconnecting", state="detached")
    await tap_moves(phone)


async def test_the_page_speaks_german(web_server: WebServer, phone: Page) -> None:
    await phone.goto(web_server.url)
    await phone.select_option("#language", "de")
    await phone.wait_for_selector("text=neue Partie")
    await create_match(phone, web_server.url, "doors", "ada", ["random"])
    board = await phone.inner_text(".board")
    assert "Deine Tür" in board or "Auslage" in board, board
    move = await phone.inner_text("button.move >> nth=0")
    assert move.split()[0] in ("nimm", "wirf", "rate", "passe", "lege"), move


async def test_play_again_takes_the_seat_at_the_rematch(web_server: WebServer, phone: Page) -> None:
    first = await create_match(phone, web_server.url, "doors", "ada", ["random"])
    await tap_moves(phone)
    await phone.click("button[data-key=rematch]")
    await phone.wait_for_url(lambda url: "#/match/" in url and not url.endswith(f"/{first}"))
    second = phone.url.rsplit("/", 1)[1]
    assert second and second != first
    await phone.wait_for_selector(".board")
    await phone.wait_for_selector(".seats >> text=ada (you)")
    # The page holds the new seat's token, offers its moves and plays the rematch to the end.
    token = await phone.evaluate(f"localStorage.getItem('tigerden.seat.{second}')")
    assert json.loads(token)["seat"] == 0
    assert await phone.locator(".after").count() == 0
    assert await tap_moves(phone) >= 1
    async with connect(web_server.grpc) as server:
        (match,) = [m for m in await server.matches(include_finished=True) if m.match_id == second]
    assert match.status == lobby_pb2.MATCH_STATUS_FINISHED
    assert match.seats[0].name == "ada"
