"""The bot workers against starvation and for shutdown (issue 12, defects 7 and 10): a person's
bot opponent is not queued behind all-bot matches that think long, no bot thinks longer than
the server allows, and stopping the server (or killing it) ends the workers at once."""

from __future__ import annotations

import asyncio
import os
import signal
import time
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from client.api import Server, connect
from server.limits import Limits
from server.main import start_server
from tests.server.helpers import BOT, HUMAN, first_snapshot
from tests.server.test_kill import serve


@pytest.fixture
async def busy_server(tmp_path: Path) -> AsyncIterator[Server]:
    limits = Limits(bot_matches=10, max_bot_seconds=30)
    running = await start_server("127.0.0.1:0", tmp_path / "db.sqlite", limits=limits)
    try:
        async with connect(f"127.0.0.1:{running.port}") as client:
            yield client
    finally:
        await running.stop(grace=0.1)


async def bot_reply_seconds(client: Server, level: str) -> float:
    """Seconds from a person's move (or the start) until the bot at `level` has moved."""
    match = await client.create("doors", 2, seats=[(HUMAN, ""), (BOT, level)])
    seat = await client.join(match.match_id, "ada")
    snapshot = await first_snapshot(seat)
    if snapshot.legal_moves:  # our move first: the bot's turn starts when it is played
        await seat.act(snapshot.version, snapshot.legal_moves[0].move)
    started = time.monotonic()
    async for later in seat.watch():
        if later.legal_moves or later.version >= 2:
            break
    return time.monotonic() - started


async def test_a_persons_bot_is_not_queued_behind_all_bot_matches(
    busy_server: Server,
) -> None:
    client = busy_server
    for _ in range(4):  # more long searches than there are workers
        await client.create("koikoi", 2, seats=[(BOT, "hard:8"), (BOT, "hard:8")])
    await asyncio.sleep(1.5)  # the workers have started and are busy
    waited = await bot_reply_seconds(client, "normal:0.1")
    # First in, first out it waited for a worker to finish an 8-second search.
    assert waited < 4.0, f"a person's bot waited {waited:.1f} s"


async def test_no_bot_thinks_longer_than_the_server_allows(tmp_path: Path) -> None:
    running = await start_server(
        "127.0.0.1:0", tmp_path / "db.sqlite", limits=Limits(max_bot_seconds=0.2)
    )
    try:
        async with connect(f"127.0.0.1:{running.port}") as client:
            await bot_reply_seconds(client, "normal:0.1")  # the workers start
            waited = await bot_reply_seconds(client, "hard:30")
            assert waited < 5.0, f"a hard:30 bot thought {waited:.1f} s despite a 0.2 s cap"
    finally:
        await running.stop(grace=0.1)


async def test_stopping_the_server_ends_thinking_bots_at_once(tmp_path: Path) -> None:
    running = await start_server(
        "127.0.0.1:0", tmp_path / "db.sqlite", limits=Limits(max_bot_seconds=30)
    )
    async with connect(f"127.0.0.1:{running.port}") as client:
        await client.create("koikoi", 2, seats=[(BOT, "hard:30"), (BOT, "hard:30")])
        await asyncio.sleep(1.5)  # the workers are deep in a 30-second search
    started = time.monotonic()
    await asyncio.wait_for(running.stop(grace=0.1), 20)
    assert time.monotonic() - started < 5.0


def children(pid: int) -> set[int]:
    """The processes whose parent is `pid`."""
    return set(_children().get(pid, []))


def descendants(pid: int) -> set[int]:
    """Every process below `pid`, from /proc."""
    tree = _children()
    found, todo = set(), [pid]
    while todo:
        for child in tree.get(todo.pop(), []):
            found.add(child)
            todo.append(child)
    return found


def _children() -> dict[int, list[int]]:
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as stat:
                    parent = int(stat.read().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            children.setdefault(parent, []).append(int(entry))
    return children


def alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def why_no_worker(server: int, log: Path) -> str:
    """What a failed wait for a worker saw: the server's children and the end of its log (a
    flake in CI once saw one child and no worker, with nothing left to say why)."""
    running = []
    for pid in sorted(children(server)):
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as cmdline:
                command = cmdline.read().replace(b"\0", b" ")[:200]
            running.append(f"{pid}: {command!r}")
        except OSError:
            running.append(f"{pid}: gone")
    tail = log.read_text(errors="replace")[-4000:] if log.exists() else "(no log)"
    listed = "\n".join(running)
    return f"no bot worker started; the server's children:\n{listed}\nthe end of its log:\n{tail}"


@pytest.mark.skipif(not os.path.isdir("/proc"), reason="reads /proc to find the workers")
async def test_bot_workers_end_when_the_server_is_killed(tmp_path: Path) -> None:
    process, address = serve(tmp_path / "db.sqlite", "--max-bot-seconds", "30", "--bot-delay", "0")
    try:
        async with connect(address) as client:
            await client.create("koikoi", 2, seats=[(BOT, "hard:30"), (BOT, "hard:30")])
            # The forkserver is the server's child; a worker is the forkserver's child. Starting
            # them imports the bots, which takes a while on a loaded machine.
            deadline = time.monotonic() + 60
            workers: set[int] = set()
            while not workers - children(process.pid) and time.monotonic() < deadline:
                await asyncio.sleep(0.2)
                workers = descendants(process.pid)
            assert workers - children(process.pid), why_no_worker(process.pid, tmp_path / "db.log")
    finally:
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=10)
    deadline = time.monotonic() + 10
    while any(alive(pid) for pid in workers) and time.monotonic() < deadline:
        await asyncio.sleep(0.2)
    assert not [pid for pid in workers if alive(pid)], "bot workers outlived the server"
