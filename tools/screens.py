"""Writes docs/screens.md from real 80x24 terminals: `python -m tools.screens` (= `make
screens`) plays each game in a tmux pane with `tigerden play` against random bots, in English
and in German, and a LAN table (`tigerden join`) where the other player leaves and comes back,
and pastes what the pane shows. The README's screenshot is one of them."""

from __future__ import annotations

import asyncio
import re
import tempfile
from pathlib import Path

from tools.terminal import ROOT, Pane

GAMES: tuple[tuple[str, str, list[str], int], ...] = (
    ("doors", "Doors", [], 2),
    ("koikoi", "Koi-Koi", ["--option", "deals=3"], 6),
    ("tiger-dragon", "Tiger & Dragon, 4 players", ["--players", "4"], 5),
    ("tiger-dragon", "Tiger & Dragon, 2 vs 2", ["--teams"], 5),
    ("doors", "Doors with a turn clock (--clock bank:300+5)", ["--clock", "bank:300+5"], 2),
)
YOUR_MOVE = {"en": "your move", "de": "dein Zug"}
OVER = {"en": "match over", "de": "Partie vorbei"}
README_MARK = re.compile(r"(<!-- screen -->\n```text\n)(.*?)(```\n)", re.S)


def held(screen: str) -> bool:
    return "press any key" in screen or "weiter mit einer" in screen


async def capture(game: str, extra: list[str], moves: int, lang: str, db: Path) -> str:
    """The screen after `moves` of our moves (always the first legal one), bots at random."""
    args = ["play", game, *extra, "--level", "random", "--bot-delay", "0.05", "--name", "ada"]
    pane = Pane([*args, "--lang", lang, "--db", str(db), "--no-bell"])
    try:
        screen = await pane.wait(lambda s: YOUR_MOVE[lang] in s)
        for _ in range(moves):
            before = screen
            pane.type("1")
            pane.keys("Enter")
            screen = await pane.wait(
                lambda s, b=before: s != b and (YOUR_MOVE[lang] in s or OVER[lang] in s)  # type: ignore[misc]
            )
            if held(screen):
                pane.keys("Space")  # a held summary: go on
                screen = await pane.wait(lambda s: not held(s))
            if OVER[lang] in screen:
                break
        return "\n".join(line.rstrip() for line in screen.splitlines())
    finally:
        pane.close()


async def lan_table(lang: str, db: Path) -> str:
    """A Doors table on a LAN server: ada plays in the pane, bob closes his terminal, comes
    back and gives his seat up, a spectator says hello; the screen once ada's log shows it."""
    from tigerden.v1 import lobby_pb2

    from client.api import connect
    from server.main import start_server

    human = lobby_pb2.SEAT_KIND_HUMAN
    running = await start_server("127.0.0.1:0", db)
    pane: Pane | None = None
    try:
        async with connect(f"127.0.0.1:{running.port}") as server:
            match = await server.create("doors", 2, seats=[(human, ""), (human, "")])
            bob = await server.join(match.match_id, "bob", 1)
            address = f"127.0.0.1:{running.port}"
            args = ["join", address, "--match", match.match_id, "--name", "ada", "--lang", lang]
            pane = Pane([*args, "--no-bell"])
            await pane.wait(lambda s: NOTE_SHOWN[lang][0] in s)  # ada sat down
            stream = bob.watch()  # bob's terminal closes and the table is told; he comes back
            await anext(stream)
            await stream.aclose()
            await pane.wait(lambda s: NOTE_SHOWN[lang][1] in s)
            stream = bob.watch()
            await anext(stream)
            await pane.wait(lambda s: NOTE_SHOWN[lang][2] in s)
            await stream.aclose()
            await server.say(match.match_id, "good game!", "carol")
            await bob.leave()
            screen = await pane.wait(lambda s: NOTE_SHOWN[lang][3] in s)
            return "\n".join(line.rstrip() for line in screen.splitlines())
    finally:
        if pane is not None:
            pane.close()
        await running.stop(grace=0)


NOTE_SHOWN = {
    "en": ("ada (you) sat down", "bob left the table", "bob is back", "bob gave up their seat"),
    "de": (
        "ada (du) hat Platz genommen",
        "bob hat den Tisch verlassen",
        "bob ist zurück",
        "bob hat den Platz aufgegeben",
    ),
}
"""The table notes the LAN capture waits for, in each language."""


async def main() -> None:
    parts = [
        "# The game screens at 80x24",
        "",
        "Real captures of an 80x24 terminal (tmux), written by `make screens` "
        "(`python -m tools.screens`): `tigerden play` against random bots, a few moves in. "
        "The same screens in German follow (`--lang de`). Everything a seat may see is on "
        "them; `tests/client/test_screens.py` checks that for every game from random "
        "positions, and `tests/client/test_tmux.py` plays in a real 80x24 tmux pane.",
        "",
    ]
    shots: dict[tuple[str, str], str] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for lang, heading in (("en", "English"), ("de", "Deutsch")):
            parts += [f"## {heading}", ""]
            for index, (game, title, extra, moves) in enumerate(GAMES):
                db = Path(tmp) / f"{lang}{index}.sqlite"
                shot = await capture(game, extra, moves, lang, db)
                shots[(lang, title)] = shot
                parts += [f"### {title}", "", "```text", shot, "```", ""]
            shot = await lan_table(lang, Path(tmp) / f"{lang}-lan.sqlite")
            title = "A LAN table: bob leaves, comes back, gives his seat up; carol watches"
            parts += [f"### {title}", "", "```text", shot, "```", ""]
    (ROOT / "docs" / "screens.md").write_text("\n".join(parts))
    readme = ROOT / "README.md"
    text = readme.read_text()
    koikoi = shots[("en", "Koi-Koi")]
    readme.write_text(README_MARK.sub(lambda m: m[1] + koikoi + "\n" + m[3], text))


if __name__ == "__main__":
    asyncio.run(main())
