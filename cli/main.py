"""The `tigerden` command: lobby (the default), serve, play, join, watch, host, replay, export, bot,
selfplay, games, matches, servers."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import getpass
import json
import os
import random
import shlex
import socket
import sys
from collections.abc import AsyncIterator, Callable, Sequence
from dataclasses import fields
from pathlib import Path

import grpc
from tigerden.v1 import lobby_pb2

from bots import LEVELS, parse_level
from cli.remote_bot import level_chooser
from client.api import HostHandle, SeatHandle, Server, connect, error_reason
from client.bot import BotError, play_seat
from client.errors import explain
from client.export import export_lines
from client.i18n import LANGUAGES, _, n_, set_language
from client.seats import find as held_seat
from client.seats import remember as remember_seat
from client.selfplay import selfplay
from client.ui.model import ClientState
from client.ui.replay import Replay, build_replay_app
from client.ui.text import use_ascii, wants_ascii
from discovery import FoundServer, find_servers
from engine import GAMES

DEFAULT_PORT = 50051
DEFAULT_WEB_PORT = 8080


def default_db() -> Path:
    """The embedded default database: $TIGERDEN_DB, else ~/.local/share/tigerden/."""
    if "TIGERDEN_DB" in os.environ:
        return Path(os.environ["TIGERDEN_DB"])
    base = Path(os.environ.get("XDG_DATA_HOME", Path.home() / ".local" / "share"))
    return base / "tigerden" / "tigerden.sqlite"


def login_name(fallback: str = "player") -> str:
    """Who sits at this terminal: the login name (LOGNAME, USER, LNAME, USERNAME, else the
    password database) as the server will show it, through the one sanitiser; `fallback` when
    there is none."""
    from server.lobby import clean_name

    try:
        name = getpass.getuser()
    except (OSError, KeyError):  # no variable set and no password entry for this uid
        name = ""
    return clean_name(name) or fallback


def target(address: str) -> str:
    """HOST[:PORT] (or [IPv6][:PORT]) with the default port filled in."""
    if address.startswith("["):
        return address if "]:" in address else f"{address}:{DEFAULT_PORT}"
    return address if ":" in address else f"{address}:{DEFAULT_PORT}"


def open_server(args: argparse.Namespace, address: str) -> Server:
    """A connection to the server at `address`, over TLS when `--tls-ca` names a file."""
    ca = Path(args.tls_ca).read_bytes() if getattr(args, "tls_ca", None) else None
    return connect(target(address), ca)


async def named_match(server: Server, match_id: str, address: str) -> lobby_pb2.MatchInfo | None:
    """The match a subcommand names, or None after saying on stderr that the server has none."""
    match = await server.find_match(match_id)
    if match is None:
        print(f"no match {match_id} on {address}", file=sys.stderr)
    return match


def parse_options(pairs: Sequence[str], clock: str | None = None) -> dict[str, str]:
    options = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name:
            raise SystemExit(f"--option takes NAME=VALUE, not {pair!r}")
        options[name] = value
    if clock:
        options["clock"] = clock
    return options


@contextlib.asynccontextmanager
async def embedded_server(
    db: Path, bot_delay: float, web_port: int | None = None
) -> AsyncIterator[Server]:
    """A local server on a free loopback port, for `play` and `selfplay`; with `web_port`, the
    browser client too, on that loopback port."""
    from server.limits import Limits
    from server.main import start_server

    web = None if web_port is None else ("127.0.0.1", web_port)
    running = await start_server("127.0.0.1:0", db, bot_delay, Limits.unlimited(), web=web)
    if running.web is not None:
        print(
            _("the web client: {url} (this machine only; tigerden serve is for the LAN)").format(
                url=f"http://127.0.0.1:{running.web.bound}/"
            ),
            flush=True,
        )
    server = connect(f"127.0.0.1:{running.port}")
    try:
        yield server
    finally:
        await server.close()
        await running.stop(grace=0.5)


async def game_info(server: Server, game_id: str) -> lobby_pb2.Game:
    for game in await server.games():
        if game.game_id == game_id:
            return game
    raise SystemExit(f"the server hosts no game {game_id!r}")


def local_seats_file(db: Path) -> Path:
    """Where `tigerden play` remembers the seats it took in `db` (match, seat token)."""
    return db.with_name(db.name + ".seats.json")


def remember_local_seat(db: Path, seat: SeatHandle, game_id: str) -> None:
    path = local_seats_file(db)
    try:
        seats = json.loads(path.read_text())
    except (OSError, ValueError):
        seats = []
    seats = [s for s in seats if s.get("match") != seat.match_id][-19:]
    seats.append({"match": seat.match_id, "token": seat.token, "game": game_id})
    path.write_text(json.dumps(seats, indent=1))
    with contextlib.suppress(OSError):
        path.chmod(0o600)  # tokens are secrets


async def open_table(
    server: Server,
    seat: SeatHandle,
    game_id: str,
    args: argparse.Namespace,
    hint: Callable[[SeatHandle], str],
    on_rematch: Callable[[SeatHandle], None] | None = None,
    code: str = "",
) -> None:
    """Plays the seat's table (and its rematches, after /again, each told to `on_rematch`)
    until the player quits; `code`: the join code, which the host's table shows."""
    from client.session import play_at_tables

    match = await server.find_match(seat.match_id)
    options = {} if match is None else dict(match.options)
    game = await game_info(server, game_id)
    seat, final = await play_at_tables(
        seat, game, options, bell=not args.no_bell, on_rematch=on_rematch, code=code
    )
    if final.snapshot is not None and final.snapshot.HasField("result"):
        print(_("match over: {result}").format(result=final.outcome))
    elif final.seat_lost:
        print(
            _("left match {match}: you no longer hold seat {seat} ({reason})").format(
                match=seat.match_id, seat=seat.seat, reason=final.seat_lost
            )
        )
    else:
        print(
            _("left match {match}; your seat ({seat}) is kept. Continue with:").format(
                match=seat.match_id, seat=seat.seat
            )
        )
        print(f"  {hint(seat)}")


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
        args.host, args.port, db, args.bot_delay, name, limits, tls, args.expire_waiting, web_port
    )
    return 0


