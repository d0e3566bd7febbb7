"""The lobby as a new user meets it (issue 20: 4, 5, 10, 12, 16, 17, 18, 19), driven through a
real prompt-toolkit pipe against a real loopback server: matches created there have a host and
can be private, with any clock; Enter creates from any line of the form; one's own match's
second seat is not offered; a private match asks for its code; the words are the person's."""

from __future__ import annotations

import asyncio
import shutil
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager

import pytest
from prompt_toolkit.input import PipeInput, create_pipe_input
from prompt_toolkit.output import DummyOutput
from tigerden.v1 import lobby_pb2, match_pb2

from client import seats
from client.api import HostHandle, Server
from client.i18n import set_language
from client.session import LobbySession, remember_rematches
from client.ui.lobby import detail_lines, form_lines, header, match_lines
from client.ui.lobby_state import CreateForm, LobbyState, ServerEntry, status_word, waiting_for
from client.ui.model import ClientState
from client.ui.words import result_words
from server.main import Running
from tests.client.test_lobby_ui import text
from tests.client.test_ui import wait_for
from tests.server.helpers import HUMAN
from tools.terminal import Pane

DOWN, RIGHT, ENTER, CTRL_Q, ESC = "\x1b[B", "\x1b[C", "\r", "\x11", "\x1b"


@asynccontextmanager
async def lobby(
    address: str, name: str = "ada"
) -> AsyncIterator[tuple[LobbyState, LobbySession, PipeInput]]:
    """A lobby connected to `address`, its keys typed into a pipe."""
    state = LobbyState(name)
    with create_pipe_input() as pipe:
        session = LobbySession(state, input=pipe, output=DummyOutput())
        entry = ServerEntry(address, address)
        state.set_servers([entry])
        session.connect(entry)
        running = asyncio.create_task(session.run())
        try:
            await wait_for(lambda: state.connected_to is not None or "reach" in state.status)
            yield state, session, pipe
            pipe.send_text("q")
            await asyncio.wait_for(running, 10)
        finally:
            running.cancel()
            await session.close()


@pytest.fixture
def german() -> Iterator[None]:
    set_language("de")
    yield
    set_language("en")


def select(state: LobbyState, match_id: str) -> None:
    state.match_cursor = [m.match_id for m in state.rows()].index(match_id)


async def test_enter_creates_a_private_hosted_match_with_a_typed_clock(
    running: Running, client: Server
) -> None:
    """Enter on the form's first line moved to the next line although the footer says `Enter
    create`; the form had no private line and no clock but the listed ones; and the match it
    made had no host (CreateMatch's host token was dropped)."""
    address = f"127.0.0.1:{running.port}"
    async with lobby(address) as (state, session, pipe):
        pipe.send_text("n")
        await wait_for(lambda: state.form is not None)
        form = state.form
        assert isinstance(form, CreateForm)
        pipe.send_text(DOWN * 2 + RIGHT)  # private: no -> yes
        await wait_for(lambda: form.private)
        pipe.send_text(DOWN)  # the match's name
        await wait_for(lambda: form.row.key == "name")
        pipe.send_text("Friday q")  # q types here (it leaves the form on other lines)
        await wait_for(lambda: form.name == "Friday q")
        pipe.send_text(DOWN * 2)  # the clock
        await wait_for(lambda: form.row.key == "option:clock")
        pipe.send_text("move:10")
        await wait_for(lambda: form.options["clock"] == "move:10")
        pipe.send_text(ENTER)  # creates from this line
        await wait_for(lambda: len(state.my_seats) == 1, state=state)
        (mine,) = state.my_seats
        await wait_for(
            lambda: state.matches.get(mine, lobby_pb2.MatchInfo()).seats[:1], state=state
        )
        created = state.matches[mine]
        assert created.private and created.options["clock"] == "move:10"
        assert created.name == "Friday q"
        assert "Friday q" in text(match_lines(state))  # the list shows the name
        pipe.send_text(CTRL_Q)
        await wait_for(lambda: "its join code: " in state.status, state=state)

        # The host rights are kept (here and in the seats file, for the table): they work.
        token = session.hosts[mine]
        held = seats.find(address, mine)
        assert held is not None and held.host == token and held.seat == 0
        aborted = await HostHandle(client, created, token).abort()
        assert aborted.ending == lobby_pb2.MATCH_ENDING_ABORTED


