"""The full-screen terminal table, laid out for 80x24 and up.

From the top: a header line (game, match, keys), the table (the game's own renderer, wrapped at
words, scrolling with PgUp/PgDn and the mouse wheel), a banner of what the others just did, the
log (below the table; beside it from 110 columns on), your legal moves, a status line and the
move prompt. Nothing is framed: every row goes to the game. Below the game's minimum size the
screen says so in one line.

`build_app(state, send)` builds the tree once; panes read `ClientState` on every redraw, and the
Play reader (`run_table`) stores each snapshot and calls `invalidate()`.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Callable, Coroutine, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

import grpc
from prompt_toolkit.application import Application, get_app
from prompt_toolkit.completion import CompleteEvent, Completer, Completion
from prompt_toolkit.document import Document
from prompt_toolkit.filters import Condition, has_completions
from prompt_toolkit.formatted_text import StyleAndTextTuples
from prompt_toolkit.input import Input
from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent
from prompt_toolkit.layout import (
    ConditionalContainer,
    Dimension,
    Float,
    FloatContainer,
    FormattedTextControl,
    HSplit,
    Layout,
    VSplit,
    Window,
)
from prompt_toolkit.layout.menus import CompletionsMenu
from prompt_toolkit.output import Output
from prompt_toolkit.styles import Style
from prompt_toolkit.utils import get_cwidth
from prompt_toolkit.widgets import TextArea
from tigerden.v1 import match_pb2

from client.api import HostHandle, SeatHandle, Table
from client.i18n import _
from client.ui import games
from client.ui.advice import Advisor, Review, hint_text, refusal, review_text
from client.ui.pane import ScrollPane
from client.ui.presence import presence, spectators
from client.ui.state import ClientState
from client.ui.text import plain, reflow, symbols, wrap

Send = Callable[[int, match_pb2.Move], Coroutine[Any, Any, None]]
Talk = Callable[[str], Coroutine[Any, Any, object]]
"""Says one chat line at the table (SendChat)."""
Count = Callable[[], Coroutine[Any, Any, int]]
"""Asks the server how many spectators watch the table (CountSpectators), for `/who`."""
WHO_SECONDS = 5.0
"""How long `/who` waits for the spectator count before it answers without it."""
COMMANDS = "/say TEXT · /hint · /review · /again · /who"
HOST_COMMANDS = "/kick SEAT · /bot SEAT [LEVEL] · /private · /public · /abort"
"""The host's controls at the table (the match's creator holds its host token)."""

RECONNECT_DELAYS = (0.5, 1.0, 2.0, 4.0, 8.0, 10.0)
"""Seconds between reconnection attempts; the last repeats until the server is back."""
FINAL_CODES = (grpc.StatusCode.UNAUTHENTICATED, grpc.StatusCode.NOT_FOUND)
"""Stream errors that reconnecting cannot cure: the seat was given up or freed, or the match
is gone."""

WIDE = 110
"""From this many columns on, the log stands beside an 80-column table instead of below it."""
TABLE_WIDTH = 80
MOVE_ROWS = 3

STYLE = Style.from_dict(
    {
        # ANSI colour names: the terminal's theme picks the shade. Words are coloured only red or
        # magenta, which read at 3:1 or better on white and on black in the xterm and Tango
        # palettes, normal and bright (tests/client/test_terminals.py measures it); blue, yellow
        # and green do not everywhere, so they colour a symbol (`mark.*`) and its words are bold.
        "title": "bold",
        "label": "bold",
        "dim": "",
        "header": "reverse",
        "banner": "bold",
        "more": "reverse",
        "changed": "underline",
        "card.red": "ansired bold",
        "mark.red": "ansired bold",
        "card.blue": "bold",
        "mark.blue": "ansiblue bold",
        "card.wild": "ansimagenta bold",
        "mark.wild": "ansimagenta bold",
        "tile.red": "ansired bold",
        "tile.blue": "bold",
        "tile.hidden": "",
        "card.bright": "bold",
        "mark.bright": "ansiyellow bold",
        "card.animal": "ansimagenta bold",
        "mark.animal": "ansimagenta bold",
        "card.ribbon": "ansired bold",
        "mark.ribbon": "ansired bold",
        "card.plain": "",
        "mark.plain": "",
        "decision": "bold",
        "status": "reverse",
        "move": "bold",
        "you": "bold underline",
        "held": "bold reverse",
        "nowrap": "",  # a marker for the word wrapper: this fragment is never cut
    }
)


def board(state: ClientState) -> StyleAndTextTuples:
    if state.snapshot is None:
        return [("", _("connecting...") + "\n")]
    screen = games.screen_of(state)
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
        *(state.held or []),
    ]


def too_small(state: ClientState) -> tuple[int, int] | None:
    """The game's minimum size when the terminal is smaller, else None."""
    size = get_app().output.get_size()
    wanted = games.min_size(state)
    if size.columns < wanted[0] or size.rows < wanted[1]:
        return wanted
    return None


