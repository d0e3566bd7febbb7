"""A small Python client library for tigerden servers.

    async with connect("127.0.0.1:50051") as server:
        match = await server.create("doors")
        seat = await server.join(match.match_id, "ada")
        async with seat.play() as table:
            async for snapshot in table.snapshots():
                if snapshot.legal_moves:
                    await table.send(snapshot.version, snapshot.legal_moves[0].move)

The API: `connect(target)` gives a `Server` with `games()`, `matches()`, `watch_lobby()`,
`create()`, `create_hosted()`, `join()`, `resume()`, `watch()`, `replay()` and `say()` (chat as
a spectator); `join` and `resume` give a `SeatHandle` with `play()` (a `Table` on the
bidirectional Play stream: `snapshots()`, `send()`), `act()` (one unary move), `watch()`,
`say()` (chat), `rematch()` (play again: a new `SeatHandle`) and `leave()`; `create_hosted`
gives a `HostHandle` with the host controls `free_seat()`, `replace_with_bot()`, `abort()` and
`set_private()`. Failed calls raise `grpc.aio.AioRpcError`; `error_reason` reads its stable
reason.
docs/protocol.md ("The Python client library") describes every call.

The terminal client, `tigerden bot` and `tigerden selfplay` are built on this module only; it
knows no game rules.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncGenerator, AsyncIterator, Callable, Mapping, Sequence
from dataclasses import dataclass, field
from types import TracebackType
from typing import Any

import grpc
from tigerden.v1 import lobby_pb2, lobby_pb2_grpc, match_pb2, match_pb2_grpc

__all__ = [
    "HostHandle",
    "Move",
    "SeatHandle",
    "Server",
    "Snapshot",
    "Table",
    "connect",
    "error_reason",
]

Snapshot = match_pb2.Snapshot
Move = match_pb2.Move


def error_reason(error: grpc.aio.AioRpcError) -> str:
    """The stable ErrorInfo reason of a failed call ("" when the server sent none)."""
    from google.rpc import error_details_pb2, status_pb2

    metadata: Any = error.trailing_metadata() or ()
    for key, value in metadata:
        if key == "grpc-status-details-bin" and isinstance(value, bytes):
            status = status_pb2.Status.FromString(value)
            for detail in status.details:
                info = error_details_pb2.ErrorInfo()
                if detail.Unpack(info):
                    return str(info.reason)
    return ""


@dataclass
class Table:
    """An open Play stream for one seat: send moves, read snapshots and move results."""

    call: grpc.aio.StreamStreamCall[match_pb2.PlayRequest, match_pb2.PlayResponse]
    results: asyncio.Queue[match_pb2.MoveResult] = field(default_factory=asyncio.Queue)
    latest: Snapshot | None = None
    on_result: Callable[[match_pb2.MoveResult], None] | None = None
    """Called with each move result as it arrives; without it, results queue in `results`."""

    async def send(self, version: int, move: Move) -> None:
        """Sends `move` chosen at snapshot `version`; its MoveResult arrives on the stream."""
        await self.call.write(match_pb2.PlayRequest(version=version, move=move))

    async def snapshots(self) -> AsyncIterator[Snapshot]:
        """Snapshots until the server ends the stream (after the match is over); move results
        go to `results` as they arrive."""
        async for response in self.call:
            if response.HasField("snapshot"):
                self.latest = response.snapshot
                yield response.snapshot
            elif self.on_result is not None:
                self.on_result(response.result)
            else:
                self.results.put_nowait(response.result)

    async def close(self) -> None:
        """Half-closes the stream: no more moves; the server then ends the call."""
        with contextlib.suppress(grpc.aio.AioRpcError, asyncio.InvalidStateError):
            await self.call.done_writing()


@dataclass
class SeatHandle:
    """A joined seat: its match, number and secret token."""

    server: Server
    match_id: str
    seat: int
    token: str

    @property
    def metadata(self) -> tuple[tuple[str, str], ...]:
        """The `authorization: Bearer <token>` metadata of every seat call."""
        return (("authorization", f"Bearer {self.token}"),)

    @contextlib.asynccontextmanager
    async def play(self) -> AsyncIterator[Table]:
        """Opens a Play stream for the seat; closing the block half-closes and ends it."""
        table = Table(self.server.match.Play(metadata=self.metadata))  # type: ignore[call-arg]
        try:
            yield table
        finally:
            await table.close()
            table.call.cancel()

    def watch(self, stay_after_finish: bool = False) -> AsyncGenerator[Snapshot, None]:
        """The seat's own view as a stream of snapshots, until the finished one (or, with
        `stay_after_finish`, until the caller stops reading: chat and the rematch offer)."""
        return self.server.watch(self.match_id, self.token, stay_after_finish)

    async def say(self, text: str) -> match_pb2.ChatLine:
        """Says `text` at the table as this seat (SendChat); returns the line as sent."""
        response = await self.server.match.SendChat(
            match_pb2.SendChatRequest(match_id=self.match_id, text=text), metadata=self.metadata
        )
        return response.line

    async def count_spectators(self) -> int:
        """How many spectators watch this seat's match now (CountSpectators)."""
        return await self.server.count_spectators(self.match_id)

    async def rematch(self) -> SeatHandle:
        """Accepts "play again" after the match: the same seat in the rematch (Rematch)."""
        response = await self.server.lobby.Rematch(
            lobby_pb2.RematchRequest(), metadata=self.metadata
        )
        return SeatHandle(self.server, response.match.match_id, response.seat, response.token)

    async def act(self, version: int, move: Move) -> int:
        """Plays one move by unary call; returns the new version."""
        response = await self.server.match.Act(
            match_pb2.ActRequest(version=version, move=move), metadata=self.metadata
        )
        return response.version

    async def hint(self, version: int | None = None) -> match_pb2.HintResponse:
        """The seat's legal moves ranked by the `hard` search, with chances and reasons
        (Hint); `version`: the snapshot the seat is deciding at."""
        request = match_pb2.HintRequest()
        if version is not None:
            request.version = version
        response: match_pb2.HintResponse = await self.server.match.Hint(
            request, metadata=self.metadata
        )
        return response

    def review(self) -> AsyncIterator[match_pb2.ReviewMatchResponse]:
        """The review of the seat's finished match: progress, and the decisions where the
        `hard` search would have played otherwise (ReviewMatch)."""
        call = self.server.match.ReviewMatch(match_pb2.ReviewMatchRequest(), metadata=self.metadata)
        return aiter(call)  # type: ignore[arg-type]

    async def leave(self) -> None:
        """Gives the seat up: the token stops working and the seat is free again."""
        await self.server.lobby.LeaveMatch(lobby_pb2.LeaveMatchRequest(), metadata=self.metadata)


