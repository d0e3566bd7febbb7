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

from prompt_toolkit.application import Application, get_app
from prompt_toolkit.data_structures import Point
from prompt_toolkit.filters import Condition
from prompt_toolkit.formatted_text import StyleAndTextTuples
from prompt_toolkit.input import Input
from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent
from prompt_toolkit.layout import (
    AnyContainer,
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
from prompt_toolkit.utils import get_cwidth
from prompt_toolkit.widgets import Frame
from tigerden.v1 import lobby_pb2

from client.i18n import _, n_
from client.ui.lobby_state import (
    PERSON,
    STATUS_STYLES,
    Asking,
    CreateForm,
    Focus,
    LobbyState,
    ServerEntry,
    changed_options,
    option_label,
    option_value,
    seat_label,
    status_word,
    waiting_for,
)
from client.ui.pane import ScrollPane
from client.ui.presence import presence
from client.ui.text import is_ascii, plain

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


LABEL_WIDTH = 24
"""The form's labels are right-aligned to the longest, cut at this many characters."""

CURSOR = ">"
"""Marks the selected line (besides reverse video), for terminals and readers without it."""


class Action(enum.Enum):
    JOIN = "join"
    WATCH = "watch"
    CREATE = "create"
    QUIT = "quit"


@dataclass(frozen=True)
class LobbyChoice:
    """What the person chose; `match_id` for JOIN and WATCH, `seat` when a seat was named,
    `code` for a private match."""

    action: Action
    match_id: str = ""
    seat: int | None = None
    code: str = ""


def arrows() -> tuple[str, str]:
    """The up/down and left/right keys as the footers name them (words in ASCII)."""
    return (_("up/down"), _("left/right")) if is_ascii() else ("↑↓", "←→")


def shown(fragments: StyleAndTextTuples) -> StyleAndTextTuples:
    """Fragments as the terminal can show them (ASCII spelt out where it must be)."""
    return [(fragment[0], plain(fragment[1])) for fragment in fragments]


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


def header(state: LobbyState) -> StyleAndTextTuples:
    """The title row: the lobby, the server (its name, and its address when that differs),
    and who you are."""
    server = state.connected_to
    where = _("not connected")
    if server is not None:
        same = server.name == server.target
        where = server.name if same else f"{server.name} ({server.target})"
    you = _("you are {name}").format(name=state.player_name)
    return shown([("class:title", f" {_('tigerden lobby')} · {where} · {you}")])


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
    status = status_word(match)
    names = ", ".join(seat_label(s) for s in match.seats)
    title = match.name or short_title(_(state.title(match.game_id)))
    by = " " + _("by {name}").format(name=match.created_by) if match.created_by else ""
    return f"{title:<14.14} {status:<8} {names}{by}"


def match_lines(state: LobbyState) -> StyleAndTextTuples:
    rows = state.rows()
    if state.connected_to is None:
        return [("class:dim", _("not connected to a server"))]
    if not rows:
        return [("class:dim", _("no matches yet: press n to create one"))]
    lines: StyleAndTextTuples = []
    for number, match in enumerate(rows):
        selected = state.focus is Focus.MATCHES and number == state.match_cursor
        style = "class:selected" if selected else f"class:{STATUS_STYLES.get(match.status, '')}"
        mine = "*" if match.match_id in state.my_seats else " "
        lines.append((style, f"{CURSOR if selected else ' '}{mine}{match_line(state, match)}\n"))
    if state.older_finished:  # the server sends the archive's newest page only
        older = _("  + {count} older: tigerden matches --finished")
        lines.append(("class:dim", older.format(count=state.older_finished) + "\n"))
    return lines


def match_row(state: LobbyState) -> int:
    """The line the match pane keeps in view: the selected match's, or on the last match the
    line after it, which counts the older finished matches."""
    last = state.match_cursor == len(state.rows()) - 1
    return state.match_cursor + (1 if last and state.older_finished else 0)


def detail_lines(state: LobbyState) -> StyleAndTextTuples:
    match = state.selected_match
    if match is None:
        return [("class:dim", _("select a match with the arrow keys"))]
    by = " · " + _("created by {name}").format(name=match.created_by) if match.created_by else ""
    changed = changed_options(state.game(match.game_id), match.options)
    options = ", ".join(f"{option_label(k)}: {option_value(k, v)}" for k, v in changed)
    rules = _("house rules: {options}").format(options=options) if changed else _("usual rules")
    private = " · " + _("private: joining needs its code") if match.private else ""
    title = _(state.title(match.game_id)) + " · " + _("match {id}").format(id=match.match_id)
    if match.name:
        title = f"{match.name} · {title}"
    lines: StyleAndTextTuples = [
        ("class:title", f"{title}{by}\n"),
        ("", f"{waiting_for(match)}\n"),
        ("class:dim", f"{rules}{private}\n"),
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


def form_value(form: CreateForm, number: int) -> str:
    """A form row's value in words: the game's title, a seat's player, an option's value."""
    row = form.rows[number]
    value = row.value
    if row.key == "game":
        return _(next(g.title for g in form.games if g.game_id == value))
    if row.key == "private":
        return _("yes: joining needs a code") if value == "on" else _("no")
    if row.key == "name" and not value:
        return _("(none: type one)")
    if row.key.startswith("seat:"):
        level = value.removeprefix("bot ")
        return _("person") if value == PERSON else _("bot {level}").format(level=level)
    if row.key.startswith("option:") and row.typed is None:
        return option_value(row.key.split(":", 1)[1], value)
    return value


def form_lines(form: CreateForm) -> StyleAndTextTuples:
    updown, leftright = arrows()
    lines: StyleAndTextTuples = [
        (
            "class:dim",
            _("{updown} choose a line · {leftright} change it · Enter creates").format(
                updown=updown, leftright=leftright
            )
            + "\n",
        )
    ]
    width = min(max(len(row.label) for row in form.rows), LABEL_WIDTH)
    for number, row in enumerate(form.rows):
        style = "class:selected" if number == form.cursor else ""
        if row.key == "create":
            lines.append((style, f"\n{row.value}\n"))
            continue
        value = form_value(form, number)
        if row.free and number == form.cursor:
            value += "_"
        arrows_around = f"< {value} >" if len(row.values) > 1 else value
        lines.append((style, f"{row.label:>{width}.{width}}: {arrows_around}\n"))
    return lines


def row_help(form: CreateForm) -> StyleAndTextTuples:
    """What the line under the cursor means (kept in view below the form's rows)."""
    key = form.row.key
    if key.startswith("option:"):
        name = key.split(":", 1)[1]
        option = next(o for o in form.game.options if o.name == name)
        words = _(option.description)
        if form.row.free:
            words += " · " + _("or type a value")
        return [("class:dim", words)]
    if key == "private":
        return [("class:dim", _("a private match is joined with a code, shown to you"))]
    if key == "name":
        return [("class:dim", _("a name for the match, shown in the match list"))]
    return []


def build_lobby_app(
    state: LobbyState,
    connect: Callable[[ServerEntry], None],
    input: Input | None = None,
    output: Output | None = None,
) -> Application[LobbyChoice]:
    """The lobby UI; `connect` switches to another server (the session does the work)."""
    asking = Condition(lambda: state.asking is not None)
    browsing = Condition(lambda: state.form is None) & ~asking
    creating = Condition(lambda: state.form is not None) & ~asking
    typing = creating & Condition(lambda: state.form is not None and state.form.row.free)

    match_window = Window(
        FormattedTextControl(
            lambda: shown(match_lines(state)),
            get_cursor_position=lambda: Point(x=0, y=match_row(state)),
        ),
    )
    browse = VSplit(
        [
            HSplit(
                [
                    framed(
                        Window(
                            FormattedTextControl(lambda: shown(server_lines(state))),
                            height=Dimension(min=2, max=6),
                        ),
                        _("servers"),
                    ),
                    framed(
                        Window(ScrollPane(lambda: shown(game_lines(state)), keys=None)), _("games")
                    ),
                ],
                width=Dimension(min=22, preferred=28, max=30),
            ),
            HSplit(
                [
                    framed(match_window, _("matches")),
                    framed(
                        Window(
                            ScrollPane(lambda: shown(detail_lines(state)), keys=None),
                            height=Dimension(min=4, max=7),
                        ),
                        _("match"),
                    ),
                ]
            ),
        ]
    )
    form_pane = framed(
        HSplit(
            [
                Window(
                    FormattedTextControl(
                        lambda: shown(form_lines(state.form)) if state.form else [],
                        get_cursor_position=lambda: Point(
                            x=0, y=(state.form.cursor + 1 if state.form else 0)
                        ),
                    ),
                ),
                Window(
                    ScrollPane(
                        lambda: shown(row_help(state.form)) if state.form else [], keys=None
                    ),
                    height=2,
                ),
            ]
        ),
        _("new match"),
    )

    def status_text() -> str:
        if state.asking is not None:
            return plain(f" {state.asking.question}{state.asking.text}_")
        return plain(" " + state.status)

    def status_rows() -> int:
        """One row, two when the words need them (they wrap at spaces only)."""
        width = get_app().output.get_size().columns
        return 1 if get_cwidth(status_text()) <= width else 2

    def status() -> StyleAndTextTuples:
        return [("class:status", status_text())]

    def keys_help() -> StyleAndTextTuples:
        updown, leftright = arrows()
        if state.asking is not None:
            keys = _("type the code · Enter joins · Esc back")
        elif state.form is not None:
            keys = _("{updown} line · {leftright} value · Enter create · Esc back").format(
                updown=updown, leftright=leftright
            )
        else:
            keys = _(
                "{updown} select · Enter/0-9 join · w watch · n new match · Tab servers · q quit"
            ).format(updown=updown)
        return shown([("class:dim", " " + keys)])

    root = HSplit(
        [
            Window(FormattedTextControl(lambda: header(state)), height=1),
            ConditionalContainer(browse, filter=~creating),
            ConditionalContainer(form_pane, filter=creating),
            Window(ScrollPane(status, keys=None), height=status_rows),
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

    def join(event: KeyPressEvent, match: lobby_pb2.MatchInfo, seat: int | None) -> None:
        """Joins `match` (at `seat`), or takes this person's seat in it back; a second seat
        of a match they sit in is not offered, and a private match asks for its code."""
        mine = state.my_seats.get(match.match_id)
        if mine is not None:
            if seat is not None and seat != mine:
                state.status = _(
                    "you hold seat {seat} of this match, and one seat is a person's: "
                    "Enter takes yours back"
                ).format(seat=mine)
                return
            event.app.exit(result=LobbyChoice(Action.JOIN, match.match_id, mine))
            return
        clash = state.clash(match)
        if clash is not None and state.confirmed != match.match_id:
            state.confirmed = match.match_id
            state.status = _(
                "{name} already sits in seat {seat}: if that is you, go back to it with its "
                "--token; Enter again joins as a second {name}"
            ).format(name=clash.name, seat=clash.seat)
            return
        if match.private:
            question = _("match {id} is private: its join code? ").format(id=match.match_id)
            state.asking = Asking(question, match.match_id, seat)
            return
        event.app.exit(result=LobbyChoice(Action.JOIN, match.match_id, seat))

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
            join(event, match, None)
        elif match.status == lobby_pb2.MATCH_STATUS_FINISHED:
            state.status = _("match {id} is over: w shows how it ended").format(id=match.match_id)
        elif not any(not s.taken and not s.reserved for s in match.seats):
            state.status = _("match {id} has no free seat: w watches it").format(id=match.match_id)
        else:
            join(event, match, None)

    def take_seat(event: KeyPressEvent) -> None:
        """A digit takes that seat of the selected match (to sit with a partner)."""
        match = state.selected_match
        number = int(event.key_sequence[0].key)
        if match is None or number >= len(match.seats):
            state.status = _("no seat {number} in this match").format(number=number)
        elif state.my_seats.get(match.match_id) == number:
            join(event, match, number)
        elif match.seats[number].taken or match.seats[number].reserved:
            state.status = _("seat {number} is not free").format(number=number)
        else:
            join(event, match, number)

    for digit in "0123456789":
        bindings.add(digit, filter=browsing)(take_seat)

    @bindings.add("<any>", filter=asking)
    def ask_type(event: KeyPressEvent) -> None:
        assert state.asking is not None
        if event.data.isprintable():
            state.asking.text += event.data

    @bindings.add("backspace", filter=asking)
    def ask_erase(event: KeyPressEvent) -> None:
        assert state.asking is not None
        state.asking.text = state.asking.text[:-1]

    @bindings.add("enter", filter=asking)
    def ask_done(event: KeyPressEvent) -> None:
        question, state.asking = state.asking, None
        assert question is not None
        if question.text.strip():
            choice = LobbyChoice(Action.JOIN, question.match_id, question.seat, question.text)
            event.app.exit(result=choice)

    @bindings.add("escape", filter=asking)
    def ask_cancel(event: KeyPressEvent) -> None:
        state.asking = None

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
    @bindings.add("space", filter=creating & ~typing)
    def form_right(event: KeyPressEvent) -> None:
        assert state.form is not None
        state.form.change(1)

    @bindings.add("<any>", filter=typing)
    def form_type(event: KeyPressEvent) -> None:
        assert state.form is not None
        if event.data.isprintable():
            state.form.row.type(event.data)

    @bindings.add("backspace", filter=typing)
    def form_erase(event: KeyPressEvent) -> None:
        assert state.form is not None
        state.form.row.erase()

    @bindings.add("enter", filter=creating)
    def form_enter(event: KeyPressEvent) -> None:
        """Enter creates the match from any line, as the footer says."""
        event.app.exit(result=LobbyChoice(Action.CREATE))

    @bindings.add("escape", filter=creating)
    @bindings.add("q", filter=creating & ~typing)
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
