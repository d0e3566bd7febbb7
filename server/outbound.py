"""Every message the server sends about a match is built here, from the engine's views (a
snapshot's from `State.public_view()` and the receiver's `State.private_view(seat)`),
`Event.for_viewer(viewer)` and public seat facts — the one choke point between game state and
the wire. Nothing else in the server hands engine state to a codec.

The one exception to "the viewer's view only" is `replay_steps`, for finished matches: once a
match is over nothing is hidden any more, and `service.py` refuses a replay before that.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator
from typing import Any, NamedTuple, cast

import grpc
from google.protobuf.descriptor import FieldDescriptor
from tigerden.v1 import lobby_pb2, match_pb2

from bots.hints import Advice
from bots.levels import LEVELS, MAX_SECONDS, Strategy
from bots.reasons import Clause
from engine.core import Event, Move, Result, Seat, View
from server import snapshot_cache
from server.clock import Ending
from server.codecs import Codec, joined, wrap_event, wrap_move, wrap_view
from server.errors import Refusal
from server.hints import Review, hints_on, split_options
from server.log import ChatRecord, PlayedBy
from server.mailbox import Accepted, Update
from server.notes import NoteKind, TableEvent, TableNote
from server.room import Room, Status
from server.sanitise import clean_line
from server.seats import SeatKind, SeatSlot
from server.store import MatchRecord

SEAT_KINDS = {SeatKind.HUMAN: lobby_pb2.SEAT_KIND_HUMAN, SeatKind.BOT: lobby_pb2.SEAT_KIND_BOT}
STATUSES = {
    Status.WAITING: lobby_pb2.MATCH_STATUS_WAITING,
    Status.PLAYING: lobby_pb2.MATCH_STATUS_PLAYING,
    Status.FINISHED: lobby_pb2.MATCH_STATUS_FINISHED,
}
ENDINGS = {
    "played_out": lobby_pb2.MATCH_ENDING_PLAYED_OUT,
    "aborted": lobby_pb2.MATCH_ENDING_ABORTED,
    "forfeit": lobby_pb2.MATCH_ENDING_FORFEIT,
    "expired": lobby_pb2.MATCH_ENDING_EXPIRED,
}
PLAYED_BY = {
    PlayedBy.SEAT: match_pb2.PLAYED_BY_SEAT,
    PlayedBy.CLOCK: match_pb2.PLAYED_BY_CLOCK,
    PlayedBy.AWAY: match_pb2.PLAYED_BY_AWAY_BOT,
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
        bot_plays=slot.bot_plays,
    )


def seats(room: Room) -> list[lobby_pb2.Seat]:
    return [seat(room, slot) for slot in room.seats]


def ending(room: Room, status: Status) -> lobby_pb2.MatchEnding.ValueType:
    if status is not Status.FINISHED:
        return lobby_pb2.MATCH_ENDING_UNSPECIFIED
    return ENDINGS[room.ending.kind if room.ending else "played_out"]


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
    status = room.status  # asks the rules for the result: once, not for status, turn, ending
    info = lobby_pb2.MatchInfo(
        match_id=room.match_id,
        game_id=room.game_id,
        options=dict(room.options),
        hints=room.hints,
        seats=seats(room),
        status=STATUSES[status],
        version=room.version,
        created_by=room.created_by,
        name=room.name,
        rematch_of=room.rematch_of.match_id if room.rematch_of else "",
        rematch_match_id=room.rematch.match_id if room.rematch else "",
        private=room.join_code is not None,
        ending=ending(room, status),
    )
    if status is Status.PLAYING and (acting := room.state.to_act()) is not None:
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


def archived_info(record: MatchRecord, teams: list[int]) -> lobby_pb2.MatchInfo:
    """A finished match as listed from the archive, without rebuilding it."""
    options, hints_option = split_options(record.options)
    kinds = [SeatKind(s.kind) for s in record.seats]
    return lobby_pb2.MatchInfo(
        hints=hints_on(hints_option, kinds),
        created_by=record.created_by,
        name=record.name,
        rematch_of=record.rematch_of or "",
        rematch_match_id=record.rematch or "",
        match_id=record.match_id,
        game_id=record.game_id,
        options=options,
        seats=[
            lobby_pb2.Seat(
                seat=s.seat,
                kind=SEAT_KINDS[SeatKind(s.kind)],
                name=s.name,
                taken=s.kind == SeatKind.BOT.value or s.token_hash is not None,
                bot_level=s.bot_level,
                team=teams[s.seat],
            )
            for s in record.seats
        ],
        status=lobby_pb2.MATCH_STATUS_FINISHED,
        version=record.move_count,
        private=record.join_code is not None,
        ending=ENDINGS[(record.ending or {}).get("kind", "played_out")],
    )


def match_result(result: Result, ending: Ending | None) -> match_pb2.MatchResult:
    message = match_pb2.MatchResult(
        scores=result.scores,
        winners=result.winners,
        ending=ENDINGS[ending.kind if ending else "played_out"],
    )
    if ending is not None and ending.seat is not None:
        message.forfeited_seat = ending.seat
    return message


def event_message(codec: Codec, event: Event) -> match_pb2.Event:
    """A game event through the game's codec; a table event as its note."""
    if isinstance(event, TableEvent):
        return note_event(codec, event.note)
    return wrap_event(codec, event)


