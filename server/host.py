"""Host controls: what the holder of a match's host token (CreateMatch returns it) may do to
the match. No gRPC, protobuf, codec or store here: each control is a room's own change,
committed to its log before anyone is told.
"""

from __future__ import annotations

import secrets

from engine.core import Seat
from server.clock import Ending
from server.errors import Reason, Refusal
from server.lobby import bot_name, checked_level, numbered_seat
from server.notes import NoteKind
from server.registry import Registry, token_hash
from server.room import Room
from server.seats import SeatKind

JOIN_CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
"""Join codes are read aloud across a table: no 0/O or 1/I."""
JOIN_CODE_LENGTH = 6


class HostControls:
    """Frees seats, hands them to bots, aborts matches and makes them private."""

    def __init__(self, registry: Registry) -> None:
        self.registry = registry

    def hosted(self, match_id: str, host_token: str) -> Room:
        """The match, if `host_token` holds its host rights."""
        room = self.registry.room(match_id)
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
        slot = numbered_seat(room, seat)
        if not slot.taken:
            raise Refusal(Reason.SEAT_FREE, f"seat {seat} of match {match_id} is already free")
        self.registry.forget(room, seat)
        room.free_seat(seat, NoteKind.REMOVED)
        return room

    def replace_with_bot(self, match_id: str, host_token: str, seat: Seat, level: str) -> Room:
        """Hands `seat` to a server bot; a person holding it is removed."""
        room = self.hosted(match_id, host_token)
        slot = numbered_seat(room, seat)
        level = checked_level(level, f"seat {seat}")
        if slot.kind is SeatKind.BOT and slot.bot_level == level:
            raise Refusal(
                Reason.SEAT_TAKEN, f"seat {seat} of match {match_id} is already a {level} bot"
            )
        others = [s for s in room.seats if s.seat != seat]
        if not self.registry.bots_only(room) and all(s.kind is SeatKind.BOT for s in others):
            self.registry.check_bot_matches()  # the match would be one of bots only (issue 20, 8f)
        self.registry.forget(room, seat)
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
        room.set_join_code(code)
        return room
