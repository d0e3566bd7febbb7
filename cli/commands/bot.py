"""`tigerden bot`: plays a seat as a remote bot of a level, deciding from what the seat is
sent (`cli/remote_bot.py`)."""

from __future__ import annotations

import argparse
import random
import sys

from cli.connection import named_match, open_server
from cli.remote_bot import level_chooser
from client.bot import BotError, play_seat
from engine import GAMES


async def cmd_bot(args: argparse.Namespace) -> int:
    async with open_server(args, args.server) as server:
        match = await named_match(server, args.match, args.server)
        if match is None:
            return 1
        players = len(match.seats)
        info = GAMES[match.game_id].info
        rules = {spec.name for spec in info.options}  # the others are the table's (clock...)
        options = info.validate(players, {k: v for k, v in match.options.items() if k in rules})
        choose = level_chooser(args.level, players, options, random.Random(args.seed))
        seat = await server.join(args.match, args.name, args.seat)
        print(f"playing seat {seat.seat} of match {args.match} ({args.level})", flush=True)
        try:
            final = await play_seat(seat, choose)
        except BotError as error:
            print(f"bot stopped: {error}", file=sys.stderr)
            return 1
        print(
            f"match over: winners {list(final.result.winners)}, scores {list(final.result.scores)}"
        )
    return 0
