"""A match's own name (CreateMatchRequest.match_name, issue 20 point 19): cleaned by the one
sanitiser like every text one client shows another, kept across a restart and in the archive,
and carried into the rematch."""

from __future__ import annotations

from pathlib import Path

from client.api import connect
from server.main import start_server
from tests.server.helpers import HUMAN


async def test_a_match_name_is_cleaned_kept_and_carried_into_the_rematch(tmp_path: Path) -> None:
    db = tmp_path / "tigerden.sqlite"
    running = await start_server("127.0.0.1:0", db)
    try:
        async with connect(f"127.0.0.1:{running.port}") as client:
            hostile = "Friday\x1b[2J night\n" + "x" * 100
            open_one = await client.create("doors", name=hostile)
            assert open_one.name == "Friday night " + "x" * 27  # 40 characters, no escapes
            host = await client.create_hosted("doors", 2, seats=[(HUMAN, ""), (HUMAN, "")])
            assert host.match.name == ""  # none given: none
            finished = await client.create_hosted("doors", name="Quick one")
            seat = await client.join(finished.match_id, "ada")
            await finished.abort()
            rematch = await seat.rematch()
            (listed,) = [m for m in await client.matches() if m.match_id == rematch.match_id]
            assert listed.name == "Quick one"
    finally:
        await running.stop(grace=0.1)

    running = await start_server("127.0.0.1:0", db)
    try:
        async with connect(f"127.0.0.1:{running.port}") as client:
            names = {m.match_id: m.name for m in await client.matches(include_finished=True)}
            assert names[open_one.match_id] == open_one.name
            assert names[finished.match_id] == "Quick one"  # from the archive
            assert names[rematch.match_id] == "Quick one"
    finally:
        await running.stop(grace=0.1)
