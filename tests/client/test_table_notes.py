"""Table notes (someone sat down, left, came back, a bot took over, the match ended outside its
rules) reach the client typed and are shown in the player's language; the English `text` stays
for other clients and for a kind this client does not know. The option descriptions ListGames
sends are shown in the player's language too."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import pytest
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from tigerden.v1 import lobby_pb2, match_pb2

from client.api import Server
from client.i18n import set_language
from client.ui import notes as client_notes
from client.ui.app import run_table
from client.ui.lobby import form_lines
from client.ui.lobby_state import CreateForm
from client.ui.model import ClientState
from client.ui.words import describe
from engine import GAMES
from server import outbound, room
from server.codecs import CODECS
from server.notes import NoteKind, TableNote
from tests.client.test_ui import wait_for

HUMAN = lobby_pb2.SEAT_KIND_HUMAN
DOORS = GAMES["doors"]
MOVE = DOORS.new(2, {}, 7).legal_moves()[0]
"""A move the server may play for a seat whose time ran out (Doors' first legal move, which
the German client names in German)."""

NOTES = [
    (TableNote(NoteKind.SAT_DOWN, 1, "bob"), "bob hat Platz genommen"),
    (TableNote(NoteKind.LEFT, 1, "bob"), "bob hat den Tisch verlassen"),
    (TableNote(NoteKind.AWAY, 1, "bob"), "bob ist weg — bis zur Rückkehr spielt ein Bot"),
    (TableNote(NoteKind.BACK, 1, "bob"), "bob ist zurück"),
    (TableNote(NoteKind.GAVE_UP, 1, "bob"), "bob hat den Platz aufgegeben"),
    (TableNote(NoteKind.REMOVED, 1, "bob"), "bob wurde von der Spielleitung entfernt"),
    (TableNote(NoteKind.BOT_TAKES_OVER, 1, "bob", "hard"), "ein Bot (hard) spielt jetzt für bob"),
    (
        TableNote(NoteKind.CLOCK_PLAYED, 1, "bob", move=MOVE),
        "Zeit abgelaufen für bob: der Server spielte nimm rot-dame",
    ),
    (
        TableNote(NoteKind.CLOCK_PLAYED, 1, "bob", move=MOVE).for_viewer(0),
        "Zeit abgelaufen für bob: der Server hat den Zug gemacht",
    ),
    (
        TableNote(NoteKind.FORFEIT, 1, "bob"),
        "Zeit abgelaufen für bob: bob verliert die Partie",
    ),
    (TableNote(NoteKind.ABORTED), "die Spielleitung hat die Partie abgebrochen"),
    (TableNote(NoteKind.EXPIRED), "niemand ist rechtzeitig beigetreten: die Partie ist verfallen"),
    (TableNote(NoteKind.WENT_TO_REMATCH, 1, "bob"), "bob ist zur Revanche gegangen"),
]


@pytest.fixture
def german() -> Iterator[None]:
    set_language("de")
    yield
    set_language("en")


def table(viewer: int = 0) -> ClientState:
    """A Doors table seen from `viewer`, ada at seat 0 and bob at seat 1."""
    state = ClientState(lobby_pb2.Game(game_id="doors"), "m1")
    seats = [lobby_pb2.Seat(seat=n, name=name, taken=True) for n, name in enumerate(["ada", "bob"])]
    state.snapshot = match_pb2.Snapshot(seats=seats, viewer_seat=viewer)
    state.snapshot.view.doors.SetInParent()
    return state


def shown(note: TableNote, viewer: int = 0) -> str:
    described = describe(table(viewer), outbound.note_event(CODECS["doors"], note))
    assert described is not None and described.seat is None
    return described.text


def test_every_kind_the_server_sends_has_words_in_the_client() -> None:
    kinds = {outbound.NOTE_KINDS[kind] for kind in NoteKind}
    assert kinds == set(client_notes.SENTENCES)
    assert {note.kind for note, _german in NOTES} == set(NoteKind)


@pytest.mark.parametrize(("note", "german_words"), NOTES, ids=[n.kind.value for n, _ in NOTES])
def test_a_note_reads_as_the_server_says_it_in_english(note: TableNote, german_words: str) -> None:
    assert shown(note) == note.text


@pytest.mark.parametrize(("note", "german_words"), NOTES, ids=[n.kind.value for n, _ in NOTES])
def test_a_note_reads_in_german(note: TableNote, german_words: str, german: None) -> None:
    assert shown(note) == german_words


def test_your_own_seat_is_marked_as_in_the_rest_of_the_log(german: None) -> None:
    assert shown(TableNote(NoteKind.BACK, 1, "bob"), viewer=1) == "bob (du) ist zurück"
    # The seat is someone else's now: the note is about its former player, not about you.
    assert shown(TableNote(NoteKind.GAVE_UP, 1, "cy"), viewer=1) == "cy hat den Platz aufgegeben"
    assert shown(TableNote(NoteKind.LEFT, 0, ""), viewer=1) == "ada hat den Tisch verlassen"


def test_a_kind_this_client_does_not_know_shows_the_servers_text(german: None) -> None:
    event = match_pb2.Event(text="seat 1 did something new", table_note=match_pb2.TableNote())
    event.table_note.kind = 99  # type: ignore[assignment]  # a kind from a newer server
    described = describe(table(), event)
    assert described is not None and described.text == "bob did something new"


async def test_a_german_table_shows_the_table_notes_in_german(
    client: Server, german: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Bob sits down, closes his terminal, comes back and gives up his seat while ada's German
    table is open: her log says so in German (it showed the server's English before)."""
    monkeypatch.setattr(room, "AWAY_NOTE_SECONDS", 0.05)
    games = {game.game_id: game for game in await client.games()}
    match = await client.create("doors", 2, seats=[(HUMAN, ""), (HUMAN, "")])
    ada = await client.join(match.match_id, "ada", 0)
    state = ClientState(games["doors"], match.match_id)
    with create_pipe_input() as pipe:
        running = asyncio.create_task(run_table(ada, state, input=pipe, output=DummyOutput()))
        await wait_for(lambda: state.snapshot is not None)
        bob = await client.join(match.match_id, "bob", 1)
        await wait_for(lambda: "bob hat Platz genommen" in state.log, state=state)
        stream = bob.watch()
        await anext(stream)
        await stream.aclose()
        await wait_for(lambda: "bob hat den Tisch verlassen" in state.log, state=state)
        stream = bob.watch()
        await anext(stream)
        await wait_for(lambda: "bob ist zurück" in state.log, state=state)
        await stream.aclose()
        await bob.leave()
        await wait_for(lambda: "bob hat den Platz aufgegeben" in state.log, state=state)
        assert "bob hat den Platz aufgegeben" in state.banner_text()
        assert not [line for line in state.log if "sat down" in line or "left the" in line]
        pipe.send_text("\x11")
        await asyncio.wait_for(running, 10)


