"""`tigerden join`, `host`, `matches`, `export` as a person types them, against a real loopback
server: a private match's creator is seated, a joiner is asked for the code, the seat taken is
remembered (no second seat of one's own match), a name already at the table is asked about,
and every error is in words (issue 20: 3, 5, 10, 16, 17, 19). The full-screen table is not
opened (`open_table` records the seat instead): these tests are about what comes before it."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import pytest
from tigerden.v1 import lobby_pb2

from cli.args import parser
from cli.main import main
from client import seats
from client.api import SeatHandle, Server
from client.i18n import set_language
from server.main import Running
from tests.client.test_cli import run
from tests.server.helpers import HUMAN


@pytest.fixture
def tables(monkeypatch: pytest.MonkeyPatch) -> list[SeatHandle]:
    """The seats `join` would open a table for, in order."""
    opened: list[SeatHandle] = []

    async def open_table(server: Server, seat: SeatHandle, *rest: object, **named: object) -> None:
        opened.append(seat)

    monkeypatch.setattr("cli.commands.join.open_table", open_table)
    return opened


@pytest.fixture
def typed(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Lines the person types at `join`'s questions (the end of input after the last)."""
    lines: list[str] = []

    def answer(question: str = "") -> str:
        print(question)
        if not lines:
            raise EOFError
        return lines.pop(0)

    monkeypatch.setattr("builtins.input", answer)
    return lines


@pytest.fixture
def german() -> Iterator[None]:
    set_language("de")
    yield
    set_language("en")


async def join(*words: str) -> int:
    args = parser().parse_args(["join", *words])
    code: int = await args.run(args)
    return code


async def test_the_creator_of_a_private_match_sits_in_it(
    running: Running, client: Server, tables: list[SeatHandle], capsys: pytest.CaptureFixture[str]
) -> None:
    """`join --create doors --private --clock move:10` printed the code and host token, then
    was refused its own seat (`match … is private: ask its host for the join code`)."""
    address = f"127.0.0.1:{running.port}"
    assert await join(address, "--create", "doors", "--private", "--clock", "move:10") == 0
    (seat,) = tables
    match = await client.find_match(seat.match_id)
    assert match is not None and match.private and match.options["clock"] == "move:10"
    assert seat.seat == 0 and match.seats[0].taken
    out = capsys.readouterr().out
    assert "players join with --code" in out and "--token" in out
    held = seats.find(address, seat.match_id)
    assert held is not None and held.host and held.token == seat.token  # kept for the table


async def test_join_asks_for_a_private_matchs_code_until_it_is_right(
    running: Running,
    client: Server,
    tables: list[SeatHandle],
    typed: list[str],
    capsys: pytest.CaptureFixture[str],
) -> None:
    host = await client.create_hosted("doors", 2, seats=[(HUMAN, ""), (HUMAN, "")])
    code = await host.set_private()
    typed += ["WRONG1", code.lower()]
    assert await join(f"127.0.0.1:{running.port}", "--match", host.match_id, "--name", "bob") == 0
    assert [seat.seat for seat in tables] == [0]
    out = capsys.readouterr().out
    assert "is private: its join code (ask its host)?" in out
    assert "WRONG1 is not the join code of this match" in out

    # Without a code to type (end of input), it says why it did not join; no traceback.
    other = await client.create_hosted("doors", 2, seats=[(HUMAN, ""), (HUMAN, "")])
    await other.set_private()
    assert await join(f"127.0.0.1:{running.port}", "--match", other.match_id) == 1
    assert "not joined: a private match needs its join code" in capsys.readouterr().out


async def test_joining_ones_own_match_again_takes_the_same_seat(
    running: Running, client: Server, tables: list[SeatHandle], typed: list[str]
) -> None:
    """`join --create koikoi`, leave, then `join` and pick it from the list: the seat held is
    taken back, not the match's second seat (eve vs eve)."""
    address = f"127.0.0.1:{running.port}"
    assert await join(address, "--create", "doors", "--name", "eve") == 0
    typed.append("1")
    assert await join(address, "--name", "eve") == 0
    first, again = tables
    assert (again.match_id, again.seat, again.token) == (first.match_id, 0, first.token)
    match = await client.find_match(first.match_id)
    assert match is not None and not match.seats[1].taken


