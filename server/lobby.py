"""The lobby: every room on this server, seats and their tokens. No gRPC here.

Tokens are random secrets handed out once by `join`; only their SHA-256 is kept (in memory and in
the store), so a copied database file seats nobody.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from tigerden.v1 import match_pb2

from bots import parse_level
from engine import GAMES
from engine.core import BadOptions, Game, Move, Seat
from server.bots import DEFAULT_LEVEL, BotDriver
from server.codecs import CODECS, Codec, unwrap_move, wrap_move
from server.errors import Reason, Refusal
from server.room import Room, SeatKind, SeatSlot, Status
from server.store import SeatRecord, Store

MAX_NAME = 40


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


class Lobby:
    def __init__(
        self,
        store: Store,
        bots: BotDriver,
        games: Mapping[str, Game] | None = None,
        codecs: Mapping[str, Codec] = CODECS,
        new_seed: Callable[[], int] = lambda: secrets.randbits(63),
        new_match_id: Callable[[], str] = lambda: secrets.token_hex(4),
    ) -> None:
        self.store = store
        self.bots = bots
        # A game is hosted once it has a codec: the engine may be ready before its wire format.
        self.games = games or {id: game for id, game in GAMES.items() if id in codecs}
        self.codecs = codecs
        self._new_seed = new_seed
        self._new_match_id = new_match_id
        self.rooms: dict[str, Room] = {}
        self._tokens: dict[str, tuple[str, Seat]] = {}

    def restore(self) -> int:
        """Rebuilds every stored match by replaying its moves; returns how many."""
        for record in self.store.matches():
            game = self.games[record.game_id]
            log = CodecLog(self.store, self.codecs[record.game_id])
            seats = [
                SeatSlot(s.seat, SeatKind(s.kind), s.bot_level, s.name, s.token_hash)
                for s in record.seats
            ]
            room = Room(
                record.match_id,
                game,
                record.players,
                record.options,
                record.seed,
                seats,
                log,
                record.created_at,
            )
            room.replay([(seat, log.load(data)) for seat, data in record.moves])
            self._add(room)
        return len(self.rooms)

    def _add(self, room: Room) -> None:
        self.rooms[room.match_id] = room
        for slot in room.seats:
            if slot.token_hash is not None:
                self._tokens[slot.token_hash] = (room.match_id, slot.seat)
        self.bots.attach(room)

    def create(
        self,
        game_id: str,
        players: int,
        options: Mapping[str, str],
        seats: Sequence[tuple[SeatKind, str]],
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
        try:
            validated = game.info.validate(players, options)
        except BadOptions as error:
            raise Refusal(Reason.BAD_OPTIONS, error.message, option=error.option) from None
        if not seats:
            seats = [(SeatKind.HUMAN, "")] + [(SeatKind.BOT, "")] * (players - 1)
        if len(seats) != players:
            raise Refusal(
                Reason.BAD_SEATS, f"{len(seats)} seats were described for {players} players"
            )
        slots = []
        for number, (kind, level) in enumerate(seats):
            if kind is SeatKind.BOT:
                level = level.strip() or DEFAULT_LEVEL
                try:
                    parse_level(level)
                except ValueError as error:
                    raise Refusal(Reason.BAD_SEATS, f"seat {number}: {error}") from None
                slots.append(SeatSlot(number, kind, level, f"bot-{number} ({level})"))
            else:
                slots.append(SeatSlot(number, kind))
        match_id = self._new_match_id()
        seed = self._new_seed()
        created_at = self.store.create_match(
            match_id,
            game_id,
            players,
            validated,
            seed,
            [SeatRecord(s.seat, s.kind.value, s.bot_level, s.name, None) for s in slots],
        )
        room = Room(
            match_id,
            game,
            players,
            validated,
            seed,
            slots,
            CodecLog(self.store, self.codecs[game_id]),
            created_at,
        )
        self._add(room)
        return room

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
        return sorted(rooms, key=lambda room: room.created_at, reverse=True)

    def join(self, match_id: str, name: str, seat: Seat | None) -> tuple[Room, Seat, str]:
        """Seats a player; returns the room, the seat and its secret token."""
        room = self.room(match_id)
        if seat is None:
            free = [slot for slot in room.seats if not slot.taken]
            if not free:
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
        token = secrets.token_urlsafe(24)
        hashed = token_hash(token)
        # Names reach other players' terminals: no control characters or escape sequences.
        name = "".join(ch for ch in name if ch.isprintable()).strip()[:MAX_NAME]
        name = name or f"player-{slot.seat}"
        self.store.set_seat(match_id, slot.seat, name, hashed)
        slot.name, slot.token_hash = name, hashed
        self._tokens[hashed] = (match_id, slot.seat)
        room.broadcast([])
        return room, slot.seat, token

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
        slot.name, slot.token_hash = "", None
        room.revoke(seat)
        room.broadcast([])