@dataclass
class HostHandle:
    """The host rights of a match: the host token CreateMatch returned."""

    server: Server
    match: lobby_pb2.MatchInfo
    token: str

    @property
    def match_id(self) -> str:
        return self.match.match_id

    @property
    def metadata(self) -> tuple[tuple[str, str], ...]:
        return (("authorization", f"Bearer {self.token}"),)

    async def free_seat(self, seat: int) -> lobby_pb2.MatchInfo:
        """Removes whoever holds `seat`; their token stops working (FreeSeat)."""
        request = lobby_pb2.FreeSeatRequest(match_id=self.match_id, seat=seat)
        response = await self.server.lobby.FreeSeat(request, metadata=self.metadata)
        return response.match

    async def replace_with_bot(self, seat: int, level: str = "") -> lobby_pb2.MatchInfo:
        """Hands `seat` to a server bot (ReplaceSeatWithBot)."""
        request = lobby_pb2.ReplaceSeatWithBotRequest(
            match_id=self.match_id, seat=seat, bot_level=level
        )
        response = await self.server.lobby.ReplaceSeatWithBot(request, metadata=self.metadata)
        return response.match

    async def abort(self) -> lobby_pb2.MatchInfo:
        """Ends the match with no winners (AbortMatch)."""
        request = lobby_pb2.AbortMatchRequest(match_id=self.match_id)
        response = await self.server.lobby.AbortMatch(request, metadata=self.metadata)
        return response.match

    async def set_private(self, private: bool = True) -> str:
        """Makes joining need a join code (returned), or not (SetMatchPrivate)."""
        request = lobby_pb2.SetMatchPrivateRequest(match_id=self.match_id, private=private)
        response = await self.server.lobby.SetMatchPrivate(request, metadata=self.metadata)
        return response.join_code


