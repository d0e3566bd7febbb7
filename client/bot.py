"""A seat played by a program: plays one seat over a Play stream, choosing from the legal moves
it is sent. It needs no rules: a `Chooser` picks one of the moves; `random_chooser` picks at
random, and `cli.remote_bot.level_chooser` decides as a server-side bot would.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from tigerden.v1 import match_pb2

from client.api import SeatHandle, Snapshot

Chooser = Callable[[Snapshot, Sequence[match_pb2.LegalMove]], match_pb2.LegalMove]


class BotError(RuntimeError):
    """The server refused a bot's move, or the stream ended before the match did."""


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
