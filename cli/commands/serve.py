"""`tigerden serve`: serves matches on the network until Ctrl-C or SIGTERM."""

from __future__ import annotations

import argparse
from dataclasses import fields
from pathlib import Path


async def cmd_serve(args: argparse.Namespace) -> int:
    from server.limits import Limits
    from server.main import Tls, key_warning, serve

    if bool(args.tls_cert) != bool(args.tls_key):
        raise SystemExit("--tls-cert and --tls-key go together")
    if args.tls_key and (warning := key_warning(Path(args.tls_key))):
        print(warning, flush=True)
    tls = Tls.from_files(Path(args.tls_cert), Path(args.tls_key)) if args.tls_cert else None
    limits = Limits(**{f.name: getattr(args, f.name) for f in fields(Limits)})
    name = None if args.no_advertise else args.name
    db = Path(args.db)
    web_port = None if args.no_web else args.web_port
    await serve(
        args.host,
        args.port,
        db,
        args.bot_delay,
        name,
        limits,
        tls,
        args.expire_waiting,
        web_port,
    )
    return 0
