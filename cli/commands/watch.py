"""`tigerden watch`: spectates a match (and, after /again, its rematch)."""

from __future__ import annotations

import argparse

from cli.connection import game_info, open_server


async def cmd_watch(args: argparse.Namespace) -> int:
    async with open_server(args, args.address) as server:
        match = await server.find_match(args.match)
        if match is None:
            print(f"no match {args.match} on {args.address}")
            return 1
        from client.session import watch_tables

        game = await game_info(server, match.game_id)
        await watch_tables(server, args.match, game, match.options, args.name)
    return 0
