"""Server-side bot seats: they see only their seat's view and legal moves, like any client.

A `BotDriver` listens to a room; when a bot seat is to act it schedules one decision and submits
it through the same `Room.submit` a person's move takes. Levels beyond `random` plug in through
`BOT_LEVELS`.
"""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import Callable, Sequence

from engine.core import Move, View
from server.errors import Refusal
from server.room import Room, SeatKind, Status

log = logging.getLogger(__name__)

Policy = Callable[[View, Sequence[Move], random.Random], Move]


def random_policy(view: View, legal: Sequence[Move], rng: random.Random) -> Move:
    """Plays a uniformly random legal move."""
    return rng.choice(legal)


BOT_LEVELS: dict[str, Policy] = {"random": random_policy}
DEFAULT_LEVEL = "random"


class BotDriver:
    """Plays the bot seats of rooms, one pending decision per room at a time."""

    def __init__(self, delay: float = 0.0, seed: int | None = None) -> None:
        self.delay = delay
        self._rng = random.Random(seed)
        self._pending: dict[str, asyncio.Task[None]] = {}

    def attach(self, room: Room) -> None:
        room.listeners.append(self.on_change)
        self.on_change(room)

    def on_change(self, room: Room) -> None:
        if room.status is not Status.PLAYING or room.match_id in self._pending:
            return
        seat = room.state.to_act()
        if seat is None or room.seats[seat].kind is not SeatKind.BOT:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return  # restored before the loop runs; `start` picks it up
        task = loop.create_task(self._move(room, seat, room.version))
        self._pending[room.match_id] = task

    async def _move(self, room: Room, seat: int, version: int) -> None:
        try:
            if self.delay:
                await asyncio.sleep(self.delay)
            policy = BOT_LEVELS.get(room.seats[seat].bot_level, random_policy)
            move = policy(room.state.view(seat), room.state.legal_moves(), self._rng)
            try:
                room.submit(seat, version, move)
            except Refusal as refusal:  # the table moved on (e.g. a seat left); try again later
                log.info("bot move in %s refused: %s", room.match_id, refusal.message)
        finally:
            del self._pending[room.match_id]
        self.on_change(room)

    async def close(self) -> None:
        for task in list(self._pending.values()):
            task.cancel()
        await asyncio.gather(*self._pending.values(), return_exceptions=True)
