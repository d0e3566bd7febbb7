"""The terminal UI drawn into a character grid, as a terminal of a given size would show it:
the real layout, panes and floats, read back as text rows."""

from __future__ import annotations

import asyncio

from prompt_toolkit.application import Application
from prompt_toolkit.application.current import set_app
from prompt_toolkit.data_structures import Size
from prompt_toolkit.input import DummyInput
from prompt_toolkit.layout.mouse_handlers import MouseHandlers
from prompt_toolkit.layout.screen import Screen, WritePosition
from prompt_toolkit.output import DummyOutput

from client.ui.app import build_app
from client.ui.model import ClientState


class SizedOutput(DummyOutput):
    def __init__(self, columns: int, rows: int) -> None:
        self.size = Size(rows=rows, columns=columns)

    def get_size(self) -> Size:
        return self.size


def draw(app: Application[None], columns: int, rows: int) -> list[str]:
    """`app` drawn at columns x rows (its output must report that size)."""
    with set_app(app):
        screen = Screen()
        app.layout.container.write_to_screen(
            screen,
            MouseHandlers(),
            WritePosition(xpos=0, ypos=0, width=columns, height=rows),
            parent_style="",
            erase_bg=False,
            z_index=None,
        )
        screen.draw_all_floats()
    return [
        "".join(screen.data_buffer[y][x].char for x in range(columns)).rstrip() for y in range(rows)
    ]


def screen_text(state: ClientState, columns: int = 80, rows: int = 24, play: bool = True) -> str:
    """The whole screen of `state` at columns x rows, one text row per line."""

    async def send(version: int, move: object) -> None:
        return None

    def drawn() -> list[str]:
        app = build_app(
            state, send if play else None, input=DummyInput(), output=SizedOutput(columns, rows)
        )
        return draw(app, columns, rows)

    async def in_a_loop() -> list[str]:
        return drawn()

    try:
        asyncio.get_running_loop()
    except RuntimeError:  # the prompt's buffer needs an event loop to draw
        return "\n".join(asyncio.run(in_a_loop()))
    return "\n".join(drawn())
