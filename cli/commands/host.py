"""`tigerden host`: the host controls of a match, with the host token `join --create` printed."""

from __future__ import annotations

import argparse

from cli.connection import named_match, open_server
from client.api import HostHandle
from client.i18n import _


async def cmd_host(args: argparse.Namespace) -> int:
    async with open_server(args, args.address) as server:
        match = await named_match(server, args.match, args.address)
        if match is None:
            return 1
        host = HostHandle(server, match, args.token)
        if args.action == "free":
            match = await host.free_seat(args.seat)
            print(_("seat {seat} is free; its old token no longer works").format(seat=args.seat))
        elif args.action == "bot":
            match = await host.replace_with_bot(args.seat, args.level)
            print(
                _("seat {seat} is played by {name}").format(
                    seat=args.seat, name=match.seats[args.seat].name
                )
            )
        elif args.action == "abort":
            await host.abort()
            print(_("match {match} aborted").format(match=args.match))
        else:
            code = await host.set_private(args.action == "private")
            print(
                _("private: join with --code {code}").format(code=code)
                if code
                else _("anyone may join again")
            )
    return 0
