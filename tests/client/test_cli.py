"""The `tigerden` command, run as a user would."""

from __future__ import annotations

import asyncio
import re
import subprocess
import sys
from pathlib import Path

import grpc
import pytest

from cli.args import parser
from cli.connection import target
from cli.defaults import login_name
from cli.main import main
from cli.new_match import parse_options
from client.api import Server
from server.main import Running
from tests.server.helpers import HUMAN


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "cli", *args],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        stdin=subprocess.DEVNULL,  # as from a script: no terminal
    )


def test_selfplay_doors_reports_matches_and_errors_last() -> None:
    done = run("selfplay", "doors", "-n", "20", "--seed", "1")
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().splitlines()[-1] == "20 matches, 0 errors"


def test_selfplay_of_an_unknown_game_fails_clearly() -> None:
    done = run("selfplay", "chess", "-n", "1")
    assert done.returncode != 0
    assert "chess" in done.stderr + done.stdout


def test_games_lists_doors_with_its_option(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["games"]) == 0
    out = capsys.readouterr().out
    assert "doors" in out and "collector_set=automatic|optional" in out


def test_help_lists_every_command(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--help"])
    out = capsys.readouterr().out
    commands = "serve play join watch host replay export bot selfplay games matches servers"
    for command in commands.split():
        assert command in out


def test_addresses_get_the_default_port() -> None:
    assert target("192.0.2.1") == "192.0.2.1:50051"
    assert target("host:7000") == "host:7000"
    assert target("[::1]") == "[::1]:50051"
    assert target("[::1]:7000") == "[::1]:7000"


def test_options_parse_and_reject_bad_pairs() -> None:
    assert parse_options(["deals=6", "yaku_table=nintendo"]) == {
        "deals": "6",
        "yaku_table": "nintendo",
    }
    with pytest.raises(SystemExit):
        parse_options(["deals"])


async def test_a_token_resumes_its_seat(client: Server) -> None:
    match = await client.create("doors")
    seat = await client.join(match.match_id, "ada")
    resumed = await client.resume(match.match_id, seat.token)
    assert (resumed.seat, resumed.token) == (seat.seat, seat.token)
    with pytest.raises(grpc.aio.AioRpcError) as caught:
        await client.resume(match.match_id, "forged")
    assert caught.value.code() == grpc.StatusCode.UNAUTHENTICATED


async def test_the_host_command_frees_seats_seats_bots_and_aborts(
    running: Running, client: Server, capsys: pytest.CaptureFixture[str]
) -> None:
    host = await client.create_hosted("doors", 2, seats=[(HUMAN, ""), (HUMAN, "")])
    await client.join(host.match_id, "ada")
    await client.join(host.match_id, "squatter")
    address = f"127.0.0.1:{running.port}"

    async def tigerden(*words: str) -> str:
        args = parser().parse_args(list(words))
        assert await args.run(args) == 0
        return capsys.readouterr().out

    base = ("host", address, host.match_id, "--token", host.token)
    assert "seat 1 is free" in await tigerden(*base, "free", "1")
    assert "private: join with --code" in await tigerden(*base, "private")
    assert "bot-1 (easy)" in await tigerden(*base, "bot", "1")
    with pytest.raises(grpc.aio.AioRpcError) as caught:
        await tigerden("host", address, host.match_id, "--token", "forged", "abort")
    assert caught.value.code() == grpc.StatusCode.PERMISSION_DENIED
    assert "aborted" in await tigerden(*base, "abort")
    listed = await tigerden("matches", "--server", address, "--finished")
    assert host.match_id in listed and "aborted" in listed


def test_clock_reaches_the_match_options() -> None:
    args = parser().parse_args(["join", "host", "--create", "koikoi", "--clock", "bank:300+5"])
    assert parse_options(args.option, args.clock) == {"clock": "bank:300+5"}


async def test_matches_says_who_each_table_waits_for_and_when_there_are_none(
    running: Running, client: Server
) -> None:
    address = f"127.0.0.1:{running.port}"
    empty = await asyncio.to_thread(run, "matches", "--server", address)
    assert empty.returncode == 0
    assert empty.stdout.startswith(f"no matches on {address} (--all includes finished ones)")
    match = await client.create("doors", 2, seats=[(1, ""), (1, "")], creator="ada")
    await client.join(match.match_id, "ada", 0)
    listed = await asyncio.to_thread(run, "matches", "--server", address)
    assert listed.stdout.splitlines()[1].split() == [
        *["waiting", "for", "1", "more", "player", "(seat", "1);", "away:", "ada", "(by", "ada)"]
    ]


def test_the_client_package_imports_no_engine_bots_or_server() -> None:
    """client/ is a thin client: what needs rules (the embedded server, a remote bot above
    random) is wired in by the `tigerden` command, cli/, beside it."""
    forbidden = re.compile(r"^\s*(from|import)\s+(engine|bots|server|cli)\b", re.MULTILINE)
    client = Path(__file__).parents[2] / "client"
    offenders = [
        str(path.relative_to(client.parent))
        for path in sorted(client.rglob("*.py"))
        if forbidden.search(path.read_text(encoding="utf-8"))
    ]
    assert offenders == []


def test_the_default_name_is_the_login_name_as_others_will_see_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """`tigerden play` named your seat "player" when $USER was unset; now it asks for the login
    name the way getpass does (LOGNAME first), cleaned by the server's one sanitiser."""
    for variable in ("LOGNAME", "USER", "LNAME", "USERNAME"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("LOGNAME", "bea\x1b[31m\n")
    assert login_name() == "bea"
    for command in ("play", "join", "lobby"):
        assert parser().parse_args([command]).name == "bea"
    assert parser().parse_args(["play", "--name", "ada"]).name == "ada"

    def nobody() -> str:
        raise OSError("no login name")

    monkeypatch.setattr("getpass.getuser", nobody)
    assert login_name() == "player" and login_name("spectator") == "spectator"


async def test_a_player_the_host_removed_is_told_so_and_offered_no_way_back(
    client: Server, capsys: pytest.CaptureFixture[str]
) -> None:
    """After `tigerden host ... free 1` the removed player read "the seat was given up with
    LeaveMatch" and, on Ctrl-Q, "your seat (1) is kept. Continue with: ... --token ...", a
    command that then failed."""
    from prompt_toolkit.application import create_app_session
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput

    from cli.table import open_table

    host = await client.create_hosted("doors", 2, seats=[(HUMAN, ""), (HUMAN, "")])
    await client.join(host.match_id, "ada")
    bob = await client.join(host.match_id, "bob")
    args = parser().parse_args(["join", client.target, "--no-bell"])
    with create_pipe_input() as pipe, create_app_session(input=pipe, output=DummyOutput()):
        table = asyncio.create_task(
            open_table(client, bob, "doors", args, lambda s: f"--token {s.token}")
        )
        await asyncio.sleep(0.5)  # bob is at the table
        match = await host.free_seat(1)
        assert not match.seats[1].taken
        await asyncio.sleep(0.5)  # the stream ends, the table says why
        pipe.send_text("\x11")
        await asyncio.wait_for(table, 10)
    out = capsys.readouterr().out
    assert "is kept" not in out and "--token" not in out, out
    assert "you no longer hold seat 1 (the host removed you from the seat" in out, out


def test_the_rejoin_command_keeps_the_name() -> None:
    """ "Continue with: tigerden join … --token …" left out --name, so the command rejoined
    under the login name's default."""
    from cli.commands.join import rejoin_command
    from client.api import SeatHandle

    seat = SeatHandle(None, "m1", 1, "tok")  # type: ignore[arg-type]
    assert rejoin_command("127.0.0.1:5", seat, "bea m") == (
        "tigerden join 127.0.0.1:5 --match m1 --token tok --name 'bea m'"
    )