async def test_a_name_already_at_the_table_is_asked_about(
    running: Running,
    client: Server,
    tables: list[SeatHandle],
    typed: list[str],
    capsys: pytest.CaptureFixture[str],
) -> None:
    match = await client.create("doors", 2, seats=[(HUMAN, ""), (HUMAN, "")])
    await client.join(match.match_id, "Eve", 0)
    address = f"127.0.0.1:{running.port}"
    typed.append("n")
    assert await join(address, "--match", match.match_id, "--name", "eve") == 1
    assert "Eve already sits in seat 0 of this match" in capsys.readouterr().out
    assert tables == []
    typed.append("y")
    assert await join(address, "--match", match.match_id, "--name", "eve") == 0
    assert [seat.seat for seat in tables] == [1]


async def test_join_speaks_german(
    running: Running,
    client: Server,
    tables: list[SeatHandle],
    typed: list[str],
    german: None,
    capsys: pytest.CaptureFixture[str],
) -> None:
    address = f"127.0.0.1:{running.port}"
    assert await join(address, "--lang", "de") == 1
    assert "keine Partie wartet auf Mitspieler" in capsys.readouterr().out
    await client.create("doors", 2, seats=[(HUMAN, ""), (HUMAN, "")])
    typed.append("1")
    assert await join(address, "--lang", "de") == 0
    out = capsys.readouterr().out
    assert "2 freie Plätze" in out and "welcher Partie beitreten (Nummer)?" in out


async def test_errors_say_what_to_do_without_internals(
    running: Running, client: Server, capsys: pytest.CaptureFixture[str]
) -> None:
    address = f"127.0.0.1:{running.port}"

    def error(*words: str) -> str:
        assert main(list(words)) == 2
        return capsys.readouterr().err

    unreachable = await asyncio.to_thread(error, "matches", "--server", "127.0.0.1:1")
    assert "cannot reach a tigerden server at 127.0.0.1:1: check the address" in unreachable
    assert "UNKNOWN" not in unreachable and "ipv4" not in unreachable

    missing = await asyncio.to_thread(error, "export", address, "nope")
    assert "there is no match nope on this server" in missing
    assert f"tigerden matches --server {address} --all" in missing
    assert "ListMatches" not in missing

    host = await client.create_hosted("doors")
    forged = await asyncio.to_thread(
        error, "host", address, host.match_id, "--token", "forged", "abort"
    )
    assert f"that is not the host token of match {host.match_id}" in forged
    assert "CreateMatch" not in forged


@pytest.mark.parametrize("command", [["replay", "nope"], ["play", "doors"], ["lobby"]])
def test_a_screen_without_a_terminal_says_so(command: list[str]) -> None:
    """`replay` or `play` with standard input not a terminal ended in an EOFError traceback."""
    done = run(*command)
    assert done.returncode == 2
    assert "run it in a terminal" in done.stderr and "Traceback" not in done.stderr


async def test_an_aborted_match_is_listed_as_aborted(
    running: Running, client: Server, capsys: pytest.CaptureFixture[str]
) -> None:
    """`tigerden matches` showed `aborted` and then `finished` under it."""
    host = await client.create_hosted("doors")
    await client.join(host.match_id, "ada")
    await host.abort()
    args = parser().parse_args(["matches", "--server", f"127.0.0.1:{running.port}", "--all"])
    assert await args.run(args) == 0
    first, second = capsys.readouterr().out.splitlines()[:2]
    assert first.split()[2] == "aborted"
    assert second.strip() == "aborted by its host: no winners"
    assert "finished" not in first + second
    listed = await client.find_match(host.match_id)
    assert listed is not None and listed.ending == lobby_pb2.MATCH_ENDING_ABORTED


def test_the_seats_file_is_its_owners_only_and_survives_damage(own_seats_file: Path) -> None:
    seats.remember("den:50051", "m1", 0, "seat-token")
    seats.remember("den:50051", "m1", host="host-token")  # the host token joins the seat
    assert seats.find("den:50051", "m1") == seats.HeldSeat(
        "den:50051", "m1", 0, "seat-token", "host-token"
    )
    assert own_seats_file.stat().st_mode & 0o777 == 0o600
    seats.forget("den:50051", "m1")
    assert seats.find("den:50051", "m1") is None
    own_seats_file.write_text("{not json")
    assert seats.held() == []
