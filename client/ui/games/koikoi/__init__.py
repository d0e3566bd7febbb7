"""Koi-Koi at the terminal table: `screen` draws the view and names the moves, `events` words
the game's events, `reasons` its hint reasons."""

from __future__ import annotations

from client.ui.game_screen import GameScreen
from client.ui.games.koikoi import events, reasons, screen

SCREEN = GameScreen(
    render=screen.render,
    describe=events.describe,
    summary=screen.summary,
    move_label=screen.move_label,
    min_size=screen.MIN_SIZE,
    reasons=reasons.WORDS,
    clause_extras=reasons.extras,
)
