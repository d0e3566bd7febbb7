"""End to end in a real terminal: the real `tigerden join` in an 80x24 tmux pane against a real
server on a loopback port. It plays Koi-Koi moves by typing, reads the screen back, quits,
rejoins with the printed command, and checks the German screen. Skipped (with the reason)
only where tmux is not installed."""

from __future__ import annotations

import asyncio
import contextlib
import re
import shutil

import pytest
from prompt_toolkit.formatted_text import fragment_list_to_text
from tigerden.v1 import lobby_pb2

from client.api import SeatHandle, Server
from client.ui.games.koikoi import screen as koikoi
from tests.server.helpers import moves_first
from tools.terminal import Pane

pytestmark = pytest.mark.skipif(
    shutil.which("tmux") is None,
    reason="tmux is not installed: the end-to-end screen test needs it",
)


def rows(screen: str) -> list[str]:
    return screen.splitlines()


async def bea(seat: SeatHandle) -> None:
    """The other player, scripted: the first legal move, but koi-koi rather than stop, so no
    choice of hers ends the deal while the test plays its turns (a random bot's stop did)."""
    async with seat.play() as table:
        async for snapshot in table.snapshots():
            if snapshot.to_act != seat.seat or not snapshot.legal_moves:
                continue
            moves = [
                m for m in snapshot.legal_moves if m.move.koikoi.WhichOneof("action") != "stop"
            ]
            await table.send(snapshot.version, (moves or list(snapshot.legal_moves))[0].move)


async def test_koikoi_in_a_real_80x24_terminal(client: Server) -> None:
    human = lobby_pb2.SEAT_KIND_HUMAN
    seats = [(human, ""), (human, "")]
    match = await client.create("koikoi", 2, moves_first("koikoi"), seats=seats)
    opponent = asyncio.create_task(bea(await client.join(match.match_id, "bea", seat=1)))
    address = client.target
    pane = Pane(["join", address, "--match", match.match_id, "--name", "ada", "--lang", "en"])
    try:
        screen = await pane.wait(lambda s: "Your hand (8):" in s and "your move" in s)
        assert len(rows(screen)) <= 24 and all(len(r) <= 80 for r in rows(screen))
        async for snapshot in client.watch(match.match_id):  # what a spectator sees: the board
            board = snapshot.view.koikoi.board
            break
        flat = " ".join(screen.split())
        for number in board:
            assert fragment_list_to_text(koikoi.card(None, number)) in flat
        assert "Deal 1 of" in flat and re.search(r"stock: \d+", flat) and "bea" in flat

        choosing = "matches two board cards: type"  # our drawn card's capture choice
        deciding = "Your yaku are worth"  # our stop-or-koi-koi decision
        for played in range(1, 4):  # play three turns by number
            pane.type("1")
            pane.keys("Enter")
            screen = await pane.wait(
                lambda s, n=8 - played: f"Your hand ({n}):" in s and "your move" in s  # type: ignore[misc]
            )
            while choosing in screen or deciding in screen:  # our own choice comes first
                pane.type("koi-koi" if deciding in screen else "1")
                pane.keys("Enter")
                screen = await pane.wait(
                    lambda s, b=screen: s != b and "your move" in s  # type: ignore[misc]
                )
            banner = [row for row in rows(screen) if row.startswith("▶ ")]
            assert banner and "bea" in banner[0], screen  # the banner: what bea just did
        pane.type("pla")  # Tab completes a unique start... there are several: the menu opens
        pane.keys("Escape")
        pane.keys("C-u")
        pane.type("?")
        screen = await pane.wait(lambda s: "rules (? closes)" in s)
        pane.type("?")
        await pane.wait(lambda s: "Your hand (5):" in s)

        pane.keys("C-q")
        await pane.wait(lambda s: "[exit 0]" in s)
        printed = pane.lines()
        assert "your seat (0) is kept" in printed
        hint = re.search(r"tigerden join \S+ --match \S+ --token \S+", printed)
        assert hint is not None, printed
    finally:
        pane.close()

    again = Pane([*hint[0].split()[1:], "--lang", "de"])  # the printed command, in German
    try:
        screen = await again.wait(lambda s: "Deine Hand (5):" in s)
        assert "Brett:" in screen and "du bist dran" in screen, screen
        again.keys("C-q")
        await again.wait(lambda s: "[exit 0]" in s)
    finally:
        again.close()
        opponent.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await opponent
