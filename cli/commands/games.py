"""`tigerden games`: the games a server (or this install) hosts, with their options."""

from __future__ import annotations

import argparse
from pathlib import Path

from cli.connection import server_or_local
from client.api import Server
from client.i18n import _


async def cmd_games(args: argparse.Namespace) -> int:
    async def show(server: Server) -> None:
        for game in await server.games():
            print(
                f"{game.game_id:<13} {game.title} ({game.min_players}-{game.max_players} players)"
            )
            print(f"{'':<13} {game.summary}")
            for option in game.options:
                values = "|".join(option.values)
                print(f"{'':<15}--option {option.name}={values} (default {option.default_value})")
                print(f"{'':<17}{_(option.description)}")
            if game.conflicts:
                print(f"{'':<15}" + _("these cannot be combined:"))
            for conflict in game.conflicts:
                mine = f"{conflict.option}={'|'.join(conflict.values)}"
                theirs = f"{conflict.other}={'|'.join(conflict.other_values)}"
                print(f"{'':<17}{mine} + {theirs}: {conflict.reason}")

    async with server_or_local(args, args.server, Path(":memory:")) as server:
        await show(server)
    return 0
