"""The table's widgets: each a prompt-toolkit container (`__pt_container__`) that reads the
model through the panes' text functions (`client/ui/panes.py`) on every redraw. From the top:
the header, the table with the log (below it; beside it from `WIDE` columns on), the banner, the
legal moves, the status rows and the prompt; below the game's minimum size one line says so.
Nothing is framed: every row goes to the game."""

from __future__ import annotations

from collections.abc import Callable

from prompt_toolkit.application import get_app
from prompt_toolkit.filters import Condition
from prompt_toolkit.formatted_text import StyleAndTextTuples
from prompt_toolkit.layout import (
    AnyContainer,
    ConditionalContainer,
    Container,
    Dimension,
    Float,
    FloatContainer,
    FormattedTextControl,
    HSplit,
    VSplit,
    Window,
)
from prompt_toolkit.layout.menus import CompletionsMenu

from client.ui.model import ClientState
from client.ui.pane import ScrollPane
from client.ui.panes import (
    banner,
    header,
    legal_moves,
    log_lines,
    small_text,
    status_line,
    status_rows,
    table_text,
    too_small,
)
from client.ui.prompt import MovePrompt
from client.ui.style import MOVE_ROWS, TABLE_WIDTH, WIDE
from client.ui.text import symbols

wide = Condition(lambda: get_app().output.get_size().columns >= WIDE)
"""The terminal is wide enough for the log beside the table."""


class TextRow:
    """One row of text, redrawn from `text()`."""

    def __init__(self, text: Callable[[], StyleAndTextTuples]) -> None:
        self.window = Window(FormattedTextControl(text), height=1)

    def __pt_container__(self) -> Container:
        return self.window


class TableAndLog:
    """The table pane (the board, or what is open in its place: `panes.table_text`) and the
    log, which stands beside it on a wide terminal (`log_below` places it otherwise)."""

    def __init__(self, state: ClientState) -> None:
        self.table = ScrollPane(lambda: table_text(state))
        self.log = ScrollPane(lambda: log_lines(state), follow_end=True, keys=("F2", "F2"))
        self.log_below = ConditionalContainer(
            Window(self.log, height=Dimension(min=0, preferred=0)), filter=~wide
        )
        rule = Window(width=1, char=lambda: "│" if symbols().rule == "─" else "|")
        self.container = VSplit(
            [
                Window(self.table, width=self.table_width, dont_extend_height=~wide),
                ConditionalContainer(VSplit([rule, Window(self.log)]), filter=wide),
            ]
        )

    @staticmethod
    def table_width() -> Dimension:
        columns = get_app().output.get_size().columns
        return Dimension.exact(TABLE_WIDTH) if columns >= WIDE else Dimension()

    def to_top(self) -> None:
        """Shows the table pane from its first row (a new move, a hint, the help)."""
        self.table.scroll = 0

    def __pt_container__(self) -> Container:
        return self.container


class MoveList:
    """Your legal moves, numbered, in up to MOVE_ROWS rows (Tab lists those that do not fit);
    "(spectating)" at a spectator's table; hidden when there are none."""

    def __init__(self, state: ClientState) -> None:
        self.pane = ScrollPane(lambda: legal_moves(state), keys=("Tab", "Tab"), covers=True)
        shown = Condition(
            lambda: (
                bool(state.legal_labels())
                or (state.snapshot is not None and state.viewer() is None)
            )
        )
        window = Window(self.pane, height=Dimension(min=1, max=MOVE_ROWS), dont_extend_height=True)
        self.container = ConditionalContainer(window, filter=shown)

    def __pt_container__(self) -> Container:
        return self.container


class StatusBar:
    """The status rows, with the turn clock at the right."""

    def __init__(self, state: ClientState) -> None:
        self.window = Window(
            FormattedTextControl(lambda: status_line(state)),
            height=lambda: len(status_rows(state, get_app().output.get_size().columns)),
            style="class:status",
        )

    def __pt_container__(self) -> Container:
        return self.window


class TableScreen:
    """The whole table: the rows from the header down to the prompt (None: no prompt, a table
    where one can neither move nor talk), or the line that says the window is too small; the
    completion menu floats at the cursor."""

    def __init__(self, state: ClientState, panes: TableAndLog, prompt: MovePrompt | None) -> None:
        rows: list[AnyContainer] = [
            TextRow(lambda: header(state)),
            panes,
            TextRow(lambda: banner(state)),
            panes.log_below,
            MoveList(state),
            StatusBar(state),
        ]
        if prompt is not None:
            rows.append(prompt)
        small = Condition(lambda: too_small(state) is not None)
        screen = HSplit(
            [
                ConditionalContainer(
                    Window(ScrollPane(lambda: small_text(state), keys=None)), filter=small
                ),
                ConditionalContainer(HSplit(rows), filter=~small),
            ]
        )
        menu = CompletionsMenu(max_height=8, scroll_offset=1)
        self.container = FloatContainer(
            content=screen, floats=[Float(xcursor=True, ycursor=True, content=menu)]
        )

    def __pt_container__(self) -> Container:
        return self.container
