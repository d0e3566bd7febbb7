"""The full-screen lobby: servers found on the LAN, the games, the live match list with who is
waiting for whom, the selected match in full, and the create-match form. Fits 80x24.

`build_lobby_app(state, connect)` builds the tree once; panes read `LobbyState` on every redraw.
The app ends with a `LobbyChoice` (join, watch, create, quit) that the session carries out —
a table runs in its own app — before it shows the lobby again.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass

from prompt_toolkit.application import Application
from prompt_toolkit.data_structures import Point
from prompt_toolkit.filters import Condition
from prompt_toolkit.formatted_text import StyleAndTextTuples
from prompt_toolkit.input import Input
from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent
from prompt_toolkit.layout import (
    ConditionalContainer,
    Dimension,
    FormattedTextControl,
    HSplit,
    Layout,
    VSplit,
    Window,
)
from prompt_toolkit.output import Output
from prompt_toolkit.styles import Style
from prompt_toolkit.widgets import Frame
from tigerden.v1 import lobby_pb2

from client.i18n import _, n_
from client.ui.lobby_state import (
    PERSON,
    STATUS_STYLES,
    CreateForm,
    Focus,
    LobbyState,
    ServerEntry,
    seat_label,
    status_word,
    waiting_for,
)
from client.ui.presence import presence

LOBBY_STYLE = Style.from_dict(
    {
        # As on the table (client/ui/app.py STYLE): words only in colours readable on white and
        # on black; a match that waits for players stands out in bold.
        "title": "bold",
        "dim": "",
        "selected": "reverse",
        "waiting": "bold",
        "playing": "ansimagenta",
        "finished": "",
        "status": "reverse",
        "you": "bold underline",
    }
)


CURSOR = ">"
"""Marks the selected line (besides reverse video), for terminals and readers without it."""


class Action(enum.Enum):
    JOIN = "join"
    WATCH = "watch"
    CREATE = "create"
    QUIT = "quit"


@dataclass(frozen=True)
class LobbyChoice:
    """What the person chose; `match_id` for JOIN and WATCH, `seat` when a seat was named."""

    action: Action
    match_id: str = ""
    seat: int | None = None


def server_lines(state: LobbyState) -> StyleAndTextTuples:
    if not state.servers:
        return [("class:dim", _("none found yet\n(looking on the LAN)"))]
    lines: StyleAndTextTuples = []
    for number, server in enumerate(state.servers):
        selected = state.focus is Focus.SERVERS and number == state.server_cursor
        here = "*" if state.connected_to and server.target == state.connected_to.target else " "
        style = "class:selected" if selected else ""
        lines.append((style, f"{CURSOR if selected else ' '}{here}{server.name}\n"))
        if server.target != server.name:
            lines.append(("class:dim", f"   {server.target}\n"))
        if server.web:  # where a phone joins, to read out at the table
            lines.append(
                ("class:dim", "   " + _("web: {address}").format(address=server.web) + "\n")
            )
    return lines


def short_title(title: str) -> str:
    """ "Doors (The Lady and the Tiger)" -> "Doors"."""
    return title.split(" (")[0]


def game_lines(state: LobbyState) -> StyleAndTextTuples:
    """Each game with its player count and how many options it has (n shows them all)."""
    lines: StyleAndTextTuples = []
    for game in state.games:
        players = (
            f"{game.min_players}"
            if game.min_players == game.max_players
            else f"{game.min_players}-{game.max_players}"
        )
        lines.append(("class:title", f"{short_title(_(game.title))}\n"))
        options = n_("{count} option", "{count} options", len(game.options))
        options = options.format(count=len(game.options))
        lines.append(("class:dim", " " + _("{players} players").format(players=players)))
        lines.append(("class:dim", f" · {options}\n"))
    return lines or [("class:dim", _("(not connected)"))]


def match_line(state: LobbyState, match: lobby_pb2.MatchInfo) -> str:
    status = status_word(match.status)
    names = ", ".join(seat_label(s) for s in match.seats)
    title = short_title(_(state.title(match.game_id)))
    by = " " + _("by {name}").format(name=match.created_by) if match.created_by else ""
    return f"{title:<14.14} {status:<8} {names}{by}"


def match_lines(state: LobbyState) -> StyleAndTextTuples:
    rows = state.rows()
    if not rows:
        return [("class:dim", _("no matches yet: press n to create one"))]
    lines: StyleAndTextTuples = []
    for number, match in enumerate(rows):
        selected = state.focus is Focus.MATCHES and number == state.match_cursor
        style = "class:selected" if selected else f"class:{STATUS_STYLES.get(match.status, '')}"
        mine = "*" if match.match_id in state.my_seats else " "
        lines.append((style, f"{CURSOR if selected else ' '}{mine}{match_line(state, match)}\n"))
    return lines


def detail_lines(state: LobbyState) -> StyleAndTextTuples:
    match = state.selected_match
    if match is None:
        return [("class:dim", _("select a match with the arrow keys"))]
    by = " · " + _("created by {name}").format(name=match.created_by) if match.created_by else ""
    options = ", ".join(f"{k}={v}" for k, v in sorted(match.options.items())) or _("none")
    title = _(state.title(match.game_id)) + " · " + _("match {id}").format(id=match.match_id)
    lines: StyleAndTextTuples = [
        ("class:title", f"{title}{by}\n"),
        ("", f"{waiting_for(match)}\n"),
        ("class:dim", _("options: {options}").format(options=options) + "\n"),
    ]
    mine = state.my_seats.get(match.match_id)
    teams = any(seat.team != seat.seat for seat in match.seats)
    for seat in match.seats:
        style = "class:you" if seat.seat == mine else ""
        you = " " + _("(you)") if seat.seat == mine else ""
        team = " " + _("team {number}").format(number=seat.team) if teams else ""
        lines.append((style, f"{seat.seat} {seat_label(seat)}{you}{team}: {presence(seat)}"))
        lines.append(("", "  "))
    return lines


def form_lines(form: CreateForm) -> StyleAndTextTuples:
    lines: StyleAndTextTuples = [
        ("class:dim", _("↑↓ choose a line · ←→ change it · Enter creates") + "\n")
    ]
    for number, row in enumerate(form.rows):
        style = "class:selected" if number == form.cursor else ""
        if row.key == "create":
            lines.append((style, f"\n{row.value}\n"))
            continue
        value = row.value
        if row.key == "game":
            value = _(next(g.title for g in form.games if g.game_id == value))
        elif row.key.startswith("seat:"):
            level = value.removeprefix("bot ")
            value = _("person") if value == PERSON else _("bot {level}").format(level=level)
        arrows = f"< {value} >" if len(row.values) > 1 else value
        lines.append((style, f"{row.label:>18}: {arrows}\n"))
    if form.cursor < len(form.rows):
        key = form.rows[form.cursor].key
        if key.startswith("option:"):
            name = key.split(":", 1)[1]
            option = next(o for o in form.game.options if o.name == name)
            lines.append(("class:dim", "\n" + _(option.description)))
    return lines


def build_lobby_app(
    state: LobbyState,
    connect: Callable[[ServerEntry], None],
    input: Input | None = None,
    output: Output | None = None,
) -> Application[LobbyChoice]:
    """The lobby UI; `connect` switches to another server (the session does the work)."""
    browsing = Condition(lambda: state.form is None)
    creating = Condition(lambda: state.form is not None)

    def title() -> StyleAndTextTuples:
        server = state.connected_to
        where = f"{server.name} ({server.target})" if server else _("not connected")
        you = _("you are {name}").format(name=state.player_name)
        return [("class:title", f" {_('tigerden lobby')} · {where} · {you}")]

    match_window = Window(
        FormattedTextControl(
            lambda: match_lines(state),
            get_cursor_position=lambda: Point(x=0, y=state.match_cursor),
        ),
    )
    browse = VSplit(
        [
            HSplit(
                [
                    Frame(
                        Window(
                            FormattedTextControl(lambda: server_lines(state)),
                            height=Dimension(min=2, max=6),
                        ),
                        title=_("servers"),
                    ),
                    Frame(
                        Window(FormattedTextControl(lambda: game_lines(state)), wrap_lines=True),
                        title=_("games"),
                    ),
                ],
                width=Dimension(min=22, preferred=26, max=30),
            ),
            HSplit(
                [
                    Frame(match_window, title=_("matches")),
                    Frame(
                        Window(
                            FormattedTextControl(lambda: detail_lines(state)),
                            wrap_lines=True,
                            height=Dimension(min=4, max=7),
                        ),
                        title=_("match"),
                    ),
                ]
            ),
        ]
    )
    form_pane = Frame(
        Window(
            FormattedTextControl(
                lambda: form_lines(state.form) if state.form else [],
                get_cursor_position=lambda: Point(
                    x=0, y=(state.form.cursor + 1 if state.form else 0)
                ),
            ),
            wrap_lines=True,
        ),
        title=_("new match"),
    )

    def keys_help() -> StyleAndTextTuples:
        if state.form is not None:
            return [("class:dim", " " + _("↑↓ line · ←→ value · Enter create · Esc back"))]
        keys = _("↑↓ select · Enter/0-9 join · w watch · n new match · Tab servers · q quit")
        return [("class:dim", " " + keys)]

    root = HSplit(
        [
            Window(FormattedTextControl(title), height=1),
            ConditionalContainer(browse, filter=browsing),
            ConditionalContainer(form_pane, filter=creating),
            Window(FormattedTextControl(lambda: [("class:status", " " + state.status)]), height=1),
            Window(FormattedTextControl(keys_help), height=1),
        ]
    )
    bindings = KeyBindings()

    @bindings.add("c-q")
    @bindings.add("c-c")
    @bindings.add("q", filter=browsing)
    def quit_(event: KeyPressEvent) -> None:
        event.app.exit(result=LobbyChoice(Action.QUIT))

    @bindings.add("up", filter=browsing)
    @bindings.add("k", filter=browsing)
    def up(event: KeyPressEvent) -> None:
        state.move(-1)

    @bindings.add("down", filter=browsing)
    @bindings.add("j", filter=browsing)
    def down(event: KeyPressEvent) -> None:
        state.move(1)

    @bindings.add("tab", filter=browsing)
    def switch(event: KeyPressEvent) -> None:
        state.focus = Focus.SERVERS if state.focus is Focus.MATCHES else Focus.MATCHES

    @bindings.add("enter", filter=browsing)
    def enter(event: KeyPressEvent) -> None:
        if state.focus is Focus.SERVERS:
            if state.servers:
                connect(state.servers[state.server_cursor])
                state.focus = Focus.MATCHES
            return
        match = state.selected_match
        if match is None:
            state.status = _("no match selected: press n to create one")
        elif match.match_id in state.my_seats:
            event.app.exit(result=LobbyChoice(Action.JOIN, match.match_id))
        elif match.status == lobby_pb2.MATCH_STATUS_FINISHED:
            state.status = _("match {id} is over: w shows how it ended").format(id=match.match_id)
        elif not any(not s.taken and not s.reserved for s in match.seats):
            state.status = _("match {id} has no free seat: w watches it").format(id=match.match_id)
        else:
            event.app.exit(result=LobbyChoice(Action.JOIN, match.match_id))

    def take_seat(event: KeyPressEvent) -> None:
        """A digit takes that seat of the selected match (to sit with a partner)."""
        match = state.selected_match
        number = int(event.key_sequence[0].key)
        if match is None or number >= len(match.seats):
            state.status = _("no seat {number} in this match").format(number=number)
        elif match.seats[number].taken or match.seats[number].reserved:
            state.status = _("seat {number} is not free").format(number=number)
        else:
            event.app.exit(result=LobbyChoice(Action.JOIN, match.match_id, number))

    for digit in "0123456789":
        bindings.add(digit, filter=browsing)(take_seat)

    @bindings.add("w", filter=browsing)
    def watch(event: KeyPressEvent) -> None:
        match = state.selected_match
        if match is not None:
            event.app.exit(result=LobbyChoice(Action.WATCH, match.match_id))

    @bindings.add("n", filter=browsing)
    def new(event: KeyPressEvent) -> None:
        if not state.games:
            state.status = _("not connected to a server yet")
            return
        state.form = CreateForm(list(state.games), state.levels)

    @bindings.add("up", filter=creating)
    def form_up(event: KeyPressEvent) -> None:
        assert state.form is not None
        state.form.move(-1)

    @bindings.add("down", filter=creating)
    def form_down(event: KeyPressEvent) -> None:
        assert state.form is not None
        state.form.move(1)

    @bindings.add("left", filter=creating)
    def form_left(event: KeyPressEvent) -> None:
        assert state.form is not None
        state.form.change(-1)

    @bindings.add("right", filter=creating)
    @bindings.add("space", filter=creating)
    def form_right(event: KeyPressEvent) -> None:
        assert state.form is not None
        state.form.change(1)

    @bindings.add("enter", filter=creating)
    def form_enter(event: KeyPressEvent) -> None:
        form = state.form
        assert form is not None
        if form.rows[form.cursor].key == "create":
            event.app.exit(result=LobbyChoice(Action.CREATE))
        else:
            form.move(1)

    @bindings.add("escape", filter=creating)
    @bindings.add("q", filter=creating)
    def form_cancel(event: KeyPressEvent) -> None:
        state.form = None

    app: Application[LobbyChoice] = Application(
        layout=Layout(root),
        key_bindings=bindings,
        style=LOBBY_STYLE,
        full_screen=True,
        mouse_support=False,
        input=input,
        output=output,
    )
    app.ttimeoutlen = 0.05  # Esc leaves the form at once
    return app