NOTE_KINDS = {
    kind: match_pb2.TableNoteKind.Value(f"TABLE_NOTE_KIND_{kind.name}") for kind in NoteKind
}


def note_event(codec: Codec, note: TableNote) -> match_pb2.Event:
    """A table note, typed and in English words (for clients that do not read the type)."""
    typed = match_pb2.TableNote(
        kind=NOTE_KINDS[note.kind], name=clean_line(note.name), bot_level=note.bot_level
    )
    if note.seat is not None:
        typed.seat = note.seat
    if note.move is not None:
        typed.move.CopyFrom(legal_move(codec, note.move))
    return match_pb2.Event(text=clean_line(note.text), table_note=typed)


def milliseconds(seconds: float) -> int:
    return round(seconds * 1000)


class Sent(NamedTuple):
    """A snapshot as it goes on the wire, and whether it shows the match finished."""

    data: bytes
    finished: bool


def snapshot(room: Room, codec: Codec, viewer: Seat | None, update: Update) -> Sent:
    """The match as `viewer` (None: a spectator) may see it, with `update` (the events, table
    notes and chat lines since its last; on a stream's first snapshot, the recap of recent
    events), serialised.

    A Snapshot is written as the concatenation of four serialised Snapshot messages with
    disjoint fields, which protobuf parses as one message: the table's public facts (the same
    for everyone), the viewer's own part (its view and legal moves), the update, and the
    clock's remaining times. The first three are built and serialised once and shared: the
    table part once per revision of the room, by every viewer; the viewer's part once per
    game state (a revision that changes only the table, such as a stream opened, keeps it), by
    that viewer's streams only; the update once per revision, by the streams of that viewer
    owed the same one. Only the clock
    part, which depends on when it is sent, is built for every send. The view inside the
    viewer's part is itself joined from the view's public part, serialised once per game state
    for every viewer, and the seat's private part (see `viewer_part`)."""
    table, status, acting = table_part(room)
    data = b"".join(
        (
            table,
            viewer_part(room, codec, viewer, acting),
            update_part(room, codec, viewer, update),
            clock_part(room, acting),
        )
    )
    return Sent(data, status is Status.FINISHED)


def response(
    room: Room, codec: Codec, viewer: Seat | None, update: Update, field: FieldDescriptor
) -> Sent:
    """The snapshot as the message field `field` of a stream's response (PlayResponse or
    WatchResponse), serialised: what a Play or Watch stream writes.

    Without a running clock this is the same for every stream of `viewer` owed the same update
    (the same `recap`, `since` and `until`, see `Update`), so it is built once per revision
    for all of them: a spectator's delivery is a lookup. With a running clock the time left
    differs at every send, and only the parts are shared."""
    if room.clock.rule.runs:
        return wrapped(room, codec, viewer, update, field)
    # The lookup every stream of a revision makes, so no closure, cast or second lookup here.
    built = snapshot_cache.built(room)
    key = ("response", field.number, viewer, update.recap, update.since, update.until)
    sent: Sent | None = built.get(key)
    if sent is None:
        sent = built[key] = wrapped(room, codec, viewer, update, field)
    return sent


def wrapped(
    room: Room, codec: Codec, viewer: Seat | None, update: Update, field: FieldDescriptor
) -> Sent:
    """The snapshot built (from its parts shared per revision) as the message field `field`."""
    sent = snapshot(room, codec, viewer, update)
    return Sent(embedded(field, sent.data), sent.finished)


def shared(room: Room, key: object, build: Callable[[], object]) -> Any:
    """What `build` returns, built once per revision of `room` (server/snapshot_cache.py)."""
    return _kept(snapshot_cache.built(room), key, build)


def shared_by_state(room: Room, key: object, build: Callable[[], object]) -> Any:
    """What `build` returns, built once per game state of `room`: for what the state alone
    decides, so a revision that changes only the table (a seat taken, a stream opened or
    closed) does not build it again."""
    return _kept(snapshot_cache.built_from_state(room), key, build)


