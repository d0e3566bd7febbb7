"""The gRPC servicers: thin adapters that authenticate, decode, call the authority (the
registry, lobby, host controls, chat, room) or the archive, and encode.

Every refusal becomes a status with a `google.rpc.ErrorInfo` detail whose `reason` is stable
(see `server/errors.py`); on Play streams a refused move is answered in-band instead and the
stream stays open.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Mapping
from dataclasses import dataclass
from typing import Any

import grpc
from tigerden.v1 import lobby_pb2, lobby_pb2_grpc, match_pb2, match_pb2_grpc

from engine.core import GameInfo, Seat
from server import outbound
from server.archive import Archive
from server.chat import ChatDesk
from server.clock import TABLE_OPTIONS
from server.codecs import Codec, unwrap_move
from server.delivery import deliver
from server.errors import Reason, Refusal
from server.guard import abort, internal_error
from server.hints import HINTS, HintDesk
from server.host import HostControls
from server.limits import Limiter, client_address
from server.lobby import Lobby
from server.mailbox import Accepted
from server.notes import NoteKind
from server.paging import DEFAULT_PAGE, after_key, page, page_size, token_after
from server.registry import Registry
from server.room import Room, Status
from server.seats import SeatKind
from server.store import MatchRecord

LOBBY_BATCH_SECONDS = 0.1
"""A WatchLobby stream waits this long after a change, so a burst (a bot's moves, a match
filling up) goes out as one message."""

SEAT_KINDS = {lobby_pb2.SEAT_KIND_HUMAN: SeatKind.HUMAN, lobby_pb2.SEAT_KIND_BOT: SeatKind.BOT}

log = logging.getLogger(__name__)

_CALL_ENDED = (grpc.aio.AioRpcError, grpc.aio.BaseError, asyncio.CancelledError)
"""What a pending read raises when its call has ended (cancelled, aborted, finished, or the
server stopping); `grpc.aio.BaseError` covers AbortError and UsageError."""

REVOKED = {
    NoteKind.GAVE_UP: "the seat was given up with LeaveMatch; its token no longer works",
    NoteKind.REMOVED: "the host removed you from the seat; its token no longer works",
    NoteKind.BOT_TAKES_OVER: "the host gave your seat to a bot; its token no longer works",
}
"""What a stream whose seat was taken from it ends with, by why (the reason is BAD_TOKEN)."""


def bearer_token(context: grpc.aio.ServicerContext[Any, Any]) -> str | None:
    """The token from `authorization: Bearer <token>` metadata, or None when absent."""
    for key, value in context.invocation_metadata() or ():
        if key == "authorization":
            text = value.decode() if isinstance(value, bytes) else value
            scheme, _, token = text.partition(" ")
            if scheme.lower() != "bearer" or not token.strip():
                raise Refusal(
                    Reason.BAD_TOKEN,
                    "authorization metadata must read 'Bearer <token>' with the JoinMatch token",
                )
            return token.strip()
    return None


def in_order(info: GameInfo, option: str, values: frozenset[str]) -> list[str]:
    """`values` of `option` in the order the option lists them."""
    spec = next(spec for spec in info.options if spec.name == option)
    return [value for value in spec.values if value in values]


@dataclass(frozen=True)
class Served:
    """What the services answer from, wired by server/main.py: the authority's parts (the
    registry, the lobby, host controls, chat), the archive and the codecs."""

    registry: Registry
    lobby: Lobby
    host: HostControls
    chat: ChatDesk
    archive: Archive
    codecs: Mapping[str, Codec]


class LobbyService(lobby_pb2_grpc.LobbyServiceServicer):
    def __init__(self, served: Served, limiter: Limiter) -> None:
        self.served = served
        self.lobby = served.lobby
        self.registry = served.registry
        self.limiter = limiter

    async def ListGames(
        self, request: lobby_pb2.ListGamesRequest, context: grpc.aio.ServicerContext[Any, Any]
    ) -> lobby_pb2.ListGamesResponse:
        games = [
            lobby_pb2.Game(
                game_id=game.info.id,
                title=game.info.title,
                min_players=game.info.min_players,
                max_players=game.info.max_players,
                default_players=game.info.default_players,
                summary=game.info.summary,
                help=game.info.help,
                options=[
                    lobby_pb2.GameOption(
                        name=option.name,
                        description=option.description,
                        values=option.values,
                        default_value=option.default,
                    )
                    for option in (*game.info.options, *TABLE_OPTIONS, HINTS)
                ],
                conflicts=[
                    lobby_pb2.GameOptionConflict(
                        option=conflict.option,
                        values=in_order(game.info, conflict.option, conflict.values),
                        other=conflict.other,
                        other_values=in_order(game.info, conflict.other, conflict.other_values),
                        reason=conflict.why,
                    )
                    for conflict in game.info.conflicts
                ],
            )
            for game in self.lobby.games.values()
        ]
        return lobby_pb2.ListGamesResponse(games=games, bot_levels=outbound.bot_levels())

    async def CreateMatch(
        self, request: lobby_pb2.CreateMatchRequest, context: grpc.aio.ServicerContext[Any, Any]
    ) -> lobby_pb2.CreateMatchResponse:
        self.limiter.check_rate("CreateMatch", client_address(context))
        seats = []
        for number, spec in enumerate(request.seats):
            if spec.kind not in SEAT_KINDS:
                raise Refusal(
                    Reason.BAD_SEATS,
                    f"seat {number}: kind must be SEAT_KIND_HUMAN or SEAT_KIND_BOT",
                )
            seats.append((SEAT_KINDS[spec.kind], spec.bot_level))
        room, host_token = self.lobby.create(
            request.game_id,
            request.players,
            dict(request.options),
            seats,
            request.creator_name,
            name=request.match_name,
        )
        return lobby_pb2.CreateMatchResponse(match=outbound.match_info(room), host_token=host_token)

    async def ListMatches(
        self, request: lobby_pb2.ListMatchesRequest, context: grpc.aio.ServicerContext[Any, Any]
    ) -> lobby_pb2.ListMatchesResponse:
        wanted = request.status
        finished = wanted == lobby_pb2.MATCH_STATUS_FINISHED or (
            wanted == lobby_pb2.MATCH_STATUS_UNSPECIFIED and request.include_finished
        )
        after = after_key(request.page_token)
        listed = [
            entry
            for entry in self.listed(request.game_id, finished, page_size(request.page_size), after)
            if wanted == lobby_pb2.MATCH_STATUS_UNSPECIFIED or self.status(entry) == wanted
        ]
        chosen, next_token = page(listed, request.page_size, request.page_token)
        return lobby_pb2.ListMatchesResponse(
            matches=[self.info(entry) for entry in chosen], next_page_token=next_token
        )

    def listed(
        self, game_id: str, finished: bool, size: int, after: tuple[float, str] | None = None
    ) -> list[Room | MatchRecord]:
        """The unfinished matches and, when `finished`, the `size` + 1 newest finished ones
        after the page key `after` (enough to fill a page of `size` and know whether another
        follows, whatever the archive holds): newest first."""
        listed: list[Room | MatchRecord] = list(self.registry.matches(game_id))
        if finished:
            listed += self.served.archive.finished(game_id, size + 1, after)
        listed.sort(key=lambda entry: (entry.created_at, entry.match_id), reverse=True)
        return listed

    def status(self, entry: Room | MatchRecord) -> lobby_pb2.MatchStatus.ValueType:
        if isinstance(entry, MatchRecord):
            return lobby_pb2.MATCH_STATUS_FINISHED
        return outbound.STATUSES[entry.status]

    def info(self, entry: Room | MatchRecord) -> lobby_pb2.MatchInfo:
        """A match in memory as it is; a finished one from memory while it is in use there
        (its rematch link, seats given up since), else straight from the store."""
        room = entry if isinstance(entry, Room) else self.registry.rooms.get(entry.match_id)
        if room is not None:
            return outbound.match_info(room)
        assert isinstance(entry, MatchRecord)
        return outbound.archived_info(entry, self.served.archive.teams(entry))

    async def JoinMatch(
        self, request: lobby_pb2.JoinMatchRequest, context: grpc.aio.ServicerContext[Any, Any]
    ) -> lobby_pb2.JoinMatchResponse:
        self.limiter.check_rate("JoinMatch", client_address(context))
        seat = request.seat if request.HasField("seat") else None
        room, seat, token = self.lobby.join(
            request.match_id,
            request.player_name,
            seat,
            request.join_code,
            bearer_token(context),
            request.hot_seat,
        )
        return lobby_pb2.JoinMatchResponse(seat=seat, token=token, match=outbound.match_info(room))

    async def LeaveMatch(
        self, request: lobby_pb2.LeaveMatchRequest, context: grpc.aio.ServicerContext[Any, Any]
    ) -> lobby_pb2.LeaveMatchResponse:
        self.lobby.leave(require_token(context))
        return lobby_pb2.LeaveMatchResponse()

    async def FreeSeat(
        self, request: lobby_pb2.FreeSeatRequest, context: grpc.aio.ServicerContext[Any, Any]
    ) -> lobby_pb2.FreeSeatResponse:
        room = self.served.host.kick(request.match_id, require_token(context), request.seat)
        return lobby_pb2.FreeSeatResponse(match=outbound.match_info(room))

    async def ReplaceSeatWithBot(
        self,
        request: lobby_pb2.ReplaceSeatWithBotRequest,
        context: grpc.aio.ServicerContext[Any, Any],
    ) -> lobby_pb2.ReplaceSeatWithBotResponse:
        room = self.served.host.replace_with_bot(
            request.match_id, require_token(context), request.seat, request.bot_level
        )
        return lobby_pb2.ReplaceSeatWithBotResponse(match=outbound.match_info(room))

    async def AbortMatch(
        self, request: lobby_pb2.AbortMatchRequest, context: grpc.aio.ServicerContext[Any, Any]
    ) -> lobby_pb2.AbortMatchResponse:
        room = self.served.host.abort(request.match_id, require_token(context))
        return lobby_pb2.AbortMatchResponse(match=outbound.match_info(room))

    async def SetMatchPrivate(
        self,
        request: lobby_pb2.SetMatchPrivateRequest,
        context: grpc.aio.ServicerContext[Any, Any],
    ) -> lobby_pb2.SetMatchPrivateResponse:
        room = self.served.host.set_private(
            request.match_id, require_token(context), request.private
        )
        return lobby_pb2.SetMatchPrivateResponse(
            match=outbound.match_info(room), join_code=room.join_code or ""
        )

    async def WatchLobby(
        self, request: lobby_pb2.WatchLobbyRequest, context: grpc.aio.ServicerContext[Any, Any]
    ) -> AsyncIterator[lobby_pb2.WatchLobbyResponse]:
        with self.limiter.stream(client_address(context)):
            async for response in self._watch_lobby(request):
                yield response

    async def _watch_lobby(
        self, request: lobby_pb2.WatchLobbyRequest
    ) -> AsyncIterator[lobby_pb2.WatchLobbyResponse]:
        watcher = self.registry.watch()
        finished: set[str] = set()  # sent once as FINISHED; not again without include_finished

        def wanted(room: Room) -> bool:
            if request.game_id and room.game_id != request.game_id:
                return False
            if request.include_finished or room.status is not Status.FINISHED:
                return True
            if room.match_id in finished:
                return False
            finished.add(room.match_id)
            return True

        try:
            # Finished matches still in memory (in use) were sent as FINISHED before.
            finished.update(
                r.match_id for r in self.registry.rooms.values() if r.status is Status.FINISHED
            )
            # Open matches and the archive's newest page, never the whole archive: 4,000
            # finished matches made a 4.29 MB first message (issue 20, 8c).
            listed = self.listed(request.game_id, request.include_finished, DEFAULT_PAGE)
            archived = [entry for entry in listed if isinstance(entry, MatchRecord)]
            more = len(archived) > DEFAULT_PAGE
            # `listed` holds one finished match more than the page when more follow: not sent.
            sent = [entry for entry in listed if not more or entry is not archived[-1]]
            yield lobby_pb2.WatchLobbyResponse(
                full=True,
                matches=[self.info(entry) for entry in sent],
                finished_count=self.served.archive.count(request.game_id),
                finished_page_token=token_after(archived[DEFAULT_PAGE - 1]) if more else "",
            )
            while True:
                await watcher.wait()
                await asyncio.sleep(LOBBY_BATCH_SECONDS)  # one message for a burst of changes
                if changed := [r for r in watcher.take() if wanted(r)]:
                    yield lobby_pb2.WatchLobbyResponse(
                        matches=[outbound.match_info(r) for r in changed]
                    )
        finally:
            self.registry.unwatch(watcher)

    async def Rematch(
        self, request: lobby_pb2.RematchRequest, context: grpc.aio.ServicerContext[Any, Any]
    ) -> lobby_pb2.RematchResponse:
        address = client_address(context)
        room, seat, token = self.lobby.rematch(
            require_token(context), lambda: self.limiter.check_rate("CreateMatch", address)
        )
        return lobby_pb2.RematchResponse(seat=seat, token=token, match=outbound.match_info(room))


def require_token(context: grpc.aio.ServicerContext[Any, Any]) -> str:
    token = bearer_token(context)
    if token is None:
        raise Refusal(
            Reason.MISSING_TOKEN,
            "this call needs the seat's token as 'authorization: Bearer <token>' metadata "
            "(JoinMatch returns it)",
        )
    return token


class MatchService(match_pb2_grpc.MatchServiceServicer):
    def __init__(self, served: Served, limiter: Limiter) -> None:
        self.served = served
        self.registry = served.registry
        self.codecs = served.codecs
        self.limiter = limiter
        self._readers: set[asyncio.Task[None]] = set()
        self.hints = HintDesk(served.registry.bots, limiter.limits.hints_per_peer)

    def _submit(self, room: Room, seat: Seat, version: int, move: match_pb2.Move) -> Accepted:
        decoded = unwrap_move(self.codecs[room.game_id], move)
        return room.submit(seat, version, decoded)

    async def Play(  # type: ignore[override]  # grpc.aio's reader/writer form, not a generator
        self,
        request_iterator: AsyncIterator[match_pb2.PlayRequest],
        context: grpc.aio.ServicerContext[Any, Any],
    ) -> None:
        """Written with `context.write` (not yielded): each response skips a layer of async
        generators, and goes out as the bytes serialised once."""
        room, seat = self.registry.authenticate(require_token(context))
        subscriber = self.limiter.subscribe(room, seat, client_address(context))
        failure: list[Refusal] = []

        async def read_moves() -> None:
            try:
                async for request in request_iterator:
                    if subscriber.revoked is not None:
                        break
                    try:
                        result: Accepted | Refusal = self._submit(
                            room, seat, request.version, request.move
                        )
                    except Refusal as refusal:
                        result = refusal
                    subscriber.post(request.version, result)
                    # A client that writes moves but never reads their results is not read
                    # from either: the backlog (and the server's memory) stays bounded.
                    await subscriber.room_for_results()
            except Refusal as refusal:  # an undecodable request (server/guard.py)
                failure.append(refusal)
            except _CALL_ENDED:
                pass  # the call ended under us; nothing is left to answer
            except Exception:
                log.exception("reading moves of match %s failed", room.match_id)
                failure.append(internal_error("Play"))
            finally:
                subscriber.close()

        # The reader is not cancelled when the stream ends: cancelling a pending read cancels
        # the call and can drop the final snapshot. It ends by itself when the call is done.
        reader = asyncio.create_task(read_moves())
        self._readers.add(reader)
        reader.add_done_callback(self._readers.discard)
        try:
            codec = self.codecs[room.game_id]
            await deliver(room, codec, subscriber, context, match_pb2.PlayResponse.DESCRIPTOR)
        finally:
            self.limiter.unsubscribe(room, subscriber)
            self.registry.release(room)
        if failure:
            await abort(context, failure[0])
        if subscriber.revoked is not None:
            await abort(context, Refusal(Reason.BAD_TOKEN, REVOKED[subscriber.revoked]))

    async def Watch(  # type: ignore[override]  # grpc.aio's reader/writer form, like Play
        self, request: match_pb2.WatchRequest, context: grpc.aio.ServicerContext[Any, Any]
    ) -> None:
        token = bearer_token(context)
        seat = None
        if token is not None:
            room, seat = self.registry.authenticate(token)
            if room.match_id != request.match_id:
                self.registry.any_room(request.match_id)  # NOT_FOUND first, if it is
                raise Refusal(
                    Reason.WRONG_MATCH,
                    f"the token seats you in match {room.match_id}, not "
                    f"{request.match_id}; watch without a token to spectate",
                )
        else:
            room = self.registry.any_room(request.match_id)
        try:
            subscriber = self.limiter.subscribe(room, seat, client_address(context))
        except Refusal:
            self.registry.release(room)
            raise
        try:
            await deliver(
                room,
                self.codecs[room.game_id],
                subscriber,
                context,
                match_pb2.WatchResponse.DESCRIPTOR,
                request.stay_after_finish,
            )
        finally:
            self.limiter.unsubscribe(room, subscriber)
            self.registry.release(room)
        if subscriber.revoked is not None:
            await abort(context, Refusal(Reason.BAD_TOKEN, REVOKED[subscriber.revoked]))

    async def ReplayMatch(
        self, request: match_pb2.ReplayMatchRequest, context: grpc.aio.ServicerContext[Any, Any]
    ) -> AsyncIterator[match_pb2.ReplayMatchResponse]:
        address = client_address(context)
        self.limiter.check_rate("ReplayMatch", address)
        with self.limiter.replay(address):
            room, record = self.served.archive.finished_match(request.match_id)
            yield match_pb2.ReplayMatchResponse(
                header=outbound.replay_header(room, record.seed, record.created_at)
            )
            for step in outbound.replay_steps(room, self.codecs[room.game_id], record):
                yield match_pb2.ReplayMatchResponse(step=step)

    async def Act(
        self, request: match_pb2.ActRequest, context: grpc.aio.ServicerContext[Any, Any]
    ) -> match_pb2.ActResponse:
        self.limiter.check_rate("Act", client_address(context))
        room, seat = self.registry.authenticate(require_token(context))
        accepted = self._submit(room, seat, request.version, request.move)
        return match_pb2.ActResponse(version=accepted.new_version)

    async def SendChat(
        self, request: match_pb2.SendChatRequest, context: grpc.aio.ServicerContext[Any, Any]
    ) -> match_pb2.SendChatResponse:
        line = self.served.chat.say(
            request.match_id,
            bearer_token(context),
            request.text,
            request.spectator_name,
            client_address(context),
        )
        return match_pb2.SendChatResponse(line=outbound.chat_line(line))

    async def CountSpectators(
        self,
        request: match_pb2.CountSpectatorsRequest,
        context: grpc.aio.ServicerContext[Any, Any],
    ) -> match_pb2.CountSpectatorsResponse:
        """Counts a match's spectators for a table's `/who`: asked on demand, not pushed in
        snapshots, so a stranger opening and closing Watch streams sends the players nothing.
        It reads a set already bounded by the stream limits, so it needs no rate limit; a
        finished match is refused as Act refuses it, without rebuilding it from the archive."""
        if not request.match_id:
            raise Refusal(
                Reason.BAD_MATCH_ID,
                "match_id is empty: send the id of the match whose spectators to count "
                "(MatchInfo.match_id, as ListMatches or CreateMatch give it)",
            )
        room = self.registry.room(request.match_id)
        return match_pb2.CountSpectatorsResponse(spectators=len(room.spectators()))

    async def Hint(
        self, request: match_pb2.HintRequest, context: grpc.aio.ServicerContext[Any, Any]
    ) -> match_pb2.HintResponse:
        address = client_address(context)
        self.limiter.check_rate("Hint", address)
        room, seat = self.registry.authenticate(require_token(context))
        version = request.version if request.HasField("version") else None
        at, advice = await self.hints.hint(room, seat, version, address)
        codec = self.codecs[room.game_id]
        return match_pb2.HintResponse(
            version=at, moves=[outbound.move_hint(codec, a) for a in advice]
        )

    async def ReviewMatch(
        self, request: match_pb2.ReviewMatchRequest, context: grpc.aio.ServicerContext[Any, Any]
    ) -> AsyncIterator[match_pb2.ReviewMatchResponse]:
        address = client_address(context)
        self.limiter.check_rate("ReviewMatch", address)
        room, seat = self.registry.authenticate(require_token(context))
        codec = self.codecs[room.game_id]
        async for reviewed, total, review in self.hints.review(room, seat, address):
            message = match_pb2.ReviewMatchResponse(reviewed=reviewed, total=total)
            if review is not None:
                message.move.CopyFrom(outbound.reviewed_move(codec, review))
            yield message