async def test_the_german_create_form_describes_every_option_in_german(
    client: Server, german: None
) -> None:
    """The option descriptions ListGames sends (the games' and the table's: clock, timeout,
    away, hints) read in German on the lobby's create form."""
    games = await client.games()
    for game in games:
        form = CreateForm(list(games), ["easy"])
        form.rebuild(game.game_id)
        for cursor, row in enumerate(form.rows):
            if not row.key.startswith("option:"):
                continue
            form.cursor = cursor
            shown = "".join(part[1] for part in form_lines(form))
            option = next(o for o in game.options if f"option:{o.name}" == row.key)
            assert option.description not in shown, (game.game_id, option.name)
            assert shown.strip().splitlines()[-1], option.name
    names = {o.name for g in games for o in g.options}
    assert {"clock", "timeout", "away", "hints"} <= names


def test_a_freed_seat_is_named_free_not_by_its_number(german: None) -> None:
    state = table()
    snapshot = state.snapshot
    assert snapshot is not None
    snapshot.seats[1].Clear()
    snapshot.seats[1].seat = 1
    assert state.player_name(1) == "(frei)"
    set_language("en")
    assert state.player_name(1) == "(free)"
    snapshot.seats[1].taken = True
    assert state.player_name(1) == "seat 1"


def test_notes_about_you_say_you_and_a_bot_for_a_bot_names_the_seat() -> None:
    """`eve (you)'s time ran out` and `a bot (random) now plays for bot-1 (random)` read badly."""
    played = TableNote(NoteKind.CLOCK_PLAYED, 0, "ada", move=MOVE)
    assert shown(played) == "your time ran out: the server played take red-lady"
    assert shown(played.for_viewer(0)) == "your time ran out: the server played take red-lady"
    assert shown(TableNote(NoteKind.FORFEIT, 0, "ada")) == "your time ran out: you lose the match"
    assert shown(TableNote(NoteKind.BOT_TAKES_OVER, 0, "ada", "easy")) == (
        "a bot (easy) now plays for you"
    )
    for old in ("", "bot-1 (random)"):
        note = TableNote(NoteKind.BOT_TAKES_OVER, 1, old, "easy")
        assert shown(note) == "a bot (easy) now plays seat 1"
    assert shown(TableNote(NoteKind.BOT_TAKES_OVER, 1, "bob", "easy")) == (
        "a bot (easy) now plays for bob"
    )
    assert shown(TableNote(NoteKind.SAT_DOWN, 0, "ada")) == "ada (you) sat down"
