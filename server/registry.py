"""The registry: every room this server holds in memory and the tokens that seat players in
them. No gRPC, protobuf, codec or store here: what it cannot keep in memory it asks of a
`Ledger`, the registry's own small view of the stored matches (server/archive.py implements it
over the store; tests can pass one in memory).

Tokens are random secrets handed out once (for a seat by server/lobby.py, for the host when a
match is created); only their SHA-256 is kept (in memory and in the store), so a copied
database file seats nobody.

Only unfinished matches and the finished ones somebody still uses (an open stream: the last
snapshot, the chat after the match, the rematch offer) live in memory: a finished match leaves
`rooms` when its last stream closes. The archive of finished matches is rebuilt from the
ledger when someone watches one or uses a token of it (chat, rematch).
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

from engine.core import Seat
from server.bots import BotDriver
from server.errors import Reason, Refusal
from server.lobby_watch import LobbyWatcher
from server.log import MatchLog
from server.room import Room, Status
from server.seats import SeatKind, SeatSlot


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def new_token() -> str:
    """A fresh secret for a seat or a host: 192 random bits, URL-safe.

    Never one that starts with `-`: people paste tokens after `--token` on the command line, and
    argparse reads `--token -x…` as an option with its value missing (one token in 64 did)."""
    while True:
        token = secrets.token_urlsafe(24)
        if not token.startswith("-"):
            return token


@dataclass(frozen=True)
class NewMatch:
    """What the ledger keeps of a match as it opens: all a replay needs but its moves."""

    match_id: str
    game_id: str
    players: int
    options: Mapping[str, str]
    seed: int
    seats: Sequence[SeatSlot]
    host_hash: str | None
    creator: str
    rematch_of: str | None
    decided: bool
    """The deal decided the match and every seat is a bot's: it is over as it opens."""
    join_code: str | None
    name: str


class Ledger(Protocol):
    """The stored matches, as the registry asks for them."""

    def open(self, match: NewMatch) -> tuple[MatchLog, float] | None:
        """Stores a new match; returns its log and its creation time (Unix seconds), or None
        when its id is taken already."""
        ...

    def known(self, match_id: str) -> bool:
        """Whether a match of that id was ever stored."""
        ...

    def rebuilt(self, match_id: str) -> Room | None:
        """The stored match, rebuilt by replaying its moves (not linked to its rematch)."""
        ...

    def rematch_of(self, match_id: str) -> str | None:
        """The id of the match opened as the rematch of `match_id`, if any."""
        ...

    def seat_of_token(self, token_hash: str) -> tuple[str, Seat] | None:
        """The match and seat a stored token hash holds, if any."""
        ...


class MatchCaps(Protocol):
    """The server's caps on unfinished matches (server/limits.py's `Limits` has them)."""

    @property
    def open_matches(self) -> int: ...

    @property
    def bot_matches(self) -> int: ...


def all_bots(room: Room) -> bool:
    return all(slot.kind is SeatKind.BOT for slot in room.seats)