def _kept(cache: dict[object, Any], key: object, build: Callable[[], object]) -> Any:
    found = cache.get(key)
    if found is None:
        found = cache[key] = build()
    return found


def table_part(room: Room) -> tuple[bytes, Status, Seat | None]:
    """The facts every viewer is told alike: seats, scores, status, whose turn, the result."""

    def build() -> tuple[bytes, Status, Seat | None]:
        state = room.state
        status = room.status  # asks the rules for the result: once per revision
        acting = state.to_act() if status is Status.PLAYING else None
        message = match_pb2.Snapshot(
            match_id=room.match_id,
            version=room.version,
            seats=seats(room),
            scores=state.scores(),
            status=STATUSES[status],
            rematch_match_id=room.rematch.match_id if room.rematch else "",
        )
        if acting is not None:
            message.to_act = acting
            clock = room.clock
            if clock.seat == acting and clock.deadline is not None:
                message.deadline_unix_ms = milliseconds(clock.deadline)
        if status is Status.FINISHED:
            result = room.result()
            assert result is not None, "a finished match has a result"
            message.result.CopyFrom(match_result(result, room.ending))
        return message.SerializeToString(), status, acting

    return cast(tuple[bytes, Status, "Seat | None"], shared(room, "table", build))


def public_part(room: Room, codec: Codec) -> tuple[View, tuple[bytes, ...]]:
    """The public part of every view (`State.public_view`, exactly the spectator's view) and
    its serialised pieces, built once per game state for every seat and spectator."""

    def build() -> tuple[View, tuple[bytes, ...]]:
        public = room.state.public_view()
        return public, codec.encode_public(public)

    return cast(tuple[View, tuple[bytes, ...]], shared_by_state(room, "public", build))


def viewer_part(room: Room, codec: Codec, viewer: Seat | None, acting: Seat | None) -> bytes:
    """What `viewer` is told of the game: its view of the state and, on its turn, its legal
    moves. The view is the public part shared by everyone joined with the viewer's private
    part (`State.private_view`, the only per-seat path from state to the wire), which is
    built and encoded for this viewer alone; a spectator's is the public part."""

    def build() -> bytes:
        public, pieces = public_part(room, codec)
        if viewer is None:
            return view_field(codec, b"".join(pieces))
        private = codec.encode_private(public, room.state.private_view(viewer))
        message = match_pb2.Snapshot()
        message.viewer_seat = viewer
        moves = room.state.legal_moves() if acting == viewer else ()
        legal = b"".join(legal_move_bytes(codec, move) for move in moves)
        return view_field(codec, joined(pieces, private)) + message.SerializeToString() + legal

    return cast(bytes, shared_by_state(room, ("viewer", viewer, acting), build))


SNAPSHOT_VIEW = match_pb2.Snapshot.DESCRIPTOR.fields_by_name["view"]
GAME_VIEWS = match_pb2.GameView.DESCRIPTOR.fields_by_name


def view_field(codec: Codec, game_view: bytes) -> bytes:
    """A serialised game view message as a Snapshot's `view` (its GameView holding it as the
    codec's game), serialised."""
    return embedded(SNAPSHOT_VIEW, embedded(GAME_VIEWS[codec.field], game_view))


def update_part(room: Room, codec: Codec, viewer: Seat | None, update: Update) -> bytes:
    """The events as `viewer` may see them, the table notes and chat lines of one update,
    shared by that viewer's streams owed the same update (the revisions it covers say which)."""

    def build() -> bytes:
        message = match_pb2.Snapshot(
            chat=[chat_line(line) for line in update.chat], events_are_recap=update.recap
        )
        # The notes go the events' way: a note about a move is filtered like the move's events.
        seen = (
            event.for_viewer(viewer) for event in (*update.events, *map(TableEvent, update.notes))
        )
        events = b"".join(event_bytes(codec, event) for event in seen if event is not None)
        return events + message.SerializeToString()

    key = ("update", viewer, update.recap, update.since, update.until)
    return cast(bytes, shared(room, key, build))


SNAPSHOT_EVENTS = match_pb2.Snapshot.DESCRIPTOR.fields_by_name["events"]


@functools.lru_cache(maxsize=4096)
def event_bytes(codec: Codec, event: Event) -> bytes:
    """`event`, as a viewer sees it (`Event.for_viewer`), as one element of a Snapshot's
    `events`, serialised. Memoised by value: events are frozen, and the encoding is a function
    of the value alone, so every viewer who sees the same (all of them, for a public event)
    shares one encoding, and a redacted copy is another value with its own. Nothing hidden
    can come out of the cache: the key is what the viewer may see."""
    return embedded(SNAPSHOT_EVENTS, event_message(codec, event).SerializeToString())


