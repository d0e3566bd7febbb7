"""The one place the terminal client names its games: each game's screen (`client/ui/games/`) by
the name of its `GameView` oneof field, which also starts its hint clauses' keys
("koikoi.captures"). A new game's screen is one line here; no other shared module of the client
names a game."""

from __future__ import annotations

from tigerden.v1 import match_pb2

from client.ui.game_screen import GameScreen
from client.ui.games import doors, koikoi, tiger_dragon
from client.ui.model import ClientState

SCREENS: dict[str, GameScreen] = {
    "doors": doors.SCREEN,
    "koikoi": koikoi.SCREEN,
    "tiger_dragon": tiger_dragon.SCREEN,
}
DEFAULT_MIN_SIZE = (80, 24)
"""The smallest terminal for a table whose game this client does not know (nor draws)."""


def screen_for(snapshot: match_pb2.Snapshot | None) -> GameScreen | None:
    """The screen of the snapshot's game; None before the first snapshot or for a game this
    client does not know."""
    if snapshot is None:
        return None
    return SCREENS.get(snapshot.view.WhichOneof("game") or "")


def screen_of(state: ClientState) -> GameScreen | None:
    return screen_for(state.snapshot)


def clause_screen(key: str) -> GameScreen | None:
    """The screen that words the hint clause `key` ("doors.takes")."""
    return SCREENS.get(key.partition(".")[0])


def min_size(state: ClientState) -> tuple[int, int]:
    screen = screen_of(state)
    return screen.min_size if screen else DEFAULT_MIN_SIZE
