"""The order in which bot decisions get a worker (`server/thinking.py`), with a thread pool
standing in for the processes."""

from __future__ import annotations

import asyncio
import functools
import threading
from concurrent.futures import ThreadPoolExecutor

from server.thinking import Priority, ThinkingQueue

PERSON, ADVICE, BOTS_ONLY = Priority.PERSON, Priority.ADVICE, Priority.BOTS_ONLY


class InOrder:
    """Work that records the order it ran in; the `holding` one first waits for `release`,
    keeping its worker busy while the others queue."""

    def __init__(self, holding: str) -> None:
        self.holding = holding
        self.release = threading.Event()
        self.order: list[str] = []

    def work(self, name: str) -> str:
        if name == self.holding:
            self.release.wait(5)
        self.order.append(name)
        return name


async def test_people_first_then_the_least_served_table_then_the_longest_waiting() -> None:
    ran = InOrder("a1")
    work, release, order = ran.work, ran.release, ran.order

    with ThreadPoolExecutor(max_workers=1) as pool:
        queue = ThinkingQueue(pool, workers=1)
        first = asyncio.ensure_future(queue.think("a", BOTS_ONLY, lambda: work("a1")))
        await asyncio.sleep(0.05)  # a1 holds the only worker
        later = [
            asyncio.ensure_future(queue.think(table, person, functools.partial(work, name)))
            for table, person, name in (
                ("a", BOTS_ONLY, "a2"),
                ("b", BOTS_ONLY, "b1"),
                ("p", PERSON, "p1"),
            )
        ]
        await asyncio.sleep(0.05)
        assert queue.waiting == 3
        release.set()
        assert await first == "a1"
        assert await asyncio.gather(*later) == ["a2", "b1", "p1"]
    # p has a person waiting; b has used less worker time than a, which just thought.
    assert order == ["a1", "p1", "b1", "a2"]


async def test_bots_only_tables_leave_one_worker_free_for_people() -> None:
    release = threading.Event()
    started: list[str] = []

    def work(name: str) -> str:
        started.append(name)
        release.wait(5)
        return name

    with ThreadPoolExecutor(max_workers=2) as pool:
        queue = ThinkingQueue(pool, workers=2)
        bots = [
            asyncio.ensure_future(queue.think(t, BOTS_ONLY, functools.partial(work, t)))
            for t in ("x", "y")
        ]
        await asyncio.sleep(0.1)
        assert started == ["x"] and queue.waiting == 1  # y waits: one worker stays free
        person = asyncio.ensure_future(queue.think("p", PERSON, lambda: work("p")))
        await asyncio.sleep(0.1)
        assert started == ["x", "p"]
        release.set()
        await asyncio.gather(person, *bots)


async def test_a_cancelled_waiting_decision_is_dropped() -> None:
    release = threading.Event()
    with ThreadPoolExecutor(max_workers=1) as pool:
        queue = ThinkingQueue(pool, workers=1)
        busy = asyncio.ensure_future(queue.think("a", PERSON, lambda: release.wait(5)))
        await asyncio.sleep(0.05)
        dropped = asyncio.ensure_future(queue.think("b", PERSON, lambda: "never"))
        await asyncio.sleep(0.05)
        dropped.cancel()
        await asyncio.sleep(0.05)
        assert queue.waiting == 0
        release.set()
        assert await busy is True


async def test_8b_hints_yield_to_bots_at_peoples_tables() -> None:
    """30 seats asking hints nonstop made other people's bots wait 13 s a move: a hint waits
    behind every bot at a person's table (even one that asked later), and never takes the
    last free worker."""
    ran = InOrder("busy")
    work, release, order = ran.work, ran.release, ran.order

    with ThreadPoolExecutor(max_workers=1) as pool:
        queue = ThinkingQueue(pool, workers=1)
        busy = asyncio.ensure_future(queue.think("x", PERSON, lambda: work("busy")))
        await asyncio.sleep(0.05)
        hint = asyncio.ensure_future(queue.think("h", ADVICE, lambda: work("hint")))
        bots = asyncio.ensure_future(queue.think("b", BOTS_ONLY, lambda: work("bots")))
        await asyncio.sleep(0.01)
        person = asyncio.ensure_future(queue.think("p", PERSON, lambda: work("person")))
        await asyncio.sleep(0.05)
        release.set()
        await asyncio.gather(busy, hint, bots, person)
    assert order == ["busy", "person", "hint", "bots"]
    with ThreadPoolExecutor(max_workers=2) as pool:
        release.clear()
        queue = ThinkingQueue(pool, workers=2)
        first = asyncio.ensure_future(queue.think("h", ADVICE, lambda: release.wait(5)))
        second = asyncio.ensure_future(queue.think("i", ADVICE, lambda: "second"))
        await asyncio.sleep(0.1)
        assert queue.waiting == 1  # the second hint leaves the last worker to a person's bot
        release.set()
        await asyncio.gather(first, second)
