"""The lobby: every room on this server, seats and their tokens, host rights. No gRPC here.

Tokens are random secrets handed out once (by `join` for a seat, by `create` for the host); only
their SHA-256 is kept (in memory and in the store), so a copied database file seats nobody.

Only unfinished matches and the finished ones somebody still uses (an open stream: the last
snapshot, the chat after the match, the rematch offer) live in memory: a finished match leaves
`rooms` when its last stream closes. The archive of finished matches is read from the store when
someone lists, watches, replays or exports one, or uses a token of it (chat, rematch).
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import secrets
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tigerden.v1 import match_pb2

from bots import canonical_level
from bots.levels import level_text
from engine import GAMES
from engine.core import BadOptions, Game, IllegalMove, Move, Seat
from server.bots import DEFAULT_LEVEL, BotDriver, seat_level
from server.chat import SPECTATORS_BURST, SPECTATORS_REFILL_SECONDS, ChatRate, chat_text
from server.clock import TABLE_OPTIONS, Ending, validate_table_options
from server.codecs import CODECS, Codec, unwrap_move, wrap_move
from server.errors import Reason, Refusal
from server.hints import hints_on, split_options, with_hints
from server.limits import LAN_LIMITS, Limits
from server.notes import NoteKind, TableEvent
from server.room import PlayedBy, Room, SeatKind, SeatSlot, Status
from server.sanitise import clean_line
from server.store import (
    ChatRecord,
    MatchIdTaken,
    MatchRecord,
    MoveRecord,
    SeatRecord,
    Store,
    Write,
)

logger = logging.getLogger(__name__)

MAX_NAME = 40
MATCH_ID_BYTES = 8
"""64 random bits: a collision is about 3e-12 likely at 10,000 matches, and is drawn again."""
MATCH_ID_ATTEMPTS = 5
JOIN_CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
"""Join codes are read aloud across a table: no 0/O or 1/I."""
JOIN_CODE_LENGTH = 6


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def clean_name(name: str) -> str:
    """A player's, creator's or spectator's name as others see it ("" when nothing is left)."""
    return clean_line(name)[:MAX_NAME].strip()


@dataclass
class CodecLog:
    """Commits a room's moves, seats and ending to the store, moves encoded by the codec."""

    store: Store
    codec: Codec

    def append(
        self,
        match_id: str,
        version: int,
        seat: Seat,
        move: Move,
        played_by: PlayedBy,
        finished: bool,
        clock: dict[str, Any],
    ) -> None:
        data = wrap_move(self.codec, move).SerializeToString()
        record = MoveRecord(seat, data, played_by.value, time.time())
        self.store.append_move(match_id, version, record, finished, clock)

    def save_seat(
        self, match_id: str, slot: SeatSlot, clock: dict[str, Any], finished: bool = False
    ) -> None:
        record = SeatRecord(slot.seat, slot.kind.value, slot.bot_level, slot.name, slot.token_hash)
        write = Store.clock_write(match_id, clock, Store.seat_write(match_id, record))
        if finished:
            Store.ending_write(match_id, {"kind": "played_out"}, write)
        self.store.commit(write)

    def save_ending(self, match_id: str, ending: Ending, clock: dict[str, Any]) -> None:
        self.store.commit(
            Store.ending_write(
                match_id, ending.to_dict(), Store.clock_write(match_id, clock, Write())
            )
        )

    def load(self, data: bytes) -> Move:
        return unwrap_move(self.codec, match_pb2.Move.FromString(data))

    def append_chat(self, match_id: str, line: ChatRecord) -> None:
        self.store.append_chat(match_id, line)


def system_seed() -> int:
    """A match's seed from the system's randomness: nobody at the table can predict the deal."""
    return secrets.randbits(63)


class LobbyWatcher:
    """The mailbox of one WatchLobby stream: the matches that changed since it last looked, in
    order of first change; a burst of changes to one match coalesces. It keeps the rooms, not
    their ids: a match that has just finished may have left the lobby already."""

    def __init__(self) -> None:
        self._changed: dict[str, Room] = {}
        self._wake = asyncio.Event()

    def mark(self, room: Room) -> None:
        self._changed[room.match_id] = room
        self._wake.set()

    async def wait(self) -> None:
        await self._wake.wait()
        self._wake.clear()

    def take(self) -> list[Room]:
        changed, self._changed = list(self._changed.values()), {}
        return changed