class Registry:
    """The rooms in memory, their tokens, and the counts the caps are checked against."""

    def __init__(self, ledger: Ledger, bots: BotDriver, caps: MatchCaps) -> None:
        self.ledger = ledger
        self.bots = bots
        self.caps = caps
        self.rooms: dict[str, Room] = {}
        self._tokens: dict[str, tuple[str, Seat]] = {}
        self.listeners: list[Callable[[Room], None]] = []
        """Told of every room that joins the registry (the referee attaches its timers)."""
        self.watchers: set[LobbyWatcher] = set()
        self._open: set[str] = set()
        self._bots_only: set[str] = set()
        """The unfinished matches, and those with bots in every seat, kept as they change, so
        the caps on them cost the same at 10 matches as at 10,000 (issue 20, 8g)."""

    def add(self, room: Room) -> None:
        """Takes a new or restored room in: its tokens, its bots, its timers."""
        self.rooms[room.match_id] = room
        for slot in room.seats:
            if slot.token_hash is not None:
                self._tokens[slot.token_hash] = (room.match_id, slot.seat)
        room.listeners.append(self.changed)
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

    def changed(self, room: Room) -> None:
        """Told of every change of a room it holds: counts it, tells the lobby's watchers."""
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

    def seated(self, room: Room, seat: Seat, hashed: str) -> None:
        """Records the token `hashed` of `seat`, just given to a player. A match its deal
        decided is over once its last seat is taken, and went to the archive at once
        (`changed`): the token is then found there, like any finished one's."""
        if self.rooms.get(room.match_id) is room:
            self._tokens[hashed] = (room.match_id, seat)

    def forget(self, room: Room, seat: Seat) -> None:
        """Forgets the token of `seat`, whose player is leaving it."""
        self._tokens.pop(room.seats[seat].token_hash or "", None)

    def holder(self, token: str) -> tuple[str, Seat] | None:
        """The match and seat the token holds among the rooms in memory."""
        return self._tokens.get(token_hash(token))

    def archived(self, match_id: str) -> Room | None:
        """A finished match from the ledger, rebuilt, linked to its rematch; None if unknown.
        The previous match of a rematch under way is the very object that rematch holds."""
        for room in self.rooms.values():
            if room.rematch_of is not None and room.rematch_of.match_id == match_id:
                return room.rematch_of
        stored = self.ledger.rebuilt(match_id)
        if stored is None:
            return None
        child = self.ledger.rematch_of(match_id)
        if child is not None:
            rematch = self.rooms.get(child) or self.archived(child)
            if rematch is not None:
                stored.rematch, rematch.rematch_of = rematch, stored
        return stored

    def watch(self) -> LobbyWatcher:
        """A new WatchLobby mailbox; `unwatch` it when the stream ends."""
        watcher = LobbyWatcher()
        self.watchers.add(watcher)
        return watcher

    def unwatch(self, watcher: LobbyWatcher) -> None:
        self.watchers.discard(watcher)

    def check_room_for(self, seats: Sequence[tuple[SeatKind, str]]) -> None:
        """Refuses a new match beyond the server's caps on unfinished matches."""
        if len(self._open) >= self.caps.open_matches:
            raise Refusal(
                Reason.TOO_MANY_MATCHES,
                f"the server holds {len(self._open)} unfinished matches, its most; join a "
                "waiting one (ListMatches) or try again later",
                limit="open_matches",
            )
        if all(kind is SeatKind.BOT for kind, _ in seats):
            self.check_bot_matches()

    def check_bot_matches(self) -> None:
        """Refuses one more match of bots only beyond `MatchCaps.bot_matches`."""
        if len(self._bots_only) >= self.caps.bot_matches:
            raise Refusal(
                Reason.TOO_MANY_BOT_MATCHES,
                f"the server runs {len(self._bots_only)} matches of bots only, its most; "
                "try again when one has finished",
                limit="bot_matches",
            )

    def bots_only(self, room: Room) -> bool:
        """Whether `room` is counted among the unfinished matches of bots only."""
        return room.match_id in self._bots_only

    def room(self, match_id: str) -> Room:
        """A match under way or waiting."""
        room = self.rooms.get(match_id)
        if room is None or room.status is Status.FINISHED:
            if room is not None or self.ledger.known(match_id):
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
        room = self.rooms.get(match_id) or self.archived(match_id)
        if room is None:
            raise Refusal(
                Reason.UNKNOWN_MATCH,
                f"no match {match_id!r} on this server; ListMatches shows the open ones",
            )
        if match_id not in self.rooms:
            self.rooms[match_id] = room
            if self.changed not in room.listeners:
                room.listeners.append(self.changed)
        return room

    def matches(self, game_id: str = "") -> list[Room]:
        """The unfinished matches, newest first."""
        rooms = [
            room
            for room in self.rooms.values()
            if (not game_id or room.game_id == game_id) and room.status is not Status.FINISHED
        ]
        return sorted(rooms, key=lambda room: (room.created_at, room.match_id), reverse=True)

    def authenticate(self, token: str) -> tuple[Room, Seat]:
        """The room and seat a token holds; a finished match is rebuilt from the archive."""
        hashed = token_hash(token)
        found = self._tokens.get(hashed)
        if found is not None:
            return self.rooms[found[0]], found[1]
        archived = self.ledger.seat_of_token(hashed)
        if archived is not None:
            room = self.any_room(archived[0])
            if room.status is Status.FINISHED and room.seats[archived[1]].token_hash == hashed:
                return room, archived[1]
        raise Refusal(
            Reason.BAD_TOKEN,
            "the token is not known here: it was given up, its seat was freed by the host, or "
            "it is from another server; join the match again",
        )
