"""The Python bot in the README runs, as a script, to the end of a match on a real server."""

from __future__ import annotations

import asyncio
import re
import sys
from pathlib import Path

from server.main import Running
from server.room import Status

ROOT = Path(__file__).resolve().parents[2]
RANDOM_BOT = ROOT / "examples" / "python" / "random_bot.py"


async def test_random_bot_plays_a_doors_match_to_the_end(running: Running) -> None:
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        str(RANDOM_BOT),
        f"127.0.0.1:{running.port}",
        "doors",
        cwd=ROOT,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    out, err = await asyncio.wait_for(process.communicate(), timeout=60)
    assert process.returncode == 0, err.decode()
    lines = out.decode().splitlines()
    assert re.fullmatch(r"final scores: \[\d+, \d+\]", lines[-1]), lines[-1]
    assert any(line.startswith("v") for line in lines[:-1])  # it made moves
    (record,) = running.served.archive.finished("doors")
    room = running.served.registry.any_room(record.match_id)
    result = room.state.result()
    assert room.status is Status.FINISHED and result is not None
    assert room.seats[0].name == "random-bot"
    assert lines[-1] == f"final scores: {list(result.scores)}"


def test_the_readme_shows_the_example_bot_verbatim() -> None:
    readme = (ROOT / "README.md").read_text()
    section = readme.split("## Write your own bot", 1)[1]
    block = re.search(r"```python\n(.*?)```", section, re.DOTALL)
    assert block is not None, "the README's bot section has no python block"
    assert block.group(1) == RANDOM_BOT.read_text()
