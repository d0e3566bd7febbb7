"""LobbyService over a real server: games, matches, seats, and every refusal's status."""

from __future__ import annotations

import itertools
import secrets

import grpc
import pytest
from tigerden.v1 import lobby_pb2

from client.api import Server
from engine import GAMES
from server.codecs import CODECS
from tests.server.helpers import BOT, HUMAN, refused


async def test_list_games_describes_every_registered_game_and_option(client: Server) -> None:
    games = {game.game_id: game for game in await client.games()}
    assert set(games) == set(GAMES) & set(CODECS)
    doors = games["doors"]
    assert (doors.min_players, doors.max_players) == (2, 2)
    option = {o.name: o for o in doors.options}["collector_set"]
    assert list(option.values) == ["automatic", "optional"]
    assert option.default_value == "automatic"
    assert option.description
    assert doors.help


async def test_list_games_names_the_option_values_that_cannot_be_combined(client: Server) -> None:
    games = {game.game_id: game for game in await client.games()}
    for game_id, game in games.items():
        wire = [
            (c.option, set(c.values), c.other, set(c.other_values), c.reason)
            for c in game.conflicts
        ]
        engine = [
            (c.option, set(c.values), c.other, set(c.other_values), c.why)
            for c in GAMES[game_id].info.conflicts
        ]
        assert wire == engine
    lock = {c.option: c for c in games["koikoi"].conflicts}["koi_koi_limit"]
    assert (list(lock.values), lock.other, list(lock.other_values)) == (
        ["1", "2", "3"],
        "koi_koi_lock",
        ["on"],
    )


async def test_create_match_defaults_seat_zero_human_rest_bots(client: Server) -> None:
    match = await client.create("doors")
    assert [s.kind for s in match.seats] == [HUMAN, BOT]
    assert match.status == lobby_pb2.MATCH_STATUS_WAITING
    assert dict(match.options) == {
        "collector_set": "automatic",
        "clock": "none",
        "timeout": "play",
        "away": "60",
    }
    listed = await client.matches()
    assert [m.match_id for m in listed] == [match.match_id]


async def test_unknown_game_is_not_found(client: Server) -> None:
    details = await refused(client.create("chess"), grpc.StatusCode.NOT_FOUND, "UNKNOWN_GAME")
    assert "doors" in details  # names the games there are


async def test_bad_option_is_invalid_argument_naming_it(client: Server) -> None:
    details = await refused(
        client.create("doors", options={"collector_set": "sometimes"}),
        grpc.StatusCode.INVALID_ARGUMENT,
        "BAD_OPTIONS",
    )
    assert "collector_set" in details
    await refused(
        client.create("doors", options={"colour": "red"}),
        grpc.StatusCode.INVALID_ARGUMENT,
        "BAD_OPTIONS",
    )
    assert await client.matches() == []


async def test_bad_player_count_and_seat_list_are_invalid_argument(client: Server) -> None:
    await refused(client.create("doors", 3), grpc.StatusCode.INVALID_ARGUMENT, "BAD_OPTIONS")
    await refused(
        client.create("doors", 2, seats=[(HUMAN, "")]),
        grpc.StatusCode.INVALID_ARGUMENT,
        "BAD_SEATS",
    )
    await refused(
        client.create("doors", 2, seats=[(HUMAN, ""), (BOT, "grandmaster")]),
        grpc.StatusCode.INVALID_ARGUMENT,
        "BAD_SEATS",
    )
    assert await client.matches() == []


async def test_join_gives_a_seat_and_starts_the_match_when_full(client: Server) -> None:
    match = await client.create("doors")
    seat = await client.join(match.match_id, "ada")
    assert seat.seat == 0 and len(seat.token) >= 24
    (listed,) = await client.matches()
    assert listed.status == lobby_pb2.MATCH_STATUS_PLAYING
    assert listed.seats[0].name == "ada" and listed.seats[0].taken


async def test_join_refusals(client: Server) -> None:
    await refused(client.join("nope", "ada"), grpc.StatusCode.NOT_FOUND, "UNKNOWN_MATCH")
    match = await client.create("doors")
    await refused(
        client.join(match.match_id, "ada", 1), grpc.StatusCode.ALREADY_EXISTS, "SEAT_TAKEN"
    )
    await refused(
        client.join(match.match_id, "ada", 5), grpc.StatusCode.INVALID_ARGUMENT, "NO_SUCH_SEAT"
    )
    await client.join(match.match_id, "ada", 0)
    await refused(
        client.join(match.match_id, "eve", 0), grpc.StatusCode.ALREADY_EXISTS, "SEAT_TAKEN"
    )
    await refused(
        client.join(match.match_id, "eve"), grpc.StatusCode.RESOURCE_EXHAUSTED, "MATCH_FULL"
    )


async def test_leave_frees_the_seat_and_kills_the_token(client: Server) -> None:
    match = await client.create("doors")
    seat = await client.join(match.match_id, "ada")
    await seat.leave()
    (listed,) = await client.matches()
    assert not listed.seats[0].taken
    assert listed.status == lobby_pb2.MATCH_STATUS_WAITING
    await refused(seat.leave(), grpc.StatusCode.UNAUTHENTICATED, "BAD_TOKEN")
    again = await client.join(match.match_id, "bob")
    assert again.seat == 0 and again.token != seat.token


async def test_leave_without_token_is_unauthenticated(client: Server) -> None:
    await refused(
        client.lobby.LeaveMatch(lobby_pb2.LeaveMatchRequest()),
        grpc.StatusCode.UNAUTHENTICATED,
        "MISSING_TOKEN",
    )


async def test_names_lose_escape_sequences_and_control_characters_and_are_capped(
    client: Server,
) -> None:
    match = await client.create("doors")
    await client.join(match.match_id, "\x1b[31mada\x07" + "x" * 100)
    (listed,) = await client.matches()
    assert listed.seats[0].name == "ada" + "x" * 37  # the whole escape goes, not just its ESC


async def test_no_token_starts_with_a_dash(client: Server, monkeypatch: pytest.MonkeyPatch) -> None:
    """A token is pasted after `--token` on the command line, where argparse reads `--token -x…`
    as an option with no value ("expected one argument"): one URL-safe token in 64 began with
    `-`. The random source is made to offer such tokens first; the server must pass them over."""
    draws = itertools.count()
    real = secrets.token_urlsafe

    def dash_first(nbytes: int | None = None) -> str:
        token = real(nbytes)
        return "-" + token[1:] if next(draws) % 2 == 0 else token

    monkeypatch.setattr(secrets, "token_urlsafe", dash_first)
    host = await client.create_hosted("doors", 2, seats=[(HUMAN, ""), (HUMAN, "")])
    seats = [await client.join(host.match_id, "ada", 0), await client.join(host.match_id, "bob", 1)]
    tokens = [host.token, *(seat.token for seat in seats)]
    assert all(token and not token.startswith("-") for token in tokens), tokens
    assert next(draws) > len(tokens), "the server drew no token from secrets.token_urlsafe"
