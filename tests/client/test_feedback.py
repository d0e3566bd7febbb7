"""Feedback and panes: the bell and window title when it becomes your turn, the summary held
at the end of a deal until a key, the banner naming who did what, highlights until your next
move, word wrapping that never splits a word, and panes that scroll by page and mouse wheel."""

from __future__ import annotations

import asyncio
import random

import pytest
from prompt_toolkit.data_structures import Point
from prompt_toolkit.formatted_text import StyleAndTextTuples
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.mouse_events import MouseButton, MouseEvent, MouseEventType
from prompt_toolkit.output import DummyOutput

from client.ui import words
from client.ui.app import build_app, refresh
from client.ui.pane import ScrollPane
from client.ui.panes import help_text
from client.ui.text import wrap
from engine.koikoi import model as m
from tests.client.positions import SETUPS, client_for, positions, snapshot_of
from tests.client.screen import screen_text
from tests.client.test_ui import wait_for


class CountingOutput(DummyOutput):
    def __init__(self) -> None:
        self.bells = 0
        self.titles: list[str] = []

    def bell(self) -> None:
        self.bells += 1

    def set_title(self, title: str) -> None:
        self.titles.append(title)


def test_the_bell_rings_and_the_title_says_so_when_it_becomes_your_turn() -> None:
    setup = SETUPS[0]
    mine = next(s for s, _ in positions(setup, 200, seed=2) if s.to_act() == 0)
    theirs = next(s for s, _ in positions(setup, 200, seed=2) if s.to_act() == 1)
    state = client_for(setup, theirs, 0)
    output = CountingOutput()
    app = build_app(state, None, output=output)
    refresh(app, state, bell=True)
    assert output.bells == 0
    state.receive(snapshot_of(setup.game, mine, 0, [], 2), words)
    refresh(app, state, bell=True)
    assert output.bells == 1 and "your turn" in output.titles[-1]
    state.receive(snapshot_of(setup.game, mine, 0, [], 3), words)  # still your turn: no second bell
    refresh(app, state, bell=True)
    assert output.bells == 1
    state.receive(snapshot_of(setup.game, theirs, 0, [], 4), words)
    state.receive(snapshot_of(setup.game, mine, 0, [], 5), words)
    refresh(app, state, bell=False)  # --no-bell: the title still says so
    assert output.bells == 1 and "your turn" in output.titles[-1]


async def test_the_end_of_a_deal_stays_on_screen_until_a_key() -> None:
    setup = SETUPS[1]
    found = next(
        (
            p
            for p in positions(setup, 3000, seed=6)
            if any(isinstance(e, m.DealEnded) for e in p[1])
        ),
        None,
    )
    assert found is not None, "no deal ended in 3000 positions"
    state, events = found
    client = client_for(setup, state, 0, events)
    client.receive(snapshot_of(setup.game, state, 0, events, 2), words)  # client_for released it
    assert client.held is not None
    shown = screen_text(client, 80, 24)
    assert "press any key to go on" in shown and "Last deal (" in shown and "Scores:" in shown
    with create_pipe_input() as pipe:
        app = build_app(client, None, input=pipe, output=DummyOutput())
        running = asyncio.ensure_future(app.run_async())
        await asyncio.sleep(0.05)
        pipe.send_text(" ")
        await wait_for(lambda: client.held is None)
        assert "press any key" not in screen_text(client, 80, 24)
        pipe.send_text("\x11")
        await asyncio.wait_for(running, 5)


def test_the_banner_names_the_player_once_per_run_and_highlights_until_your_move() -> None:
    setup = SETUPS[1]

    def bea_played_and_drew(events: list[object]) -> bool:
        played = [e for e in events if isinstance(e, m.Played)]
        return len(played) == 2 and played[0].seat == 1

    found = next((p for p in positions(setup, 500, seed=7) if bea_played_and_drew(p[1])), None)
    assert found is not None, "bea never played and drew in 500 positions"
    state, events = found
    played = [e for e in events if isinstance(e, m.Played)]
    client = client_for(setup, state, 0, events)
    text = client.banner_text()
    assert text.startswith("bea plays ") and text.count("bea") == 1, text
    assert "; draws " in text
    assert played[0].card.text in client.changed
    client.acted(1, "play x")
    assert not client.banner and not client.changed


def test_wrapping_never_splits_a_word() -> None:
    rng = random.Random(1)
    words = [
        ("", "".join(rng.choice("abcdefg-") for _ in range(rng.randint(1, 14)))) for _ in range(300)
    ]
    fragments: StyleAndTextTuples = []
    for _style, word in words:
        fragments += [("class:card", f"[{word}]"), ("", " ")]
    for width in range(20, 81, 7):
        rows = wrap(fragments, width)
        texts = ["".join(f[1] for f in row) for row in rows]
        assert all(len(t) <= width for t in texts)
        assert " ".join(" ".join(texts).split()) == " ".join(f"[{w}]" for _, w in words)
        for t in texts:
            for token in t.split():
                assert token.startswith("[") and token.endswith("]"), (width, t)