async def test_a_refused_form_stays_open_to_fix_it(running: Running) -> None:
    async with lobby(f"127.0.0.1:{running.port}") as (state, _session, pipe):
        pipe.send_text("n")
        await wait_for(lambda: state.form is not None)
        pipe.send_text(DOWN * 5 + "move:ten" + ENTER)
        await wait_for(lambda: "clock=" in state.status, state=state)
        assert state.form is not None and state.form.options["clock"] == "move:ten"
        assert state.my_seats == {}
        pipe.send_text(ESC)
        await wait_for(lambda: state.form is None)


async def test_the_lobby_does_not_offer_ones_own_matchs_second_seat(
    running: Running, client: Server
) -> None:
    """`join --create koikoi`, then the lobby and Enter on that match started eve vs eve."""
    address = f"127.0.0.1:{running.port}"
    match = await client.create("doors", 2, seats=[(HUMAN, ""), (HUMAN, "")], creator="eve")
    seat = await client.join(match.match_id, "eve", 0)
    seats.remember(address, match.match_id, seat.seat, seat.token)  # as `tigerden join` does
    other = await client.create("doors", 2, seats=[(HUMAN, ""), (HUMAN, "")], creator="eve")
    await client.join(other.match_id, "eve", 0)  # from another machine: no token here
    async with lobby(address, "eve") as (state, _session, pipe):
        await wait_for(lambda: other.match_id in state.matches, state=state)
        assert state.my_seats == {match.match_id: 0}

        select(state, match.match_id)
        pipe.send_text("1")  # the other seat of a match we sit in: refused, with why
        await wait_for(lambda: "you hold seat 0 of this match" in state.status, state=state)
        pipe.send_text(ENTER)  # Enter takes our own seat back
        await wait_for(lambda: state.matches[match.match_id].seats[0].connected, state=state)
        pipe.send_text(CTRL_Q)
        await wait_for(lambda: "your seat 0 is kept" in state.status, state=state)
        assert not state.matches[match.match_id].seats[1].taken

        select(state, other.match_id)
        pipe.send_text(ENTER)  # eve sits there already: said, not joined
        await wait_for(lambda: "eve already sits in seat 0" in state.status, state=state)
        await asyncio.sleep(0.2)
        assert not state.matches[other.match_id].seats[1].taken
        pipe.send_text(ENTER)  # asked for again: a second eve joins
        await wait_for(lambda: state.my_seats.get(other.match_id) == 1, state=state)
        pipe.send_text(CTRL_Q)
        await wait_for(lambda: "your seat 1 is kept" in state.status, state=state)


async def test_a_private_match_asks_for_its_code(running: Running, client: Server) -> None:
    host = await client.create_hosted("doors", 2, seats=[(HUMAN, ""), (HUMAN, "")])
    code = await host.set_private()
    async with lobby(f"127.0.0.1:{running.port}", "bob") as (state, _session, pipe):
        await wait_for(lambda: host.match_id in state.matches, state=state)
        select(state, host.match_id)
        assert "private: joining needs its code" in text(detail_lines(state))
        pipe.send_text(ENTER)
        await wait_for(lambda: state.asking is not None)
        pipe.send_text("XXXXXX" + ENTER)
        await wait_for(lambda: "not the join code" in state.status, state=state)
        assert f"not the join code of match {host.match_id}: ask its host" in state.status
        pipe.send_text(ENTER)
        await wait_for(lambda: state.asking is not None)
        pipe.send_text(code + ENTER)
        await wait_for(lambda: state.my_seats.get(host.match_id) == 0, state=state)
        pipe.send_text(CTRL_Q)
        await wait_for(lambda: "your seat 0 is kept" in state.status, state=state)


async def test_an_unreachable_server_is_said_in_words() -> None:
    """The lobby showed `cannot reach 127.0.0.1:1: UNAVAILABLE` above "no matches yet: press
    n to create one"."""
    async with lobby("127.0.0.1:1") as (state, _session, _pipe):
        await wait_for(lambda: "reach" in state.status)
        assert state.status.startswith("cannot reach a tigerden server at 127.0.0.1:1: check")
        assert "UNAVAILABLE" not in state.status
        assert text(match_lines(state)) == "not connected to a server"


async def test_the_match_detail_names_only_the_house_rules(client: Server) -> None:
    """The detail listed all 32 Koi-Koi options at their defaults."""
    state = LobbyState("ada", games=list(await client.games()))
    match = await client.create("koikoi", 2, {"deals": "3", "hand_size": "10"})
    state.matches = {match.match_id: match}
    state.newest_first = [match.match_id]
    detail = text(detail_lines(state))
    assert "house rules: deals: 3, hand_size: 10" in detail
    assert "yaku_table" not in detail
    plain = await client.create("doors")
    state.matches = {plain.match_id: plain}
    assert "usual rules" in text(detail_lines(state))


