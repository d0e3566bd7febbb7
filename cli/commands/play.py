"""`tigerden play`: a match against the AI on an embedded server with the local database, or
(`--resume`) the last unfinished one from the seats file."""

from __future__ import annotations

import argparse
from pathlib import Path

from cli.connection import embedded_server, game_info
from cli.defaults import default_db
from cli.new_match import parse_options, seat_specs
from cli.seats_file import last_local_seat, remember_local_seat
from cli.table import open_table
from client.i18n import _


def resume_hint(args: argparse.Namespace) -> str:
    """The command that continues the last local match, exactly as it must be typed."""
    db = "" if Path(args.db) == default_db() else f" --db {args.db}"
    return f"tigerden play --resume{db}"


async def cmd_play(args: argparse.Namespace) -> int:
    db = Path(args.db)
    if not args.resume and not args.game:
        raise SystemExit(_("play needs a GAME (doors, koikoi, tiger-dragon) or --resume"))
    async with embedded_server(db, args.bot_delay, args.web_port if args.web else None) as server:
        if args.resume:
            found = await last_local_seat(server, db)
            if found is None:
                print(_("no unfinished local match in {db}").format(db=db))
                return 1
            seat, game_id = found
        else:
            game_id = args.game
            players = args.players or (await game_info(server, game_id)).default_players
            count, seats = await seat_specs(server, game_id, players, players - 1, args.level)
            options = parse_options(args.option, args.clock)
            match = await server.create(game_id, count, options, seats)
            seat = await server.join(match.match_id, args.name, 0)
            remember_local_seat(db, seat, game_id)
        await open_table(
            server,
            seat,
            game_id,
            args,
            lambda _seat: resume_hint(args),
            lambda rematch: remember_local_seat(db, rematch, game_id),  # --resume finds it
        )
    return 0
