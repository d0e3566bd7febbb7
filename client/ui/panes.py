"""The table's panes as text, read from the model on every redraw: the header, the board (the
game's screen under the house rules), the help, what is held on the table, the banner, the log,
the legal moves, the status rows and the line that says the window is too small. Nothing here
changes the model; the widgets (`client/ui/widgets.py`) lay these out."""

from __future__ import annotations

from prompt_toolkit.application import get_app
from prompt_toolkit.formatted_text import StyleAndTextTuples
from prompt_toolkit.utils import get_cwidth

from client.i18n import _
from client.ui import registry
from client.ui.advice import hint_text, review_text
from client.ui.model import ClientState, HeldHint
from client.ui.style import WIDE
from client.ui.text import plain, reflow, symbols, wrap


def board(state: ClientState) -> StyleAndTextTuples:
    if state.snapshot is None:
        return [("", _("connecting...") + "\n")]
    screen = registry.screen_of(state)
    if screen is None:
        field = state.snapshot.view.WhichOneof("game")
        return [("", _("(no renderer for {game})").format(game=field) + "\n")]
    return [*house_rules(state), *screen.render(state)]


def house_rules(state: ClientState) -> StyleAndTextTuples:
    """The table's first line: the match's house rules (? explains each)."""
    rules = state.house_rules()
    if not rules:
        return []
    named = f" {symbols().dot} ".join(setting for setting, _meaning in rules)
    return [("class:dim", _("house rules: {rules}").format(rules=named) + "\n")]


def legal_moves(state: ClientState) -> StyleAndTextTuples:
    labels = state.legal_labels()
    if state.viewer() is None:
        return [("class:dim", _("(spectating)") + "\n")]
    if not labels:
        return [("class:dim", _("(no moves for you now)") + "\n")]
    moves: StyleAndTextTuples = [("class:label", _("Moves:"))]
    for number, label in enumerate(labels, start=1):
        moves += [
            ("", "  "),
            ("class:dim class:nowrap", f"{number}:"),
            ("class:move class:nowrap", label),
        ]
    return [*moves, ("", "\n")]


def log_lines(state: ClientState) -> StyleAndTextTuples:
    return [("", line + "\n") for line in state.log]


def banner(state: ClientState) -> StyleAndTextTuples:
    """What the others did since your last move in one row: the newest deeds that fit (each
    run of deeds still names its player), "..." where older ones were left out."""
    if not state.banner:
        return []
    width = get_app().output.get_size().columns - 2
    shown = state.banner_text(1)
    for deeds in range(2, len(state.banner) + 1):
        longer = state.banner_text(deeds)
        more = deeds < len(state.banner)
        if get_cwidth(longer) + (4 if more else 0) > width:
            shown = f"... {shown}"
            break
        shown = longer
    if get_cwidth(shown) > width:
        shown = shown[: max(0, width - 3)] + "..."
    return [("class:banner", plain(f"{symbols().to_act} {shown}"))]


def help_text(state: ClientState) -> StyleAndTextTuples:
    keys = [
        _("Type a move or its number and press Enter; Tab completes, Escape closes the list."),
        _("A unique start of a move, or a word of it, is enough: 'crane', 'guess red'."),
        _("PgUp/PgDn or the mouse wheel scroll the table; F2 shows the whole log."),
        _("? or F1 opens and closes this help; Ctrl-Q quits (your seat is kept)."),
        _("F3 or /hint at your turn: a hint (the hard bot's ranking of your moves, with reasons)."),
        _("F4 or /review after the match: where the hard bot would have played otherwise."),
    ]
    rules = "\n".join(
        _(line) if line.strip() else line for line in reflow(state.game.help).splitlines()
    )
    hosting: StyleAndTextTuples = []
    if state.host_help:
        hosting = [
            ("class:title", _("You host this match") + "\n"),
            *[("", "  " + line + "\n") for line in state.host_help],
        ]
    return [
        ("class:title", _("{game}: rules (? closes)").format(game=_(state.game.title)) + "\n"),
        *hosting,
        ("", rules + "\n"),
        *house_rules_help(state),
        ("class:title", _("Keys") + "\n"),
        *[("", "  " + line + "\n") for line in keys],
    ]


def house_rules_help(state: ClientState) -> StyleAndTextTuples:
    """Each house rule of the match with its meaning, as ListGames describes the option."""
    rules = state.house_rules()
    if not rules:
        return []
    lines = [("", f"  {setting}: {_(meaning)}\n") for setting, meaning in rules]
    return [("class:title", _("House rules of this match") + "\n"), *lines]


