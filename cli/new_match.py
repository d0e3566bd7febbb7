"""A new match as the command line asks for it: `--option NAME=VALUE` pairs (and `--clock`)
as the match options, and the seat list (people first, then the bots)."""

from __future__ import annotations

from collections.abc import Sequence

from tigerden.v1 import lobby_pb2

from cli.connection import game_info
from client.api import Server


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


async def seat_specs(
    server: Server, game_id: str, players: int, bots: int, level: str
) -> tuple[int, list[tuple[int, str]]]:
    """The player count and seat list of a new match: people first, then `bots` bots."""
    count = players or (await game_info(server, game_id)).default_players
    if not 0 <= bots < count:
        raise SystemExit(f"--bots must be between 0 and {count - 1} for {count} players")
    people = [(int(lobby_pb2.SEAT_KIND_HUMAN), "")] * (count - bots)
    return count, people + [(int(lobby_pb2.SEAT_KIND_BOT), level)] * bots
