"""Fair use of the bot workers: which table's bot thinks next.

A process pool runs what it is given first-in, first-out, so four all-bot matches asking for
30 seconds each made a `normal` bot at a person's table wait two minutes. `ThinkingQueue` keeps
the waiting decisions itself and hands the pool at most one per worker, choosing:

1. by `Priority`: bots at tables where a person plays, then the hints and reviews people ask
   for, then tables of bots only; and only a person's opponent takes the last free worker
   (with two or more workers), so it always finds one: 30 seats asking hints nonstop made
   other people's bots wait 13 s a move (issue 20, 8b);
2. among those, the table that has used the least worker time so far (a table new to the
   queue starts level with the least-served waiting one, so it neither jumps ahead of nor
   falls behind the others);
3. then the one that waited longest.

How long one decision may think is capped separately (`Limits.max_bot_seconds`).
"""

from __future__ import annotations

import asyncio
import enum
import functools
import itertools
import os
import threading
import time
from collections.abc import Callable
from concurrent.futures import Executor
from dataclasses import dataclass, field
from typing import Any


class Priority(enum.IntEnum):
    """Who waits for a decision, most urgent first."""

    PERSON = 0
    """A bot's move at a table where a person plays: the person waits for it."""
    ADVICE = 1
    """A hint or a review: the person who asked waits, but nobody else at the table."""
    BOTS_ONLY = 2
    """A move in a match of bots only: nobody waits."""


@dataclass
class _Decision:
    table: str
    priority: Priority
    work: Callable[[], Any]
    done: asyncio.Future[Any]
    order: int = field(default_factory=itertools.count().__next__)


class ThinkingQueue:
    """Runs `work` on `pool` (of `workers` processes) in the order described above."""

    def __init__(self, pool: Executor, workers: int) -> None:
        self._pool = pool
        self._workers = workers
        self._waiting: list[_Decision] = []
        self._running: dict[int, _Decision] = {}
        self._used: dict[str, float] = {}

    @property
    def waiting(self) -> int:
        return len(self._waiting)

    async def think(self, table: str, priority: Priority, work: Callable[[], Any]) -> Any:
        """`work()`'s result, computed in the pool when this decision's turn comes. Cancelling
        drops a waiting decision; a running one finishes in its worker and is discarded."""
        loop = asyncio.get_running_loop()
        if table not in self._used:
            waiting = [self._used.get(d.table, 0.0) for d in self._waiting]
            self._used[table] = min(waiting, default=0.0)
        decision = _Decision(table, priority, work, loop.create_future())
        self._waiting.append(decision)
        self._dispatch()
        try:
            return await decision.done
        finally:
            if decision in self._waiting:
                self._waiting.remove(decision)

    def forget(self, table: str) -> None:
        """Drops the bookkeeping of a table that will think no more (its match ended)."""
        self._used.pop(table, None)

    def _dispatch(self) -> None:
        loop = asyncio.get_running_loop()
        while self._waiting and len(self._running) < self._workers:
            others = sum(1 for d in self._running.values() if d.priority is not Priority.PERSON)
            reserve = self._workers > 1 and others >= self._workers - 1
            candidates = [d for d in self._waiting if d.priority is Priority.PERSON or not reserve]
            if not candidates:
                return
            decision = min(
                candidates,
                key=lambda d: (d.priority, self._used.get(d.table, 0.0), d.order),
            )
            self._waiting.remove(decision)
            try:
                running = loop.run_in_executor(self._pool, decision.work)
            except RuntimeError as error:  # the pool was shut down
                decision.done.set_exception(error)
                continue
            self._running[decision.order] = decision
            running.add_done_callback(
                functools.partial(self._finished, decision, started=time.monotonic())
            )

    def _finished(
        self, decision: _Decision, future: asyncio.Future[Any], *, started: float
    ) -> None:
        del self._running[decision.order]
        if decision.table in self._used:
            self._used[decision.table] += time.monotonic() - started
        error = None if future.cancelled() else future.exception()  # always retrieved
        if not decision.done.done():
            if future.cancelled():
                decision.done.cancel()
            elif error is not None:
                decision.done.set_exception(error)
            else:
                decision.done.set_result(future.result())
        self._dispatch()


PARENT_CHECK_SECONDS = 0.5


def exit_with_server(server_pid: int) -> None:
    """A worker's initializer: a watchdog thread ends the worker within `PARENT_CHECK_SECONDS`
    of the server's death, however it died (a SIGKILLed server runs no shutdown code, and its
    workers would otherwise finish every queued search first)."""

    def watch() -> None:
        while True:
            time.sleep(PARENT_CHECK_SECONDS)
            try:
                os.kill(server_pid, 0)
            except (ProcessLookupError, PermissionError):  # gone (or its pid reused)
                os._exit(0)

    threading.Thread(target=watch, name="exit-with-server", daemon=True).start()
