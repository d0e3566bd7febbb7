"""Takes the screenshots in docs/web.md from the real page: `python -m tools.web_screens`
(= `make web-screens`) starts a server with its web port on the loopback interface, opens the
page in the system's headless Chromium at phone size (360x640 CSS pixels), creates a match of
each game in the lobby's form against random bots, taps the first legal move a few times and
photographs the whole page, in English and in German (and the lobby, the end of a match and
dark mode); then the lobby and each game's table again at laptop size (1280x800), where the
table and the log sit side by side. It rewrites the part of docs/web.md between the screens
markers and the PNGs in docs/web/."""

from __future__ import annotations

import asyncio
import random
import re
import tempfile
from pathlib import Path

from playwright.async_api import Browser, Page, async_playwright

from server.limits import LAN_LIMITS
from server.main import start_server
from tools.web_page import chromium, create_match, tap_moves

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
PICTURES = DOCS / "web"
MARKS = re.compile(r"(<!-- screens -->\n)(.*?)(<!-- /screens -->\n)", re.S)
GAMES: tuple[tuple[str, str, list[str], dict[str, str], int], ...] = (
    ("doors", "Doors", ["random"], {}, 3),
    ("koikoi", "Koi-Koi", ["random"], {"deals": "3"}, 6),
    ("tiger-dragon", "Tiger & Dragon, 3 players", ["random", "random"], {}, 4),
)
LANGUAGES = (("en", "English", "en-GB"), ("de", "Deutsch", "de-DE"))
PHONE = (360, 640)
LAPTOP = (1280, 800)


async def phone(
    browser: Browser, locale: str, dark: bool = False, size: tuple[int, int] = PHONE
) -> Page:
    context = await browser.new_context(
        viewport={"width": size[0], "height": size[1]},
        locale=locale,
        color_scheme="dark" if dark else "light",
        device_scale_factor=1,
    )
    return await context.new_page()


async def shoot(page: Page, name: str, size: tuple[int, int] = PHONE) -> str:
    """The whole page as a window `size` wide shows it when scrolled through: the window is made
    as tall as the page, so the moves bar (which sticks to the bottom of a phone's screen) sits
    where it belongs."""
    await page.evaluate("document.activeElement && document.activeElement.blur()")
    height = await page.evaluate("document.documentElement.scrollHeight")
    await page.set_viewport_size({"width": size[0], "height": max(size[1], int(height))})
    await page.screenshot(path=PICTURES / name)
    await page.set_viewport_size({"width": size[0], "height": size[1]})
    return name


async def take(browser: Browser, url: str) -> list[tuple[str, str]]:
    """(caption, file) for every screenshot, in order."""
    shots: list[tuple[str, str]] = []
    for lang, language, locale in LANGUAGES:
        for game, title, seats, options, taps in GAMES:
            page = await phone(browser, locale)
            await create_match(page, url, game, "ada", seats, options)
            await tap_moves(page, until=".after", most=taps)
            shots.append((f"{title} ({language})", await shoot(page, f"{lang}-{game}.png")))
            if game == "doors":
                await tap_moves(page)
                shots.append(
                    (
                        f"Doors, the match over ({language})",
                        await shoot(page, f"{lang}-doors-over.png"),
                    )
                )
            await page.context.close()
        page = await phone(browser, locale)
        await page.goto(url)
        await page.wait_for_selector(".match-list")
        shots.append((f"The lobby ({language})", await shoot(page, f"{lang}-lobby.png")))
        await page.click("button[data-key=new]")
        await page.select_option("#f-game", "tiger-dragon")
        shots.append((f"Creating a match ({language})", await shoot(page, f"{lang}-create.png")))
        await page.context.close()
    page = await phone(browser, "en-GB", dark=True)
    await create_match(page, url, "koikoi", "ada", ["random"], {})
    await tap_moves(page, until=".after", most=5)
    shots.append(("Koi-Koi in dark mode (English)", await shoot(page, "en-koikoi-dark.png")))
    await page.context.close()
    return shots + await take_laptop(browser, url)


async def take_laptop(browser: Browser, url: str) -> list[tuple[str, str]]:
    """The lobby and each game's table at laptop size, where the page lays out in two columns."""
    shots: list[tuple[str, str]] = []
    for lang, language, locale in LANGUAGES:
        page = await phone(browser, locale, size=LAPTOP)
        await page.goto(url)
        await page.wait_for_selector(".match-list")
        shots.append(
            (
                f"The lobby on a laptop ({language})",
                await shoot(page, f"{lang}-laptop-lobby.png", LAPTOP),
            )
        )
        await page.context.close()
        for game, title, seats, options, taps in GAMES:
            page = await phone(browser, locale, size=LAPTOP)
            await create_match(page, url, game, "ada", seats, options)
            await tap_moves(page, until=".after", most=taps)
            shots.append(
                (
                    f"{title} on a laptop ({language})",
                    await shoot(page, f"{lang}-laptop-{game}.png", LAPTOP),
                )
            )
            await page.context.close()
    return shots


async def main() -> None:
    PICTURES.mkdir(parents=True, exist_ok=True)
    seeds = random.Random("tigerden web screens")
    with tempfile.TemporaryDirectory(prefix="tigerden-web-screens-") as scratch:
        running = await start_server(
            "127.0.0.1:0",
            Path(scratch) / "screens.sqlite",
            bot_delay=0.0,
            limits=LAN_LIMITS,
            new_seed=lambda: seeds.getrandbits(63),
            web=("127.0.0.1", 0),
        )
        try:
            assert running.web is not None
            url = f"http://127.0.0.1:{running.web.bound}/"
            async with async_playwright() as playwright:
                browser = await playwright.chromium.launch(executable_path=chromium())
                shots = await take(browser, url)
                await browser.close()
        finally:
            await running.stop(grace=0.2)
    body = "".join(f"### {caption}\n\n![{caption}](web/{name})\n\n" for caption, name in shots)
    path = DOCS / "web.md"
    text = (
        path.read_text(encoding="utf-8")
        if path.exists()
        else "<!-- screens -->\n<!-- /screens -->\n"
    )
    path.write_text(MARKS.sub(lambda m: m[1] + body + m[3], text), encoding="utf-8")
    print(
        f"wrote {path.relative_to(ROOT)} and {len(shots)} pictures in {PICTURES.relative_to(ROOT)}"
    )


if __name__ == "__main__":
    asyncio.run(main())
