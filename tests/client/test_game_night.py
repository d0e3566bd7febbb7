"""A game night end to end, in real 80x24 terminals (tmux): a server found on the LAN, two people
and a watcher. Ada creates a match in the lobby, Bob joins it with `tigerden join` and no
address, Carol watches from her lobby; a chat line reaches all three; a few moves; Bob leaves
and comes back with the command printed on leaving. Everything stays on the loopback interface;
several runs may share this machine, so the server has a unique name and is picked by it."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import time
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

BIN = Path(sys.executable).parent
TIMEOUT = 30.0

pytestmark = pytest.mark.skipif(shutil.which("tmux") is None, reason="needs tmux")


class Terminal:
    """One 80x24 tmux window running a shell, on this test's own tmux server."""

    def __init__(self, socket: str, name: str) -> None:
        self.socket, self.name = socket, name
        env = {"PATH": f"{BIN}:{os.environ['PATH']}", "LANG": "C.UTF-8", "USER": name}
        # Three people, three homes: each remembers their own seats (client/seats.py).
        env["TIGERDEN_SEATS"] = str(Path(os.environ["TIGERDEN_SEATS"]).with_name(f"{name}.json"))
        exports = " ".join(f"{k}={v!r}" for k, v in env.items())
        self.tmux("new-session", "-d", "-s", name, "-x", "80", "-y", "24", "bash --norc -i")
        self.type(f"export {exports} PS1='$ '", enter=True)

    def tmux(self, *args: str) -> str:
        return subprocess.run(
            ["tmux", "-L", self.socket, *args], capture_output=True, text=True, check=True
        ).stdout

    def type(self, text: str, enter: bool = False) -> None:
        self.tmux("send-keys", "-t", self.name, "-l", text)
        if enter:
            self.keys("Enter")

    def keys(self, *keys: str) -> None:
        for key in keys:
            self.tmux("send-keys", "-t", self.name, key)
            time.sleep(0.05)

    def screen(self) -> str:
        return self.tmux("capture-pane", "-p", "-J", "-t", self.name)

    def wait(self, test: Callable[[str], object], what: str, timeout: float = TIMEOUT) -> str:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            shown = self.screen()
            if test(shown):
                return shown
            time.sleep(0.2)
        raise AssertionError(f"{self.name}'s screen never showed {what}:\n{self.screen()}")

    def wait_for(self, text: str, timeout: float = TIMEOUT) -> str:
        return self.wait(lambda shown: text in shown, repr(text), timeout)