async def cmd_lobby(args: argparse.Namespace) -> int:
    from client.session import run_lobby

    address = target(args.address) if args.address else None
    ca = Path(args.tls_ca).read_bytes() if args.tls_ca else None
    await run_lobby(args.name, address, args.interface, tls_ca=ca, bell=not args.no_bell)
    return 0


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


async def choose_server(timeout: float, interfaces: Sequence[str]) -> FoundServer | None:
    """The server to join: looked for on the LAN, then picked from a numbered list."""
    print(_("looking for tigerden servers on the LAN ({timeout:g} s)...").format(timeout=timeout))
    try:
        found = await find_servers(timeout, interfaces)
    except OSError as error:
        print(_("{error}; give its address: tigerden join HOST[:PORT]").format(error=error))
        return None
    if not found:
        print(_("no server answered; give its address: tigerden join HOST[:PORT]"))
        return None
    for number, server in enumerate(found, start=1):
        print(f"{number:>2}. {server.line()}")
    choice = ask(_("join which server (number)? "))
    if choice is None:
        return None
    if not choice.isdigit() or not 1 <= int(choice) <= len(found):
        print(_("{choice!r} is not a number from the list").format(choice=choice))
        return None
    return found[int(choice) - 1]


async def seat_specs(
    server: Server, game_id: str, players: int, bots: int, level: str
) -> tuple[int, list[tuple[int, str]]]:
    """The player count and seat list of a new match: people first, then `bots` bots."""
    count = players or (await game_info(server, game_id)).default_players
    if not 0 <= bots < count:
        raise SystemExit(f"--bots must be between 0 and {count - 1} for {count} players")
    people = [(int(lobby_pb2.SEAT_KIND_HUMAN), "")] * (count - bots)
    return count, people + [(int(lobby_pb2.SEAT_KIND_BOT), level)] * bots


def rejoin_command(address: str, seat: SeatHandle, name: str) -> str:
    """The command that takes `seat` back, exactly as it must be typed: with the name, which
    the table would otherwise show as the login name's."""
    words = ["tigerden", "join", address, "--match", seat.match_id, "--token", seat.token]
    return shlex.join([*words, "--name", name])


def resume_hint(args: argparse.Namespace) -> str:
    """The command that continues the last local match, exactly as it must be typed."""
    db = "" if Path(args.db) == default_db() else f" --db {args.db}"
    return f"tigerden play --resume{db}"