def test_a_pane_scrolls_by_page_and_by_mouse_wheel() -> None:
    pane = ScrollPane(lambda: [("", "".join(f"row {n}\n" for n in range(50)))])

    def row(content: object, index: int) -> str:
        return "".join(f[1] for f in content.get_line(index))  # type: ignore[attr-defined]

    first = pane.create_content(40, 10)
    assert row(first, 0) == "row 0" and "40 more rows (PgDn)" in row(first, 9)
    pane.page(1)
    second = pane.create_content(40, 10)
    assert row(second, 1) == "row 10" and "rows up (PgUp)" in row(second, 0)
    wheel = MouseEvent(Point(0, 0), MouseEventType.SCROLL_DOWN, MouseButton.NONE, frozenset())
    pane.mouse_handler(wheel)
    assert row(pane.create_content(40, 10), 1) == "row 13"
    pane.page(10)
    assert row(pane.create_content(40, 10), 9) == "row 49"


def test_a_more_marker_takes_the_place_of_whole_words_never_half_of_one() -> None:
    """The marker over a pane's last row used to cut what it covered mid-word (a move list
    at 80 columns ended "7:spiele jul-kasu- ▼ 1 more row (PgDn)")."""
    rng = random.Random(3)
    cards = ["".join(rng.choice("abcdef-") for _ in range(rng.randint(3, 14))) for _ in range(39)]
    labels = [f"{n}:play\N{NO-BREAK SPACE}{card}" for n, card in enumerate(cards, 1)]
    fragments: StyleAndTextTuples = []
    for label in labels:
        fragments += [("class:move", label), ("", "  ")]
    for width in range(30, 81, 5):
        for height in (1, 2, 3):
            pane = ScrollPane(lambda: fragments, covers=True)
            content = pane.create_content(width, height)
            last = "".join(f[1] for f in content.get_line(height - 1))
            assert len(last) <= width and "more row" in last, (width, last)
            entries = last.split(" \N{BLACK DOWN-POINTING TRIANGLE}")[0].split("  ")
            for entry in filter(None, (e.strip() for e in entries)):
                assert entry.replace(" ", "\N{NO-BREAK SPACE}") in labels, (width, entry)


def test_moves_that_do_not_fit_name_the_key_that_lists_them() -> None:
    """The move list's marker said "(PgDn)", but PgDn pages the table, never the moves; Tab
    (the menu of every legal move) is what shows the rest."""
    setup = SETUPS[1]
    many = next(
        s for s, _ in positions(setup, 400, seed=4) if s.to_act() == 0 and len(s.legal_moves()) >= 9
    )
    shown = screen_text(client_for(setup, many, 0), 80, 24).splitlines()
    moves = shown.index(next(row for row in shown if row.startswith("Moves:")))
    marker = next(row for row in shown[moves:] if "more row" in row)
    assert marker.endswith("(Tab)") and "PgDn" not in marker, marker


def test_the_help_fits_80_columns_and_scrolls() -> None:
    setup = SETUPS[5]  # Tiger & Dragon: the longest help, with the ten Battlefield cards
    state, _events = next(positions(setup, 1))
    client = client_for(setup, state, 0)
    client.show_help = True
    shown = screen_text(client, 80, 24).splitlines()
    assert "Tiger & Dragon: rules (? closes)" in shown[1]
    assert "more rows (PgDn)" in "\n".join(shown)
    assert all(len(row) <= 80 for row in shown)
    rows = ["".join(f[1] for f in row) for row in wrap(help_text(client), 80)]
    for card in ("Dojo: 10 2 2 3 3 3 4 4", "Cave: 10 2 2 2 2 2 2 2", "Dense Fog"):
        assert any(card in row for row in rows), card


@pytest.mark.parametrize("language", ["en", "de"])
def test_paging_through_the_help_shows_every_word_and_names_the_keys_as_the_help_does(
    language: str,
) -> None:
    """The scroll marker took the place of help text ("you may  ▲ 14 rows up (PgUp)" in place
    of "you may not pass without discarding"), so paging never showed it; the German markers
    said (PgUp) where the German help says Bild↑."""
    from client.i18n import set_language

    set_language(language)
    try:
        for setup in (SETUPS[0], SETUPS[1], SETUPS[5]):  # Doors, Koi-Koi, Tiger & Dragon
            state, _events = next(positions(setup, 1))
            client = client_for(setup, state, 0)
            client.show_help = True
            text = help_text(client)
            pane = ScrollPane(lambda t=text: t)  # type: ignore[misc]
            seen: list[str] = []
            for _page in range(60):
                content = pane.create_content(80, 15)
                rows = ["".join(f[1] for f in content.get_line(i)) for i in range(15)]
                assert all(len(row) <= 80 for row in rows)
                for row in rows:
                    if (
                        "\N{BLACK DOWN-POINTING TRIANGLE}" in row
                        or "\N{BLACK UP-POINTING TRIANGLE}" in row
                    ):
                        keys = ("(PgDn)", "(PgUp)") if language == "en" else ("(Bild↓)", "(Bild↑)")
                        assert row.endswith(keys), row
                seen += rows
                if pane.at_end:
                    break
                pane.page(1)
            shown = " ".join(" ".join(seen).split())
            for wrapped in wrap(text, 80):
                line = " ".join("".join(f[1] for f in wrapped).split())
                assert line in shown, (setup.label, line)
    finally:
        set_language("en")
