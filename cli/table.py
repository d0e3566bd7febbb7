"""The terminal table for `play` and `join`: plays a seat (and its rematches) until the person
quits, then says how it ended, or how to come back to a seat that is kept."""

from __future__ import annotations

import argparse
from collections.abc import Callable

from cli.connection import game_info
from client.api import SeatHandle, Server
from client.i18n import _


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
