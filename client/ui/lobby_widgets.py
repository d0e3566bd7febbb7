"""The lobby's widgets: each a prompt-toolkit container (`__pt_container__`) that reads
`LobbyState` through the panes' text functions (`client/ui/lobby.py`) on every redraw. From the
top: the header, the lists (servers and games at the left, the matches and the selected match
at the right) or the create-match form in their place, the status and the keys."""

from __future__ import annotations

from prompt_toolkit.data_structures import Point
from prompt_toolkit.filters import Filter
from prompt_toolkit.formatted_text import StyleAndTextTuples
from prompt_toolkit.layout import (
    AnyContainer,
    ConditionalContainer,
    Container,
    Dimension,
    FormattedTextControl,
    HSplit,
    VSplit,
    Window,
)
from prompt_toolkit.widgets import Frame

from client.i18n import _
from client.ui.lobby import (
    detail_lines,
    form_lines,
    game_lines,
    header,
    keys_help,
    match_lines,
    match_row,
    row_help,
    server_lines,
    shown,
    status_rows,
    status_text,
)
from client.ui.lobby_state import LobbyState
from client.ui.pane import ScrollPane
from client.ui.text import is_ascii, plain


def framed(body: AnyContainer, title: str) -> AnyContainer:
    """A pane with a border and a title; in ASCII, drawn with - and |."""
    if not is_ascii():
        return Frame(body, title=title)
    border = "class:frame.border"
    return HSplit(
        [
            VSplit(
                [
                    Window(
                        FormattedTextControl(f"+-| {plain(title)} |"),
                        height=1,
                        dont_extend_width=True,
                    ),
                    Window(char="-", height=1, style=border),
                    Window(char="+", width=1, height=1, style=border),
                ]
            ),
            VSplit(
                [
                    Window(char="|", width=1, style=border),
                    body,
                    Window(char="|", width=1, style=border),
                ]
            ),
            VSplit(
                [
                    Window(char="+", width=1, height=1, style=border),
                    Window(char="-", height=1, style=border),
                    Window(char="+", width=1, height=1, style=border),
                ]
            ),
        ]
    )


class Browse:
    """The lists: servers and games at the left, the matches and the selected one in full at
    the right (the match list keeps the selected line in view)."""

    def __init__(self, state: LobbyState) -> None:
        servers = Window(
            FormattedTextControl(lambda: shown(server_lines(state))),
            height=Dimension(min=2, max=6),
        )
        games = Window(ScrollPane(lambda: shown(game_lines(state)), keys=None))
        matches = Window(
            FormattedTextControl(
                lambda: shown(match_lines(state)),
                get_cursor_position=lambda: Point(x=0, y=match_row(state)),
            ),
        )
        detail = Window(
            ScrollPane(lambda: shown(detail_lines(state)), keys=None),
            height=Dimension(min=4, max=7),
        )
        self.container = VSplit(
            [
                HSplit(
                    [framed(servers, _("servers")), framed(games, _("games"))],
                    width=Dimension(min=22, preferred=28, max=30),
                ),
                HSplit([framed(matches, _("matches")), framed(detail, _("match"))]),
            ]
        )

    def __pt_container__(self) -> Container:
        return self.container


class Form:
    """The create-match form, with the meaning of the line under the cursor below it."""

    def __init__(self, state: LobbyState) -> None:
        rows = Window(
            FormattedTextControl(
                lambda: shown(form_lines(state.form)) if state.form else [],
                get_cursor_position=lambda: Point(
                    x=0, y=(state.form.cursor + 1 if state.form else 0)
                ),
            ),
        )
        meaning = Window(
            ScrollPane(lambda: shown(row_help(state.form)) if state.form else [], keys=None),
            height=2,
        )
        self.container = framed(HSplit([rows, meaning]), _("new match"))

    def __pt_container__(self) -> AnyContainer:
        return self.container


class LobbyScreen:
    """The whole lobby; `creating` is true while the form is open."""

    def __init__(self, state: LobbyState, creating: Filter) -> None:
        def status() -> StyleAndTextTuples:
            return [("class:status", status_text(state))]

        self.container = HSplit(
            [
                Window(FormattedTextControl(lambda: header(state)), height=1),
                ConditionalContainer(Browse(state), filter=~creating),
                ConditionalContainer(Form(state), filter=creating),
                Window(ScrollPane(status, keys=None), height=lambda: status_rows(state)),
                Window(FormattedTextControl(lambda: keys_help(state)), height=1),
            ]
        )

    def __pt_container__(self) -> Container:
        return self.container
