"""The boardgame.io case of `make bench-server`: the peer a user compares tigerden with, run the
same way in the same run.

`bench/bgio/server.js` is a boardgame.io 0.50 server (socket.io transport, Lobby API, its default
in-memory storage) with a four-player card game whose `playerView` strips the other hands;
`bench/bgio/drive.js` drives its tables as `bench.server` drives tigerden's: every seat on its own
connection, closed loop, random legal moves, a finished match replaced through the Lobby API.
Both run under Node from `bench/bgio/node_modules` (`make bench/bgio/node_modules/.installed`).
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from collections.abc import Sequence
from pathlib import Path

FOLDER = Path(__file__).resolve().parent / "bgio"
GAME = "boardgame.io-cards"
"""The case's name in the CSV's game column."""
PLAYERS = 4


def node() -> str:
    found = shutil.which("node")
    if found is None or not (FOLDER / "node_modules" / "boardgame.io").is_dir():
        raise SystemExit(
            "the boardgame.io case needs Node and bench/bgio/node_modules: "
            "make bench/bgio/node_modules/.installed"
        )
    return found


def start_server() -> tuple[subprocess.Popen[str], str]:
    """Starts `server.js` on an ephemeral port of 127.0.0.1; returns it and its base URL."""
    server = subprocess.Popen(
        [node(), str(FOLDER / "server.js")], stdout=subprocess.PIPE, text=True, cwd=FOLDER
    )
    assert server.stdout is not None
    for line in server.stdout:
        found = re.search(r"bgio serving on (127\.0\.0\.1:\d+)", line)
        if found is not None:
            return server, f"http://{found[1]}"
    server.kill()
    raise SystemExit("the boardgame.io server did not start")


class NodeLoad:
    """The closed-loop load on a boardgame.io server: one `drive.js` process per share of the
    tables, each told to start by a line on its stdin."""

    def __init__(self, base: str, seconds: float, shares: Sequence[Sequence[int]]) -> None:
        command = [node(), str(FOLDER / "drive.js"), "--base", base, "--seconds", str(seconds)]
        self.processes = [
            subprocess.Popen(
                [*command, "--tables", ",".join(map(str, share))],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                text=True,
                cwd=FOLDER,
            )
            for share in shares
        ]

    def wait_ready(self) -> None:
        for process in self.processes:
            assert process.stdout is not None
            if process.stdout.readline().strip() != "ready":
                raise SystemExit("a boardgame.io load generator failed to sit its tables down")

    def go(self) -> None:
        for process in self.processes:
            assert process.stdin is not None
            process.stdin.write("go\n")
            process.stdin.flush()

    def results(self) -> list[tuple[int, list[float], int, int]]:
        """Per process: moves, latencies in ms, bytes and states received."""
        found = []
        for process in self.processes:
            assert process.stdout is not None
            done = json.loads(process.stdout.readline())
            found.append((done["moves"], done["latencies"], done["bytes"], done["states"]))
            process.wait(timeout=60)
        return found
