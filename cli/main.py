"""The `tigerden` entry point: parses the command line (`cli/args.py`), sets the language and
the character set, refuses a screen without a terminal, runs the command (`cli/commands/`) and
turns a refused call into one line a person can act on. Without a command it is the lobby."""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
from collections.abc import Sequence

import grpc

from cli.args import parser
from cli.connection import replay_args, target
from client.api import error_reason
from client.errors import explain
from client.i18n import _, set_language
from client.ui.text import use_ascii, wants_ascii

SCREENS = ("lobby", "play", "join", "watch", "replay")
"""The commands that draw a full screen and read keys, so need a terminal."""


def addressed(args: argparse.Namespace) -> tuple[str | None, str | None]:
    """The server and the match a command line names, for the words of an error."""
    if args.command in ("replay", "export"):
        return replay_args(args)
    address = getattr(args, "address", None) or getattr(args, "server", None)
    return address, getattr(args, "match", None)


def main(argv: Sequence[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    if not argv or (argv[0].startswith("-") and argv[0] not in ("-h", "--help")):
        argv = ["lobby", *argv]  # no command: the lobby, with the flags given
    args = parser().parse_args(argv)
    set_language(getattr(args, "lang", None))
    use_ascii(getattr(args, "ascii", False) or wants_ascii())
    if args.command in SCREENS and not sys.stdin.isatty():
        print(
            _(
                "tigerden {command} shows a screen and reads its keys: run it in a terminal "
                "(its standard input is not one)"
            ).format(command=args.command),
            file=sys.stderr,
        )
        return 2
    try:
        code: int = asyncio.run(args.run(args))
        return code
    except grpc.aio.AioRpcError as error:
        address, match = addressed(args)
        words = explain(error, target(address) if address else "", match or "")
        print(_("error: {details}").format(details=words), file=sys.stderr)
        if os.environ.get("TIGERDEN_DEBUG"):
            print(
                f"  ({error.code().name} {error_reason(error)}: {error.details()})",
                file=sys.stderr,
            )
        return 2
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