def held_text(state: ClientState) -> StyleAndTextTuples:
    return [
        ("class:held", " " + _("press any key to go on") + " "),
        ("", "\n"),
        *held_body(state),
    ]


def held_body(state: ClientState) -> StyleAndTextTuples:
    """What is held on the table: a hint, or the summary the game's screen draws of the
    snapshot that ended the deal."""
    held = state.held
    if isinstance(held, HeldHint):
        return hint_text(state, held.response)
    screen = registry.screen_for(held.snapshot) if held is not None else None
    return screen.summary(state.at(held.snapshot)) if held is not None and screen else []


def too_small(state: ClientState) -> tuple[int, int] | None:
    """The game's minimum size when the terminal is smaller, else None."""
    size = get_app().output.get_size()
    wanted = registry.min_size(state)
    if size.columns < wanted[0] or size.rows < wanted[1]:
        return wanted
    return None


STATUS_ROWS = 3
"""The status may take more rows rather than lose its end ("· /again to play again"): a
team game's result in German takes three."""


def status_rows(state: ClientState, width: int) -> list[str]:
    """The status, and the turn clock at the right when the match has one: the countdown and
    the banks when they fit, else the countdown alone. A status too long for one row goes on
    in more, cut at words (up to STATUS_ROWS; the last then ends in "…"); the clock stands at
    the end of the last row."""
    status = plain(state.status)
    turn, banks = state.clock_parts()
    fits = [c for c in (" · ".join(p for p in (turn, banks) if p), turn, banks) if c]
    clock = next((c for c in fits if len(status) + len(c) + 6 <= width), turn or "".join(fits[-1:]))
    tail = plain(f"{symbols().clock} {clock} ") if clock else ""
    rows = ["".join(f[1] for f in row) for row in wrap([("", status)], max(1, width - 2))] or [""]
    if tail and len(rows[-1]) + len(tail) + 3 > width:
        rows.append("")  # the clock on a row of its own
    if len(rows) > STATUS_ROWS:
        limit = max(1, width - 3 - (len(tail) + 2 if tail else 0))
        rest = " ".join(rows[STATUS_ROWS - 1 :]).strip()
        rows = [*rows[: STATUS_ROWS - 1], rest[:limit].rsplit(" ", 1)[0] + "…"]
    shown = [" " + row for row in rows]
    if tail:
        shown[-1] += " " * max(2, width - len(shown[-1]) - len(tail)) + tail
    return shown


def status_line(state: ClientState) -> StyleAndTextTuples:
    """The status rows as the status window shows them."""
    width = get_app().output.get_size().columns
    return [("class:status", plain("\n".join(status_rows(state, width))))]


def header(state: ClientState) -> StyleAndTextTuples:
    """Game, match and keys in one row; what does not fit is left out whole (the match id
    first, then the title), never cut mid-word."""
    dot = f" {symbols().dot} "
    width = get_app().output.get_size().columns
    title = _(state.game.title)
    title = title if width >= WIDE else title.split(" (")[0]
    match = _("match {id}").format(id=state.match_id)
    lefts = [f" tigerden{dot}{title}{dot}{match}", f" tigerden{dot}{title}", " tigerden"]
    right = (
        _("? help · F2 log · PgUp/PgDn · Ctrl-Q quit")
        if width >= len(lefts[0]) + 48
        else _("? help · Ctrl-Q quit")
    ).replace("·", symbols().dot) + " "
    left = next((text for text in lefts if len(text) + len(right) + 1 <= width), "")
    pad = max(1, width - len(left) - len(right))
    return [("class:header", plain(left + " " * pad + right))]


def table_text(state: ClientState) -> StyleAndTextTuples:
    """What the table pane shows: the help, what is held, the review or the whole log when
    one is open (in that order), else the board."""
    if state.show_help:
        return help_text(state)
    if state.held is not None:
        return held_text(state)
    if state.review is not None:
        return review_text(state, state.review)
    if state.show_log:
        return log_lines(state)
    return board(state)


def small_text(state: ClientState) -> StyleAndTextTuples:
    """The one line shown in place of the table when the window is below the game's size."""
    wanted = too_small(state) or (0, 0)
    size = get_app().output.get_size()
    return [
        (
            "",
            _("window {w}x{h} is too small: {game} needs {mw}x{mh}").format(
                w=size.columns,
                h=size.rows,
                game=_(state.game.title),
                mw=wanted[0],
                mh=wanted[1],
            ),
        )
    ]