class MoveCompleter(Completer):
    """Completes the legal moves of the newest snapshot that the typed text names; offers
    nothing for an empty prompt unless asked (Tab), so a late completion after a sent move
    cannot open a menu of stale moves."""

    def __init__(self, state: ClientState) -> None:
        self.state = state

    def get_completions(
        self, document: Document, complete_event: CompleteEvent
    ) -> Iterable[Completion]:
        text = document.text
        if not text.strip():
            if not complete_event.completion_requested:
                return
            found = list(self.state.snapshot.legal_moves) if self.state.snapshot else []
        else:
            found = self.state.matching(text)
        for move in found:
            yield Completion(self.state.label(move), start_position=-len(text))


def common_start(labels: list[str]) -> str:
    """The longest text every label starts with (character by character)."""
    if not labels:
        return ""
    start = labels[0]
    for label in labels[1:]:
        while not label.startswith(start):
            start = start[:-1]
    return start


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


def who(state: ClientState) -> str:
    """Every seat's presence in one line: "ada: connected · bob: away since 21:04 · bot"."""
    if state.snapshot is None:
        return _("not connected yet")
    dot = f" {symbols().dot} "
    return dot.join(f"{state.seat_name(s.seat)}: {presence(s)}" for s in state.snapshot.seats)


async def who_is_here(state: ClientState, count: Count | None) -> str:
    """`/who`'s line: the seats, then the spectators as `count` gives them (asked now, never
    pushed: issue 20, 18). A finished match has no count (the server refuses it), so the
    line then names the seats alone; no answer in time is said as such."""
    line = who(state)
    if count is None or state.snapshot is None:
        return line
    dot = f" {symbols().dot} "
    try:
        number = await asyncio.wait_for(count(), WHO_SECONDS)
    except grpc.aio.AioRpcError as error:
        if error.code() == grpc.StatusCode.FAILED_PRECONDITION:  # the match is over
            return line
        return line + dot + _("spectators not counted: the server did not answer")
    except TimeoutError:
        return line + dot + _("spectators not counted: the server did not answer")
    return line + dot + spectators(number, state.viewer() is None)


Action = Callable[[str], None]
"""A /command the table adds (a hint, the review, a host control): called with the words after
the command's name."""


def command(
    state: ClientState,
    text: str,
    talk: Talk | None,
    app: Application[None],
    actions: Mapping[str, Action] | None = None,
    count: Count | None = None,
) -> None:
    """Carries out a /command typed at the prompt: chat, play again, who is here (with the
    spectators `count` gives), and the table's own `actions`."""
    name, _space, rest = text.strip().partition(" ")
    actions = actions or {}
    if name in ("/say", "/s") and rest.strip() and talk is not None:

        async def say() -> None:
            try:
                await talk(rest)
            except grpc.aio.AioRpcError as error:
                state.status = _("not said: {reason}").format(reason=error.details())
                app.invalidate()

        app.create_background_task(say())
    elif name in actions:
        actions[name](rest.strip())
    elif name == "/again":
        snapshot = state.snapshot
        if snapshot is None or not snapshot.HasField("result"):
            state.status = _("/again plays again once the match is over")
        elif state.viewer() is None and not snapshot.rematch_match_id:
            state.status = _("nobody has asked for a rematch yet")
        else:
            state.play_again = True
            app.exit()
    elif name == "/who":

        async def answer() -> None:
            line = await who_is_here(state, count)
            state.log.append(line)
            state.status = line
            app.invalidate()

        app.create_background_task(answer())
    else:
        state.status = _("commands: {commands}").format(commands=COMMANDS)