@pytest.fixture
def server(tmp_path: Path) -> Iterator[tuple[str, int]]:
    name = f"night-{uuid.uuid4().hex[:8]}"
    process = subprocess.Popen(
        [
            *(BIN / "tigerden", "serve", "--host", "127.0.0.1", "--port", "0", "--name", name),
            *("--web-port", "0"),
            *("--db", str(tmp_path / "night.sqlite"), "--bot-delay", "0"),
        ],
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    assert process.stdout is not None
    port = re.search(r"127\.0\.0\.1:(\d+)", process.stdout.readline())
    assert port is not None
    assert "advertised on the LAN" in process.stdout.readline()
    yield name, int(port[1])
    process.terminate()
    process.wait(10)


@pytest.fixture
def terminals() -> Iterator[Callable[[str], Terminal]]:
    socket = f"i11-night-{uuid.uuid4().hex[:8]}"
    yield lambda name: Terminal(socket, name)
    subprocess.run(["tmux", "-L", socket, "kill-server"], capture_output=True, check=False)


def selected_server(shown: str) -> str:
    """The server line the lobby's cursor is on ("" when none)."""
    for row in shown.splitlines():
        cells = row.split("│")
        if len(cells) > 1 and cells[1].startswith(">"):
            return cells[1]
    return ""


def pick_server(terminal: Terminal, name: str) -> None:
    """In a lobby: Tab to the servers, down to `name`, Enter, until the title shows it (other
    test runs on this machine may advertise servers of their own)."""
    terminal.wait_for(name)
    terminal.keys("Tab")
    for _ in range(20):
        if name in selected_server(terminal.screen()):
            break
        terminal.keys("Down")
        time.sleep(0.1)
    terminal.keys("Enter")
    terminal.wait_for(f"tigerden lobby · {name}")


def moves_offered(shown: str) -> str:
    """The moves line, or "" when it is not this terminal's turn."""
    if "your move" not in shown:
        return ""
    return next((row for row in shown.splitlines() if row.startswith("Moves:")), "")


def your_turn(*players: Terminal) -> Terminal | None:
    return next((p for p in players if "your move" in p.screen()), None)


def test_a_game_night_in_three_terminals(
    server: tuple[str, int], terminals: Callable[[str], Terminal]
) -> None:
    name, port = server
    ada, bob, carol = terminals("ada"), terminals("bob"), terminals("carol")

    # Ada opens the lobby: it finds the server on the LAN; she creates a Doors match for two.
    ada.type("tigerden --interface 127.0.0.1 --name ada", enter=True)
    pick_server(ada, name)
    ada.keys("n")
    ada.wait_for("new match")
    # Past the game, players, private, the match's name, collector_set, the table's clock,
    # timeout and away, and hints:
    ada.keys(*["Down"] * 9, "Left", "Left", "Left")  # seat 1: a person, not a bot (normal)
    ada.wait_for("seat 1: < person >")
    ada.keys("Enter")  # Enter creates from any line
    ada.wait_for("waiting for every seat to be taken")

    # Bob joins without an address: the servers found are offered, then the waiting matches.
    bob.type("tigerden join --interface 127.0.0.1 --name bob", enter=True)
    listing = bob.wait_for("join which server (number)?")
    number = next(re.match(r"\s*(\d+)\.", r)[1] for r in listing.splitlines() if name in r)  # type: ignore[index]
    bob.type(number, enter=True)
    bob.wait_for("join which match (number)?")
    bob.type("1", enter=True)
    bob.wait(lambda s: "your move" in s or "waiting for ada" in s, "the started match")

    # Carol watches from her lobby.
    carol.type("tigerden --interface 127.0.0.1 --name carol", enter=True)
    pick_server(carol, name)
    carol.wait_for("ada, bob")
    carol.keys("w")
    carol.wait_for("(spectating)")

    # A chat line from Ada reaches all three; Carol's line is marked as a spectator's.
    ada.type("/say good luck bob", enter=True)
    for terminal in (ada, bob, carol):
        terminal.wait_for("ada: good luck bob")
    carol.type("/say go go", enter=True)
    for terminal in (ada, bob):
        terminal.wait_for("carol (watching): go go")

    # A few moves, each typed by whoever's turn it is.
    for _ in range(4):
        player = None
        deadline = time.monotonic() + TIMEOUT
        while player is None and time.monotonic() < deadline:
            player = your_turn(ada, bob)
            time.sleep(0.2)
        assert player is not None, ada.screen() + bob.screen()
        if "press any key to go on" in player.screen():  # a contest's summary is held
            player.keys("Enter")
            player.wait(lambda shown: "press any key" not in shown, "the summary released")
        offered = moves_offered(player.screen())
        player.type("1", enter=True)

        def moved(shown: str, offered: str = offered) -> bool:
            return moves_offered(shown) != offered

        player.wait(moved, "the move taken")
    carol.wait(lambda s: "takes" in s or "guesses" in s, "the moves")

    # Bob leaves: the others hear it; he comes back with the command printed on leaving.
    bob.keys("C-q")
    left = bob.wait_for("--token")
    rejoin = next(row.strip() for row in left.splitlines() if "--token" in row)
    assert rejoin.startswith(f"tigerden join 127.0.0.1:{port} --match ")
    ada.wait_for("bob left the table")
    bob.type(rejoin, enter=True)
    ada.wait_for("bob is back")
    bob.wait(lambda s: "Moves:" in s or "waiting for" in s, "the table again")
    bob.wait_for("ada: good luck bob")  # the chat is still there for him
