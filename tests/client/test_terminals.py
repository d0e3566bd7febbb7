"""Any terminal: the minimum-size line, ASCII only, NO_COLOR; and resuming a local match."""

from __future__ import annotations

import argparse
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from prompt_toolkit.output import ColorDepth
from prompt_toolkit.styles import Style

from cli.commands.play import resume_hint
from cli.connection import embedded_server
from cli.seats_file import last_local_seat, remember_local_seat
from client.ui.lobby import LOBBY_STYLE
from client.ui.style import STYLE
from client.ui.text import use_ascii, wants_ascii
from tests.client.positions import SETUPS, Setup, client_for, positions
from tests.client.screen import screen_text


@pytest.fixture
def ascii_only() -> Iterator[None]:
    use_ascii(True)
    yield
    use_ascii(False)


def test_below_the_minimum_size_one_line_says_the_minimum() -> None:
    state, _ = next(positions(SETUPS[1], 1))
    shown = screen_text(client_for(SETUPS[1], state, 0), 79, 24).splitlines()
    assert shown[0] == "window 79x24 is too small: Hanafuda Koi-Koi needs 80x24"
    assert not any(row.strip() for row in shown[1:])
    assert "Board:" in screen_text(client_for(SETUPS[1], state, 0), 80, 24)


@pytest.mark.usefixtures("ascii_only")
@pytest.mark.parametrize("setup", SETUPS[:2] + SETUPS[6:7], ids=lambda s: s.label)
def test_ascii_screens_hold_only_ascii(setup: object) -> None:
    for state, events in positions(setup, 8, seed=3):  # type: ignore[arg-type]
        client = client_for(setup, state, 0, events)  # type: ignore[arg-type]
        shown = screen_text(client, 80, 24)
        assert shown.isascii(), sorted({c for c in shown if not c.isascii()})


def test_ascii_is_chosen_when_the_terminal_is_not_utf8() -> None:
    class Stream:
        def __init__(self, encoding: str) -> None:
            self.encoding = encoding

    assert wants_ascii(Stream("ANSI_X3.4-1968"))  # type: ignore[arg-type]
    assert wants_ascii(Stream("latin-1"))  # type: ignore[arg-type]
    assert not wants_ascii(Stream("UTF-8"), {})  # type: ignore[arg-type]
    assert not wants_ascii(Stream("utf8"), {})  # type: ignore[arg-type]


def test_a_c_locale_means_ascii_though_python_writes_utf8() -> None:
    """`LANG=C` still drew Unicode: Python coerces the C locale to UTF-8 for its own output,
    but the terminal was told to expect ASCII."""

    class Stream:
        encoding = "utf-8"

    for environ in ({"LANG": "C"}, {"LC_ALL": "POSIX", "LANG": "en_US.UTF-8"}, {"LANG": "de_DE"}):
        assert wants_ascii(Stream(), environ), environ  # type: ignore[arg-type]
    for environ in ({"LANG": "C.UTF-8"}, {"LC_ALL": "de_DE.utf8"}, {}):
        assert not wants_ascii(Stream(), environ), environ  # type: ignore[arg-type]


@pytest.mark.usefixtures("ascii_only")
def test_ascii_card_symbols_are_no_letters_and_the_banner_is_not_the_prompt() -> None:
    """In ASCII the symbols ran into the names (`[ofeb-plain-2]`, `oplains`, `[rred-lady]`)
    and the banner's `>` looked like the prompt `> `."""
    from client.ui.text import symbols

    glyphs = symbols()
    for mark in (glyphs.bright, glyphs.animal, glyphs.ribbon, glyphs.plain, glyphs.red):
        assert not any(c.isalnum() for c in mark), mark
    for mark in (glyphs.blue, glyphs.wild):
        assert not any(c.isalnum() for c in mark), mark
    assert not glyphs.to_act.startswith(">")
    setup = SETUPS[1]
    for state, events in positions(setup, 30, seed=3):
        shown = screen_text(client_for(setup, state, 0, events), 80, 24)
        assert not re.search(r"\[o[a-z]{3}-|\bo(plains|brights)", shown), shown


