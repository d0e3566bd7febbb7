"""`tigerden matches`: the matches on a server, who they wait for, finished ones on request."""

from __future__ import annotations

import argparse

from tigerden.v1 import lobby_pb2

from cli.connection import open_server


async def cmd_matches(args: argparse.Namespace) -> int:
    from client.ui.lobby_state import status_word, waiting_for

    async with open_server(args, args.server) as server:
        if args.finished:
            matches = await server.matches(status=lobby_pb2.MATCH_STATUS_FINISHED)
        else:
            matches = await server.matches(include_finished=args.all)
        for match in matches:
            status = status_word(match)
            seats = ", ".join(s.name or "(free)" for s in match.seats)
            by = f" (by {match.created_by})" if match.created_by else ""
            by += f" '{match.name}'" if match.name else ""
            print(f"{match.match_id}  {match.game_id:<13} {status:<11} v{match.version:<5} {seats}")
            print(f"{'':<18}{waiting_for(match)}{by}")
        if not matches:
            finished = "" if args.all else " (--all includes finished ones)"
            print(f"no matches on {args.server}{finished}; create one with tigerden join --create")
    return 0
