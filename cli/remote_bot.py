"""A remote bot above `random`: decides as a server-side bot of its level would, from exactly
what its seat is sent. The snapshot's view is decoded into the engine's view by the game's
codec (`server.codecs.snapshot_view`), a state that looks the same from the seat is rebuilt
(`bots.worlds`), and `bots.decide` picks the move, sent back as the legal move with the same
label.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from tigerden.v1 import match_pb2

from bots import decide, parse_level
from bots.levels import Strategy
from bots.worlds import world
from client.api import Snapshot
from client.bot import Chooser, random_chooser
from server.codecs import snapshot_view


def level_chooser(
    level: str, players: int, options: Mapping[str, str], rng: random.Random
) -> Chooser:
    """Chooses like a bot seat at `level` of a match with `players` seats and these (validated)
    options."""
    if parse_level(level).strategy is Strategy.RANDOM:
        return random_chooser(rng)

    def choose(snapshot: Snapshot, legal: Sequence[match_pb2.LegalMove]) -> match_pb2.LegalMove:
        view = snapshot_view(snapshot)
        seat = snapshot.viewer_seat
        move = decide(world(view, players, options), seat, level, rng.getrandbits(63))
        return next(choice for choice in legal if choice.label == move.label())

    return choose
