"""The slash commands typed at the table's prompt: `/say` talks to the table, `/again` plays
again after the match, `/who` says who is here (and how many watch); the table adds its own
(`actions`: a hint, the review, the host's controls). A command changes the model and, where it
must wait for the server, does so in a background task of the running app."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine, Mapping
from typing import Any

import grpc
from prompt_toolkit.application import get_app

from client.i18n import _
from client.ui.model import ClientState
from client.ui.presence import presence, spectators
from client.ui.text import symbols

Talk = Callable[[str], Coroutine[Any, Any, object]]
"""Says one chat line at the table (SendChat)."""
Count = Callable[[], Coroutine[Any, Any, int]]
"""Asks the server how many spectators watch the table (CountSpectators), for `/who`."""
WHO_SECONDS = 5.0
"""How long `/who` waits for the spectator count before it answers without it."""
COMMANDS = "/say TEXT · /hint · /review · /again · /who"

Action = Callable[[str], None]
"""A /command the table adds (a hint, the review, a host control): called with the words after
the command's name."""


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


def command(
    state: ClientState,
    text: str,
    talk: Talk | None,
    actions: Mapping[str, Action] | None = None,
    count: Count | None = None,
) -> None:
    """Carries out a /command typed at the prompt: chat, play again, who is here (with the
    spectators `count` gives), and the table's own `actions`."""
    app = get_app()
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
