"""The lobby's panes as text, read from `LobbyState` on every redraw: the header, the servers
found on the LAN, the games, the live match list with who is waiting for whom, the selected
match in full, the create-match form, the status and the keys. Fits 80x24; the widgets are in
`client/ui/lobby_widgets.py`, the app in `client/ui/lobby_app.py`.
"""

from __future__ import annotations

from prompt_toolkit.application import get_app
from prompt_toolkit.formatted_text import StyleAndTextTuples
from prompt_toolkit.styles import Style
from prompt_toolkit.utils import get_cwidth
from tigerden.v1 import lobby_pb2

from client.i18n import _, n_
from client.ui.lobby_state import (
    PERSON,
    STATUS_STYLES,
    CreateForm,
    Focus,
    LobbyState,
    changed_options,
    option_label,
    option_value,
    seat_label,
    status_word,
    waiting_for,
)
from client.ui.presence import presence
from client.ui.text import is_ascii, plain

LOBBY_STYLE = Style.from_dict(
    {
        # As on the table (client/ui/style.py STYLE): words only in colours readable on white and
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


def arrows() -> tuple[str, str]:
    """The up/down and left/right keys as the footers name them (words in ASCII)."""
    return (_("up/down"), _("left/right")) if is_ascii() else ("↑↓", "←→")


def shown(fragments: StyleAndTextTuples) -> StyleAndTextTuples:
    """Fragments as the terminal can show them (ASCII spelt out where it must be)."""
    return [(fragment[0], plain(fragment[1])) for fragment in fragments]


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


def status_text(state: LobbyState) -> str:
    """The status line, or the question being asked and what is typed so far."""
    if state.asking is not None:
        return plain(f" {state.asking.question}{state.asking.text}_")
    return plain(" " + state.status)


def status_rows(state: LobbyState) -> int:
    """One row, two when the words need them (they wrap at spaces only)."""
    width = get_app().output.get_size().columns
    return 1 if get_cwidth(status_text(state)) <= width else 2


def keys_help(state: LobbyState) -> StyleAndTextTuples:
    """The keys of what is on screen: the question, the form or the lists."""
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