@dataclass
class Hosting:
    """The host rights of the table's match, and its join code while it is private."""

    handle: HostHandle
    code: str = ""

    def intro(self) -> list[str]:
        """What the log says first at the host's table: the controls, the code, the token."""
        lines = [_("you host this match: {commands}").format(commands=HOST_COMMANDS)]
        if self.code:
            lines.append(
                _("the match is private: players join with --code {code}").format(code=self.code)
            )
        command = (
            f"tigerden host {self.handle.server.target} {self.handle.match_id} "
            f"--token {self.handle.token} ACTION"
        )
        lines.append(
            _("host token {token}; from another terminal: {command}").format(
                token=self.handle.token, command=command
            )
        )
        return lines


def host_actions(
    state: ClientState, hosting: Hosting | None, app: Application[None]
) -> dict[str, Action]:
    """The host's /commands at the table; for anyone else each says who may use it."""

    def seat_of(words: str, name: str) -> int | None:
        """The seat `words` names, by number or by the player's name."""
        seats = list(state.snapshot.seats) if state.snapshot else []
        text = words.split()[0] if words.split() else ""
        for seat in seats:
            if text == str(seat.seat) or (text and text.lower() == seat.name.lower()):
                return seat.seat
        state.status = _("{command} takes a seat: {seats}").format(
            command=name,
            seats=", ".join(f"{s.seat} ({state.player_name(s.seat)})" for s in seats) or "0",
        )
        return None

    def carry_out(
        call: Callable[[HostHandle], Coroutine[Any, Any, str]], logged: bool = True
    ) -> None:
        """Runs a host call; its outcome goes to the status, and to the log unless a table
        note will say it there (`logged` False: a seat freed or given to a bot)."""

        async def run(handle: HostHandle) -> None:
            done = logged
            try:
                state.status = await call(handle)
            except grpc.aio.AioRpcError as error:
                state.status = _("refused: {message}").format(message=error.details())
                done = True
            if done:
                state.log.append(state.status)
            if hosting is not None:
                state.host_help = hosting.intro()
            app.invalidate()

        if hosting is not None:
            app.create_background_task(run(hosting.handle))

    def kick(words: str) -> None:
        seat = seat_of(words, "/kick")
        if seat is not None:

            async def call(handle: HostHandle) -> str:
                await handle.free_seat(seat)
                return _("seat {seat} is free; its player was removed").format(seat=seat)

            carry_out(call, logged=False)

    def bot(words: str) -> None:
        seat = seat_of(words, "/bot")
        level = words.split()[1] if len(words.split()) > 1 else "easy"
        if seat is not None:

            async def call(handle: HostHandle) -> str:
                match = await handle.replace_with_bot(seat, level)
                return _("{name} now plays seat {seat}").format(
                    name=match.seats[seat].name, seat=seat
                )

            carry_out(call, logged=False)

    def private(words: str) -> None:
        async def call(handle: HostHandle) -> str:
            assert hosting is not None
            hosting.code = await handle.set_private(True)
            return _("the match is private: players join with --code {code}").format(
                code=hosting.code
            )

        carry_out(call)

    def public(words: str) -> None:
        async def call(handle: HostHandle) -> str:
            assert hosting is not None
            await handle.set_private(False)
            hosting.code = ""
            return _("the match is public: anyone may join")

        carry_out(call)

    def abort(words: str) -> None:
        async def call(handle: HostHandle) -> str:
            await handle.abort()
            return _("you aborted the match")

        carry_out(call)

    actions: dict[str, Action] = {
        "/kick": kick,
        "/bot": bot,
        "/private": private,
        "/public": public,
        "/abort": abort,
    }
    if hosting is not None:
        return actions

    def refuse(name: str) -> Action:
        def say(words: str) -> None:
            state.status = _("only the match's host (who created it) can use {command}").format(
                command=name
            )

        return say

    return {name: refuse(name) for name in actions}


