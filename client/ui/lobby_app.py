"""The full-screen lobby: servers found on the LAN, the games, the live match list with who is
waiting for whom, the selected match in full, and the create-match form. Fits 80x24.

`build_lobby_app(state, connect)` puts the widgets (`client/ui/lobby_widgets.py`) and the keys
(`client/ui/lobby_keys.py`) together once; the widgets read `LobbyState` on every redraw. The
app ends with a `LobbyChoice` (join, watch, create, quit) that the session carries out — a
table runs in its own app — before it shows the lobby again.
"""

from __future__ import annotations

from collections.abc import Callable

from prompt_toolkit.application import Application
from prompt_toolkit.input import Input
from prompt_toolkit.layout import Layout
from prompt_toolkit.output import Output

from client.ui.lobby import LOBBY_STYLE
from client.ui.lobby_keys import Modes, lobby_keys
from client.ui.lobby_state import LobbyChoice, LobbyState, ServerEntry
from client.ui.lobby_widgets import LobbyScreen


def build_lobby_app(
    state: LobbyState,
    connect: Callable[[ServerEntry], None],
    input: Input | None = None,
    output: Output | None = None,
) -> Application[LobbyChoice]:
    """The lobby UI; `connect` switches to another server (the session does the work)."""
    modes = Modes.of(state)
    app: Application[LobbyChoice] = Application(
        layout=Layout(LobbyScreen(state, modes.creating)),
        key_bindings=lobby_keys(state, modes, connect),
        style=LOBBY_STYLE,
        full_screen=True,
        mouse_support=False,
        input=input,
        output=output,
    )
    app.ttimeoutlen = 0.05  # Esc leaves the form at once
    return app