async def cmd_play(args: argparse.Namespace) -> int:
    db = Path(args.db)
    if not args.resume and not args.game:
        raise SystemExit(_("play needs a GAME (doors, koikoi, tiger-dragon) or --resume"))
    async with embedded_server(db, args.bot_delay, args.web_port if args.web else None) as server:
        if args.resume:
            found = await last_local_seat(server, db)
            if found is None:
                print(_("no unfinished local match in {db}").format(db=db))
                return 1
            seat, game_id = found
        else:
            game_id = args.game
            players = args.players or (await game_info(server, game_id)).default_players
            count, seats = await seat_specs(server, game_id, players, players - 1, args.level)
            options = parse_options(args.option, args.clock)
            match = await server.create(game_id, count, options, seats)
            seat = await server.join(match.match_id, args.name, 0)
            remember_local_seat(db, seat, game_id)
        await open_table(
            server,
            seat,
            game_id,
            args,
            lambda _seat: resume_hint(args),
            lambda rematch: remember_local_seat(db, rematch, game_id),  # --resume finds it
        )
    return 0


async def last_local_seat(server: Server, db: Path) -> tuple[SeatHandle, str] | None:
    """The newest remembered seat whose match is not over, resumed with its token."""
    try:
        remembered = json.loads(local_seats_file(db).read_text())
    except (OSError, ValueError):
        return None
    for entry in reversed(remembered):
        match = await server.find_match(entry["match"])
        if match is None or match.status == lobby_pb2.MATCH_STATUS_FINISHED:
            continue
        with contextlib.suppress(grpc.aio.AioRpcError):
            return await server.resume(entry["match"], entry["token"]), entry["game"]
    return None


def ask(question: str) -> str | None:
    """A line typed at the terminal, stripped; None at the end of input (Ctrl-D)."""
    try:
        return input(question).strip()
    except EOFError:
        print()
        return None


async def choose_match(server: Server) -> str | None:
    """A waiting match picked from a numbered list; None (said why) when there is none."""
    waiting = [m for m in await server.matches() if m.status == lobby_pb2.MATCH_STATUS_WAITING]
    if not waiting:
        print(_("no match is waiting for players; create one with --create GAME"))
        return None
    for number, match in enumerate(waiting, start=1):
        count = sum(1 for s in match.seats if not s.taken and not s.reserved)
        free = n_("{count} free seat", "{count} free seats", count).format(count=count)
        private = f"  [{_('private')}]" if match.private else ""
        by = "  " + _("by {name}").format(name=match.created_by) if match.created_by else ""
        named = f"  '{match.name}'" if match.name else ""
        print(f"{number:>2}. {match.match_id}  {match.game_id:<13} {free}{named}{by}{private}")
    choice = ask(_("join which match (number)? "))
    if choice is None:
        return None
    if not choice.isdigit() or not 1 <= int(choice) <= len(waiting):
        print(_("{choice!r} is not a number from the list").format(choice=choice))
        return None
    return waiting[int(choice) - 1].match_id


def same_name(name: str, seat: lobby_pb2.Seat) -> bool:
    """Whether a taken human seat carries `name`, as the server shows names (case aside)."""
    return (
        seat.taken
        and seat.kind == lobby_pb2.SEAT_KIND_HUMAN
        and seat.name.casefold() == name.strip().casefold()
    )


async def take_seat(
    server: Server, match_id: str, args: argparse.Namespace, code: str
) -> SeatHandle | None:
    """The seat this person plays in `match_id`: the one a token (given, or remembered from
    an earlier join) holds, else a new one; a private match's code is asked for when missing
    or wrong. None (said why) when the person gives up."""
    if args.token:
        return await server.resume(match_id, args.token)
    mine = held_seat(server.target, match_id)
    if mine is not None and mine.token:
        with contextlib.suppress(grpc.aio.AioRpcError):
            seat = await server.resume(match_id, mine.token)
            print(_("you hold seat {seat} of this match: taking it back").format(seat=seat.seat))
            return seat
    match = await server.find_match(match_id)
    taken = [s for s in match.seats if same_name(args.name, s)] if match else []
    if taken:
        # One person, one seat: a second seat of the same name is most often its own holder
        # joining again (eve vs eve), so it is taken only when asked for.
        print(
            _(
                "{name} already sits in seat {seat} of this match. If that is you, take it back "
                "with the --token printed when you left; to join as someone else, give --name."
            ).format(name=taken[0].name, seat=taken[0].seat)
        )
        answer = ask(_("join as a second {name} anyway (y/N)? ").format(name=taken[0].name))
        if (answer or "").lower() not in ("y", "yes", _("y"), _("yes")):
            print(_("not joined"))
            return None
    while True:
        try:
            return await server.join(match_id, args.name, args.seat, code)
        except grpc.aio.AioRpcError as error:
            if error_reason(error) not in ("JOIN_CODE_REQUIRED", "BAD_JOIN_CODE"):
                raise
        if code:
            print(_("{code} is not the join code of this match").format(code=code))
        typed = ask(
            _("match {match} is private: its join code (ask its host)? ").format(match=match_id)
        )
        if not typed:
            print(_("not joined: a private match needs its join code"))
            return None
        code = typed


