"""The remote bot above `random`: it decodes its snapshot's view, rebuilds a state that looks
the same from its seat and decides on it, so it plays as the server's bot of its level."""

from __future__ import annotations

import dataclasses

from tigerden.v1 import lobby_pb2

from bots import Budget, decide
from bots.worlds import world
from cli.args import parser
from cli.commands.bot import cmd_bot
from client.api import Server
from engine import GAMES
from engine.core import View
from server.main import Running
from tests.bots.states import TABLES, positions
from tests.server.helpers import BOT, HUMAN

SUMMARIES = ("last_contest", "last_deal", "last_round")
"""The previous segment's summary, which `bots.worlds` leaves out (no bot reads it)."""


def without_summary(view: View) -> View:
    present = {name: None for name in SUMMARIES if hasattr(view, name)}
    return dataclasses.replace(view, **present)  # type: ignore[type-var]


def test_the_rebuilt_state_looks_the_same_and_gets_the_same_move() -> None:
    for number, state in enumerate(positions(900, 22)):
        game_id, players, options = TABLES[number % len(TABLES)]
        seat = state.to_act()
        assert seat is not None
        view = state.view(seat)
        rebuilt = world(view, players, GAMES[game_id].info.validate(players, options))
        assert without_summary(rebuilt.view(seat)) == without_summary(view)
        # Every table at every level in turn (`number % 3` never gave Doors, tables 0 and 1
        # of twelve, `hard`, whose Guesser reads the history the world must rebuild).
        level = ("easy", "normal", "hard")[(number // len(TABLES)) % 3]
        mine = decide(state, seat, level, number, Budget(iterations=8))
        assert decide(rebuilt, seat, level, number, Budget(iterations=8)) == mine, (game_id, level)


async def test_tigerden_bot_plays_a_seat_at_every_level(client: Server, running: Running) -> None:
    for game_id, players, level in (
        ("doors", 2, "hard:0.01"),
        ("koikoi", 2, "normal:0.01"),
        ("tiger-dragon", 2, "easy"),
    ):
        seats = [(HUMAN, "")] + [(BOT, "easy")] * (players - 1)
        match = await client.create(game_id, players, seats=seats)
        address = f"127.0.0.1:{running.port}"
        args = parser().parse_args(
            ["bot", "--server", address, "--match", match.match_id, "--level", level]
        )
        assert await cmd_bot(args) == 0
        final = await client.find_match(match.match_id)
        assert final is not None and final.status == lobby_pb2.MATCH_STATUS_FINISHED
