"""A game night in one terminal: the lobby, a table, and back to the lobby.

`run_lobby` looks for servers on the LAN (or uses the one given), keeps the lobby's match list
live from the server's WatchLobby stream, and carries out what the person chooses in the lobby
screen — join or resume a seat, watch, create a match, play again — by running the table
screen, then shows the lobby again. The seats taken here are remembered (their tokens) for as
long as the lobby runs, so leaving a table and coming back takes the same seat.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Callable, Mapping, Sequence

import grpc
from prompt_toolkit.application import Application
from prompt_toolkit.input import Input
from prompt_toolkit.output import Output
from tigerden.v1 import lobby_pb2, match_pb2

from client import seats
from client.api import HostHandle, SeatHandle, Server, connect
from client.errors import explain
from client.i18n import _
from client.ui.app import run_table
from client.ui.hosting import Hosting
from client.ui.lobby_app import build_lobby_app
from client.ui.lobby_state import Action, LobbyChoice, LobbyState, ServerEntry
from client.ui.model import ClientState
from discovery import ServerBrowser

RETRY_SECONDS = 2.0
"""How long the lobby waits before it opens the match list stream again after losing it."""


async def play_at_tables(
    seat: SeatHandle,
    game: lobby_pb2.Game,
    options: Mapping[str, str],
    input: Input | None = None,
    output: Output | None = None,
    bell: bool = True,
    on_rematch: Callable[[SeatHandle], None] | None = None,
    code: str = "",
) -> tuple[SeatHandle, ClientState]:
    """Plays `seat` at its table; when the player asks to play again (/again), takes the same
    seat in the rematch (telling `on_rematch`, which remembers it) and plays that. Returns the
    last seat and its table's final state. Where the seats file holds the match's host token
    (its creator's), the table has the host's controls; `code` is the join code it was given."""
    while True:
        state = ClientState(game, seat.match_id, options=dict(options))
        final = await run_table(
            seat, state, input=input, output=output, bell=bell, hosting=hosting(seat, code)
        )
        code = ""  # a rematch's code is not this one
        if not final.play_again:
            return seat, final
        seat = await seat.rematch()
        if on_rematch is not None:
            on_rematch(seat)


def hosting(seat: SeatHandle, code: str = "") -> Hosting | None:
    """The host rights of the seat's match, when this person created it (client/seats.py)."""
    held = seats.find(seat.server.target, seat.match_id)
    if held is None or not held.host:
        return None
    match = lobby_pb2.MatchInfo(match_id=seat.match_id)
    return Hosting(HostHandle(seat.server, match, held.host), code)


def remember_rematches(first: SeatHandle) -> Callable[[SeatHandle], None]:
    """An `on_rematch` that keeps each rematch's seat in the seats file, with the host rights
    of the match it follows, so a later lobby or `join` (and the rematch's table) has both."""
    previous = [first.match_id]

    def keep(seat: SeatHandle) -> None:
        seats.rematched(seat.server.target, previous[0], seat.match_id, seat.seat, seat.token)
        previous[0] = seat.match_id

    return keep


async def watch_tables(
    server: Server,
    match_id: str,
    game: lobby_pb2.Game,
    options: Mapping[str, str],
    name: str,
    input: Input | None = None,
    output: Output | None = None,
) -> None:
    """Spectates `match_id` (talking as `name`); /again after the end follows the rematch."""
    while True:
        state = ClientState(game, match_id, options=dict(options))

        async def talk(text: str, match_id: str = match_id) -> object:
            return await server.say(match_id, text, name)

        def watch(match_id: str = match_id) -> AsyncIterator[match_pb2.Snapshot]:
            return server.watch(match_id, stay_after_finish=True)

        async def count(match_id: str = match_id) -> int:
            return await server.count_spectators(match_id)

        final = await run_table(
            None,
            state,
            watch=watch,
            input=input,
            output=output,
            bell=False,
            talk=talk,
            count=count,
        )
        rematch = final.snapshot.rematch_match_id if final.snapshot else ""
        if not final.play_again or not rematch:
            return
        match_id = rematch


class LobbySession:
    """The lobby's connection to one server at a time, and the screens it runs."""

    def __init__(
        self,
        state: LobbyState,
        input: Input | None = None,
        output: Output | None = None,
        tls_ca: bytes | None = None,
        bell: bool = True,
    ) -> None:
        self.state = state
        self.bell = bell
        self.tls_ca = tls_ca
        """PEM certificates to trust: with them every server is reached over TLS."""
        self.input = input
        self.output = output
        self.server: Server | None = None
        self.app: Application[LobbyChoice] | None = None
        self.seats: dict[str, SeatHandle] = {}
        self.hosts: dict[str, str] = {}
        """The host token of each match created here (or by `tigerden join --create`), by
        match id, from the seats file (client/seats.py), where the table finds it too."""
        self._follow: asyncio.Task[None] | None = None
        self._connecting: asyncio.Task[None] | None = None

    def invalidate(self) -> None:
        if self.app is not None:
            self.app.invalidate()

    def connect(self, entry: ServerEntry) -> None:
        """Switches the lobby to `entry`'s server (in the background)."""
        if self.state.connected_to is not None and self.state.connected_to.target == entry.target:
            return
        self._connecting = asyncio.ensure_future(self._connect(entry))

    async def _connect(self, entry: ServerEntry) -> None:
        await self._disconnect()
        self.state.status = _("connecting to {name} ({target})...").format(
            name=entry.name, target=entry.target
        )
        self.invalidate()
        server = connect(entry.target, self.tls_ca)
        try:
            listing = await server.game_list()
        except grpc.aio.AioRpcError as error:
            await server.close()
            self.state.status = explain(error, entry.target)
            self.invalidate()
            return
        self.server = server
        self.seats.clear()
        self.hosts.clear()
        self.state.my_seats.clear()
        for held in seats.held():
            if held.server != entry.target:
                continue
            if held.token and held.seat is not None:
                self.seats[held.match] = SeatHandle(server, held.match, held.seat, held.token)
                self.state.my_seats[held.match] = held.seat
            if held.host:
                self.hosts[held.match] = held.host
        self.state.games = list(listing.games)
        self.state.levels = [level.name for level in listing.bot_levels]
        self.state.connected_to = entry
        self.state.matches.clear()
        self.state.status = _("connected to {name}: Enter joins a match, n creates one").format(
            name=entry.name
        )
        self._follow = asyncio.ensure_future(self._follow_lobby(server))
        self.invalidate()

    async def _follow_lobby(self, server: Server) -> None:
        """Keeps the match list live; after a lost stream, tries again every few seconds."""
        while True:
            try:
                async for response in server.watch_lobby(include_finished=True):
                    self.state.receive(response)
                    self.invalidate()
            except grpc.aio.AioRpcError as error:
                target = server.target
                self.state.status = _("lost the match list: {why}; trying again...").format(
                    why=explain(error, target)
                )
                self.invalidate()
            await asyncio.sleep(RETRY_SECONDS)

    async def _disconnect(self) -> None:
        for task in (self._follow,):
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task
        self._follow = None
        if self.server is not None:
            await self.server.close()
            self.server = None

    async def close(self) -> None:
        if self._connecting is not None:
            self._connecting.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._connecting
        await self._disconnect()

    async def run(self) -> None:
        """Shows the lobby until the person quits, running a table for each choice."""
        while True:
            self.app = build_lobby_app(self.state, self.connect, self.input, self.output)
            try:
                choice = await self.app.run_async()
            finally:
                self.app = None
            if choice is None or choice.action is Action.QUIT:
                return
            try:
                await self.carry_out(choice)
            except grpc.aio.AioRpcError as error:
                target = self.server.target if self.server else ""
                self.state.status = explain(error, target, choice.match_id)

    async def carry_out(self, choice: LobbyChoice) -> None:
        server = self.server
        if server is None:
            self.state.status = _("not connected to a server yet")
            return
        if choice.action is Action.CREATE:
            await self.create(server)
        elif choice.action is Action.JOIN:
            seat = self.seats.get(choice.match_id)
            if seat is not None:
                seat = await self.take_back(server, seat)
            else:
                name = self.state.player_name
                seat = await server.join(choice.match_id, name, choice.seat, choice.code)
            if seat is not None:
                await self.sit(seat, self.state.matches[choice.match_id].game_id)
        elif choice.action is Action.WATCH:
            await self.watch(server, choice.match_id)

    async def create(self, server: Server) -> None:
        """Creates the form's match with its host rights kept (the seats file), makes it
        private when asked, and sits in seat 0. The form stays open when the server refuses
        it, so a typo in a clock can be fixed."""
        form = self.state.form
        assert form is not None, "the form is open when it is submitted"
        name = self.state.player_name
        host = await server.create_hosted(
            form.game.game_id, form.players, form.options, form.seats, name, form.name
        )
        self.state.form = None
        self.hosts[host.match_id] = host.token
        seats.remember(server.target, host.match_id, host=host.token)
        code = await host.set_private() if form.private else ""
        seat = await server.join(host.match_id, name, 0, code)
        await self.sit(seat, host.match.game_id, code)
        if code:
            self.state.status += " · " + _("its join code: {code}").format(code=code)

    async def take_back(self, server: Server, seat: SeatHandle) -> SeatHandle | None:
        """The seat a remembered token holds, if it still does (a host may have freed it)."""
        try:
            return await server.resume(seat.match_id, seat.token)
        except grpc.aio.AioRpcError as error:
            if error.code() is not grpc.StatusCode.UNAUTHENTICATED:
                raise
        seats.forget(server.target, seat.match_id)
        self.seats.pop(seat.match_id, None)
        self.state.my_seats.pop(seat.match_id, None)
        self.state.status = _(
            "your seat in match {match} is no longer yours (given up, or freed by its host)"
        ).format(match=seat.match_id)
        return None

    async def sit(self, seat: SeatHandle, game_id: str, code: str = "") -> None:
        """Plays `seat` at its table (and its rematches), then back to the lobby; `code`: the
        join code of the private match just created here."""
        game = self.state.game(game_id)
        assert game is not None, "the server listed the game of its match"
        self.keep(seat)
        match = self.state.matches.get(seat.match_id)
        options = dict(match.options) if match is not None else {}

        seat, final = await play_at_tables(
            seat,
            game,
            options,
            self.input,
            self.output,
            bell=self.bell,
            on_rematch=remember_rematches(seat),
            code=code,
        )
        self.keep(seat)  # a rematch's seat, after /again
        if final.snapshot is not None and final.snapshot.HasField("result"):
            self.state.status = _("match over: {result}").format(result=final.outcome)
        elif final.seat_lost:
            del self.seats[seat.match_id], self.state.my_seats[seat.match_id]
            self.state.status = _(
                "left match {match}: you no longer hold seat {seat} ({reason})"
            ).format(match=seat.match_id, seat=seat.seat, reason=final.seat_lost)
        else:
            self.state.status = _(
                "left match {match}; your seat {seat} is kept: Enter on it takes you back"
            ).format(match=seat.match_id, seat=seat.seat)

    def keep(self, seat: SeatHandle) -> None:
        """Remembers `seat` here and in the seats file, for this lobby and the next."""
        self.seats[seat.match_id] = seat
        self.state.my_seats[seat.match_id] = seat.seat
        seats.remember(seat.server.target, seat.match_id, seat.seat, seat.token)

    async def watch(self, server: Server, match_id: str) -> None:
        match = self.state.matches[match_id]
        game = self.state.game(match.game_id)
        assert game is not None, "the server listed the game of its match"
        await watch_tables(
            server,
            match_id,
            game,
            match.options,
            self.state.player_name,
            self.input,
            self.output,
        )
        self.state.status = _("stopped watching match {match}").format(match=match_id)


async def run_lobby(
    player_name: str,
    address: str | None = None,
    interfaces: Sequence[str] = (),
    input: Input | None = None,
    output: Output | None = None,
    tls_ca: bytes | None = None,
    bell: bool = True,
) -> None:
    """The lobby on `address`, or on the servers found on the LAN, until the person quits;
    over TLS trusting `tls_ca` when given; `bell` rings at the tables when it is your turn."""
    state = LobbyState(player_name)
    session = LobbySession(state, input, output, tls_ca, bell)
    try:
        if address is not None:
            entry = ServerEntry(address, address)
            state.set_servers([entry])
            session.connect(entry)
            await session.run()
            return

        def found() -> None:
            servers = sorted(browser.servers.values(), key=lambda s: (s.name, s.target))
            state.set_servers([ServerEntry.found(s) for s in servers])
            if state.connected_to is None and state.servers:
                session.connect(state.servers[0])
            session.invalidate()

        async with ServerBrowser(interfaces, on_change=found) as browser:
            if browser.error is not None:
                state.status = _(
                    "cannot look for servers on the LAN ({error}); give an address: "
                    "tigerden lobby HOST"
                ).format(error=browser.error)
            await session.run()
    finally:
        await session.close()
