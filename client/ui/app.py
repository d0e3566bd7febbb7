"""The full-screen terminal table: the game's board, the seats and scores, the log, and a move
prompt that completes the legal moves the server sent.

`build_app(state, send)` builds the whole tree once; panes read `ClientState` through callables
on every redraw, and the Play reader (`run_table`) stores each snapshot and calls `invalidate()`.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Callable, Coroutine
from typing import Any

import grpc
from prompt_toolkit.application import Application
from prompt_toolkit.completion import WordCompleter
from prompt_toolkit.data_structures import Point
from prompt_toolkit.filters import Condition
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
from prompt_toolkit.widgets import Frame, TextArea
from tigerden.v1 import lobby_pb2, match_pb2

from client.api import SeatHandle, Table
from client.ui import doors, koikoi, tiger_dragon
from client.ui.state import ClientState

Renderer = Callable[[ClientState], StyleAndTextTuples]
RENDERERS: dict[str, Renderer] = {
    "doors": doors.render,
    "koikoi": koikoi.render,
    "tiger_dragon": tiger_dragon.render,
}
"""Board renderers by the GameView oneof field name."""

Send = Callable[[int, match_pb2.Move], Coroutine[Any, Any, None]]

RECONNECT_DELAYS = (0.5, 1.0, 2.0, 4.0, 8.0, 10.0)
"""Seconds between reconnection attempts; the last repeats until the server is back."""
FINAL_CODES = (grpc.StatusCode.UNAUTHENTICATED, grpc.StatusCode.NOT_FOUND)
"""Stream errors that reconnecting cannot cure: the seat was given up or freed, or the match
is gone."""

STYLE = Style.from_dict(
    {
        "title": "bold",
        "label": "bold",
        "dim": "#888888",
        "card.red": "bold #ff5555",
        "card.blue": "bold #5599ff",
        "card.wild": "bold #cccc55",
        "tile.red": "bold #ff5555",
        "tile.blue": "bold #5599ff",
        "tile.hidden": "#888888",
        "card.bright": "bold #ffcc33",
        "card.animal": "bold #cc88ff",
        "card.ribbon": "bold #ff7777",
        "card.plain": "#aaaaaa",
        "decision": "bold reverse #ffcc33",
        "status": "reverse",
        "move": "#55cc55",
        "you": "bold underline",
        "clock": "bold #ffcc33",
    }
)


def board(state: ClientState) -> StyleAndTextTuples:
    if state.snapshot is None:
        return [("", "connecting...")]
    field = state.snapshot.view.WhichOneof("game")
    renderer = RENDERERS.get(field or "")
    return renderer(state) if renderer else [("", f"(no renderer for {field})")]


def seats(state: ClientState) -> StyleAndTextTuples:
    snapshot = state.snapshot
    if snapshot is None:
        return []
    lines: StyleAndTextTuples = []
    for seat in snapshot.seats:
        marker = "▶ " if snapshot.HasField("to_act") and snapshot.to_act == seat.seat else "  "
        score = snapshot.scores[seat.seat] if seat.seat < len(snapshot.scores) else 0
        kind = "bot" if seat.kind == lobby_pb2.SEAT_KIND_BOT else "human"
        online = "" if seat.connected else " (away)"
        style = "class:you" if state.seat_name(seat.seat) == "you" else ""
        name = seat.name or "(free)"
        lines.append((style, f"{marker}{seat.seat} {name:<14.14} {kind:<5} {score:>3}{online}\n"))
    return lines


def legal_moves(state: ClientState) -> StyleAndTextTuples:
    labels = state.legal_labels()
    if not labels:
        return [("class:dim", "(no moves for you now)")]
    moves: StyleAndTextTuples = []
    for number, label in enumerate(labels, start=1):
        moves += [("class:dim", f"{number}:"), ("class:move", label), ("", "   ")]
    return moves


def log_lines(state: ClientState) -> StyleAndTextTuples:
    """The newest log lines; the window shows the bottom of them."""
    return [("", line + "\n") for line in list(state.log)[-30:]]


def build_app(
    state: ClientState,
    send: Send | None,
    input: Input | None = None,
    output: Output | None = None,
) -> Application[None]:
    """The table UI; `send` is None for spectators (no prompt)."""

    def accept(buffer: object) -> bool:
        text = prompt.text
        chosen = state.find_move(text)
        if chosen is None:
            state.status = f"{text.strip()!r} is not one of your legal moves; Tab lists them"
        elif send is not None and state.snapshot is not None:
            state.acted_at = state.snapshot.version
            state.status = f"sent: {chosen.label}"
            app.create_background_task(send(state.snapshot.version, chosen.move))
        return False  # clear the prompt

    prompt = TextArea(
        height=1,
        prompt="move> ",
        multiline=False,
        completer=WordCompleter(lambda: state.legal_labels(), sentence=True),
        complete_while_typing=True,
        accept_handler=accept,
    )
    help_pane = Frame(
        Window(FormattedTextControl(lambda: state.game.help), wrap_lines=True),
        title=f"{state.game.title}: rules (? closes)",
    )
    log_window = Window(
        FormattedTextControl(
            lambda: log_lines(state),
            # The window scrolls to keep this "cursor" in view: the newest line.
            get_cursor_position=lambda: Point(x=0, y=max(0, min(len(state.log), 30) - 1)),
        ),
        wrap_lines=True,
    )
    body = VSplit(
        [
            Frame(
                Window(FormattedTextControl(lambda: board(state)), wrap_lines=True), title="table"
            ),
            HSplit(
                [
                    Frame(
                        Window(
                            FormattedTextControl(lambda: seats(state)),
                            height=Dimension(min=2, max=6),
                        ),
                        title="seats",
                    ),
                    Frame(log_window, title="log"),
                ],
                width=Dimension(min=28, preferred=34, max=40),
            ),
        ]
    )
    screen = HSplit(
        [
            Window(
                FormattedTextControl(
                    lambda: [
                        ("class:title", f" tigerden · {state.game.title} · match {state.match_id}")
                    ]
                ),
                height=1,
            ),
            ConditionalContainer(help_pane, filter=Condition(lambda: state.show_help)),
            ConditionalContainer(body, filter=Condition(lambda: not state.show_help)),
            Frame(
                Window(
                    FormattedTextControl(lambda: legal_moves(state)),
                    wrap_lines=True,
                    height=Dimension(min=1, max=4),
                ),
                title="your moves",
            ),
            ConditionalContainer(
                Window(
                    FormattedTextControl(lambda: [("class:clock", " ⏱ " + state.clock_text())]),
                    height=1,
                ),
                filter=Condition(lambda: bool(state.clock_text())),
            ),
            Window(FormattedTextControl(lambda: [("class:status", " " + state.status)]), height=1),
            ConditionalContainer(prompt, filter=Condition(lambda: send is not None)),
            Window(
                FormattedTextControl([("class:dim", " ? rules · Tab complete · Ctrl-Q quit")]),
                height=1,
            ),
        ]
    )
    root = FloatContainer(
        content=screen,
        floats=[
            Float(
                xcursor=True,
                ycursor=True,
                content=CompletionsMenu(max_height=12, scroll_offset=1),
            )
        ],
    )
    bindings = KeyBindings()

    @bindings.add("c-q")
    @bindings.add("c-c")
    def quit_(event: KeyPressEvent) -> None:
        event.app.exit()

    @bindings.add("?", filter=Condition(lambda: not prompt.text))
    @bindings.add("f1")
    def toggle_help(event: KeyPressEvent) -> None:
        state.show_help = not state.show_help

    app: Application[None] = Application(
        layout=Layout(root, focused_element=prompt if send is not None else None),
        key_bindings=bindings,
        style=STYLE,
        full_screen=True,
        mouse_support=False,
        refresh_interval=0.5,  # the clock line counts down between snapshots
        input=input,
        output=output,
    )
    return app


async def run_table(
    seat: SeatHandle | None,
    state: ClientState,
    watch: Callable[[], AsyncIterator[match_pb2.Snapshot]] | None = None,
    input: Input | None = None,
    output: Output | None = None,
    delays: tuple[float, ...] = RECONNECT_DELAYS,
) -> ClientState:
    """Plays `seat` over a Play stream (or, with seat None, spectates via `watch`) in the UI
    until the user quits; returns the final client state. A broken stream is opened again
    after `delays` (shown as "reconnecting…"); the new stream's recap refills the log."""
    if seat is None and watch is None:
        raise ValueError("a spectator needs a watch stream")
    current: list[Table] = []

    async def send(version: int, move: match_pb2.Move) -> None:
        if not current:
            state.status = "not connected: the move was not sent; wait for the reconnection"
            return
        with contextlib.suppress(asyncio.InvalidStateError, grpc.aio.AioRpcError):
            await current[0].send(version, move)

    app = build_app(state, send if seat is not None else None, input, output)

    def show(snapshot: match_pb2.Snapshot) -> None:
        state.receive(snapshot)
        app.invalidate()

    def on_result(result: match_pb2.MoveResult) -> None:
        state.receive_result(result)
        app.invalidate()

    async def stream_once() -> None:
        """One stream until the server ends it (the match is over)."""
        if seat is None:
            assert watch is not None
            async for snapshot in watch():
                show(snapshot)
            return
        async with seat.play() as table:
            table.on_result = on_result
            current[:] = [table]
            try:
                async for snapshot in table.snapshots():
                    show(snapshot)
            finally:
                current.clear()

    async def follow() -> None:
        attempt = 0
        while True:
            try:
                await stream_once()
                return
            except grpc.aio.AioRpcError as error:
                if error.code() in FINAL_CODES:
                    state.status = f"disconnected: {error.details()}"
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
