"""Server-side bot seats: they decide from their seat's view only, like any client.

A `BotDriver` listens to rooms; when a bot seat is to act it schedules one decision and submits
it through the same `Room.submit` a person's move takes. The seat's level text ("hard",
"hard:0.5") is parsed by `bots.levels`, the one table of levels.

Searching levels think for up to a second, so they run in a process pool and the event loop
keeps serving every other table meanwhile; `random` and `easy` take microseconds and decide
inline. A worker is sent a determinized copy of the state — the seat's view with everything else
resampled — which gives the same decision (bots decide from the view) and means no hidden card
ever leaves the server process for a bot.
"""

from __future__ import annotations

import asyncio
import dataclasses
import functools
import logging
import math
import multiprocessing
import os
import random
import sys
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor
from typing import Any, TypeVar

from bots import decide, parse_level
from bots.levels import LEVELS, Level, Strategy
from engine.core import Move, pickle_compiled_dataclasses
from server.errors import Refusal
from server.log import PlayedBy
from server.room import Room, Status
from server.seats import SeatKind
from server.thinking import Priority, ThinkingQueue, exit_with_server

log = logging.getLogger(__name__)

T = TypeVar("T")

DEFAULT_LEVEL = "random"
AWAY_LEVEL = "easy"
"""The level of the bot that plays for a person who is away."""
"""The level of a bot seat created without one. It costs nothing, so a table created without
a thought for its bots stays instant; `tigerden play` asks for `normal`."""


RETRY_SECONDS = 1.0
"""How long a bot seat waits after a failed decision before it tries again."""


def bot_workers() -> int:
    """Worker processes for the searching levels: one per core."""
    return os.cpu_count() or 1


def picklable_bots() -> None:
    """Lets the bots' compiled frozen dataclasses pickle (a hint's `Budget` goes to a worker,
    its `Advice` comes back), as the engine's do (`engine.core.pickle_compiled_dataclasses`):
    called in the server and in every worker, the two ends that pickle them, for the bots'
    modules imported by then (a worker's: those its forkserver preloaded)."""
    pickle_compiled_dataclasses(m for name, m in list(sys.modules.items()) if name[:5] == "bots.")


def _start_worker(server_pid: int) -> None:
    """A worker's initializer: the bots' values picklable, and an end with the server."""
    picklable_bots()
    exit_with_server(server_pid)


def bot_pool(workers: int | None = None) -> ProcessPoolExecutor:
    """Worker processes for the searching levels, one per core by default. They start on first
    use, forked from a fresh forkserver process that has imported the bots: forking this one
    would copy gRPC's threads. Each ends by itself soon after the server process dies."""
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(["bots", "bots.hints"])  # all that `picklable_bots` covers
    picklable_bots()
    return ProcessPoolExecutor(
        max_workers=workers or bot_workers(),
        mp_context=context,
        initializer=_start_worker,
        initargs=(os.getpid(),),
    )


def terminate_workers(pool: ProcessPoolExecutor) -> None:
    """Ends the pool's worker processes now, searches and all: shutting a pool down otherwise
    waits for every running decision (up to the longest thinking time)."""
    processes: dict[int, Any] = getattr(pool, "_processes", None) or {}  # private, but stable
    for process in list(processes.values()):
        process.terminate()
    for process in list(processes.values()):
        process.join(timeout=5)


def capped(level: Level, max_seconds: float) -> Level:
    """`level`, thinking at most `max_seconds` per decision (the server's `--max-bot-seconds`)."""
    budget = level.budget
    if budget is None or budget.seconds is None or budget.seconds <= max_seconds:
        return level
    return dataclasses.replace(level, budget=dataclasses.replace(budget, seconds=max_seconds))


def seat_level(text: str) -> Level:
    """The level of a stored seat; levels were checked when the match was created, so an
    unknown one can only come from an older database, and plays at random."""
    try:
        return parse_level(text or DEFAULT_LEVEL)
    except ValueError as error:
        log.warning("bot level %r: %s; playing at random", text[:40], error)
        return LEVELS["random"]


