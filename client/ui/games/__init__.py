"""One package per game: how the terminal table draws its view, words its events, moves and hint
reasons (`SCREEN`, a `client.ui.game_screen.GameScreen`). Reached only through
`client/ui/registry.py`."""
