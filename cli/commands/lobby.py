"""`tigerden lobby` (also the command without a name): the full-screen lobby."""

from __future__ import annotations

import argparse
from pathlib import Path

from cli.connection import target


async def cmd_lobby(args: argparse.Namespace) -> int:
    from client.session import run_lobby

    address = target(args.address) if args.address else None
    ca = Path(args.tls_ca).read_bytes() if args.tls_ca else None
    await run_lobby(args.name, address, args.interface, tls_ca=ca, bell=not args.no_bell)
    return 0
