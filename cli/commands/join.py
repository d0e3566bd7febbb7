"""`tigerden join`: a seat at a match on a server, found on the LAN or given; the match
created (`--create`, hosted), given or chosen from a list; the seat taken back by its token,
asked for its join code when private, and confirmed when the name already sits there."""

from __future__ import annotations

import argparse
import contextlib
import shlex
from collections.abc import Sequence

import grpc
from tigerden.v1 import lobby_pb2

from cli.connection import open_server
from cli.new_match import parse_options, seat_specs
from cli.table import open_table
from client.api import SeatHandle, Server, error_reason
from client.i18n import _, n_
from client.seats import find as held_seat
from client.seats import remember as remember_seat
from discovery import FoundServer, find_servers


def ask(question: str) -> str | None:
    """A line typed at the terminal, stripped; None at the end of input (Ctrl-D)."""
    try:
        return input(question).strip()
    except EOFError:
        print()
        return None


def pick(question: str, count: int) -> int | None:
    """The place in a numbered list of `count` that the person types at `question` (from 0);
    None at the end of input, or (said why) when it is not a number from the list."""
    choice = ask(question)
    if choice is None:
        return None
    if not choice.isdigit() or not 1 <= int(choice) <= count:
        print(_("{choice!r} is not a number from the list").format(choice=choice))
        return None
    return int(choice) - 1


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
    chosen = pick(_("join which server (number)? "), len(found))
    return None if chosen is None else found[chosen]


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
    chosen = pick(_("join which match (number)? "), len(waiting))
    return None if chosen is None else waiting[chosen].match_id


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


def rejoin_command(address: str, seat: SeatHandle, name: str) -> str:
    """The command that takes `seat` back, exactly as it must be typed: with the name, which
    the table would otherwise show as the login name's."""
    words = [
        "tigerden",
        "join",
        address,
        "--match",
        seat.match_id,
        "--token",
        seat.token,
    ]
    return shlex.join([*words, "--name", name])


async def create_hosted(server: Server, args: argparse.Namespace) -> tuple[str, str]:
    """`--create GAME`: a new match hosted by this person, made private with `--private`;
    says its id, its join code and the host command. Returns the match id and the code
    (empty for a public match)."""
    count, seats = await seat_specs(server, args.create, args.players, args.bots, args.level)
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
    code = args.code or ""
    if args.private:
        code = await host.set_private()
        print(_("the match is private: players join with --code {code}").format(code=code))
    print(_("you are its host; free a seat, seat a bot or abort the match with:"))
    print(f"  tigerden host {server.target} {match_id} --token {host.token} ACTION")
    return match_id, code


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
            match_id, code = await create_hosted(server, args)
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