async def cmd_join(args: argparse.Namespace) -> int:
    address = args.address
    if address is None:
        chosen = await choose_server(args.timeout, args.interface)
        if chosen is None:
            return 1
        address = chosen.target
    async with open_server(args, address) as server:
        match_id = args.match
        code = args.code or ""
        if args.create:
            count, seats = await seat_specs(
                server, args.create, args.players, args.bots, args.level
            )
            options = parse_options(args.option, args.clock)
            host = await server.create_hosted(
                args.create, count, options, seats, args.name, args.match_name or ""
            )
            match_id = host.match_id
            remember_seat(server.target, match_id, host=host.token)
            people = n_("{count} person", "{count} people", count - args.bots)
            bots = n_("{count} bot", "{count} bots", args.bots)
            print(
                _("created match {match}: {people}, {bots}").format(
                    match=match_id,
                    people=people.format(count=count - args.bots),
                    bots=bots.format(count=args.bots),
                )
            )
            if args.private:
                code = await host.set_private()
                print(_("the match is private: players join with --code {code}").format(code=code))
            print(_("you are its host; free a seat, seat a bot or abort the match with:"))
            print(f"  tigerden host {server.target} {match_id} --token {host.token} ACTION")
        if not match_id:
            if args.token:
                raise SystemExit(_("--token needs --match: the match the token was issued for"))
            match_id = await choose_match(server)
            if match_id is None:
                return 1
        seat = await take_seat(server, match_id, args, code)
        if seat is None:
            return 1
        from client.session import remember_rematches

        remember_seat(server.target, match_id, seat.seat, seat.token)
        joined = await server.find_match(match_id)
        assert joined is not None, "the server has just let us join it"
        await open_table(
            server,
            seat,
            joined.game_id,
            args,
            lambda s: rejoin_command(address, s, args.name),
            remember_rematches(seat),
            code=code,
        )
    return 0


async def cmd_watch(args: argparse.Namespace) -> int:
    async with open_server(args, args.address) as server:
        match = await server.find_match(args.match)
        if match is None:
            print(f"no match {args.match} on {args.address}")
            return 1
        from client.session import watch_tables

        game = await game_info(server, match.game_id)
        await watch_tables(server, args.match, game, match.options, args.name)
    return 0


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


@contextlib.asynccontextmanager
async def server_or_local(
    args: argparse.Namespace, address: str | None, db: Path
) -> AsyncIterator[Server]:
    """The server at `address`, or (without one) a local one on this machine's database."""
    if address:
        async with open_server(args, address) as server:
            yield server
    else:
        async with embedded_server(db, 0.0) as server:
            yield server


def replay_args(args: argparse.Namespace) -> tuple[str | None, str]:
    """`[HOST:PORT] MATCH`: one word is the match (on the local database)."""
    if args.match is None:
        return None, args.address
    return args.address, args.match


async def cmd_replay(args: argparse.Namespace) -> int:
    address, match_id = replay_args(args)
    async with server_or_local(args, address, Path(args.db)) as server:
        header, steps = await server.replay(match_id)
        game = await game_info(server, header.match.game_id)
    replay = Replay(header, steps, ClientState(game, match_id), seat=args.seat)
    await build_replay_app(replay).run_async()
    return 0


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


