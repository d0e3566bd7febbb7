"""Replays and export of finished matches: refused while a match is under way (it would leak),
complete once it is over, and an export that replays to the same result through the engine."""

from __future__ import annotations

import asyncio
import json

import grpc
import pytest
from google.protobuf.json_format import ParseDict
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from tigerden.v1 import lobby_pb2, match_pb2

from cli.args import parser
from client.api import Server
from client.ui.model import ClientState
from client.ui.replay import Replay, build_replay_app
from engine import GAMES
from server.codecs import CODECS, unwrap_move
from server.main import Running
from tests.client.test_ui import wait_for
from tests.server.helpers import BOT, HUMAN, refused


async def finished(client: Server, game_id: str, players: int) -> str:
    match = await client.create(game_id, players, seats=[(BOT, "random")] * players)
    snapshots = [snapshot async for snapshot in client.watch(match.match_id)]
    assert snapshots[-1].HasField("result")
    return match.match_id


async def test_a_match_under_way_is_not_replayed(client: Server) -> None:
    match = await client.create("koikoi", 2, seats=[(HUMAN, ""), (HUMAN, "")])
    await client.join(match.match_id, "ada")
    await client.join(match.match_id, "bob")
    details = await refused(
        client.replay(match.match_id), grpc.StatusCode.FAILED_PRECONDITION, "MATCH_NOT_OVER"
    )
    assert "hidden" in details
    await refused(client.replay("nope"), grpc.StatusCode.NOT_FOUND, "UNKNOWN_MATCH")


@pytest.mark.parametrize(("game_id", "players"), [("doors", 2), ("koikoi", 2), ("tiger-dragon", 4)])
async def test_an_export_replays_to_the_same_result(
    running: Running, client: Server, capsys: pytest.CaptureFixture[str], game_id: str, players: int
) -> None:
    match_id = await finished(client, game_id, players)
    args = parser().parse_args(["export", f"127.0.0.1:{running.port}", match_id])
    assert await args.run(args) == 0
    header, *moves = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert header["game"] == game_id and header["players"] == players
    assert header["moves"] == len(moves) > 0
    assert [m["version"] for m in moves] == list(range(len(moves)))
    # Rebuild the match from the header and the move lines alone.
    game, codec = GAMES[game_id], CODECS[game_id]
    rules = {spec.name for spec in game.info.options}
    options = {k: v for k, v in header["options"].items() if k in rules}
    state = game.new(players, options, int(header["seed"]))
    for line in moves:
        assert state.to_act() == line["seat"]
        move = unwrap_move(codec, ParseDict(line["move"], match_pb2.Move()))
        assert move.label() == line["label"] and line["played_by"] == "PLAYED_BY_SEAT"
        public = [event.for_viewer(None) for event in state.apply(move)]
        events = [seen.describe() for seen in public if seen is not None]
        assert [event["text"] for event in line["events"]] == events
    result = state.result()
    assert result is not None
    assert list(result.scores) == header["result"]["scores"]
    assert list(result.winners) == header["result"].get("winners", [])


async def test_the_replay_shows_who_played_and_every_hand(client: Server) -> None:
    host = await client.create_hosted(
        "koikoi", 2, {"clock": "move:1"}, seats=[(HUMAN, ""), (HUMAN, "")]
    )
    ada = await client.join(host.match_id, "ada")
    await client.join(host.match_id, "bob")
    async for snapshot in ada.watch():
        if snapshot.version >= 1:  # nobody moved: the clock played for the seat
            break
    await host.abort()
    header, steps = await client.replay(host.match_id)
    assert header.result.ending == lobby_pb2.MATCH_ENDING_ABORTED
    assert steps[1].played_by == match_pb2.PLAYED_BY_CLOCK and steps[1].played_unix_ms > 0
    assert steps[0].seat_views[0] != steps[0].seat_views[1]  # both hands, each its own
    games = {game.game_id: game for game in await client.games()}
    replay = Replay(header, steps, ClientState(games["koikoi"], host.match_id))
    with create_pipe_input() as pipe:
        app = build_replay_app(replay, input=pipe, output=DummyOutput())
        viewer = asyncio.create_task(app.run_async())
        assert replay.state.snapshot is not None
        assert replay.state.snapshot.view == steps[0].seat_views[0]
        pipe.send_text("\x1b[C")  # →
        await wait_for(lambda: replay.step == 1)
        assert "time ran out" in replay.state.status
        pipe.send_text("\t")
        await wait_for(lambda: replay.seat == 1)
        assert replay.state.snapshot.view == steps[1].seat_views[1]
        pipe.send_text("q")
        await asyncio.wait_for(viewer, 5)
