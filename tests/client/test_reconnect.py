"""The terminal client reconnects by itself after the server goes away, shows "reconnecting…"
meanwhile, shows the turn clock counting down, and keeps a log without doubled lines."""

from __future__ import annotations

import asyncio
import re
import socket
from pathlib import Path

from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from tigerden.v1 import doors_pb2, lobby_pb2, match_pb2

from client.api import connect
from client.ui import words
from client.ui.app import run_table
from client.ui.model import ClientState, clock
from server.main import start_server
from tests.client.test_ui import wait_for
from tests.server.helpers import HUMAN


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


async def test_the_table_reconnects_after_a_server_restart(tmp_path: Path) -> None:
    db, port = tmp_path / "db.sqlite", free_port()
    address = f"127.0.0.1:{port}"
    running = await start_server(address, db)
    client = connect(address)
    try:
        games = {game.game_id: game for game in await client.games()}
        match = await client.create(
            "doors", 2, {"clock": "move:300"}, seats=[(HUMAN, ""), (HUMAN, "")]
        )
        ada = await client.join(match.match_id, "ada")
        bob = await client.join(match.match_id, "bob")
        for _ in range(2):  # two moves, so the log has lines to recap
            for seat in (ada, bob):
                snapshot = await anext(seat.watch())
                if snapshot.legal_moves:
                    await seat.act(snapshot.version, snapshot.legal_moves[0].move)
                    break
        state = ClientState(games["doors"], match.match_id)
        with create_pipe_input() as pipe:
            table = asyncio.create_task(
                run_table(ada, state, input=pipe, output=DummyOutput(), delays=(0.2,))
            )
            await wait_for(lambda: state.snapshot is not None and state.snapshot.version == 2)
            before = list(state.log)
            assert len(before) >= 2
            assert re.fullmatch(r"(you|bob): [45]:\d\d to move", state.clock_text())
            await running.stop(grace=0)
            await wait_for(lambda: state.status.startswith("reconnecting…"), state=state)
            running = await start_server(address, db)
            await wait_for(lambda: not state.status.startswith("reconnecting"), state=state)
            # The log keeps every line it showed, nothing doubled: the restarted server's
            # recap has forgotten the "... sat down" notes, and the log had emptied to it.
            assert list(state.log) == before and any("sat down" in line for line in before)
            snapshot = await anext(bob.watch())
            if snapshot.legal_moves:  # a move made after the reconnection reaches the table
                await bob.act(snapshot.version, snapshot.legal_moves[0].move)
                await wait_for(lambda: state.snapshot is not None and state.snapshot.version == 3)
            pipe.send_text("\x11")
            await asyncio.wait_for(table, 10)
    finally:
        await client.close()
        await running.stop(grace=0)


def test_the_clock_reads_minutes_and_seconds_and_stops_at_zero() -> None:
    assert clock(125.2) == "2:06" and clock(59.0) == "0:59" and clock(-3) == "0:00"


def doors_snapshot(
    names: tuple[str, str],
    events: list[match_pb2.Event],
    recap: bool = True,
    chat: list[match_pb2.ChatLine] | None = None,
) -> match_pb2.Snapshot:
    """A Doors snapshot seen from seat 0 (`names[0]`), carrying `events` and `chat`."""
    seats = [lobby_pb2.Seat(seat=n, name=name, taken=True) for n, name in enumerate(names)]
    return match_pb2.Snapshot(
        match_id="m1",
        viewer_seat=0,
        seats=seats,
        view=match_pb2.GameView(doors=doors_pb2.DoorsView()),
        events=events,
        chat=chat or [],
        events_are_recap=recap,
    )


def test_a_recap_names_who_did_what_as_the_live_log_does() -> None:
    """A new stream's recap (after a reconnection, --resume, a rejoin, and the Watch that
    follows the end of the match) refills the log; its lines named nobody ("takes blue-lady",
    "guesses red: wrong", "passes")."""
    events = [
        match_pb2.Event(
            doors=doors_pb2.DoorsEvent(
                took=doors_pb2.DoorsTook(seat=0, card=doors_pb2.DOORS_CARD_RED_LADY)
            )
        ),
        match_pb2.Event(
            doors=doors_pb2.DoorsEvent(
                guessed=doors_pb2.DoorsGuessed(seat=1, colour=doors_pb2.DOORS_COLOUR_RED)
            )
        ),
        match_pb2.Event(doors=doors_pb2.DoorsEvent(passed=doors_pb2.DoorsPassed(seat=1))),
    ]
    lines = []
    for recap in (False, True):
        state = ClientState(lobby_pb2.Game(game_id="doors", title="Doors"), "m1")
        state.receive(doors_snapshot(("ada", "bob"), events, recap), words)
        lines.append(list(state.log))
    assert lines[1] == lines[0]
    assert lines[1][0].startswith("ada (you) takes ")
    assert lines[1][1:] == ["bob guesses red: wrong", "bob passes"]


def test_a_rejoin_shows_the_chat_before_you_are_back_and_a_recap_never_empties_the_log() -> None:
    """The chat a rejoining player missed was said before they came back; a later stream's
    recap (the server restarted, the match is over) that holds less keeps what the log showed."""

    def note(kind: match_pb2.TableNoteKind.ValueType) -> match_pb2.Event:
        return match_pb2.Event(table_note=match_pb2.TableNote(kind=kind, seat=0, name="bob"))

    took = match_pb2.Event(
        doors=doors_pb2.DoorsEvent(
            took=doors_pb2.DoorsTook(seat=1, card=doors_pb2.DOORS_CARD_RED_LADY)
        )
    )
    state = ClientState(lobby_pb2.Game(game_id="doors", title="Doors"), "m1")

    def receive(events: list[match_pb2.Event], chat: list[match_pb2.ChatLine]) -> None:
        state.receive(doors_snapshot(("bob", "ada"), events, chat=chat), words)

    hello = match_pb2.ChatLine(number=1, name="ada", seat=1, text="where is bob?")
    receive(
        [note(match_pb2.TABLE_NOTE_KIND_SAT_DOWN), took, note(match_pb2.TABLE_NOTE_KIND_BACK)],
        [hello],
    )
    assert list(state.log)[-2:] == ["ada: where is bob?", "bob (you) is back"], state.log
    shown = list(state.log)
    receive([], [hello])  # a restarted server that recaps nothing, or the finished match's Watch
    assert list(state.log) == shown
    receive([took], [hello])
    assert list(state.log) == shown
