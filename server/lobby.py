"""The lobby: every room on this server, seats and their tokens. No gRPC here.

Tokens are random secrets handed out once by `join`; only their SHA-256 is kept (in memory and in
the store), so a copied database file seats nobody.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import secrets
import time
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass

from tigerden.v1 import match_pb2

from bots import canonical_level
from bots.levels import level_text
from engine import GAMES
from engine.core import BadOptions, Game, IllegalMove, Move, Seat
from server.bots import DEFAULT_LEVEL, BotDriver, seat_level
from server.chat import ChatRate, chat_text
from server.codecs import CODECS, Codec, unwrap_move, wrap_move
from server.errors import Reason, Refusal
from server.hints import hints_on, split_options, with_hints
from server.limits import LAN_LIMITS, Limits
from server.room import Room, SeatKind, SeatSlot, Status
from server.sanitise import clean_line
from server.store import ChatRecord, MatchIdTaken, SeatRecord, Store

logger = logging.getLogger(__name__)

MAX_NAME = 40
MATCH_ID_BYTES = 8
"""64 random bits: a collision is about 3e-12 likely at 10,000 matches, and is drawn again."""
MATCH_ID_ATTEMPTS = 5


def clean_name(name: str) -> str:
    """A player's, creator's or spectator's name as others see it ("" when nothing is left)."""
    return clean_line(name)[:MAX_NAME].strip()


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass
class CodecLog:
    """Commits a room's moves to the store, encoded by the game's codec."""

    store: Store
    codec: Codec

    def append(self, match_id: str, version: int, seat: Seat, move: Move, finished: bool) -> None:
        data = wrap_move(self.codec, move).SerializeToString()
        self.store.append_move(match_id, version, seat, data, finished)

    def load(self, data: bytes) -> Move:
        return unwrap_move(self.codec, match_pb2.Move.FromString(data))

    def append_chat(self, match_id: str, line: ChatRecord) -> None:
        self.store.append_chat(match_id, line)


