"""The full-screen terminal table, laid out for 80x24 and up.

`build_app` puts the table together once: the widgets (`client/ui/widgets.py`: header, table and
log, banner, moves, status, prompt), the keys (`client/ui/keys.py`), the slash commands
(`client/ui/commands.py`, the host's in `client/ui/hosting.py`) and the hints
(`client/ui/hints.py`). The widgets read `ClientState` on every redraw; `run_table` keeps the
table's streams open (`client.reconnect`), stores each snapshot in the model and redraws.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable

import grpc
from prompt_toolkit.application import Application
from prompt_toolkit.input import Input
from prompt_toolkit.layout import Layout
from prompt_toolkit.output import Output
from tigerden.v1 import match_pb2

from client.api import SeatHandle
from client.i18n import _
from client.reconnect import RECONNECT_DELAYS, TableStreams, Watch
from client.ui import words
from client.ui.advice import Advisor
from client.ui.commands import Action, Count, Talk, command
from client.ui.hints import Advice
from client.ui.hosting import HostControls, Hosting
from client.ui.keys import table_keys
from client.ui.model import ClientState
from client.ui.prompt import MovePrompt, Send, renew_menu
from client.ui.style import STYLE
from client.ui.widgets import TableAndLog, TableScreen


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
    panes = TableAndLog(state)
    advice = Advice(state, advisor, panes.to_top)
    actions: dict[str, Action] = {"/hint": advice.ask_hint, "/review": advice.ask_review}
    actions.update(HostControls(state, hosting).actions())

    def run_command(text: str) -> None:
        command(state, text, talk, actions, count)

    prompt = None
    if send is not None or talk is not None:
        prompt = MovePrompt(state, send, run_command, sent=panes.to_top)
    app: Application[None] = Application(
        layout=Layout(TableScreen(state, panes, prompt), focused_element=prompt),
        key_bindings=table_keys(state, panes, prompt, advice, moves=send is not None),
        style=STYLE,
        full_screen=True,
        mouse_support=True,
        refresh_interval=0.5,  # the turn clock counts down between snapshots
        input=input,
        output=output,
    )
    if hosting is not None:
        state.host_help = hosting.intro()
    return app


def refresh(app: Application[None], state: ClientState, bell: bool) -> None:
    """After a snapshot: rebuild an open completion menu from the new legal moves, ring the
    bell and set the window title when it just became your turn, redraw."""
    buffer = app.layout.current_buffer  # the prompt's, where the table has one
    if buffer is not None:
        renew_menu(buffer, state)
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
    watch: Watch | None = None,
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

    def on_result(result: match_pb2.MoveResult) -> None:
        state.receive_result(result)
        app.invalidate()

    def show(snapshot: match_pb2.Snapshot) -> None:
        state.receive(snapshot, words)
        refresh(app, state, bell and seat is not None)

    def retrying(attempt: int, delay: float) -> None:
        state.reconnecting(attempt, delay)
        app.invalidate()

    def lost(error: grpc.aio.AioRpcError) -> None:
        state.seat_lost = error.details() or error.code().name
        state.status = _("disconnected: {reason}").format(reason=state.seat_lost)
        app.invalidate()

    streams = TableStreams(seat, show, on_result, watch)
    if seat is None:
        app = build_app(state, None, input, output, talk, count=count)
    else:
        send = sender(state, streams, lambda: app.invalidate())
        app = build_app(
            state, send, input, output, seat.say, seat, hosting, count=seat.count_spectators
        )
    state.log.extend(state.host_help)  # the host's controls and token, first in the log
    reader = asyncio.ensure_future(streams.follow(retrying, lost, delays))
    try:
        await app.run_async()
    finally:
        reader.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await reader
    return state


def sender(state: ClientState, streams: TableStreams, redraw: Callable[[], None]) -> Send:
    """The table's `send`: on the open Play stream, or the status says it was not sent."""

    async def send(version: int, move: match_pb2.Move) -> None:
        if not await streams.send(version, move):
            state.status = _("not connected: the move was not sent; wait for the reconnection")
            redraw()

    return send
