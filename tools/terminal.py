"""Drives the real `tigerden` command in a tmux pane of a given size: type keys, read the
screen back as text. Each pane gets its own tmux server socket (`tmux -L NAME`)."""

from __future__ import annotations

import asyncio
import os
import shlex
import subprocess
import sys
import uuid
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TIGERDEN = [sys.executable, "-m", "cli"]


class Pane:
    """One tmux session running `args` (the tigerden command line) at columns x rows."""

    def __init__(self, args: list[str], columns: int = 80, rows: int = 24, lang: str = "C.UTF-8"):
        self.socket = f"tigerden-test-{uuid.uuid4().hex[:10]}"
        command = " ".join(shlex.quote(a) for a in [*TIGERDEN, *args])
        env = {**os.environ, "LANG": lang, "LC_ALL": lang, "TERM": "xterm-256color"}
        env.pop("LANGUAGE", None)
        self.tmux(
            "new-session", "-d", "-x", str(columns), "-y", str(rows), "-c", str(ROOT),
            f"{command}; echo '[exit '$?']'; sleep 60",
            env=env,
        )  # fmt: skip

    def tmux(self, *args: str, env: dict[str, str] | None = None) -> str:
        done = subprocess.run(
            ["tmux", "-L", self.socket, *args],
            capture_output=True, text=True, check=True, timeout=10, env=env,
        )  # fmt: skip
        return done.stdout

    def screen(self) -> str:
        return self.tmux("capture-pane", "-p")

    def lines(self) -> str:
        """The pane's text with lines the terminal wrapped joined again."""
        return self.tmux("capture-pane", "-p", "-J")

    def keys(self, *keys: str) -> None:
        self.tmux("send-keys", *keys)

    def type(self, text: str) -> None:
        self.tmux("send-keys", "-l", text)

    async def wait(self, ready: Callable[[str], bool], timeout: float = 20.0) -> str:
        """The screen once `ready` accepts it; fails with the last screen after `timeout`."""
        screen = ""
        for _ in range(int(timeout / 0.1)):
            screen = await asyncio.to_thread(self.screen)
            if ready(screen):
                return screen
            await asyncio.sleep(0.1)
        raise AssertionError(f"the screen never got ready:\n{screen}")

    def close(self) -> None:
        subprocess.run(["tmux", "-L", self.socket, "kill-server"], capture_output=True, check=False)
