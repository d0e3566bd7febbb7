"""Issue 20's hostile-client cases, measured: what a flood costs the server and other tables.

    python -m bench.audit creates [--open 10000]

`creates`: CreateMatch calls per second on an in-process lobby (no gRPC) when nobody else has a
match, and when `--open` matches are open (8g: the caps on open matches were counted by looking
at every match). Run it from another checkout (`cd OLD && python -m bench.audit ...`) to
compare builds. docs/security.md gives the numbers measured and the commands.
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import tempfile
import time
from pathlib import Path

from server.bots import BotDriver
from server.limits import LAN_LIMITS
from server.lobby import Lobby
from server.room import SeatKind
from server.store import Store

PEOPLE = [(SeatKind.HUMAN, ""), (SeatKind.HUMAN, "")]
"""Two free human seats: a match that waits, and that no bot plays."""


def creates_per_second(lobby: Lobby, count: int) -> float:
    started = time.perf_counter()
    for _ in range(count):
        lobby.create("doors", 2, {}, PEOPLE)
    return count / (time.perf_counter() - started)


async def creates(open_matches: int, count: int = 500) -> dict[str, float]:
    limits = dataclasses.replace(LAN_LIMITS, open_matches=open_matches + 2 * count)
    with tempfile.TemporaryDirectory() as folder:
        lobby = Lobby(Store(Path(folder) / "audit.sqlite"), BotDriver(), limits=limits)
        empty = creates_per_second(lobby, count)
        for _ in range(open_matches - count):
            lobby.create("doors", 2, {}, PEOPLE)
        full = creates_per_second(lobby, count)
        lobby.store.close()
    return {"creates_per_s_near_0_open": empty, f"creates_per_s_at_{open_matches}_open": full}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("case", choices=["creates"])
    parser.add_argument("--open", type=int, default=10_000, help="open matches (creates)")
    args = parser.parse_args()
    result = asyncio.run(creates(args.open))
    for name, value in result.items():
        print(f"{name:<36}{value:>12.1f}")


if __name__ == "__main__":
    main()