async def test_the_german_form_and_detail_are_in_german(client: Server, german: None) -> None:
    """The German form showed `battlefield: < dojo >`, `off` and `none`."""
    games = list(await client.games())
    form = CreateForm(games, ["random"])
    while form.game.game_id != "tiger-dragon":
        form.cursor = 0
        form.change(1)
    shown = text(form_lines(form))
    assert "Schlachtfeld: < Dojo >" in shown and "Zeitlimit: < keins >" in shown
    assert "battlefield" not in shown and "none" not in shown and "privat: < nein >" in shown
    match = await client.create("tiger-dragon", 2, {"battlefield": "volcano"})
    state = LobbyState("ada", games=games, matches={match.match_id: match})
    state.newest_first = [match.match_id]
    assert "Hausregeln: Schlachtfeld: Vulkan" in text(detail_lines(state))


def test_the_header_names_a_server_once() -> None:
    """`127.0.0.1:55213 (127.0.0.1:55213)`."""
    state = LobbyState("ada")
    state.connected_to = ServerEntry("127.0.0.1:55213", "127.0.0.1:55213")
    assert text(header(state)).count("127.0.0.1:55213") == 1
    state.connected_to = ServerEntry("den", "192.0.2.7:50051")
    assert "den (192.0.2.7:50051)" in text(header(state))


def test_an_aborted_match_is_no_draw_and_not_just_finished() -> None:
    """After `host … abort`: `match over: a draw (you 0, bot-1 (random) 0)`, and the lobby
    said "finished"."""
    seats_ = [
        lobby_pb2.Seat(seat=n, kind=HUMAN, name=name, taken=True) for n, name in enumerate("ab")
    ]
    match = lobby_pb2.MatchInfo(
        seats=seats_,
        status=lobby_pb2.MATCH_STATUS_FINISHED,
        ending=lobby_pb2.MATCH_ENDING_ABORTED,
    )
    assert status_word(match) == "aborted"
    assert waiting_for(match) == "aborted by its host: no winners"
    game = lobby_pb2.Game(game_id="doors", title="Doors")
    snapshot = match_pb2.Snapshot(
        seats=seats_,
        result=match_pb2.MatchResult(scores=[0, 0], ending=lobby_pb2.MATCH_ENDING_ABORTED),
    )
    words = result_words(ClientState(game, "m"), snapshot)
    assert words.startswith("aborted by its host, no winner (") and "draw" not in words


@pytest.mark.skipif(shutil.which("tmux") is None, reason="needs tmux")
async def test_the_lobby_in_german_and_ascii_at_80x24(client: Server) -> None:
    """`tigerden lobby` had no --lang or --ascii."""
    await client.create("doors", 2, {"clock": "move:10"}, [(HUMAN, ""), (HUMAN, "")], "bob")
    pane = Pane(["lobby", client.target, "--name", "eve", "--lang", "de", "--ascii"])
    try:
        screen = await pane.wait(lambda s: "du bist eve" in s and "Hausregeln" in s)
        rows = screen.splitlines()
        assert len(rows) <= 24 and all(len(row) <= 80 for row in rows), screen
        assert screen.isascii(), screen
        assert rows[0].count(client.target) == 1  # the header names the server once
        assert "Hausregeln: Zeitlimit: move:10" in " ".join(screen.split())
        pane.type("n")
        screen = await pane.wait(lambda s: "neue Partie" in s)
        assert "privat: < nein >" in screen and "Sammler-Set: < automatisch >" in screen
        assert screen.isascii() and "Enter legt an" in screen, screen
        pane.keys("Escape")
        pane.type("q")
        await pane.wait(lambda s: "[exit 0]" in s)
    finally:
        pane.close()


async def test_a_rematch_keeps_its_seat_and_the_host_rights_in_the_seats_file(
    running: Running, client: Server
) -> None:
    """After /again the seats file held only the first match: a lobby opened later did not know
    the rematch's seat, and its table had no host controls."""
    address = f"127.0.0.1:{running.port}"
    host = await client.create_hosted("doors")
    seats.remember(address, host.match_id, host=host.token)  # as the lobby does on create
    seat = await client.join(host.match_id, "ada")
    keep = remember_rematches(seat)
    await host.abort()
    rematch = await seat.rematch()
    keep(rematch)  # what play_at_tables does after /again
    held = seats.find(address, rematch.match_id)
    assert held == seats.HeldSeat(address, rematch.match_id, 0, rematch.token, host.token)
    info = await client.find_match(rematch.match_id)
    assert info is not None
    aborted = await HostHandle(client, info, held.host).abort()  # the host rights work there
    assert aborted.ending == lobby_pb2.MATCH_ENDING_ABORTED
