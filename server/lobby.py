"""The lobby: opening matches and seating players in them. No gRPC, protobuf, codec or store
here: matches are stored through the registry's `Ledger` (server/registry.py).

A seat's token is a random secret handed out once (by `join`, and by `rematch` for the seat
kept at the next match); the host's by `create`. Only their SHA-256 is kept.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Mapping, Sequence

from bots import canonical_level
from engine.core import BadOptions, Game, Seat
from server.bots import DEFAULT_LEVEL
from server.clock import TABLE_OPTIONS, validate_table_options
from server.errors import Reason, Refusal
from server.hints import hints_on, split_options, with_hints
from server.log import MatchLog
from server.notes import NoteKind
from server.registry import NewMatch, Registry, new_token, token_hash
from server.room import Room, Status
from server.sanitise import clean_line
from server.seats import SeatKind, SeatSlot

MAX_NAME = 40
MATCH_ID_BYTES = 8
"""64 random bits: a collision is about 3e-12 likely at 10,000 matches, and is drawn again."""
MATCH_ID_ATTEMPTS = 5


def clean_name(name: str) -> str:
    """A player's, creator's or spectator's name as others see it ("" when nothing is left)."""
    return clean_line(name)[:MAX_NAME].strip()


def system_seed() -> int:
    """A match's seed from the system's randomness: nobody at the table can predict the deal."""
    return secrets.randbits(63)


def random_match_id() -> str:
    return secrets.token_hex(MATCH_ID_BYTES)


def bot_name(seat: Seat, level: str) -> str:
    """A bot seat's name, built from its canonical level, through the same sanitiser."""
    return clean_name(f"bot-{seat} ({level})")


def numbered_seat(room: Room, seat: Seat) -> SeatSlot:
    """The slot of `seat`, or a NO_SUCH_SEAT refusal."""
    if not 0 <= seat < len(room.seats):
        raise Refusal(
            Reason.NO_SUCH_SEAT,
            f"match {room.match_id} has seats 0-{len(room.seats) - 1}, not {seat}",
        )
    return room.seats[seat]


class Lobby:
    """Opens matches (and rematches) in the registry and seats players in them."""

    def __init__(
        self,
        registry: Registry,
        games: Mapping[str, Game],
        new_seed: Callable[[], int] = system_seed,
        new_match_id: Callable[[], str] = random_match_id,
    ) -> None:
        self.registry = registry
        self.games = games
        """The games hosted: those with a codec (server/main.py picks them)."""
        self._new_seed = new_seed
        self._new_match_id = new_match_id

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
        it: cleaned like a player's). Its length is the two lists of every field of the new
        match, one for the ledger's record and one for the room; the checks are functions."""
        game = self.games.get(game_id)
        if game is None:
            hosted = ", ".join(self.games)
            raise Refusal(
                Reason.UNKNOWN_GAME, f"no game {game_id!r} on this server (games: {hosted})"
            )
        players = players or game.info.default_players
        options, hints_option = split_options(options)
        validated_game_options, validated = checked_options(game, players, options)
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
        self.registry.check_room_for(seats)
        slots = seat_slots(seats)
        seed = self._new_seed()
        # A rematch keeps the host and the privacy of the match it follows (issue 20, 8f):
        # the old host token holds its host rights, and a stranger needs the same join code.
        host_token = "" if rematch_of is not None else new_token()
        host_hash = rematch_of.host_hash if rematch_of is not None else token_hash(host_token)
        join_code = rematch_of.join_code if rematch_of is not None else None
        creator = clean_name(creator)
        name = clean_name(name)
        # Rare, but a deal can decide a match (e.g. Koi-Koi's hand yaku): with every seat a
        # bot's it is over at once; else when its last seat is taken (Room.began).
        decided = all(s.taken for s in slots) and (
            game.new(players, validated_game_options, seed).result() is not None
        )
        match_id, log, created_at = self._open(
            lambda match_id: NewMatch(
                match_id,
                game_id,
                players,
                with_hints(validated, hints),
                seed,
                slots,
                host_hash,
                creator,
                rematch_of.match_id if rematch_of else None,
                decided,
                join_code,
                name,
            )
        )
        room = Room(
            match_id,
            game,
            players,
            validated,
            seed,
            slots,
            log,
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
        self.registry.add(room)
        self.registry.changed(room)
        if rematch_of is not None:
            rematch_of.broadcast([])  # every stream of the old table sees the offer
        return room, host_token

    def _open(self, new: Callable[[str], NewMatch]) -> tuple[str, MatchLog, float]:
        """Opens the ledger's record of a match under a fresh id (`new` makes the record for
        an id); returns the id, the match's log and when it was created."""
        for _ in range(MATCH_ID_ATTEMPTS):
            match_id = self._new_match_id()
            if match_id in self.registry.rooms:
                continue
            opened = self.registry.ledger.open(new(match_id))
            if opened is not None:
                log, created_at = opened
                return match_id, log, created_at
        raise RuntimeError(f"{MATCH_ID_ATTEMPTS} new match ids were all taken")

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
        room = self.registry.room(match_id)
        mine = None if presented is None or hot_seat else self.registry.holder(presented)
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
            slot = numbered_seat(room, seat)
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
        token = new_token()
        hashed = token_hash(token)
        room.seat_player(slot.seat, clean_name(name) or f"player-{slot.seat}", hashed)
        self.registry.seated(room, slot.seat, hashed)
        return token

    def rematch(
        self, token: str, opening: Callable[[], None] = lambda: None
    ) -> tuple[Room, Seat, str]:
        """Accepts "play again" for the token's seat of a finished match: opens the rematch on
        the first call (after `opening()`, which may refuse it as CreateMatch would be: the
        rate limit), and seats the caller in their old seat there."""
        room, seat = self.registry.authenticate(token)
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

    def leave(self, token: str) -> None:
        """Gives the token's seat up (in a finished match: frees its rematch seat too)."""
        room, seat = self.registry.authenticate(token)
        self.registry.forget(room, seat)
        room.free_seat(seat, NoteKind.GAVE_UP)
        if room.rematch is not None:
            room.rematch.broadcast([])  # the seat held there for this player is free now
        self.registry.release(room)


def checked_options(
    game: Game, players: int, options: Mapping[str, str]
) -> tuple[dict[str, str], dict[str, str]]:
    """The game's own options validated (what the engine gets) and those joined with the
    table's (clock, timeout, away: the lobby's, never the engine's); a bad one is refused
    naming it."""
    table_names = {spec.name for spec in TABLE_OPTIONS}
    try:
        game_options = game.info.validate(
            players, {k: v for k, v in options.items() if k not in table_names}
        )
        return game_options, game_options | validate_table_options(options)
    except BadOptions as error:
        raise Refusal(Reason.BAD_OPTIONS, error.message, option=error.option) from None


def seat_slots(seats: Sequence[tuple[SeatKind, str]]) -> list[SeatSlot]:
    """The seats of a new match: bots at their checked level with their names, people free."""
    slots = []
    for number, (kind, level) in enumerate(seats):
        if kind is SeatKind.BOT:
            level = checked_level(level, f"seat {number}")
            slots.append(SeatSlot(number, kind, level, bot_name(number, level)))
        else:
            slots.append(SeatSlot(number, kind))
    return slots


def checked_level(level: str, where: str) -> str:
    """A bot level as the server stores it (canonical), or a BAD_SEATS refusal."""
    try:
        return canonical_level(level.strip() or DEFAULT_LEVEL)
    except ValueError as error:
        raise Refusal(Reason.BAD_SEATS, f"{where}: {error}") from None