def bot_name(seat: Seat, level: str) -> str:
    """A bot seat's name, built from its canonical level, through the same sanitiser."""
    return clean_name(f"bot-{seat} ({level})")


def stored_seat(record: SeatRecord) -> SeatSlot:
    """A seat as stored, with its level made canonical and its name clean again: an older
    server stored bot levels as they were sent."""
    kind = SeatKind(record.kind)
    if kind is SeatKind.BOT:
        level = level_text(seat_level(record.bot_level))
        return SeatSlot(record.seat, kind, level, bot_name(record.seat, level))
    return SeatSlot(record.seat, kind, "", clean_name(record.name), record.token_hash)


def all_bots(room: Room) -> bool:
    return all(slot.kind is SeatKind.BOT for slot in room.seats)


class Lobby:
    def __init__(
        self,
        store: Store,
        bots: BotDriver,
        games: Mapping[str, Game] | None = None,
        codecs: Mapping[str, Codec] = CODECS,
        new_seed: Callable[[], int] = system_seed,
        new_match_id: Callable[[], str] = lambda: secrets.token_hex(MATCH_ID_BYTES),
        limits: Limits = LAN_LIMITS,
    ) -> None:
        self.store = store
        self.limits = limits
        self.bots = bots
        # A game is hosted once it has a codec: the engine may be ready before its wire format.
        self.games = games or {id: game for id, game in GAMES.items() if id in codecs}
        self.codecs = codecs
        self._new_seed = new_seed
        self._new_match_id = new_match_id
        self.rooms: dict[str, Room] = {}
        self._tokens: dict[str, tuple[str, Seat]] = {}
        self.listeners: list[Callable[[Room], None]] = []
        """Told of every room that joins the lobby (the referee attaches its timers)."""
        self.watchers: set[LobbyWatcher] = set()
        self._open: set[str] = set()
        self._bots_only: set[str] = set()
        """The unfinished matches, and those with bots in every seat, kept as they change, so
        the caps on them cost the same at 10 matches as at 10,000 (issue 20, 8g)."""
        self.chat_rate = ChatRate()
        self.spectator_chat = ChatRate(
            SPECTATORS_BURST, SPECTATORS_REFILL_SECONDS, " from all spectators of a match"
        )

    def _room(self, record: MatchRecord) -> Room:
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

    def restore(self) -> int:
        """Rebuilds every unfinished match by replaying its moves; returns how many. Finished
        ones stay in the store only (a rematch's previous match is rebuilt for its seats)."""
        for record in self.store.unfinished():
            try:
                room = self._room(record)
            except (KeyError, ValueError, Refusal, IllegalMove) as error:
                logger.error(
                    "match %s is not served: it does not replay (%s)", record.match_id, error
                )
                continue
            if record.rematch_of:
                previous = self.rooms.get(record.rematch_of) or self._archived(record.rematch_of)
                if previous is not None:
                    room.rematch_of, previous.rematch = previous, room
            self._add(room)
        return len(self.rooms)

    def _add(self, room: Room) -> None:
        self.rooms[room.match_id] = room
        for slot in room.seats:
            if slot.token_hash is not None:
                self._tokens[slot.token_hash] = (room.match_id, slot.seat)
        room.listeners.append(self._changed)
        self._count(room)
        self.bots.attach(room)
        for listener in self.listeners:
            listener(room)

    def _count(self, room: Room) -> None:
        """Keeps `_open` and `_bots_only` up to date with `room`."""
        if room.status is Status.FINISHED:
            self._open.discard(room.match_id)
            self._bots_only.discard(room.match_id)
            return
        self._open.add(room.match_id)
        if all_bots(room):
            self._bots_only.add(room.match_id)
        else:
            self._bots_only.discard(room.match_id)

    def _changed(self, room: Room) -> None:
        self._count(room)
        for watcher in self.watchers:
            watcher.mark(room)
        self.release(room)

    def release(self, room: Room) -> None:
        """Drops a finished match from memory once no stream uses it."""
        if room.status is not Status.FINISHED or room.subscribers:
            return
        if self.rooms.get(room.match_id) is room:
            del self.rooms[room.match_id]
            for slot in room.seats:
                if self._tokens.get(slot.token_hash or "", ("",))[0] == room.match_id:
                    del self._tokens[slot.token_hash or ""]

    def _archived(self, match_id: str) -> Room | None:
        """A finished match from the store, rebuilt, linked to its rematch; None if unknown.
        The previous match of a rematch under way is the very object that rematch holds."""
        for room in self.rooms.values():
            if room.rematch_of is not None and room.rematch_of.match_id == match_id:
                return room.rematch_of
        record = self.store.match(match_id)
        if record is None:
            return None
        room = self._room(record)
        child = self.store.rematch_of(match_id)
        if child is not None:
            rematch = self.rooms.get(child) or self._archived(child)
            if rematch is not None:
                room.rematch, rematch.rematch_of = rematch, room
        return room

    def watch(self) -> LobbyWatcher:
        """A new WatchLobby mailbox; `unwatch` it when the stream ends."""
        watcher = LobbyWatcher()
        self.watchers.add(watcher)
        return watcher

    def unwatch(self, watcher: LobbyWatcher) -> None:
        self.watchers.discard(watcher)

    def create(
        self,
        game_id: str,
        players: int,
        options: Mapping[str, str],
        seats: Sequence[tuple[SeatKind, str]],
        creator: str = "",
        rematch_of: Room | None = None,
        name: str = "",
    ) -> tuple[Room, str]:
        """Opens a match; returns it and the host's secret token ("" for a rematch, whose host
        is the previous match's). `seats` lists (kind, bot level) per seat; empty means seat 0
        human and the rest bots at the default level; `name` is the match's own (others read
        it: cleaned like a player's)."""
        game = self.games.get(game_id)
        if game is None:
            hosted = ", ".join(self.games)
            raise Refusal(
                Reason.UNKNOWN_GAME, f"no game {game_id!r} on this server (games: {hosted})"
            )
        players = players or game.info.default_players
        options, hints_option = split_options(options)
        table_names = {spec.name for spec in TABLE_OPTIONS}
        try:
            validated_game_options = game.info.validate(
                players, {k: v for k, v in options.items() if k not in table_names}
            )
            validated = validated_game_options | validate_table_options(options)
        except BadOptions as error:
            raise Refusal(Reason.BAD_OPTIONS, error.message, option=error.option) from None
        if not seats:
            seats = [(SeatKind.HUMAN, "")] + [(SeatKind.BOT, "")] * (players - 1)
        try:
            hints = hints_on(hints_option, [kind for kind, _ in seats])
        except BadOptions as error:
            raise Refusal(Reason.BAD_OPTIONS, error.message, option=error.option) from None
        if len(seats) != players:
            raise Refusal(
                Reason.BAD_SEATS, f"{len(seats)} seats were described for {players} players"
            )
        self._check_room_for(seats)
        slots = []
        for number, (kind, level) in enumerate(seats):
            if kind is SeatKind.BOT:
                level = checked_level(level, f"seat {number}")
                slots.append(SeatSlot(number, kind, level, bot_name(number, level)))
            else:
                slots.append(SeatSlot(number, kind))
        seed = self._new_seed()
        # A rematch keeps the host and the privacy of the match it follows (issue 20, 8f):
        # the old host token holds its host rights, and a stranger needs the same join code.
        host_token = "" if rematch_of is not None else secrets.token_urlsafe(24)
        host_hash = rematch_of.host_hash if rematch_of is not None else token_hash(host_token)
        join_code = rematch_of.join_code if rematch_of is not None else None
        creator = clean_name(creator)
        name = clean_name(name)
        records = [SeatRecord(s.seat, s.kind.value, s.bot_level, s.name, None) for s in slots]
        # Rare, but a deal can decide a match (e.g. Koi-Koi's hand yaku): with every seat a
        # bot's it is over at once; else when its last seat is taken (Room.began).
        decided = all(s.taken for s in slots) and (
            game.new(players, validated_game_options, seed).result() is not None
        )
        for _ in range(MATCH_ID_ATTEMPTS):
            match_id = self._new_match_id()
            if match_id in self.rooms:
                continue
            try:
                created_at = self.store.create_match(
                    match_id,
                    game_id,
                    players,
                    with_hints(validated, hints),
                    seed,
                    records,
                    host_hash,
                    creator,
                    rematch_of.match_id if rematch_of else None,
                    decided,
                    join_code,
                    name,
                )
            except MatchIdTaken:
                continue
            break
        else:
            raise RuntimeError(f"{MATCH_ID_ATTEMPTS} new match ids were all taken")
        room = Room(
            match_id,
            game,
            players,
            validated,
            seed,
            slots,
            CodecLog(self.store, self.codecs[game_id]),
            created_at,
            creator,
            host_hash,
            join_code,
            rematch_of=rematch_of,
            hints=hints,
            name=name,
        )
        if rematch_of is not None:
            rematch_of.rematch = room
        self._add(room)
        self._changed(room)
        if rematch_of is not None:
            rematch_of.broadcast([])  # every stream of the old table sees the offer
        return room, host_token

    def _check_room_for(self, seats: Sequence[tuple[SeatKind, str]]) -> None:
        """Refuses a new match beyond the server's caps on unfinished matches (`Limits`)."""
        if len(self._open) >= self.limits.open_matches:
            raise Refusal(
                Reason.TOO_MANY_MATCHES,
                f"the server holds {len(self._open)} unfinished matches, its most; join a "
                "waiting one (ListMatches) or try again later",
                limit="open_matches",
            )
        if all(kind is SeatKind.BOT for kind, _ in seats):
            self._check_bot_matches()

    def _check_bot_matches(self) -> None:
        """Refuses one more match of bots only beyond `Limits.bot_matches`."""
        if len(self._bots_only) >= self.limits.bot_matches:
            raise Refusal(
                Reason.TOO_MANY_BOT_MATCHES,
                f"the server runs {len(self._bots_only)} matches of bots only, its most; "
                "try again when one has finished",
                limit="bot_matches",
            )

    def room(self, match_id: str) -> Room:
        """A match under way or waiting."""
        room = self.rooms.get(match_id)
        if room is None or room.status is Status.FINISHED:
            if room is not None or self.store.match(match_id) is not None:
                raise Refusal(
                    Reason.MATCH_OVER, f"match {match_id} is over; replay or export it instead"
                )
            raise Refusal(
                Reason.UNKNOWN_MATCH,
                f"no match {match_id!r} on this server; ListMatches shows the open ones",
            )
        return room

    def any_room(self, match_id: str) -> Room:
        """A match in memory, or a finished one from the archive, kept in memory while a
        stream uses it (`release` drops it again)."""
        room = self.rooms.get(match_id) or self._archived(match_id)
        if room is None:
            raise Refusal(
                Reason.UNKNOWN_MATCH,
                f"no match {match_id!r} on this server; ListMatches shows the open ones",
            )
        if match_id not in self.rooms:
            self.rooms[match_id] = room
            if self._changed not in room.listeners:
                room.listeners.append(self._changed)
        return room

    def matches(self, game_id: str = "") -> list[Room]:
        """The unfinished matches, newest first."""
        rooms = [
            room
            for room in self.rooms.values()
            if (not game_id or room.game_id == game_id) and room.status is not Status.FINISHED
        ]
        return sorted(rooms, key=lambda room: (room.created_at, room.match_id), reverse=True)

    def archive(
        self, game_id: str = "", limit: int | None = None, before: tuple[float, str] | None = None
    ) -> list[MatchRecord]:
        """Finished matches, newest first, without their moves: at most `limit`, created
        before the page key `before`."""
        return self.store.finished(game_id, limit, before)

    def archived(self, game_id: str = "") -> int:
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
        return self._room(record), record

    def join(
        self,
        match_id: str,
        name: str,
        seat: Seat | None,
        join_code: str = "",
        presented: str | None = None,
        hot_seat: bool = False,
    ) -> tuple[Room, Seat, str]:
        """Seats a player; returns the room, the seat and its secret token. `presented` is the
        token the caller presented: a person is whoever holds a seat's token, so the holder of
        a seat of this match gets no second one unless they ask for a `hot_seat` game (issue
        20, point 5: the lobby let a person take their own match's second seat). A token
        that is unknown, or of another match, holds nothing here."""
        room = self.room(match_id)
        mine = None if presented is None or hot_seat else self._tokens.get(token_hash(presented))
        if mine is not None and mine[0] == match_id:
            raise Refusal(
                Reason.ALREADY_SEATED,
                f"you hold seat {mine[1]} of match {match_id} already, and a person plays one "
                "seat of a match; to play several seats at one screen ask for a hot-seat game",
                seat=str(mine[1]),
            )
        if room.join_code is not None and join_code.strip().upper() != room.join_code:
            if not join_code:
                raise Refusal(
                    Reason.JOIN_CODE_REQUIRED,
                    f"match {match_id} is private: ask its host for the join code",
                )
            raise Refusal(
                Reason.BAD_JOIN_CODE,
                f"{join_code!r} is not the join code of match {match_id}; ask its host",
            )
        if seat is None:
            free = [s for s in room.seats if not s.taken and room.reserved_for(s.seat) is None]
            if not free:
                held = [s.name for s in room.seats if room.reserved_for(s.seat) is not None]
                if held:
                    raise Refusal(
                        Reason.MATCH_FULL,
                        f"every free seat of match {match_id} is held for a player of the "
                        f"previous match ({', '.join(held)}); watch it or open another",
                    )
                raise Refusal(Reason.MATCH_FULL, f"every seat of match {match_id} is taken")
            slot = free[0]
        else:
            slot = self._seat(room, seat)
            if slot.taken:
                raise Refusal(Reason.SEAT_TAKEN, f"seat {seat} of match {match_id} is taken")
            holder = room.reserved_for(seat)
            if holder is not None:
                raise Refusal(
                    Reason.SEAT_RESERVED,
                    f"seat {seat} of match {match_id} is held for {holder.name}, who played it "
                    "in the previous match, until they accept the rematch or leave",
                )
        return room, slot.seat, self._sit(room, slot, name)

    def _sit(self, room: Room, slot: SeatSlot, name: str) -> str:
        """Gives `slot` to `name`; returns the new secret token."""
        token = secrets.token_urlsafe(24)
        hashed = token_hash(token)
        room.seat_player(slot.seat, clean_name(name) or f"player-{slot.seat}", hashed)
        # A match its deal decided is over once its last seat is taken, and went to the
        # archive at once (`_changed`): the token is then found there, like any finished one's.
        if self.rooms.get(room.match_id) is room:
            self._tokens[hashed] = (room.match_id, slot.seat)
        return token

    def rematch(
        self, token: str, opening: Callable[[], None] = lambda: None
    ) -> tuple[Room, Seat, str]:
        """Accepts "play again" for the token's seat of a finished match: opens the rematch on
        the first call (after `opening()`, which may refuse it as CreateMatch would be: the
        rate limit), and seats the caller in their old seat there."""
        room, seat = self.authenticate(token)
        if room.status is not Status.FINISHED:
            raise Refusal(
                Reason.MATCH_NOT_OVER,
                f"match {room.match_id} is not over yet; ask for a rematch after the last move",
            )
        slot = room.seats[seat]
        if room.rematch is None:
            seats = [(s.kind, s.bot_level) for s in room.seats]
            options = with_hints(room.options, room.hints)
            opening()
            self.create(room.game_id, room.players, options, seats, slot.name, room, room.name)
        rematch = room.rematch
        assert rematch is not None, "create links the rematch"
        if rematch.seats[seat].taken:
            raise Refusal(
                Reason.REMATCH_ACCEPTED,
                f"you already accepted: seat {seat} of match {rematch.match_id} is yours with "
                "the token the first Rematch call gave you",
                match_id=rematch.match_id,
            )
        return rematch, seat, self._sit(rematch, rematch.seats[seat], slot.name)

    def say(
        self, match_id: str, token: str | None, text: str, spectator_name: str, address: str
    ) -> ChatRecord:
        """Says one chat line at the table of `match_id`: as the token's seat, or without a
        token as a spectator (rate-limited per client `address`, and per match for all its
        spectators together)."""
        room = self.any_room(match_id)
        seat: Seat | None = None
        if token is not None:
            token_room, seat = self.authenticate(token)
            if token_room is not room:
                raise Refusal(
                    Reason.WRONG_MATCH,
                    f"the token seats you in match {token_room.match_id}, not {match_id}; "
                    "chat there, or without a token as a spectator",
                )
        line = chat_text(text)
        if seat is None:
            self.chat_rate.take(("spectator", address))
            self.spectator_chat.take(match_id)
            name = clean_name(spectator_name) or "spectator"
        else:
            self.chat_rate.take((match_id, seat))
            name = room.seats[seat].name
        record = ChatRecord(len(room.chat) + 1, seat, name, line, time.time())
        room.say(record)
        self.release(room)
        return record

    @staticmethod
    def _seat(room: Room, seat: Seat) -> SeatSlot:
        if not 0 <= seat < len(room.seats):
            raise Refusal(
                Reason.NO_SUCH_SEAT,
                f"match {room.match_id} has seats 0-{len(room.seats) - 1}, not {seat}",
            )
        return room.seats[seat]

    def authenticate(self, token: str) -> tuple[Room, Seat]:
        """The room and seat a token holds; a finished match is rebuilt from the archive."""
        hashed = token_hash(token)
        found = self._tokens.get(hashed)
        if found is not None:
            return self.rooms[found[0]], found[1]
        archived = self.store.seat_of_token(hashed)
        if archived is not None:
            room = self.any_room(archived[0])
            if room.status is Status.FINISHED and room.seats[archived[1]].token_hash == hashed:
                return room, archived[1]
        raise Refusal(
            Reason.BAD_TOKEN,
            "the token is not known here: it was given up, its seat was freed by the host, or "
            "it is from another server; join the match again",
        )

    def leave(self, token: str) -> None:
        """Gives the token's seat up (in a finished match: frees its rematch seat too)."""
        room, seat = self.authenticate(token)
        self._forget(room, seat)
        room.free_seat(seat, NoteKind.GAVE_UP)
        if room.rematch is not None:
            room.rematch.broadcast([])  # the seat held there for this player is free now
        self.release(room)

    def _forget(self, room: Room, seat: Seat) -> None:
        self._tokens.pop(room.seats[seat].token_hash or "", None)

    # Host controls: the token CreateMatch returned.

    def hosted(self, match_id: str, host_token: str) -> Room:
        """The match, if `host_token` holds its host rights."""
        room = self.room(match_id)
        if room.host_hash is None or token_hash(host_token) != room.host_hash:
            raise Refusal(
                Reason.NOT_HOST,
                f"only the host of match {match_id} may do this; send the host token "
                "CreateMatch returned",
            )
        return room

    def kick(self, match_id: str, host_token: str, seat: Seat) -> Room:
        """Frees `seat`: its holder's token stops working and anyone may take it."""
        room = self.hosted(match_id, host_token)
        slot = self._seat(room, seat)
        if not slot.taken:
            raise Refusal(Reason.SEAT_FREE, f"seat {seat} of match {match_id} is already free")
        self._forget(room, seat)
        room.free_seat(seat, NoteKind.REMOVED)
        return room

    def replace_with_bot(self, match_id: str, host_token: str, seat: Seat, level: str) -> Room:
        """Hands `seat` to a server bot; a person holding it is removed."""
        room = self.hosted(match_id, host_token)
        slot = self._seat(room, seat)
        level = checked_level(level, f"seat {seat}")
        if slot.kind is SeatKind.BOT and slot.bot_level == level:
            raise Refusal(
                Reason.SEAT_TAKEN, f"seat {seat} of match {match_id} is already a {level} bot"
            )
        others = [s for s in room.seats if s.seat != seat]
        if room.match_id not in self._bots_only and all(s.kind is SeatKind.BOT for s in others):
            self._check_bot_matches()  # the match would be one of bots only (issue 20, 8f)
        self._forget(room, seat)
        room.seat_bot(seat, level, bot_name(seat, level))
        return room

    def abort(self, match_id: str, host_token: str) -> Room:
        room = self.hosted(match_id, host_token)
        room.end(Ending("aborted"))
        return room

    def set_private(self, match_id: str, host_token: str, private: bool) -> Room:
        """Makes the match private with a new join code, or public again."""
        room = self.hosted(match_id, host_token)
        code = None
        if private:
            code = "".join(secrets.choice(JOIN_CODE_ALPHABET) for _ in range(JOIN_CODE_LENGTH))
        self.store.set_join_code(match_id, code)
        room.join_code = code
        room.broadcast([])
        return room


def checked_level(level: str, where: str) -> str:
    """A bot level as the server stores it (canonical), or a BAD_SEATS refusal."""
    try:
        return canonical_level(level.strip() or DEFAULT_LEVEL)
    except ValueError as error:
        raise Refusal(Reason.BAD_SEATS, f"{where}: {error}") from None