class LobbyWatcher:
    """The mailbox of one WatchLobby stream: the ids of the matches that changed since it last
    looked, in order of first change; a burst of changes to one match coalesces."""

    def __init__(self) -> None:
        self._changed: dict[str, None] = {}
        self._wake = asyncio.Event()

    def mark(self, match_id: str) -> None:
        self._changed[match_id] = None
        self._wake.set()

    async def wait(self) -> None:
        await self._wake.wait()
        self._wake.clear()

    def take(self) -> list[str]:
        changed, self._changed = list(self._changed), {}
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
        new_seed: Callable[[], int] = lambda: secrets.randbits(63),
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
        self.watchers: set[LobbyWatcher] = set()
        self.chat_rate = ChatRate()

    def restore(self) -> int:
        """Rebuilds every stored match by replaying its moves; returns how many. A match that
        no longer replays (a game this server lacks, a move it no longer accepts, such as the
        Doors set decisions retired by ruling D1) is logged and left in the file, unserved."""
        for record in self.store.matches():
            try:
                game = self.games[record.game_id]
                log = CodecLog(self.store, self.codecs[record.game_id])
                seats = [stored_seat(s) for s in record.seats]
                options, hints_option = split_options(record.options)
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
                    chat=list(record.chat),
                    hints=hints_on(hints_option, [seat.kind for seat in seats]),
                )
                room.replay([(seat, log.load(data)) for seat, data in record.moves])
            except (KeyError, ValueError, Refusal, IllegalMove) as error:
                logger.error(
                    "match %s is not served: it does not replay (%s)", record.match_id, error
                )
                continue
            previous = self.rooms.get(record.rematch_of or "")
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
        self.bots.attach(room)

    def _changed(self, room: Room) -> None:
        for watcher in self.watchers:
            watcher.mark(room.match_id)

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
    ) -> Room:
        """Opens a match. `seats` lists (kind, bot level) per seat; empty means seat 0 human
        and the rest bots at the default level."""
        game = self.games.get(game_id)
        if game is None:
            hosted = ", ".join(self.games)
            raise Refusal(
                Reason.UNKNOWN_GAME, f"no game {game_id!r} on this server (games: {hosted})"
            )
        players = players or game.info.default_players
        options, hints_option = split_options(options)
        try:
            validated = game.info.validate(players, options)
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
                try:
                    level = canonical_level(level.strip() or DEFAULT_LEVEL)
                except ValueError as error:
                    raise Refusal(Reason.BAD_SEATS, f"seat {number}: {error}") from None
                slots.append(SeatSlot(number, kind, level, bot_name(number, level)))
            else:
                slots.append(SeatSlot(number, kind))
        seed = self._new_seed()
        creator = clean_name(creator)
        records = [SeatRecord(s.seat, s.kind.value, s.bot_level, s.name, None) for s in slots]
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
                    creator,
                    rematch_of.match_id if rematch_of else None,
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
            rematch_of=rematch_of,
            hints=hints,
        )
        if rematch_of is not None:
            rematch_of.rematch = room
        self._add(room)
        self._changed(room)
        if rematch_of is not None:
            rematch_of.broadcast([])  # every stream of the old table sees the offer
        return room

    def _check_room_for(self, seats: Sequence[tuple[SeatKind, str]]) -> None:
        """Refuses a new match beyond the server's caps on unfinished matches (`Limits`)."""
        unfinished = [r for r in self.rooms.values() if r.status is not Status.FINISHED]
        if len(unfinished) >= self.limits.open_matches:
            raise Refusal(
                Reason.TOO_MANY_MATCHES,
                f"the server holds {len(unfinished)} unfinished matches, its most; join a "
                "waiting one (ListMatches) or try again later",
                limit="open_matches",
            )
        if all(kind is SeatKind.BOT for kind, _ in seats):
            bot_matches = [r for r in unfinished if all_bots(r)]
            if len(bot_matches) >= self.limits.bot_matches:
                raise Refusal(
                    Reason.TOO_MANY_BOT_MATCHES,
                    f"the server runs {len(bot_matches)} matches of bots only, its most; "
                    "try again when one has finished",
                    limit="bot_matches",
                )

    def room(self, match_id: str) -> Room:
        room = self.rooms.get(match_id)
        if room is None:
            raise Refusal(
                Reason.UNKNOWN_MATCH,
                f"no match {match_id!r} on this server; ListMatches shows the open ones",
            )
        return room

    def matches(self, game_id: str = "", include_finished: bool = False) -> list[Room]:
        rooms = [
            room
            for room in self.rooms.values()
            if (not game_id or room.game_id == game_id)
            and (include_finished or room.status is not Status.FINISHED)
        ]
        return sorted(rooms, key=lambda room: (room.created_at, room.match_id), reverse=True)

    def join(self, match_id: str, name: str, seat: Seat | None) -> tuple[Room, Seat, str]:
        """Seats a player; returns the room, the seat and its secret token."""
        room = self.room(match_id)
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
            if not 0 <= seat < len(room.seats):
                raise Refusal(
                    Reason.NO_SUCH_SEAT,
                    f"match {match_id} has seats 0-{len(room.seats) - 1}, not {seat}",
                )
            slot = room.seats[seat]
            if slot.taken:
                raise Refusal(Reason.SEAT_TAKEN, f"seat {seat} of match {match_id} is taken")
            holder = room.reserved_for(seat)
            if holder is not None:
                raise Refusal(
                    Reason.SEAT_RESERVED,
                    f"seat {seat} of match {match_id} is held for {holder.name}, who played it "
                    "in the previous match, until they accept the rematch or leave",
                )
        return room, slot.seat, self._seat(room, slot, name)

    def _seat(self, room: Room, slot: SeatSlot, name: str) -> str:
        """Gives `slot` to `name`; returns the new secret token."""
        token = secrets.token_urlsafe(24)
        hashed = token_hash(token)
        name = clean_name(name) or f"player-{slot.seat}"
        self.store.set_seat(room.match_id, slot.seat, name, hashed)
        slot.name, slot.token_hash = name, hashed
        self._tokens[hashed] = (room.match_id, slot.seat)
        room.seated(slot.seat)
        return token

    def rematch(self, token: str) -> tuple[Room, Seat, str]:
        """Accepts "play again" for the token's seat of a finished match: opens the rematch on
        the first call, and seats the caller in their old seat there."""
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
            self.create(room.game_id, room.players, options, seats, slot.name, room)
        rematch = room.rematch
        assert rematch is not None, "create links the rematch"
        if rematch.seats[seat].taken:
            raise Refusal(
                Reason.REMATCH_ACCEPTED,
                f"you already accepted: seat {seat} of match {rematch.match_id} is yours with "
                "the token the first Rematch call gave you",
                match_id=rematch.match_id,
            )
        return rematch, seat, self._seat(rematch, rematch.seats[seat], slot.name)

    def say(
        self, match_id: str, token: str | None, text: str, spectator_name: str, peer: Hashable
    ) -> ChatRecord:
        """Says one chat line at the table of `match_id`: as the token's seat, or without a
        token as a spectator (rate-limited per connection `peer`)."""
        room = self.room(match_id)
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
            self.chat_rate.take(("spectator", match_id, peer))
            name = clean_name(spectator_name) or "spectator"
        else:
            self.chat_rate.take((match_id, seat))
            name = room.seats[seat].name
        record = ChatRecord(len(room.chat) + 1, seat, name, line, time.time())
        room.say(record)
        return record

    def authenticate(self, token: str) -> tuple[Room, Seat]:
        found = self._tokens.get(token_hash(token))
        if found is None:
            raise Refusal(
                Reason.BAD_TOKEN,
                "the token is not known here: it was given up, or is from another server; "
                "join the match again",
            )
        match_id, seat = found
        return self.rooms[match_id], seat

    def leave(self, token: str) -> None:
        room, seat = self.authenticate(token)
        slot = room.seats[seat]
        self.store.set_seat(room.match_id, seat, "", None)
        del self._tokens[token_hash(token)]
        name, slot.name, slot.token_hash = slot.name, "", None
        room.vacated(seat, name)
        if room.rematch is not None:
            room.rematch.broadcast([])  # the seat held there for this player is free now
