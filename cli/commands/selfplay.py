"""`tigerden selfplay`: N bot-vs-bot matches through a real server, counting the errors."""

from __future__ import annotations

import argparse
from pathlib import Path

from cli.connection import server_or_local
from cli.new_match import parse_options
from client.selfplay import selfplay


async def cmd_selfplay(args: argparse.Namespace) -> int:
    options = parse_options(args.option)
    async with server_or_local(args, args.server, Path(args.db)) as server:
        errors = await selfplay(
            server, args.game, args.n, args.players, options, args.parallel, args.seed
        )
    print(f"{args.n} matches, {errors} errors")
    return 1 if errors else 0
