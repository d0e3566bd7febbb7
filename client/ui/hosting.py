"""The host's controls at the table (the match's creator holds its host token): `/kick`, `/bot`,
`/private`, `/public`, `/abort`. Each call goes to the server in a background task of the
running app; its outcome goes to the status (and the log). At anyone else's table the same
commands say who may use them."""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from dataclasses import dataclass
from typing import Any

import grpc
from prompt_toolkit.application import get_app

from client.api import HostHandle
from client.i18n import _
from client.ui.commands import Action
from client.ui.model import ClientState

HOST_COMMANDS = "/kick SEAT · /bot SEAT [LEVEL] · /private · /public · /abort"
"""The host's controls at the table (the match's creator holds its host token)."""

HostCall = Callable[[HostHandle], Coroutine[Any, Any, str]]
"""One host call; it returns what the status says when it is done."""


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


class HostControls:
    """The host's /commands at the table of `state`, for the rights in `hosting` (None: this
    seat does not host the match)."""

    def __init__(self, state: ClientState, hosting: Hosting | None) -> None:
        self.state = state
        self.hosting = hosting

    def actions(self) -> dict[str, Action]:
        """The commands by name; for anyone but the host each says who may use it."""
        actions: dict[str, Action] = {
            "/kick": self.kick,
            "/bot": self.bot,
            "/private": self.private,
            "/public": self.public,
            "/abort": self.abort,
        }
        if self.hosting is not None:
            return actions
        return {name: self.refuse(name) for name in actions}

    def refuse(self, name: str) -> Action:
        def say(words: str) -> None:
            self.state.status = _(
                "only the match's host (who created it) can use {command}"
            ).format(command=name)

        return say

    def seat_of(self, words: str, name: str) -> int | None:
        """The seat `words` names, by number or by the player's name."""
        state = self.state
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

    def carry_out(self, call: HostCall, logged: bool = True) -> None:
        """Runs a host call; its outcome goes to the status, and to the log unless a table
        note will say it there (`logged` False: a seat freed or given to a bot)."""
        state, hosting, app = self.state, self.hosting, get_app()

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

    def kick(self, words: str) -> None:
        seat = self.seat_of(words, "/kick")
        if seat is not None:

            async def call(handle: HostHandle) -> str:
                await handle.free_seat(seat)
                return _("seat {seat} is free; its player was removed").format(seat=seat)

            self.carry_out(call, logged=False)

    def bot(self, words: str) -> None:
        seat = self.seat_of(words, "/bot")
        level = words.split()[1] if len(words.split()) > 1 else "easy"
        if seat is not None:

            async def call(handle: HostHandle) -> str:
                match = await handle.replace_with_bot(seat, level)
                return _("{name} now plays seat {seat}").format(
                    name=match.seats[seat].name, seat=seat
                )

            self.carry_out(call, logged=False)

    def private(self, words: str) -> None:
        hosting = self.hosting

        async def call(handle: HostHandle) -> str:
            assert hosting is not None
            hosting.code = await handle.set_private(True)
            return _("the match is private: players join with --code {code}").format(
                code=hosting.code
            )

        self.carry_out(call)

    def public(self, words: str) -> None:
        hosting = self.hosting

        async def call(handle: HostHandle) -> str:
            assert hosting is not None
            await handle.set_private(False)
            hosting.code = ""
            return _("the match is public: anyone may join")

        self.carry_out(call)

    def abort(self, words: str) -> None:
        async def call(handle: HostHandle) -> str:
            await handle.abort()
            return _("you aborted the match")

        self.carry_out(call)
