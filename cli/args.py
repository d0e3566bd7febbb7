"""The `tigerden` command line, declared: every command, its arguments and their help, and
nothing else (as uvicorn's main.py only declares options). What each command does is in
`cli/commands/`, one module per command; `parser` attaches each command's function as `run`.

Each command's arguments are declared by a function of its own, in the order `--help` lists
them; the options several commands share (`--level`, `--clock`, the screen's, `--tls-ca`,
`--db`, the LAN search) are declared once, below.
"""

from __future__ import annotations

import argparse
import socket
from dataclasses import fields

from bots import LEVELS, parse_level
from cli.commands import COMMANDS
from cli.defaults import DEFAULT_PORT, DEFAULT_WEB_PORT, default_db, login_name
from client.i18n import LANGUAGES

TEAMS = "the team game (the same as --option teams=on)"
CARD = "the Battlefield card (the same as --option battlefield=NAME)"


def battlefield_option(name: str) -> str:
    """`--card NAME` as the `--option` pair it stands for."""
    return f"battlefield={name}"


def bot_level(text: str) -> str:
    """`--level`: a level the lobby will accept, checked before anything connects."""
    try:
        parse_level(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None
    return text


def level_option(p: argparse.ArgumentParser, default: str, what: str) -> None:
    p.add_argument(
        "--level",
        default=default,
        type=bot_level,
        help=f"{what}: {', '.join(LEVELS)}, or a searching level with its seconds, e.g."
        " hard:2 (default: %(default)s)",
    )


def clock_option(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--clock",
        metavar="CLOCK",
        help="turn clock: none, move:S (S seconds a decision) or bank:S+I (S seconds a seat, I"
        " more per move); when time is up the server plays for the seat (--option"
        " timeout=forfeit: it loses)",
    )


def ui_options(p: argparse.ArgumentParser) -> None:
    """The terminal screen's options, for every command that opens it."""
    p.add_argument(
        "--lang",
        choices=LANGUAGES,
        help="the screen's language (default: from LANGUAGE, LC_ALL, LC_MESSAGES or LANG)",
    )
    p.add_argument(
        "--ascii",
        action="store_true",
        help="draw only ASCII characters (automatic when the terminal is not UTF-8)",
    )
    p.add_argument(
        "--no-bell",
        action="store_true",
        help="no terminal bell when it becomes your turn",
    )


def tls_ca_option(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--tls-ca",
        metavar="PEM",
        help="connect with TLS, trusting the certificates in this file (the server's own "
        "certificate, or the CA that signed it)",
    )


def db_option(p: argparse.ArgumentParser) -> None:
    p.add_argument("--db", default=str(default_db()), help="SQLite file (default: %(default)s)")


def name_option(p: argparse.ArgumentParser) -> None:
    """`--name` of a person at the screen."""
    p.add_argument("--name", default=login_name(), help="your name (default: your login name)")


def discovery_options(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--timeout",
        type=float,
        default=2.0,
        metavar="S",
        help="seconds to look for servers on the LAN (default: %(default)s)",
    )
    p.add_argument(
        "--interface",
        action="append",
        default=[],
        metavar="ADDR",
        help="look only on the interface with this address (repeatable; default: all)",
    )


def serve_args(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--host",
        default="127.0.0.1",
        help="address to listen on: 0.0.0.0 (or ::) for the LAN (default: %(default)s, this "
        "machine only)",
    )
    p.add_argument("--port", type=int, default=DEFAULT_PORT, help="port (default: %(default)s)")
    p.add_argument(
        "--bot-delay",
        type=float,
        default=0.5,
        help="seconds a server bot waits before each move, even a random one, so people can "
        "follow the table (default: %(default)s)",
    )
    p.add_argument(
        "--expire-waiting",
        type=float,
        default=3600.0,
        metavar="SECONDS",
        help="end matches that wait this long with no move played (default: %(default)s)",
    )
    p.add_argument(
        "--name",
        default=socket.gethostname(),
        help="the name clients see when they look for servers (default: %(default)s)",
    )
    p.add_argument(
        "--no-advertise",
        action="store_true",
        help="do not announce the server on the LAN (mDNS/DNS-SD); clients then need the address",
    )
    web = p.add_argument_group("the web client (a browser's page, gRPC-Web: docs/web.md)")
    web.add_argument(
        "--web-port",
        type=int,
        default=DEFAULT_WEB_PORT,
        metavar="PORT",
        help="serve the page and its gRPC-Web API on this port of --host (default: %(default)s)",
    )
    web.add_argument("--no-web", action="store_true", help="serve no web client")
    db_option(p)
    tls = p.add_argument_group("TLS (clients then connect with --tls-ca; the page is HTTPS)")
    tls.add_argument("--tls-cert", metavar="PEM", help="the server's certificate chain")
    tls.add_argument("--tls-key", metavar="PEM", help="the certificate's private key")
    limit_options(p)


def limit_options(p: argparse.ArgumentParser) -> None:
    """`serve`'s limits, one option per field of `server.limits.Limits`."""
    from server.limits import Limits

    limits = p.add_argument_group("limits (per client address unless said otherwise)")
    for limit in fields(Limits):
        kind = float if limit.type in ("float", float) else int
        limits.add_argument(
            "--" + limit.name.replace("_", "-"),
            type=kind,
            default=limit.default,
            metavar="N",
            help=f"{limit.metadata['help']} (default: %(default)s)",
        )


def lobby_args(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "address",
        nargs="?",
        help="HOST[:PORT] of a server (default: the servers on the LAN)",
    )
    name_option(p)
    ui_options(p)
    discovery_options(p)
    tls_ca_option(p)


def play_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("game", nargs="?", help="doors, koikoi or tiger-dragon (see `tigerden games`)")
    p.add_argument("--resume", action="store_true", help="continue the last unfinished local match")
    ui_options(p)
    p.add_argument("--players", type=int, default=0, help="seats, yours included")
    level_option(p, "normal", "the bots' level")
    p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    p.add_argument("--teams", dest="option", action="append_const", const="teams=on", help=TEAMS)
    p.add_argument(
        "--card",
        dest="option",
        action="append",
        type=battlefield_option,
        metavar="NAME",
        help=CARD,
    )
    clock_option(p)
    name_option(p)
    p.add_argument("--bot-delay", type=float, default=0.6, help="seconds a bot waits before moving")
    p.add_argument(
        "--web",
        action="store_true",
        help="also serve the web client to this machine's browser (127.0.0.1, --web-port)",
    )
    p.add_argument(
        "--web-port",
        type=int,
        default=DEFAULT_WEB_PORT,
        metavar="PORT",
        help="with --web: the page's port (default: %(default)s; 0 picks a free one)",
    )
    db_option(p)


def join_args(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "address",
        nargs="?",
        help="HOST[:PORT] of the server (default: choose one on the LAN)",
    )
    discovery_options(p)
    p.add_argument("--match", help="match id (default: choose from a list)")
    p.add_argument("--create", metavar="GAME", help="create a match of GAME and join it")
    p.add_argument("--players", type=int, default=0, help="seats when creating")
    p.add_argument("--bots", type=int, default=0, help="bot seats when creating (default: 0)")
    level_option(p, "normal", "the bots' level when creating")
    p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    clock_option(p)
    p.add_argument("--private", action="store_true", help="with --create: joining needs a code")
    p.add_argument("--match-name", metavar="NAME", help="with --create: a name for the match")
    p.add_argument("--code", help="the join code of a private match")
    p.add_argument("--seat", type=int, help="a particular seat")
    p.add_argument("--token", help="rejoin the seat this token holds (with --match)")
    ui_options(p)
    name_option(p)
    tls_ca_option(p)


def host_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("address", help="HOST[:PORT] of the server")
    p.add_argument("match", help="match id")
    p.add_argument("--token", required=True, help="the host token `join --create` printed")
    p.add_argument(
        "action",
        choices=("free", "bot", "abort", "private", "public"),
        help="free SEAT (kick its holder), bot SEAT (a bot plays it), abort, private, public",
    )
    p.add_argument("seat", type=int, nargs="?", default=-1, help="the seat, for free and bot")
    level_option(p, "easy", "the bot's level, for bot")
    tls_ca_option(p)


def archive_args(p: argparse.ArgumentParser) -> None:
    """What `replay` and `export` share: a finished match, on a server or the local file."""
    p.add_argument("address", help="HOST[:PORT]; leave out to read the local database")
    p.add_argument("match", nargs="?", help="match id")
    db_option(p)
    tls_ca_option(p)


def replay_args(p: argparse.ArgumentParser) -> None:
    archive_args(p)
    p.add_argument("--seat", type=int, default=0, help="whose view to start with")


def export_args(p: argparse.ArgumentParser) -> None:
    archive_args(p)
    p.add_argument("-o", "--output", help="file to write (default: standard output)")


def watch_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("address", help="HOST[:PORT] of the server")
    p.add_argument("match", help="match id")
    p.add_argument("--name", default=login_name("spectator"), help="your name in the chat")
    ui_options(p)
    tls_ca_option(p)


def bot_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--server", required=True, help="HOST[:PORT]")
    p.add_argument("--match", required=True, help="match id")
    p.add_argument("--seat", type=int, help="a particular seat")
    level_option(p, "random", "the bot's level")
    p.add_argument("--name", default="remote-bot")
    p.add_argument("--seed", type=int, help="for reproducible choices")
    tls_ca_option(p)


def selfplay_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("game")
    p.add_argument("-n", type=int, default=10, help="matches (default: %(default)s)")
    p.add_argument("--players", type=int, default=0)
    p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    p.add_argument("--teams", dest="option", action="append_const", const="teams=on", help=TEAMS)
    p.add_argument("--parallel", type=int, default=4, help="matches at once")
    p.add_argument("--server", help="HOST[:PORT]; default: an embedded server")
    p.add_argument("--seed", type=int)
    p.add_argument("--db", default=":memory:", help="SQLite file for the embedded server")
    tls_ca_option(p)


def games_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--server", help="HOST[:PORT]; default: what this install hosts")
    tls_ca_option(p)


def matches_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--server", required=True, help="HOST[:PORT]")
    p.add_argument("--all", action="store_true", help="include finished matches")
    p.add_argument("--finished", action="store_true", help="only finished matches (the archive)")
    tls_ca_option(p)


def parser() -> argparse.ArgumentParser:
    """The whole command line: the commands in the order `tigerden --help` lists them, each
    with its one-line help, its arguments and (as `run`) the function that carries it out."""
    root = argparse.ArgumentParser(
        prog="tigerden",
        description="A LAN game server and terminal client for Doors, Koi-Koi and Tiger & Dragon.",
    )
    commands = root.add_subparsers(
        dest="command",
        metavar="COMMAND",
        help="without one: the lobby (tigerden lobby)",
    )
    serve = commands.add_parser(
        "serve",
        help="serve matches on the network",
        description="Serve matches until Ctrl-C or SIGTERM. The limits bound what one client "
        "address may ask for (docs/security.md); a client over a limit is refused with "
        "RESOURCE_EXHAUSTED.",
    )
    serve_args(serve)
    lobby = "the lobby screen: servers on the LAN, matches, create, join, watch"
    lobby_args(commands.add_parser("lobby", help=lobby))
    discovery_options(commands.add_parser("servers", help="list the tigerden servers on the LAN"))
    play_args(commands.add_parser("play", help="play GAME against the AI on a local server"))
    join_args(commands.add_parser("join", help="join (or create) a match on a server"))
    host_args(commands.add_parser("host", help="host controls for a match you created"))
    replay = "step through a finished match, every hand shown"
    replay_args(commands.add_parser("replay", help=replay))
    export_args(commands.add_parser("export", help="write a finished match as JSON lines"))
    watch_args(commands.add_parser("watch", help="spectate a match"))
    bot_args(commands.add_parser("bot", help="play a seat as a remote bot"))
    selfplay = "play N bot-vs-bot matches through a real server"
    selfplay_args(commands.add_parser("selfplay", help=selfplay))
    games_args(commands.add_parser("games", help="list the games and their options"))
    matches_args(commands.add_parser("matches", help="list the matches on a server"))
    for name, command in commands.choices.items():
        command.set_defaults(run=COMMANDS[name])
    return root