class BotDriver:
    """Plays the bot seats of rooms, one pending decision per room at a time. `pool` runs the
    searching levels (without one they decide inline, which blocks the loop: tests only), its
    `workers` shared fairly between tables by a `ThinkingQueue`; no decision thinks longer than
    `max_seconds`, whatever its level asks. The driver shuts the pool down on `close`."""

    def __init__(
        self,
        delay: float = 0.0,
        seed: int | None = None,
        pool: Executor | None = None,
        workers: int | None = None,
        max_seconds: float = math.inf,
    ) -> None:
        self.delay = delay
        self.max_seconds = max_seconds
        self._rng = random.Random(seed)
        self._pool = pool
        self._queue = None if pool is None else ThinkingQueue(pool, workers or bot_workers())
        self._pending: dict[str, asyncio.Task[None]] = {}

    def attach(self, room: Room) -> None:
        room.listeners.append(self.on_change)
        self.on_change(room)

    def on_change(self, room: Room) -> None:
        if room.status is Status.FINISHED and self._queue is not None:
            self._queue.forget(room.match_id)
        if room.status is not Status.PLAYING or room.match_id in self._pending:
            return
        seat = room.state.to_act()
        if seat is None:
            return
        slot = room.seats[seat]
        if slot.kind is SeatKind.BOT:
            level, played_by = slot.bot_level, PlayedBy.SEAT
        elif slot.bot_plays:
            level, played_by = AWAY_LEVEL, PlayedBy.AWAY
        else:
            return
        loop = asyncio.get_running_loop()
        task = loop.create_task(self._move(room, seat, room.version, level, played_by))
        self._pending[room.match_id] = task

    async def _move(
        self, room: Room, seat: int, version: int, level: str, played_by: PlayedBy
    ) -> None:
        try:
            # The table may have moved on before this task ran: then decide afresh (below).
            if room.version == version:
                move = await self._decide(room, seat, level)
                # The person may have come back while the bot was thinking: they choose.
                if played_by is not PlayedBy.AWAY or room.seats[seat].bot_plays:
                    room.submit(seat, version, move, played_by)
        except Refusal as refusal:  # the table moved on (e.g. a seat left); try again later
            log.info("bot move in %s refused: %s", room.match_id, refusal.message)
        except Exception:  # e.g. a worker died: try again in a while, not in a busy loop
            log.exception("bot decision in %s failed", room.match_id)
            await asyncio.sleep(RETRY_SECONDS)
        finally:
            del self._pending[room.match_id]
        self.on_change(room)

    async def _decide(self, room: Room, seat: int, level_text: str) -> Move:
        """The seat's move, after at least `delay` seconds (thinking counts towards them)."""
        level = capped(seat_level(level_text), self.max_seconds)
        seed = self._rng.getrandbits(63)
        if level.strategy is not Strategy.SEARCH or self._queue is None:
            # Decided before the delay, from the state the seat is to act in: after it, the
            # table may have moved on (the person came back and played), and the move is then
            # refused as stale instead of deciding for a seat not to act (issue 20, point 5).
            chosen = decide(room.state, seat, level, seed)
            if self.delay:
                await asyncio.sleep(self.delay)
            return chosen
        world = room.state.determinize(seat, random.Random(seed))
        person = any(slot.kind is SeatKind.HUMAN for slot in room.seats)
        priority = Priority.PERSON if person else Priority.BOTS_ONLY
        work = functools.partial(decide, world, seat, level, seed)
        thinking = asyncio.ensure_future(self._queue.think(room.match_id, priority, work))
        try:
            if self.delay:
                await asyncio.sleep(self.delay)
            move: Move = await thinking
            return move
        finally:
            thinking.cancel()  # a no-op once done; drops a queued decision when cancelled

    async def think(self, table: str, work: Callable[[], T]) -> T:
        """`work()` computed for a person at `table` (a hint, a review): in the worker pool,
        after the bots at people's tables and before those of bots-only matches, or without a
        pool in a thread."""
        if self._queue is None:
            return await asyncio.to_thread(work)
        result: T = await self._queue.think(table, Priority.ADVICE, work)
        return result

    async def close(self) -> None:
        """Stops every bot at once: pending decisions are dropped and the workers ended, even
        in the middle of a long search."""
        for task in list(self._pending.values()):
            task.cancel()
        await asyncio.gather(*self._pending.values(), return_exceptions=True)
        if isinstance(self._pool, ProcessPoolExecutor):
            await asyncio.to_thread(terminate_workers, self._pool)
        if self._pool is not None:
            await asyncio.to_thread(self._pool.shutdown, wait=True, cancel_futures=True)
