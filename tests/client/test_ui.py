"""The terminal table driven through a real prompt-toolkit pipe against a real server."""

from __future__ import annotations

import asyncio
from pathlib import Path

from prompt_toolkit.formatted_text import StyleAndTextTuples
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from client.api import Server, connect
from client.ui.app import run_table
from client.ui.games.koikoi import screen as koikoi
from client.ui.model import ClientState
from client.ui.panes import board, help_text
from client.ui.text import symbols
from server.main import start_server
from tests.server.helpers import BOT, HUMAN, deciding_seed


async def wait_for(condition: object, timeout: float = 10.0, state: object = None) -> None:
    async def poll() -> None:
        while not condition():  # type: ignore[operator]
            await asyncio.sleep(0.01)

    try:
        await asyncio.wait_for(poll(), timeout)
    except TimeoutError:
        raise AssertionError(f"condition not met in {timeout} s; client state: {state}") from None


async def test_the_ui_plays_a_doors_contest_against_the_bot(client: Server) -> None:
    games = {game.game_id: game for game in await client.games()}
    match = await client.create("doors")
    seat = await client.join(match.match_id, "ada")
    state = ClientState(games["doors"], match.match_id)
    typed: list[str] = []
    with create_pipe_input() as pipe:

        async def player() -> None:
            await wait_for(lambda: state.snapshot is not None)
            pipe.send_text("?")  # help opens ...
            await wait_for(lambda: state.show_help)
            pipe.send_text("?")  # ... and closes
            await wait_for(lambda: not state.show_help)
            pipe.send_text("no-such-move\r")
            await wait_for(
                lambda: (
                    "not one of your moves now" in state.status or "not your turn" in state.status
                )
            )
            pipe.send_text("\x15")  # Ctrl-U: the refused text stays in the prompt until cleared
            while not any("gains" in line for line in state.log):
                await wait_for(
                    lambda: (
                        state.snapshot is not None
                        and (
                            (state.snapshot.legal_moves and state.snapshot.version > state.acted_at)
                            or any("gains" in line for line in state.log)
                        )
                    ),
                    state=state,
                )
                if any("gains" in line for line in state.log):
                    break
                assert state.snapshot is not None
                label = state.snapshot.legal_moves[-1].label  # guesses come last: short contests
                version = state.snapshot.version
                typed.append(label)
                pipe.send_text(label + "\r")
                await wait_for(lambda: state.acted_at >= version, state=state)  # noqa: B023
            pipe.send_text("\x11")  # Ctrl-Q

        driver = asyncio.create_task(player())
        final = await asyncio.wait_for(run_table(seat, state, input=pipe, output=DummyOutput()), 30)
        await driver
    assert typed, "no move was typed"
    assert any("gains" in line for line in final.log), list(final.log)
    assert final.snapshot is not None and final.snapshot.version >= len(typed)


async def test_the_ui_accepts_a_move_by_number_and_shows_the_other_seat(client: Server) -> None:
    games = {game.game_id: game for game in await client.games()}
    match = await client.create("doors", 2, seats=[(1, ""), (1, "")])
    ours, theirs = [await client.join(match.match_id, n, s) for s, n in enumerate(["ada", "bob"])]
    state = ClientState(games["doors"], match.match_id)
    with create_pipe_input() as pipe:
        table = asyncio.create_task(run_table(ours, state, input=pipe, output=DummyOutput()))
        await wait_for(lambda: state.snapshot is not None)
        assert state.snapshot is not None
        if not state.snapshot.legal_moves:  # the other seat collects first: it moves by Act
            async for snapshot in theirs.watch():
                await theirs.act(0, snapshot.legal_moves[0].move)
                break
            await wait_for(lambda: state.snapshot is not None and state.snapshot.version == 1)
            assert any("takes" in line for line in state.log), list(state.log)
        version = state.snapshot.version
        pipe.send_text("1\r")
        await wait_for(lambda: state.snapshot is not None and state.snapshot.version == version + 1)
        assert state.acted_at == version
        pipe.send_text("\x11")
        await asyncio.wait_for(table, 10)


async def test_the_table_header_and_help_name_the_house_rules(client: Server) -> None:
    """The client knows no rules: it names each option that differs from its default, with
    the description ListGames sends, in the table header and in the `?` help."""
    games = {game.game_id: game for game in await client.games()}
    options = {"first_to": "50", "koi_koi_lock": "on", "viewing_sake": "1_3"}
    match = await client.create("koikoi", 2, options)
    seat = await client.join(match.match_id, "ada")
    found = await client.find_match(match.match_id)
    assert found is not None
    state = ClientState(games["koikoi"], match.match_id, options=dict(found.options))
    with create_pipe_input() as pipe:
        table = asyncio.create_task(run_table(seat, state, input=pipe, output=DummyOutput()))
        await wait_for(lambda: state.snapshot is not None)
        header = plain(board(state)).splitlines()[0]
        dot = f" {symbols().dot} "
        assert header == f"house rules: viewing_sake=1_3{dot}koi_koi_lock=on{dot}first_to=50"
        pipe.send_text("?")
        await wait_for(lambda: state.show_help)
        shown = plain(help_text(state))
        described = {o.name: o.description for o in games["koikoi"].options}
        assert "House rules of this match" in shown
        for name, value in options.items():
            assert f"  {name}={value}: {described[name]}" in shown
        assert "deals=" not in shown  # defaults are no house rules
        pipe.send_text("\x11")
        await asyncio.wait_for(table, 10)
    plain_match = ClientState(games["koikoi"], "m")
    assert plain_match.house_rules() == [] and "House rules" not in plain(help_text(plain_match))


def plain(lines: StyleAndTextTuples) -> str:
    return "".join(fragment[1] for fragment in lines)


async def test_a_koikoi_match_its_deal_decided_shows_the_result(tmp_path: Path) -> None:
    """Issue 20: `tigerden play koikoi` on a deal that a dealt hand decides (about one in 90)
    ended in an error; the table shows who won and the deal's summary instead."""
    seed = deciding_seed("koikoi", {})
    running = await start_server("127.0.0.1:0", tmp_path / "db.sqlite", new_seed=lambda: seed)
    try:
        async with connect(f"127.0.0.1:{running.port}") as client:
            games = {game.game_id: game for game in await client.games()}
            match = await client.create("koikoi", 2, seats=[(HUMAN, ""), (BOT, "random")])
            seat = await client.join(match.match_id, "ada", 0)
            state = ClientState(games["koikoi"], match.match_id)
            with create_pipe_input() as pipe:
                table = asyncio.create_task(
                    run_table(seat, state, input=pipe, output=DummyOutput())
                )
                await wait_for(lambda: state.status.startswith("match over:"), state=state)
                shown = "".join(text for _style, text, *_ in koikoi.render(state))
                assert "Last deal (1):" in shown, shown
                assert "teshi" in shown or "kuttsuki" in shown, shown
                pipe.send_text("\x11")
                await asyncio.wait_for(table, 10)
    finally:
        await running.stop(grace=0.1)
