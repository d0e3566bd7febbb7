"""`tigerden servers`: lists the tigerden servers that answer on the LAN."""

from __future__ import annotations

import argparse
import sys

from discovery import find_servers


async def cmd_servers(args: argparse.Namespace) -> int:
    try:
        found = await find_servers(args.timeout, args.interface)
    except OSError as error:
        print(error, file=sys.stderr)
        return 1
    for server in found:
        print(server.line())
    if not found:
        print(f"no tigerden server answered within {args.timeout:g} s", file=sys.stderr)
        return 1
    return 0
