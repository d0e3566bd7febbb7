"""`tigerden export`: a finished match as JSON lines (its header, then one line a move)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from cli.connection import replay_args, server_or_local
from client.export import export_lines


async def cmd_export(args: argparse.Namespace) -> int:
    address, match_id = replay_args(args)
    async with server_or_local(args, address, Path(args.db)) as server:
        header, steps = await server.replay(match_id)
    lines = "".join(line + "\n" for line in export_lines(header, steps))
    if args.output in (None, "-"):
        sys.stdout.write(lines)
    else:
        Path(args.output).write_text(lines, encoding="utf-8")
        print(f"wrote {len(steps)} lines (header and {len(steps) - 1} moves) to {args.output}")
    return 0
