"""`tigerden replay`: steps through a finished match, every hand shown."""

from __future__ import annotations

import argparse
from pathlib import Path

from cli.connection import game_info, replay_args, server_or_local
from client.ui.model import ClientState
from client.ui.replay import Replay, build_replay_app


async def cmd_replay(args: argparse.Namespace) -> int:
    address, match_id = replay_args(args)
    async with server_or_local(args, address, Path(args.db)) as server:
        header, steps = await server.replay(match_id)
        game = await game_info(server, header.match.game_id)
    replay = Replay(header, steps, ClientState(game, match_id), seat=args.seat)
    await build_replay_app(replay).run_async()
    return 0
