"""Table notes go out typed (`Event.table_note`) beside their English text, in the live stream
and in the recap, also the ending note of a match restored from the store."""

from __future__ import annotations

from pathlib import Path

from tigerden.v1 import match_pb2

from client.api import connect
from server.main import start_server
from tests.server.helpers import HUMAN

K = match_pb2.TableNoteKind


def notes(snapshot: match_pb2.Snapshot) -> list[tuple[int, str, str]]:
    return [
        (e.table_note.kind, e.table_note.name, e.text)
        for e in snapshot.events
        if e.HasField("table_note")
    ]


async def test_an_aborted_match_says_so_typed_also_after_a_restart(tmp_path: Path) -> None:
    db = tmp_path / "notes.sqlite"
    running = await start_server("127.0.0.1:0", db)
    async with connect(f"127.0.0.1:{running.port}") as client:
        host = await client.create_hosted("doors", 2, seats=[(HUMAN, ""), (HUMAN, "")])
        ada = await client.join(host.match.match_id, "ada")
        recap = await anext(ada.watch())
        assert notes(recap) == [(K.TABLE_NOTE_KIND_SAT_DOWN, "ada", "ada sat down")]
        assert recap.events[0].table_note.seat == ada.seat
        await host.abort()
        finished = await anext(ada.watch(stay_after_finish=True))
        aborted = (K.TABLE_NOTE_KIND_ABORTED, "", "the host aborted the match")
        assert notes(finished)[-1] == aborted
        assert not finished.events[-1].table_note.HasField("seat")
    await running.stop(grace=0)

    running = await start_server("127.0.0.1:0", db)
    try:
        async with connect(f"127.0.0.1:{running.port}") as client:
            ada.server = client  # the token outlives the server process
            restored = await anext(ada.watch(stay_after_finish=True))
            assert notes(restored) == [aborted]  # sat-down notes are not kept; the ending is
    finally:
        await running.stop(grace=0)