async def cmd_bot(args: argparse.Namespace) -> int:
    async with open_server(args, args.server) as server:
        match = await named_match(server, args.match, args.server)
        if match is None:
            return 1
        players = len(match.seats)
        info = GAMES[match.game_id].info
        rules = {spec.name for spec in info.options}  # the others are the table's (clock...)
        options = info.validate(players, {k: v for k, v in match.options.items() if k in rules})
        choose = level_chooser(args.level, players, options, random.Random(args.seed))
        seat = await server.join(args.match, args.name, args.seat)
        print(f"playing seat {seat.seat} of match {args.match} ({args.level})", flush=True)
        try:
            final = await play_seat(seat, choose)
        except BotError as error:
            print(f"bot stopped: {error}", file=sys.stderr)
            return 1
        print(
            f"match over: winners {list(final.result.winners)}, scores {list(final.result.scores)}"
        )
    return 0


async def cmd_selfplay(args: argparse.Namespace) -> int:
    options = parse_options(args.option)
    if args.server:
        async with open_server(args, args.server) as server:
            errors = await selfplay(
                server, args.game, args.n, args.players, options, args.parallel, args.seed
            )
    else:
        async with embedded_server(Path(args.db), 0.0) as server:
            errors = await selfplay(
                server, args.game, args.n, args.players, options, args.parallel, args.seed
            )
    print(f"{args.n} matches, {errors} errors")
    return 1 if errors else 0


async def cmd_games(args: argparse.Namespace) -> int:
    async def show(server: Server) -> None:
        for game in await server.games():
            print(
                f"{game.game_id:<13} {game.title} ({game.min_players}-{game.max_players} players)"
            )
            print(f"{'':<13} {game.summary}")
            for option in game.options:
                values = "|".join(option.values)
                print(f"{'':<15}--option {option.name}={values} (default {option.default_value})")
                print(f"{'':<17}{_(option.description)}")
            if game.conflicts:
                print(f"{'':<15}" + _("these cannot be combined:"))
            for conflict in game.conflicts:
                mine = f"{conflict.option}={'|'.join(conflict.values)}"
                theirs = f"{conflict.other}={'|'.join(conflict.other_values)}"
                print(f"{'':<17}{mine} + {theirs}: {conflict.reason}")

    if args.server:
        async with open_server(args, args.server) as server:
            await show(server)
    else:
        async with embedded_server(Path(":memory:"), 0.0) as server:
            await show(server)
    return 0


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
        "--no-bell", action="store_true", help="no terminal bell when it becomes your turn"
    )