def build_app(
    state: ClientState,
    send: Send | None,
    input: Input | None = None,
    output: Output | None = None,
    talk: Talk | None = None,
    advisor: Advisor | None = None,
    hosting: Hosting | None = None,
    count: Count | None = None,
) -> Application[None]:
    """The table UI; `send` is None for spectators, `talk` None where chat is off (no prompt
    without either); `advisor` (the seat) gives hints and the review; `hosting` the host's
    controls; `count` the spectators for `/who`."""

    def accept(buffer: object) -> bool:
        text = prompt.text
        if not text.strip():
            if send is not None and state.snapshot is not None and not state.legal_labels():
                state.status = state.refusal("")  # whose turn it is, not silence
            return False
        if text.lstrip().startswith("/"):
            command(state, text, talk, app, actions, count)
            return False
        if send is None:
            state.status = _("spectators cannot move; {commands}").format(commands=COMMANDS)
            return False
        chosen = state.find_move(text)
        prompt.buffer.cancel_completion()
        if chosen is None:
            state.status = state.refusal(text)
            return True  # keep the text to correct it
        if send is not None and state.snapshot is not None:
            state.acted(state.snapshot.version, state.label(chosen))
            table_pane.scroll = 0
            app.create_background_task(send(state.snapshot.version, chosen.move))
        return False  # clear the prompt

    prompt = TextArea(
        height=1,
        prompt="> ",
        multiline=False,
        completer=MoveCompleter(state),
        complete_while_typing=True,
        accept_handler=accept,
    )
    table_pane = ScrollPane(
        lambda: (
            help_text(state)
            if state.show_help
            else held_text(state)
            if state.held is not None
            else review_text(state, state.review)
            if state.review is not None
            else log_lines(state)
            if state.show_log
            else board(state)
        )
    )
    log_pane = ScrollPane(lambda: log_lines(state), follow_end=True, keys=("F2", "F2"))
    # PgUp/PgDn page the table; the moves that do not fit are listed by Tab (the menu).
    moves_pane = ScrollPane(lambda: legal_moves(state), keys=("Tab", "Tab"), covers=True)
    wide = Condition(lambda: get_app().output.get_size().columns >= WIDE)
    narrow = ~wide

    def table_width() -> Dimension:
        columns = get_app().output.get_size().columns
        return Dimension.exact(TABLE_WIDTH) if columns >= WIDE else Dimension()

    body = VSplit(
        [
            Window(table_pane, width=table_width, dont_extend_height=narrow),
            ConditionalContainer(
                VSplit(
                    [
                        Window(width=1, char=lambda: "│" if symbols().rule == "─" else "|"),
                        Window(log_pane),
                    ]
                ),
                filter=wide,
            ),
        ]
    )
    playing = HSplit(
        [
            Window(FormattedTextControl(lambda: header(state)), height=1),
            body,
            Window(FormattedTextControl(lambda: banner(state)), height=1),
            ConditionalContainer(
                Window(log_pane, height=Dimension(min=0, preferred=0)), filter=narrow
            ),
            ConditionalContainer(
                Window(moves_pane, height=Dimension(min=1, max=MOVE_ROWS), dont_extend_height=True),
                filter=Condition(
                    lambda: (
                        bool(state.legal_labels())
                        or (state.snapshot is not None and state.viewer() is None)
                    )
                ),
            ),
            Window(
                FormattedTextControl(lambda: status_line(state)),
                height=lambda: len(status_rows(state, get_app().output.get_size().columns)),
                style="class:status",
            ),
            ConditionalContainer(
                prompt, filter=Condition(lambda: send is not None or talk is not None)
            ),
        ]
    )
    small = Condition(lambda: too_small(state) is not None)

    def small_text() -> StyleAndTextTuples:
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

    screen = HSplit(
        [
            ConditionalContainer(Window(ScrollPane(small_text, keys=None)), filter=small),
            ConditionalContainer(playing, filter=~small),
        ]
    )
    root = FloatContainer(
        content=screen,
        floats=[
            Float(
                xcursor=True,
                ycursor=True,
                content=CompletionsMenu(max_height=8, scroll_offset=1),
            )
        ],
    )
    bindings = KeyBindings()
    holding = Condition(lambda: state.held is not None and not state.show_help)

    @bindings.add("<any>", filter=holding, eager=True)
    @bindings.add("enter", filter=holding, eager=True)
    @bindings.add("escape", filter=holding, eager=True)
    def release(event: KeyPressEvent) -> None:
        state.held = None
        state.status = state.table_status() or state.status  # not "the hint is on the table"

    reviewing = Condition(lambda: state.review is not None and not state.show_help)

    # F3 and F4, not letters: any letter can start a move ("red-tiger", "hirsch").
    @bindings.add("f3", filter=~holding)
    def hint_key(event: KeyPressEvent) -> None:
        ask_hint("")

    def ask_hint(_words: str) -> None:
        snapshot = state.snapshot
        if advisor is None:
            state.status = _("hints and the review are for the players")
        elif snapshot is None or not snapshot.legal_moves:
            state.status = _("a hint comes at your turn")
        else:
            state.status = _("thinking about a hint...")
            app.create_background_task(show_hint(advisor, snapshot.version))

    async def show_hint(advisor: Advisor, version: int) -> None:
        try:
            response = await advisor.hint(version)
        except grpc.aio.AioRpcError as error:
            state.status = refusal(error)
        else:
            state.held = hint_text(state, response)
            state.status = _("the hint is on the table; any key goes on")
            table_pane.scroll = 0
        app.invalidate()

    review: Review | None = None  # the one review of this table (a failed one is asked again)

    @bindings.add("f4", filter=~holding)
    def review_key(event: KeyPressEvent) -> None:
        ask_review("")

    def ask_review(_words: str) -> None:
        nonlocal review
        snapshot = state.snapshot
        if advisor is None:
            state.status = _("hints and the review are for the players")
            return
        if snapshot is None or not snapshot.HasField("result"):
            state.status = _("the review comes after the match")
            return
        if review is None or review.failed:
            review = Review()
            app.create_background_task(follow_review(advisor, review))
        state.review = review
        table_pane.scroll = 0

    async def follow_review(advisor: Advisor, review: Review) -> None:
        try:
            async for message in advisor.review():
                review.take(message)
                app.invalidate()
        except grpc.aio.AioRpcError as error:
            review.failed = refusal(error)
            app.invalidate()

    @bindings.add("down", filter=reviewing, eager=True)
    @bindings.add("up", filter=reviewing, eager=True)
    def browse(event: KeyPressEvent) -> None:
        assert state.review is not None
        state.review.browse(1 if event.key_sequence[0].key == "down" else -1)

    @bindings.add("escape", filter=reviewing & ~has_completions, eager=True)
    def close_review(event: KeyPressEvent) -> None:
        state.review = None  # the review goes on in the background; r opens it again

    actions: dict[str, Action] = {"/hint": ask_hint, "/review": ask_review}

    @bindings.add("c-q", eager=True)
    @bindings.add("c-c", eager=True)
    def quit_(event: KeyPressEvent) -> None:
        event.app.exit()

    @bindings.add("?", filter=Condition(lambda: not prompt.text))
    @bindings.add("f1")
    def toggle_help(event: KeyPressEvent) -> None:
        state.show_help = not state.show_help
        table_pane.scroll = 0

    @bindings.add("f2")
    def toggle_log(event: KeyPressEvent) -> None:
        state.show_log = not state.show_log
        table_pane.at_end = True
        table_pane.scroll = 10**6 if state.show_log else 0

    @bindings.add("pageup", eager=True)
    def page_up(event: KeyPressEvent) -> None:
        table_pane.page(-1)

    @bindings.add("pagedown", eager=True)
    def page_down(event: KeyPressEvent) -> None:
        table_pane.page(1)

    @bindings.add("escape", filter=has_completions, eager=True)
    def close_menu(event: KeyPressEvent) -> None:
        prompt.buffer.cancel_completion()

    @bindings.add("tab", filter=Condition(lambda: send is not None), eager=True)
    def complete(event: KeyPressEvent) -> None:
        buffer = prompt.buffer
        if buffer.complete_state and buffer.complete_state.completions:
            buffer.complete_next()
            return
        found = state.matching(buffer.text) if buffer.text.strip() else []
        labels = [state.label(m) for m in found]
        common = common_start(labels)
        if len(labels) == 1 or len(common) > len(buffer.text):
            buffer.document = Document(labels[0] if len(labels) == 1 else common)
            return
        buffer.start_completion(select_first=False)

    app: Application[None] = Application(
        layout=Layout(
            root, focused_element=prompt if send is not None or talk is not None else None
        ),
        key_bindings=bindings,
        style=STYLE,
        full_screen=True,
        mouse_support=True,
        refresh_interval=0.5,  # the turn clock counts down between snapshots
        input=input,
        output=output,
    )
    actions.update(host_actions(state, hosting, app))  # they need the app to run in
    if hosting is not None:
        state.host_help = hosting.intro()
    app.tigerden_prompt = prompt  # type: ignore[attr-defined]
    return app


