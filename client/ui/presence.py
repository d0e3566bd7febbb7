"""A seat's presence in words, for the lobby and the table: bot, connected, away since HH:MM,
free, held for a rematch; and how many watch. Times are shown in this terminal's time zone."""

from __future__ import annotations

import time

from tigerden.v1 import lobby_pb2

from client.i18n import _, n_


def clock(unix_ms: int) -> str:
    """HH:MM in this terminal's time zone."""
    return time.strftime("%H:%M", time.localtime(unix_ms / 1000))


def away(seat: lobby_pb2.Seat) -> str:
    if seat.away_since_unix_ms:
        return _("away since {time}").format(time=clock(seat.away_since_unix_ms))
    return _("away")


def presence(seat: lobby_pb2.Seat) -> str:
    """A seat's state in full."""
    if seat.kind == lobby_pb2.SEAT_KIND_BOT:
        return _("bot ({level})").format(level=seat.bot_level) if seat.bot_level else _("bot")
    if seat.reserved:
        return _("held for the rematch")
    if not seat.taken:
        return _("free")
    return _("connected") if seat.connected else away(seat)


def spectators(count: int, watching: bool) -> str:
    """How many spectators the table has (they are anonymous, so a count); `watching`: the
    reader is one of them."""
    if watching and count <= 1:
        return _("you are the only spectator")
    if watching:
        return n_(
            "{count} spectator, you included", "{count} spectators, you included", count
        ).format(count=count)
    if not count:
        return _("no spectators")
    return n_("{count} spectator", "{count} spectators", count).format(count=count)