def test_no_color_means_no_colour(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    assert ColorDepth.from_env() == ColorDepth.DEPTH_1_BIT


async def test_play_resume_continues_the_last_unfinished_local_match(tmp_path: Path) -> None:
    db = tmp_path / "local.sqlite"
    async with embedded_server(db, 0.0) as server:
        match = await server.create("doors")
        seat = await server.join(match.match_id, "ada", 0)
        remember_local_seat(db, seat, "doors")
    async with embedded_server(db, 0.0) as server:  # a new process, the same database
        found = await last_local_seat(server, db)
        assert found is not None
        resumed, game = found
        assert (resumed.match_id, resumed.seat, game) == (match.match_id, 0, "doors")
    args = argparse.Namespace(db=str(db))
    assert resume_hint(args) == f"tigerden play --resume --db {db}"
    async with embedded_server(tmp_path / "other.sqlite", 0.0) as server:
        assert await last_local_seat(server, tmp_path / "other.sqlite") is None


# Colours a terminal theme cannot re-shade: fixed RGB values and the greys/whites that vanish on
# one of the two backgrounds.
FIXED = re.compile(r"#[0-9a-fA-F]{3,6}\b|\bansi(white|black|gray|brightblack)\b|\b(white|black)\b")


@pytest.mark.parametrize("style", [STYLE, LOBBY_STYLE], ids=["table", "lobby"])
def test_every_colour_is_an_ansi_name_the_theme_shades_for_light_and_dark(style: Style) -> None:
    for class_name, rule in style.style_rules:
        assert not FIXED.search(rule), f"{class_name}: {rule!r} is unreadable on some background"


PALETTES = {
    "xterm": {"red": "cd0000", "green": "00cd00", "yellow": "cdcd00", "blue": "0000ee",
              "magenta": "cd00cd", "cyan": "00cdcd"},
    "xterm bright": {"red": "ff0000", "green": "00ff00", "yellow": "ffff00", "blue": "5c5cff",
                     "magenta": "ff00ff", "cyan": "00ffff"},
    "tango": {"red": "cc0000", "green": "4e9a06", "yellow": "c4a000", "blue": "3465a4",
              "magenta": "75507b", "cyan": "06989a"},
    "tango bright": {"red": "ef2929", "green": "8ae234", "yellow": "fce94f", "blue": "729fcf",
                     "magenta": "ad7fa8", "cyan": "34e2e2"},
}  # fmt: skip
"""The ANSI colours of two common default palettes (xterm's; Tango: GNOME Terminal, Ubuntu),
normal and bright (bold text is drawn bright by many terminals)."""
BACKGROUNDS = {"white": "ffffff", "black": "000000"}
READABLE = 3.0
"""WCAG's least contrast for large or bold text."""


def contrast(one: str, other: str) -> float:
    """WCAG 2 contrast ratio of two sRGB colours given as hex."""

    def luminance(colour: str) -> float:
        channels = [int(colour[i : i + 2], 16) / 255 for i in (0, 2, 4)]
        linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]

    high, low = sorted((luminance(one), luminance(other)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def word_colours(style: Style) -> Iterator[tuple[str, str]]:
    """(class, colour) for every ANSI colour a class gives to words; `mark.*` classes colour
    symbols only."""
    for class_name, rule in style.style_rules:
        if class_name.startswith("mark."):
            continue
        for colour in re.findall(r"\bansi(\w+)", rule):
            yield class_name, colour


@pytest.mark.parametrize("style", [STYLE, LOBBY_STYLE], ids=["table", "lobby"])
def test_coloured_words_read_on_white_and_on_black(style: Style) -> None:
    """Light and dark backgrounds: yellow, green and cyan words fade on white, blue words on
    black (xterm: 1.7, 2.2, 2.0 and 2.2 to 1); red and magenta words read at 3:1 or better in
    every palette above, so only they colour words, and the others colour symbols."""
    for class_name, colour in word_colours(style):
        for palette, colours in PALETTES.items():
            for background, shade in BACKGROUNDS.items():
                ratio = contrast(colours[colour], shade)
                assert ratio >= READABLE, (class_name, colour, palette, background, ratio)


@pytest.mark.parametrize("setup", SETUPS[:2] + SETUPS[6:7], ids=lambda s: s.label)
def test_marks_colour_symbols_not_words(setup: object) -> None:
    from client.ui.registry import screen_of

    for state, events in positions(setup, 6, seed=5):  # type: ignore[arg-type]
        client = client_for(setup, state, 0, events)  # type: ignore[arg-type]
        screen = screen_of(client)
        assert screen is not None
        for style, text, *_ in screen.render(client):
            if "class:mark." in style:
                assert not any(c.isalnum() for c in text), (style, text)


async def test_again_then_quit_leaves_the_rematch_for_play_resume(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`play doors` -> /again -> Ctrl-Q said "Continue with: tigerden play --resume", which then
    answered "no unfinished local match": the seats file still held the first match. The test
    sees the command's embedded server (to finish the match from a second stream of the seat)
    and types into the real `tigerden play` table."""
    import asyncio
    import contextlib
    import json
    import random
    from collections.abc import AsyncIterator
    from typing import Any

    from prompt_toolkit.application import create_app_session
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput

    import cli.args
    import cli.commands.play
    import cli.seats_file
    from client.api import Server
    from client.bot import play_seat, random_chooser
    from tests.client.test_ui import wait_for

    db = tmp_path / "local.sqlite"
    servers: list[Server] = []
    real = embedded_server

    @contextlib.asynccontextmanager
    async def seen(*args: Any) -> AsyncIterator[Server]:
        async with real(*args) as server:
            servers.append(server)
            yield server

    monkeypatch.setattr(cli.commands.play, "embedded_server", seen)
    args = cli.args.parser().parse_args(
        ["play", "doors", "--db", str(db), "--name", "ada", "--level", "random", "--no-bell"]
    )
    args.bot_delay = 0.0
    seats_file = cli.seats_file.local_seats_file(db)
    with create_pipe_input() as pipe, create_app_session(input=pipe, output=DummyOutput()):
        play = asyncio.create_task(cli.commands.play.cmd_play(args))
        await wait_for(lambda: seats_file.exists() or play.done())
        assert not play.done(), play.result()
        first = json.loads(seats_file.read_text())[-1]
        server = servers[0]
        seat = await server.resume(first["match"], first["token"])
        await play_seat(seat, random_chooser(random.Random(5)))  # the match ends
        await asyncio.sleep(0.3)
        pipe.send_text(" ")  # puts the end-of-match summary away
        await asyncio.sleep(0.1)
        pipe.send_text("/again\r")
        await wait_for(lambda: len(json.loads(seats_file.read_text())) == 2)
        pipe.send_text("\x11")
        await asyncio.wait_for(play, 10)
    async with embedded_server(db, 0.0) as server:  # `tigerden play --resume`, a new process
        found = await last_local_seat(server, db)
        assert found is not None
        assert found[0].match_id != first["match"]


@pytest.mark.parametrize("language", ["en", "de"])
def test_a_long_status_goes_on_in_a_second_row_instead_of_losing_its_end(language: str) -> None:
    """At 80 columns the status lost its end: four players' `… bot-3 (random)` without
    `· /again to play again`; German `… /again für eine Revanch` (and a German team game's
    result takes three rows)."""

    from client.i18n import set_language

    set_language(language)
    try:
        for setup in (SETUPS[5], SETUPS[6]):  # Tiger & Dragon, four players and 2 vs 2
            long_status_shown(setup)
    finally:
        set_language("en")


def long_status_shown(setup: Setup) -> None:
    """The match-over status with bots' names is shown whole at 80x24."""
    from tigerden.v1 import match_pb2

    from client.i18n import _
    from client.ui import words

    state, _events = next(positions(setup, 1))
    client = client_for(setup, state, 0)
    snapshot = client.snapshot
    assert snapshot is not None
    for seat in snapshot.seats[1:]:
        seat.name = f"bot-{seat.seat} (random)"
    snapshot.ClearField("legal_moves")
    snapshot.result.CopyFrom(match_pb2.MatchResult(scores=[12, 30, 21, 15], winners=[0, 2]))
    client.show(snapshot, words)  # the result in words, as a snapshot with it would bring
    client.status = client.table_status()
    end = _("/again to play again")
    assert len(client.status) > 80 and client.status.endswith(end)
    shown = screen_text(client, 80, 24)
    assert all(len(row) <= 80 for row in shown.splitlines())
    flat = " ".join(shown.split())
    assert " ".join(client.status.split()) in flat, shown


def test_the_too_small_line_wraps_at_words() -> None:
    """At 60x20 the line broke mid-word: `... ne` / `eds 64x18`."""
    state, _ = next(positions(SETUPS[0], 1))
    shown = screen_text(client_for(SETUPS[0], state, 0), 60, 20).splitlines()
    assert shown[0].startswith("window 60x20 is too small:")
    assert any(row.strip().endswith("needs 64x18") for row in shown[:2]), shown[:2]
