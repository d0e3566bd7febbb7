"""The referee keeps time for every room: when a seat's clock runs out it plays the `easy` bot's
move for the seat (or, with `timeout=forfeit`, ends the match against it), it hands the seats of
players who have been gone for the grace time to the away bot, and it ends waiting matches that
nobody joined in time.

One timer per room, set for the earliest of those moments and set again after every change of
the room; the decisions themselves are the room's (`Room.mark_away`, `Room.end`, `Room.submit`),
so a timer that fires late or twice changes nothing the room would not allow.
"""

from __future__ import annotations

import asyncio
import logging
import random

from bots.decide import decide
from bots.levels import LEVELS
from server.clock import Ending
from server.errors import Refusal
from server.log import PlayedBy
from server.notes import NoteKind, TableNote
from server.room import Room, Status

log = logging.getLogger(__name__)

TIMEOUT_LEVEL = "easy"
"""The bot whose move a seat gets when its time is up, and that plays for absent players."""

WAITING_EXPIRY_SECONDS = 3600.0
"""How long a match may wait with no move played before it expires (`tigerden serve
--expire-waiting`)."""


class Referee:
    def __init__(self, waiting_expiry: float = WAITING_EXPIRY_SECONDS, seed: int | None = None):
        self.waiting_expiry = waiting_expiry
        self._rng = random.Random(seed)
        self._timers: dict[str, asyncio.TimerHandle] = {}

    def attach(self, room: Room) -> None:
        room.listeners.append(self.on_change)
        self.on_change(room)

    def next_check(self, room: Room) -> float | None:
        """The next moment something may be due in `room`, or None."""
        status = room.status
        if status is Status.FINISHED:
            return None
        moments = [
            slot.away_since + room.away_after
            for slot in room.seats
            if slot.absent and not slot.bot_plays and slot.away_since is not None
        ]
        if status is Status.PLAYING and room.clock.deadline is not None:
            moments.append(room.clock.deadline)
        if status is Status.WAITING and room.version == 0:
            moments.append(room.created_at + self.waiting_expiry)
        return min(moments, default=None)

    def on_change(self, room: Room) -> None:
        timer = self._timers.pop(room.match_id, None)
        if timer is not None:
            timer.cancel()
        when = self.next_check(room)
        if when is None:
            return
        loop = asyncio.get_running_loop()
        delay = max(0.0, when - room.now())
        self._timers[room.match_id] = loop.call_later(delay, self._fire, room)

    def _fire(self, room: Room) -> None:
        self._timers.pop(room.match_id, None)
        try:
            self.check(room, room.now())
        except Refusal as refusal:  # the table moved on meanwhile
            log.info("referee in %s: %s", room.match_id, refusal.message)
        except Exception:
            log.exception("referee in %s failed", room.match_id)
        if room.match_id not in self._timers:
            self.on_change(room)

    def check(self, room: Room, now: float) -> None:
        """Does whatever is due in `room` at `now`."""
        if room.status is Status.FINISHED:
            return
        room.mark_away(now)
        status = room.status
        if (
            status is Status.WAITING
            and room.version == 0
            and now >= room.created_at + self.waiting_expiry
        ):
            room.end(Ending("expired"))
            return
        seat, deadline = room.clock.seat, room.clock.deadline
        if status is not Status.PLAYING or deadline is None or seat is None or now < deadline:
            return
        if seat != room.state.to_act():
            return
        if room.clock.rule.forfeit:
            room.end(Ending("forfeit", seat))
            return
        move = decide(room.state, seat, LEVELS[TIMEOUT_LEVEL], self._rng.getrandbits(63))
        room.submit(seat, room.version, move, PlayedBy.CLOCK)
        note = TableNote(NoteKind.CLOCK_PLAYED, seat, room.seats[seat].name, move=move)
        room.broadcast([], [note])

    def close(self) -> None:
        for timer in self._timers.values():
            timer.cancel()
        self._timers.clear()
