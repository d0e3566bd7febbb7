"""The slash commands typed at the table's prompt: `/say` talks to the table, `/again` plays
again after the match, `/who` says who is here; the table adds its own (`actions`: a hint, the
review, the host's controls). A command changes the model and, where it must wait for the
server, does so in a background task of the running app."""

from __future__ import annotations

from collections.abc import Callable, Coroutine, Mapping
from typing import Any

import grpc
from prompt_toolkit.application import get_app

from client.i18n import _
from client.ui.model import ClientState
from client.ui.presence import presence
from client.ui.text import symbols

Talk = Callable[[str], Coroutine[Any, Any, object]]
"""Says one chat line at the table (SendChat)."""
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


def command(
    state: ClientState,
    text: str,
    talk: Talk | None,
    actions: Mapping[str, Action] | None = None,
) -> None:
    """Carries out a /command typed at the prompt: chat, play again, who is here, and the
    table's own `actions`."""
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
        state.log.append(who(state))
        state.status = who(state)
    else:
        state.status = _("commands: {commands}").format(commands=COMMANDS)
