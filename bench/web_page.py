"""The browser client's weight and first load: `python -m bench.web_page` (= `make bench-web`).

Starts a server with its web port on the loopback interface and opens the page N times in the
system's headless Chromium, each time in a fresh browser context (an empty cache, as a phone
that never saw the page), at phone size. Reports the bundle's bytes as built and as sent (the
server compresses text for browsers that accept gzip: Resource Timing's `encodedBodySize`),
and per load: the `load` event, and the lobby usable — the list of matches drawn after
ListGames and the first WatchLobby message — both in ms from the navigation's start.
"""

from __future__ import annotations

import argparse
import asyncio
import gzip
import statistics
import tempfile
from pathlib import Path

from playwright.async_api import async_playwright

from server.limits import LAN_LIMITS
from server.main import start_server
from tools.web_page import chromium

DIST = Path(__file__).resolve().parent.parent / "web" / "dist"


def quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def measure(loads: int) -> None:
    for name in ("index.html", "app.js", "style.css"):
        raw = (DIST / name).read_bytes()
        print(f"{name}: {len(raw)} B, gzip -9 {len(gzip.compress(raw, 9))} B")
    with tempfile.TemporaryDirectory(prefix="tigerden-bench-web-") as scratch:
        running = await start_server(
            "127.0.0.1:0", Path(scratch) / "bench.sqlite", limits=LAN_LIMITS, web=("127.0.0.1", 0)
        )
        assert running.web is not None
        url = f"http://127.0.0.1:{running.web.bound}/"
        loaded: list[float] = []
        usable: list[float] = []
        sent = 0
        try:
            async with async_playwright() as playwright:
                browser = await playwright.chromium.launch(executable_path=chromium())
                for _ in range(loads):
                    context = await browser.new_context(viewport={"width": 360, "height": 640})
                    page = await context.new_page()
                    await page.goto(url)
                    await page.wait_for_selector("#lobby .dim, #lobby .match-list")
                    usable.append(await page.evaluate("performance.now()"))
                    timing = await page.evaluate(
                        "(() => { const n = performance.getEntriesByType('navigation')[0];"
                        " const r = performance.getEntriesByType('resource')"
                        ".filter(e => !e.name.includes('Service/'));"
                        " return [n.loadEventEnd, n.encodedBodySize"
                        " + r.reduce((s, e) => s + e.encodedBodySize, 0)]; })()"
                    )
                    loaded.append(timing[0])
                    sent = int(timing[1])
                    await context.close()
                await browser.close()
        finally:
            await running.stop(grace=0.2)
    print(f"sent to the browser (index.html, app.js, style.css as transferred): {sent} B")
    for label, values in (("load event", loaded), ("lobby usable", usable)):
        print(
            f"{label}: median {statistics.median(values):.0f} ms, "
            f"p90 {quantile(values, 0.9):.0f} ms over {len(values)} cold loads"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--loads", type=int, default=20, help="cold page loads (default 20)")
    asyncio.run(measure(parser.parse_args().loads))


if __name__ == "__main__":
    main()
