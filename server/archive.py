"""The archive: the stored matches, rebuilt into rooms when they are needed. It implements the
registry's `Ledger` over the SQLite store and the codecs, and answers the listing, replay and
export of finished matches.

On start, `restore` rebuilds the unfinished matches only, by replaying their moves through the
engine; finished ones are read when someone lists, watches, replays or exports one, or uses a
token of it, so start-up time does not grow with the archive.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping

from bots.levels import level_text
from engine.core import Game, IllegalMove, Seat
from server.bots import seat_level
from server.clock import TABLE_OPTIONS, Ending
from server.codec_log import CodecLog
from server.codecs import Codec
from server.errors import Reason, Refusal
from server.hints import hints_on, split_options
from server.lobby import bot_name, clean_name
from server.log import MatchLog
from server.notes import TableEvent
from server.registry import NewMatch, Registry
from server.room import Room
from server.seats import SeatKind, SeatSlot
from server.store import MatchIdTaken, MatchRecord, SeatRecord, Store

logger = logging.getLogger(__name__)


def stored_seat(record: SeatRecord) -> SeatSlot:
    """A seat as stored, with its level made canonical and its name clean again: an older
    server stored bot levels as they were sent."""
    kind = SeatKind(record.kind)
    if kind is SeatKind.BOT:
        level = level_text(seat_level(record.bot_level))
        return SeatSlot(record.seat, kind, level, bot_name(record.seat, level))
    return SeatSlot(record.seat, kind, "", clean_name(record.name), record.token_hash)


class Archive:
    """The store as the registry and the services read it."""

    def __init__(self, store: Store, games: Mapping[str, Game], codecs: Mapping[str, Codec]):
        self.store = store
        self.games = games
        self.codecs = codecs

    def rebuild(self, record: MatchRecord) -> Room:
        """A room rebuilt from its record by replaying its moves."""
        game = self.games[record.game_id]
        log = CodecLog(self.store, self.codecs[record.game_id])
        seats = [stored_seat(s) for s in record.seats]
        # Matches from before the table options had none: they take the defaults.
        stored, hints_option = split_options(record.options)
        options = {spec.name: spec.default for spec in TABLE_OPTIONS} | stored
        room = Room(
            record.match_id,
            game,
            record.players,
            options,
            record.seed,
            seats,
            log,
            record.created_at,
            record.created_by,
            record.host_hash,
            record.join_code,
            chat=list(record.chat),
            hints=hints_on(hints_option, [seat.kind for seat in seats]),
            name=record.name,
        )
        room.replay([(move.seat, log.load(move.move)) for move in record.moves])
        room.began = room.began or record.finished  # its seats may have been given up since
        room.ending = Ending.from_dict(record.ending)
        if room.ending is not None:
            room.recent.append(TableEvent(room.ending_note()))
        room.restore_clock(record.clock)
        return room

    def restore(self, registry: Registry) -> int:
        """Rebuilds every unfinished match into `registry` by replaying its moves; returns how
        many. Finished ones stay in the store only (a rematch's previous match is rebuilt for
        its seats)."""
        for record in self.store.unfinished():
            try:
                room = self.rebuild(record)
            except (KeyError, ValueError, Refusal, IllegalMove) as error:
                logger.error(
                    "match %s is not served: it does not replay (%s)", record.match_id, error
                )
                continue
            if record.rematch_of:
                previous = registry.rooms.get(record.rematch_of) or registry.archived(
                    record.rematch_of
                )
                if previous is not None:
                    room.rematch_of, previous.rematch = previous, room
            registry.add(room)
        return len(registry.rooms)

    # The registry's Ledger.

    def open(self, match: NewMatch) -> tuple[MatchLog, float] | None:
        records = [SeatRecord(s.seat, s.kind.value, s.bot_level, s.name, None) for s in match.seats]
        try:
            created_at = self.store.create_match(
                match.match_id,
                match.game_id,
                match.players,
                dict(match.options),
                match.seed,
                records,
                match.host_hash,
                match.creator,
                match.rematch_of,
                match.decided,
                match.join_code,
                match.name,
            )
        except MatchIdTaken:
            return None
        return CodecLog(self.store, self.codecs[match.game_id]), created_at

    def known(self, match_id: str) -> bool:
        return self.store.match(match_id) is not None

    def rebuilt(self, match_id: str) -> Room | None:
        record = self.store.match(match_id)
        return None if record is None else self.rebuild(record)

    def rematch_of(self, match_id: str) -> str | None:
        return self.store.rematch_of(match_id)

    def seat_of_token(self, token_hash: str) -> tuple[str, Seat] | None:
        return self.store.seat_of_token(token_hash)

    # Listing, replay and export.

    def finished(
        self, game_id: str = "", limit: int | None = None, before: tuple[float, str] | None = None
    ) -> list[MatchRecord]:
        """Finished matches, newest first, without their moves: at most `limit`, created
        before the page key `before`."""
        return self.store.finished(game_id, limit, before)

    def count(self, game_id: str = "") -> int:
        """How many finished matches the archive holds."""
        return self.store.finished_count(game_id)

    def teams(self, record: MatchRecord) -> list[int]:
        """The team of every seat of a stored match (the deal is cheap; no move is replayed)."""
        game = self.games[record.game_id]
        names = {spec.name for spec in game.info.options}
        options = {k: v for k, v in record.options.items() if k in names}
        state = game.new(record.players, options, record.seed)
        return [state.team(seat) for seat in range(record.players)]

    def finished_match(self, match_id: str) -> tuple[Room, MatchRecord]:
        """A finished match, rebuilt, with its record; refused while it is not over, since its
        replay would show what the seats cannot see yet."""
        record = self.store.match(match_id)
        if record is None:
            raise Refusal(
                Reason.UNKNOWN_MATCH,
                f"no match {match_id!r} on this server; ListMatches shows the finished ones",
            )
        if not record.finished:
            raise Refusal(
                Reason.MATCH_NOT_OVER,
                f"match {match_id} is not over: its replay would show hidden cards; watch it "
                "instead, and replay it when it has finished",
            )
        return self.rebuild(record), record