def refresh(app: Application[None], state: ClientState, bell: bool) -> None:
    """After a snapshot: rebuild an open completion menu from the new legal moves, ring the
    bell and set the window title when it just became your turn, redraw."""
    prompt: TextArea | None = getattr(app, "tigerden_prompt", None)
    if prompt is not None:
        buffer = prompt.buffer
        was_open = buffer.complete_state is not None
        buffer.cancel_completion()
        if was_open and buffer.text.strip() and state.matching(buffer.text):
            buffer.start_completion(select_first=False)
    if state.turn_started:
        state.turn_started = False
        if bell:
            app.output.bell()
        app.output.set_title(_("tigerden: your turn ({game})").format(game=_(state.game.title)))
    elif state.snapshot is not None and not state.snapshot.legal_moves:
        app.output.set_title(f"tigerden: {_(state.game.title)}")
    app.invalidate()


async def run_table(
    seat: SeatHandle | None,
    state: ClientState,
    watch: Callable[[], AsyncIterator[match_pb2.Snapshot]] | None = None,
    input: Input | None = None,
    output: Output | None = None,
    bell: bool = True,
    talk: Talk | None = None,
    delays: tuple[float, ...] = RECONNECT_DELAYS,
    hosting: Hosting | None = None,
    count: Count | None = None,
) -> ClientState:
    """Plays `seat` over a Play stream (or, with seat None, spectates via `watch`) in the UI
    until the user quits or asks to play again (`state.play_again`); returns the final client
    state. A seat talks as itself; a spectator through `talk`. After the match the table stays
    open on a Watch stream, for the chat and the rematch offer. A broken stream is opened again
    after `delays` (the status says "reconnecting…"); the new stream's recap refills the log.
    `hosting`: the seat created the match, and the table gives it the host's controls.
    `count` gives `/who` the spectators: a seat counts through its own server, a spectator
    through `count`."""
    if seat is None and watch is None:
        raise ValueError("a spectator needs a watch stream")
    current: list[Table] = []

    async def send(version: int, move: match_pb2.Move) -> None:
        if not current:
            state.status = _("not connected: the move was not sent; wait for the reconnection")
            app.invalidate()
            return
        with contextlib.suppress(asyncio.InvalidStateError, grpc.aio.AioRpcError):
            await current[0].send(version, move)

    if seat is None:
        app = build_app(state, None, input, output, talk, count=count)
    else:
        app = build_app(
            state,
            send,
            input,
            output,
            seat.say,
            advisor=seat,
            hosting=hosting,
            count=seat.count_spectators,
        )
    state.log.extend(state.host_help)  # the host's controls and token, first in the log

    def on_result(result: match_pb2.MoveResult) -> None:
        state.receive_result(result)
        app.invalidate()

    def show(snapshot: match_pb2.Snapshot) -> None:
        state.receive(snapshot)
        refresh(app, state, bell and seat is not None)

    async def stream_once() -> None:
        """Streams until the server ends them: Play until the match is over, then a Watch
        that stays for the chat and the rematch offer."""
        if seat is None:
            assert watch is not None
            async for snapshot in watch():
                show(snapshot)
            return
        if state.snapshot is None or not state.snapshot.HasField("result"):
            async with seat.play() as table:
                table.on_result = on_result
                current[:] = [table]
                try:
                    async for snapshot in table.snapshots():
                        show(snapshot)
                finally:
                    current.clear()
        async for snapshot in seat.watch(stay_after_finish=True):  # after the end
            show(snapshot)

    async def follow() -> None:
        attempt = 0
        while True:
            try:
                await stream_once()
                return
            except grpc.aio.AioRpcError as error:
                if error.code() in FINAL_CODES:
                    state.seat_lost = error.details() or error.code().name
                    state.status = _("disconnected: {reason}").format(reason=state.seat_lost)
                    app.invalidate()
                    return
            attempt += 1
            delay = delays[min(attempt, len(delays)) - 1]
            state.reconnecting(attempt, delay)
            app.invalidate()
            await asyncio.sleep(delay)

    reader = asyncio.ensure_future(follow())
    try:
        await app.run_async()
    finally:
        reader.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await reader
    return state
