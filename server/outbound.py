"""Every message the server sends about a match is built here, from `State.view(viewer)`,
`Event.for_viewer(viewer)` and public seat facts — the one choke point between game state and
the wire. Nothing else in the server hands engine state to a codec.
"""

from __future__ import annotations

from collections.abc import Sequence

import grpc
from tigerden.v1 import lobby_pb2, match_pb2

from bots.hints import Advice
from bots.levels import LEVELS, MAX_SECONDS, Strategy
from engine.core import Event, Move, Seat
from server.codecs import Codec, wrap_event, wrap_move, wrap_view
from server.errors import Refusal
from server.hints import Review
from server.room import Accepted, Room, SeatKind, SeatSlot, Status
from server.store import ChatRecord

SEAT_KINDS = {SeatKind.HUMAN: lobby_pb2.SEAT_KIND_HUMAN, SeatKind.BOT: lobby_pb2.SEAT_KIND_BOT}
STATUSES = {
    Status.WAITING: lobby_pb2.MATCH_STATUS_WAITING,
    Status.PLAYING: lobby_pb2.MATCH_STATUS_PLAYING,
    Status.FINISHED: lobby_pb2.MATCH_STATUS_FINISHED,
}


def unix_ms(seconds: float | None) -> int:
    return 0 if seconds is None else int(seconds * 1000)


def seat(room: Room, slot: SeatSlot) -> lobby_pb2.Seat:
    holder = room.reserved_for(slot.seat)
    return lobby_pb2.Seat(
        seat=slot.seat,
        kind=SEAT_KINDS[slot.kind],
        name=holder.name if holder is not None else slot.name,
        taken=slot.taken,
        connected=slot.connected,
        bot_level=slot.bot_level,
        team=room.state.team(slot.seat),
        away_since_unix_ms=unix_ms(slot.away_since) if not slot.connected else 0,
        reserved=holder is not None,
    )


def seats(room: Room) -> list[lobby_pb2.Seat]:
    return [seat(room, slot) for slot in room.seats]


def to_act(room: Room) -> Seat | None:
    return room.state.to_act() if room.status is Status.PLAYING else None


def bot_levels() -> list[lobby_pb2.BotLevel]:
    """The bot levels as ListGames describes them, from the one table `bots.levels.LEVELS`."""
    return [
        lobby_pb2.BotLevel(
            name=level.name,
            description=level.summary,
            default_seconds=(level.budget.seconds or 0.0) if level.budget else 0.0,
            max_seconds=MAX_SECONDS if level.strategy is Strategy.SEARCH else 0.0,
        )
        for level in LEVELS.values()
    ]


def match_info(room: Room) -> lobby_pb2.MatchInfo:
    info = lobby_pb2.MatchInfo(
        match_id=room.match_id,
        game_id=room.game_id,
        options=dict(room.options),
        hints=room.hints,
        seats=seats(room),
        status=STATUSES[room.status],
        version=room.version,
        created_by=room.created_by,
        rematch_of=room.rematch_of.match_id if room.rematch_of else "",
        rematch_match_id=room.rematch.match_id if room.rematch else "",
    )
    acting = to_act(room)
    if acting is not None:
        info.to_act = acting
    return info


def chat_line(line: ChatRecord) -> match_pb2.ChatLine:
    message = match_pb2.ChatLine(
        number=line.number,
        name=line.name,
        spectator=line.seat is None,
        text=line.text,
        sent_at_unix_ms=unix_ms(line.sent_at),
    )
    if line.seat is not None:
        message.seat = line.seat
    return message


def snapshot(
    room: Room,
    codec: Codec,
    viewer: Seat | None,
    events: list[Event],
    notes: Sequence[str] = (),
    chat: Sequence[ChatRecord] = (),
) -> match_pb2.Snapshot:
    """The match as `viewer` (None: a spectator) may see it, with the events, table notes and
    chat lines since the last."""
    state = room.state
    acting = to_act(room)
    message = match_pb2.Snapshot(
        match_id=room.match_id,
        version=room.version,
        seats=seats(room),
        scores=state.scores(),
        status=STATUSES[room.status],
        view=wrap_view(codec, state.view(viewer)),
        chat=[chat_line(line) for line in chat],
        rematch_match_id=room.rematch.match_id if room.rematch else "",
    )
    if viewer is not None:
        message.viewer_seat = viewer
    if acting is not None:
        message.to_act = acting
    for event in events:
        seen = event.for_viewer(viewer)
        if seen is not None:
            message.events.append(wrap_event(codec, seen))
    message.events.extend(match_pb2.Event(text=note) for note in notes)
    if acting is not None and acting == viewer:
        message.legal_moves.extend(legal_move(codec, move) for move in state.legal_moves())
    result = state.result()
    if result is not None:
        message.result.CopyFrom(match_pb2.MatchResult(scores=result.scores, winners=result.winners))
    return message


def move_result(result: Accepted | Refusal, version: int) -> match_pb2.MoveResult:
    if isinstance(result, Accepted):
        return match_pb2.MoveResult(
            version=result.version, accepted=True, new_version=result.new_version
        )
    return match_pb2.MoveResult(
        version=version,
        accepted=False,
        rejection=rejection(result),
    )


def rejection(refusal: Refusal) -> match_pb2.MoveRejection:
    return match_pb2.MoveRejection(
        code=grpc.StatusCode[refusal.reason.code_name].value[0],
        reason=refusal.reason.name,
        message=refusal.message,
    )


def legal_move(codec: Codec, move: Move) -> match_pb2.LegalMove:
    return match_pb2.LegalMove(move=wrap_move(codec, move), label=move.label())


def move_hint(codec: Codec, advice: Advice) -> match_pb2.MoveHint:
    message = match_pb2.MoveHint(
        move=legal_move(codec, advice.move), visits=advice.visits, reason=advice.reason
    )
    if advice.chance is not None:
        message.win_chance = advice.chance
    return message


def reviewed_move(codec: Codec, review: Review) -> match_pb2.ReviewedMove:
    """A reviewed decision, with the view of the seat that made it (and only that seat asks)."""
    return match_pb2.ReviewedMove(
        version=review.version,
        played=move_hint(codec, review.played),
        best=move_hint(codec, review.best),
        loss=review.loss,
        view=wrap_view(codec, review.view),
    )
