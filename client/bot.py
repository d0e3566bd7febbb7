"""A remote bot: plays one seat over a Play stream, choosing from the legal moves it is sent.

At `random` it needs no rules. At any other level it decides as a server-side bot of that level
would, from exactly what it is sent: the snapshot's view is decoded into the engine's view
(`client.views`), a state that looks the same from the seat is rebuilt (`bots.worlds`), and
`bots.decide` picks the move, sent back as the legal move with the same label.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence

from tigerden.v1 import match_pb2

from bots import decide, parse_level
from bots.levels import Strategy
from bots.worlds import world
from client.api import SeatHandle, Snapshot
from client.views import decode_view

Chooser = Callable[[Snapshot, Sequence[match_pb2.LegalMove]], match_pb2.LegalMove]


class BotError(RuntimeError):
    """The server refused a bot's move, or the stream ended before the match did."""


def level_chooser(
    level: str, players: int, options: Mapping[str, str], rng: random.Random
) -> Chooser:
    """Chooses like a bot seat at `level` of a match with `players` seats and these (validated)
    options."""
    if parse_level(level).strategy is Strategy.RANDOM:
        return random_chooser(rng)

    def choose(snapshot: Snapshot, legal: Sequence[match_pb2.LegalMove]) -> match_pb2.LegalMove:
        view = decode_view(snapshot)
        seat = snapshot.viewer_seat
        move = decide(world(view, players, options), seat, level, rng.getrandbits(63))
        return next(choice for choice in legal if choice.label == move.label())

    return choose


def random_chooser(rng: random.Random) -> Chooser:
    def choose(snapshot: Snapshot, legal: Sequence[match_pb2.LegalMove]) -> match_pb2.LegalMove:
        return rng.choice(legal)

    return choose


async def play_seat(seat: SeatHandle, choose: Chooser) -> Snapshot:
    """Plays the seat until the match ends; returns the final snapshot."""
    acted_at = -1
    async with seat.play() as table:
        async for snapshot in table.snapshots():
            while not table.results.empty():
                result = table.results.get_nowait()
                if not result.accepted:
                    rejection = result.rejection
                    raise BotError(f"move refused: {rejection.reason}: {rejection.message}")
            # A snapshot can repeat a version (a seat connected); act once per version.
            if snapshot.legal_moves and snapshot.version > acted_at:
                acted_at = snapshot.version
                choice = choose(snapshot, snapshot.legal_moves)
                await table.send(snapshot.version, choice.move)
    final = table.latest
    if final is None or not final.HasField("result"):
        raise BotError("the server ended the stream before the match was over")
    return final
