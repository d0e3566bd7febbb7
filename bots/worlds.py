"""A match state that looks exactly like one seat's view: what a remote bot decides on.

A remote bot is sent its seat's view, never the state. `world(view, players, options)` builds a
state whose `view(seat)` is that view, with everything the seat cannot see filled in
arbitrarily. Since `decide` depends only on the view (the fairness property), deciding on this
world is deciding on the real match: a remote `hard` bot plays as the server's would. Each
game's world is beside its policy (`bots/<game>/world.py`).

The previous segment's summary (`last_contest`, `last_deal`, `last_round`) is left out: no bot
reads it.
"""

from __future__ import annotations

from collections.abc import Mapping

from bots.games import game_of
from engine.core import State, View


def world(view: View, players: int, options: Mapping[str, str]) -> State:
    """A state of the match (`players` seats, validated `options`) that its viewer sees as
    `view`. The viewer must be a seat and the match not over."""
    return game_of(view).world(view, players, options)
