"""One module per `tigerden` command, each with the function that carries it out: it takes
the parsed arguments (declared in `cli/args.py`) and returns the exit status. `COMMANDS` is
the one list of them, by the name typed on the command line."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Coroutine
from typing import Any

from cli.commands.bot import cmd_bot
from cli.commands.export import cmd_export
from cli.commands.games import cmd_games
from cli.commands.host import cmd_host
from cli.commands.join import cmd_join
from cli.commands.lobby import cmd_lobby
from cli.commands.matches import cmd_matches
from cli.commands.play import cmd_play
from cli.commands.replay import cmd_replay
from cli.commands.selfplay import cmd_selfplay
from cli.commands.serve import cmd_serve
from cli.commands.servers import cmd_servers
from cli.commands.watch import cmd_watch

Command = Callable[[argparse.Namespace], Coroutine[Any, Any, int]]
"""A command: the parsed arguments in, the exit status out."""

COMMANDS: dict[str, Command] = {
    "serve": cmd_serve,
    "lobby": cmd_lobby,
    "servers": cmd_servers,
    "play": cmd_play,
    "join": cmd_join,
    "host": cmd_host,
    "replay": cmd_replay,
    "export": cmd_export,
    "watch": cmd_watch,
    "bot": cmd_bot,
    "selfplay": cmd_selfplay,
    "games": cmd_games,
    "matches": cmd_matches,
}