def clock_part(room: Room, acting: Seat | None) -> bytes:
    """The time left on the clocks, as of now (empty without a running clock)."""
    clock = room.clock
    if not clock.rule.runs:
        return b""
    now = room.now()
    message = match_pb2.Snapshot()
    if acting is not None and clock.seat == acting and clock.deadline is not None:
        message.turn_remaining_ms = milliseconds(max(0.0, clock.deadline - now))
    if clock.rule.kind == "bank":
        message.bank_remaining_ms.extend(
            milliseconds(clock.remaining(seat, now) or 0.0) for seat in range(room.players)
        )
    return message.SerializeToString()


def embedded(field: FieldDescriptor, data: bytes) -> bytes:
    """`data`, a serialised message, as the message field `field` of its container, serialised:
    protobuf's wire format of a length-delimited field (its tag, the length as a varint, the
    bytes). How a stream wraps a snapshot serialised once in its PlayResponse/WatchResponse."""
    return _tag(field) + varint(len(data)) + data


def _tag(field: FieldDescriptor) -> bytes:
    return varint(field.number << 3 | 2)  # wire type 2: length-delimited


def varint(value: int) -> bytes:
    """`value` (not negative) as a protobuf varint: 7 bits a byte, low first."""
    out = bytearray()
    while value > 0x7F:
        out.append(value & 0x7F | 0x80)
        value >>= 7
    out.append(value)
    return bytes(out)


def replay_header(room: Room, seed: int, created_at: float) -> match_pb2.ReplayHeader:
    result = room.result()
    assert result is not None, "only finished matches are replayed"
    return match_pb2.ReplayHeader(
        match=match_info(room),
        seed=seed,
        result=match_result(result, room.ending),
        created_unix_ms=milliseconds(created_at),
    )


def replay_steps(room: Room, codec: Codec, record: MatchRecord) -> Iterator[match_pb2.ReplayStep]:
    """Every position of the finished match in `record`, everything revealed, rebuilt from a
    fresh state of `room`'s game (room itself is only read for the deal)."""
    state = room.game.new(room.players, room.game_options(), room.seed)

    def step(version: int, events: list[Event]) -> match_pb2.ReplayStep:
        message = match_pb2.ReplayStep(
            version=version,
            events=[
                event_message(codec, seen)
                for seen in (event.for_viewer(None) for event in events)
                if seen is not None
            ],
            seat_views=[wrap_view(codec, state.view(seat)) for seat in range(room.players)],
            spectator_view=wrap_view(codec, state.view(None)),
            scores=state.scores(),
        )
        to_act = state.to_act()
        if to_act is not None:
            message.to_act = to_act
        return message

    yield step(0, [])
    for version, ((seat, move), stored) in enumerate(
        zip(room.history, record.moves, strict=True), start=1
    ):
        message = step(version, state.apply(move))
        message.seat = seat
        message.move.CopyFrom(wrap_move(codec, move))
        message.label = move.label()
        message.played_by = PLAYED_BY[PlayedBy(stored.played_by)]
        if stored.at is not None:
            message.played_unix_ms = milliseconds(stored.at)
        yield message


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


SNAPSHOT_LEGAL_MOVES = match_pb2.Snapshot.DESCRIPTOR.fields_by_name["legal_moves"]


@functools.lru_cache(maxsize=4096)
def legal_move_bytes(codec: Codec, move: Move) -> bytes:
    """`move` as one element of a Snapshot's `legal_moves`, serialised; memoised by value
    (moves are frozen, and a game has few of them: the same ones recur in every match)."""
    return embedded(SNAPSHOT_LEGAL_MOVES, legal_move(codec, move).SerializeToString())


def move_hint(codec: Codec, advice: Advice) -> match_pb2.MoveHint:
    message = match_pb2.MoveHint(
        move=legal_move(codec, advice.move),
        visits=advice.visits,
        reason=advice.reason.text,
        reason_clauses=[hint_clause(codec, clause) for clause in advice.reason.clauses],
    )
    if advice.chance is not None:
        message.win_chance = advice.chance
    return message


def hint_clause(codec: Codec, clause: Clause) -> match_pb2.HintClause:
    """One clause of a hint's reason, typed for the client to put into words; what names the
    game's own things (a Koi-Koi yaku) is the codec's to set."""
    message = match_pb2.HintClause(
        key=clause.key, card=clause.card, month=clause.month, counts=dict(clause.counts)
    )
    codec.encode_clause(clause, message)
    if clause.chance is not None:
        message.chance = clause.chance
    if clause.traits is not None:
        message.traits = clause.traits
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