class Server:
    """A connection to one tigerden server."""

    def __init__(self, target: str, tls_ca: bytes | None = None) -> None:
        self.target = target
        if tls_ca is None:
            self.channel = grpc.aio.insecure_channel(target)
        else:
            credentials = grpc.ssl_channel_credentials(root_certificates=tls_ca)
            self.channel = grpc.aio.secure_channel(target, credentials)
        self.lobby = lobby_pb2_grpc.LobbyServiceStub(self.channel)
        self.match = match_pb2_grpc.MatchServiceStub(self.channel)

    async def __aenter__(self) -> Server:
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        await self.close()

    async def close(self) -> None:
        """Closes the channel, cancelling any open call."""
        await self.channel.close(grace=None)

    async def wait_ready(self, timeout: float = 10.0) -> None:
        """Waits until the channel is connected; raises TimeoutError after `timeout` seconds."""
        await asyncio.wait_for(self.channel.channel_ready(), timeout)

    async def games(self) -> Sequence[lobby_pb2.Game]:
        """Every game the server hosts, with player counts and options (ListGames)."""
        return list((await self.game_list()).games)

    async def game_list(self) -> lobby_pb2.ListGamesResponse:
        """ListGames whole: the games and the bot levels this server seats."""
        return await self.lobby.ListGames(lobby_pb2.ListGamesRequest())

    async def matches(
        self,
        game_id: str = "",
        include_finished: bool = False,
        status: lobby_pb2.MatchStatus.ValueType = lobby_pb2.MATCH_STATUS_UNSPECIFIED,
    ) -> Sequence[lobby_pb2.MatchInfo]:
        """The server's matches, newest first; finished ones only when asked, or only those
        with `status` (MATCH_STATUS_FINISHED: the archive) (ListMatches, every page)."""
        matches: list[lobby_pb2.MatchInfo] = []
        token = ""
        while True:
            response = await self.lobby.ListMatches(
                lobby_pb2.ListMatchesRequest(
                    game_id=game_id,
                    include_finished=include_finished,
                    status=status,
                    page_token=token,
                )
            )
            matches.extend(response.matches)
            token = response.next_page_token
            if not token:
                return matches

    async def watch_lobby(
        self, game_id: str = "", include_finished: bool = False
    ) -> AsyncGenerator[lobby_pb2.WatchLobbyResponse, None]:
        """The match list, then every change to it, until the caller stops (WatchLobby)."""
        call = self.lobby.WatchLobby(
            lobby_pb2.WatchLobbyRequest(game_id=game_id, include_finished=include_finished)
        )
        try:
            async for response in call:
                yield response
        finally:
            call.cancel()

    async def find_match(self, match_id: str) -> lobby_pb2.MatchInfo | None:
        """One match, finished or not; None when the server has no such match."""
        return next(
            (m for m in await self.matches(include_finished=True) if m.match_id == match_id), None
        )

    async def create(
        self,
        game_id: str,
        players: int = 0,
        options: Mapping[str, str] | None = None,
        seats: Sequence[tuple[int, str]] = (),
        creator: str = "",
        name: str = "",
    ) -> lobby_pb2.MatchInfo:
        """Creates a match; `seats` lists (SeatKind, bot level) per seat, empty for the
        server's default (seat 0 human, the rest bots); `creator` and the match's own `name`
        are shown in the list."""
        return (await self.create_hosted(game_id, players, options, seats, creator, name)).match

    async def create_hosted(
        self,
        game_id: str,
        players: int = 0,
        options: Mapping[str, str] | None = None,
        seats: Sequence[tuple[int, str]] = (),
        creator: str = "",
        name: str = "",
    ) -> HostHandle:
        """Creates a match like `create` and keeps its host rights."""
        response = await self.lobby.CreateMatch(
            lobby_pb2.CreateMatchRequest(
                game_id=game_id,
                players=players,
                options=dict(options or {}),
                seats=[lobby_pb2.SeatSpec(kind=k, bot_level=level) for k, level in seats],  # type: ignore[arg-type]
                creator_name=creator,
                match_name=name,
            )
        )
        return HostHandle(self, response.match, response.host_token)

    async def join(
        self, match_id: str, name: str, seat: int | None = None, join_code: str = ""
    ) -> SeatHandle:
        """Takes `seat` (default: the first free human seat) as `name`; a private match
        needs its `join_code` (JoinMatch)."""
        request = lobby_pb2.JoinMatchRequest(
            match_id=match_id, player_name=name, join_code=join_code
        )
        if seat is not None:
            request.seat = seat
        response = await self.lobby.JoinMatch(request)
        return SeatHandle(self, match_id, response.seat, response.token)

    async def resume(self, match_id: str, token: str) -> SeatHandle:
        """The seat a token from an earlier JoinMatch holds (after a restart or a dropped
        connection); fails with UNAUTHENTICATED when the token is no longer valid."""
        async for snapshot in self.watch(match_id, token=token):
            return SeatHandle(self, match_id, snapshot.viewer_seat, token)
        raise ConnectionError(f"the server sent no snapshot of match {match_id}")

    async def watch(
        self, match_id: str, token: str | None = None, stay_after_finish: bool = False
    ) -> AsyncGenerator[Snapshot, None]:
        """Snapshots of the match until the finished one: a spectator's view, or with `token`
        that seat's view (Watch); `stay_after_finish` keeps reading after it."""
        metadata = (("authorization", f"Bearer {token}"),) if token else None
        request = match_pb2.WatchRequest(match_id=match_id, stay_after_finish=stay_after_finish)
        call = self.match.Watch(request, metadata=metadata)
        try:
            async for response in call:
                yield response.snapshot
        finally:
            call.cancel()

    async def say(self, match_id: str, text: str, spectator_name: str) -> match_pb2.ChatLine:
        """Says `text` at the table of `match_id` as a spectator (SendChat without a token)."""
        response = await self.match.SendChat(
            match_pb2.SendChatRequest(match_id=match_id, text=text, spectator_name=spectator_name)
        )
        return response.line

    async def count_spectators(self, match_id: str) -> int:
        """How many spectators watch `match_id` now (CountSpectators; no token needed).
        Refused with FAILED_PRECONDITION once the match is over."""
        response = await self.match.CountSpectators(
            match_pb2.CountSpectatorsRequest(match_id=match_id)
        )
        return response.spectators

    async def replay(
        self, match_id: str
    ) -> tuple[match_pb2.ReplayHeader, list[match_pb2.ReplayStep]]:
        """A finished match, everything revealed: its header and every position from the
        deal on (ReplayMatch). Refused with FAILED_PRECONDITION while it is not over."""
        header: match_pb2.ReplayHeader | None = None
        steps = []
        async for response in self.match.ReplayMatch(
            match_pb2.ReplayMatchRequest(match_id=match_id)
        ):
            if response.HasField("header"):
                header = response.header
            else:
                steps.append(response.step)
        if header is None:
            raise ConnectionError(f"the server sent no replay header for match {match_id}")
        return header, steps


def connect(target: str, tls_ca: bytes | None = None) -> Server:
    """A client for the server at HOST:PORT (use as `async with connect(...) as server`).
    With `tls_ca` (PEM certificates to trust), the connection is TLS and the server must
    present a certificate for HOST signed by one of them."""
    return Server(target, tls_ca)