def parser() -> argparse.ArgumentParser:
    root = argparse.ArgumentParser(
        prog="tigerden",
        description="A LAN game server and terminal client for Doors, Koi-Koi and Tiger & Dragon.",
    )
    commands = root.add_subparsers(
        dest="command", metavar="COMMAND", help="without one: the lobby (tigerden lobby)"
    )

    from server.limits import Limits

    def tls_ca_arg(p: argparse.ArgumentParser) -> None:
        p.add_argument(
            "--tls-ca",
            metavar="PEM",
            help="connect with TLS, trusting the certificates in this file (the server's own "
            "certificate, or the CA that signed it)",
        )

    def db_arg(p: argparse.ArgumentParser) -> None:
        p.add_argument("--db", default=str(default_db()), help="SQLite file (default: %(default)s)")

    p = commands.add_parser(
        "serve",
        help="serve matches on the network",
        description="Serve matches until Ctrl-C or SIGTERM. The limits bound what one client "
        "address may ask for (docs/security.md); a client over a limit is refused with "
        "RESOURCE_EXHAUSTED.",
    )
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
    db_arg(p)
    tls = p.add_argument_group("TLS (clients then connect with --tls-ca; the page is HTTPS)")
    tls.add_argument("--tls-cert", metavar="PEM", help="the server's certificate chain")
    tls.add_argument("--tls-key", metavar="PEM", help="the certificate's private key")
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
    p.set_defaults(run=cmd_serve)

    def discovery_args(p: argparse.ArgumentParser) -> None:
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

    p = commands.add_parser(
        "lobby", help="the lobby screen: servers on the LAN, matches, create, join, watch"
    )
    p.add_argument(
        "address", nargs="?", help="HOST[:PORT] of a server (default: the servers on the LAN)"
    )
    p.add_argument("--name", default=login_name(), help="your name (default: your login name)")
    ui_options(p)
    discovery_args(p)
    tls_ca_arg(p)
    p.set_defaults(run=cmd_lobby)

    p = commands.add_parser("servers", help="list the tigerden servers on the LAN")
    discovery_args(p)
    p.set_defaults(run=cmd_servers)

    p = commands.add_parser("play", help="play GAME against the AI on a local server")
    p.add_argument("game", nargs="?", help="doors, koikoi or tiger-dragon (see `tigerden games`)")
    p.add_argument("--resume", action="store_true", help="continue the last unfinished local match")
    ui_options(p)
    p.add_argument("--players", type=int, default=0, help="seats, yours included")
    level_option(p, "normal", "the bots' level")
    p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    p.add_argument("--teams", dest="option", action="append_const", const="teams=on", help=TEAMS)
    p.add_argument(
        "--card", dest="option", action="append", type=battlefield_option, metavar="NAME", help=CARD
    )
    clock_option(p)
    p.add_argument("--name", default=login_name(), help="your name (default: your login name)")
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
    db_arg(p)
    p.set_defaults(run=cmd_play)

    p = commands.add_parser("join", help="join (or create) a match on a server")
    p.add_argument(
        "address", nargs="?", help="HOST[:PORT] of the server (default: choose one on the LAN)"
    )
    discovery_args(p)
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
    p.add_argument("--name", default=login_name(), help="your name (default: your login name)")
    tls_ca_arg(p)
    p.set_defaults(run=cmd_join)

    p = commands.add_parser("host", help="host controls for a match you created")
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
    tls_ca_arg(p)
    p.set_defaults(run=cmd_host)

    for name, run, what in (
        ("replay", cmd_replay, "step through a finished match, every hand shown"),
        ("export", cmd_export, "write a finished match as JSON lines"),
    ):
        p = commands.add_parser(name, help=what)
        p.add_argument("address", help="HOST[:PORT]; leave out to read the local database")
        p.add_argument("match", nargs="?", help="match id")
        db_arg(p)
        tls_ca_arg(p)
        if name == "replay":
            p.add_argument("--seat", type=int, default=0, help="whose view to start with")
        else:
            p.add_argument("-o", "--output", help="file to write (default: standard output)")
        p.set_defaults(run=run)

    p = commands.add_parser("watch", help="spectate a match")
    p.add_argument("address", help="HOST[:PORT] of the server")
    p.add_argument("match", help="match id")
    p.add_argument("--name", default=login_name("spectator"), help="your name in the chat")
    ui_options(p)
    tls_ca_arg(p)
    p.set_defaults(run=cmd_watch)

    p = commands.add_parser("bot", help="play a seat as a remote bot")
    p.add_argument("--server", required=True, help="HOST[:PORT]")
    p.add_argument("--match", required=True, help="match id")
    p.add_argument("--seat", type=int, help="a particular seat")
    level_option(p, "random", "the bot's level")
    p.add_argument("--name", default="remote-bot")
    p.add_argument("--seed", type=int, help="for reproducible choices")
    tls_ca_arg(p)
    p.set_defaults(run=cmd_bot)

    p = commands.add_parser("selfplay", help="play N bot-vs-bot matches through a real server")
    p.add_argument("game")
    p.add_argument("-n", type=int, default=10, help="matches (default: %(default)s)")
    p.add_argument("--players", type=int, default=0)
    p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    p.add_argument("--teams", dest="option", action="append_const", const="teams=on", help=TEAMS)
    p.add_argument("--parallel", type=int, default=4, help="matches at once")
    p.add_argument("--server", help="HOST[:PORT]; default: an embedded server")
    p.add_argument("--seed", type=int)
    p.add_argument("--db", default=":memory:", help="SQLite file for the embedded server")
    tls_ca_arg(p)
    p.set_defaults(run=cmd_selfplay)

    p = commands.add_parser("games", help="list the games and their options")
    p.add_argument("--server", help="HOST[:PORT]; default: what this install hosts")
    tls_ca_arg(p)
    p.set_defaults(run=cmd_games)

    p = commands.add_parser("matches", help="list the matches on a server")
    p.add_argument("--server", required=True, help="HOST[:PORT]")
    p.add_argument("--all", action="store_true", help="include finished matches")
    p.add_argument("--finished", action="store_true", help="only finished matches (the archive)")
    tls_ca_arg(p)
    p.set_defaults(run=cmd_matches)
    return root


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
                f"  ({error.code().name} {error_reason(error)}: {error.details()})", file=sys.stderr
            )
        return 2
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
