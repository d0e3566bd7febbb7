"""The Doors takes of ruling D1 read in the client as the server labels them (in English), and
the two takes of one card never share a label."""

from __future__ import annotations

from client.ui.games.doors.screen import move_label
from engine.doors.model import Card, Take
from server.codecs import CODECS, wrap_move


def test_a_scoring_take_has_its_own_label_equal_to_the_servers() -> None:
    codec = CODECS["doors"]
    for card in Card:
        for move in (Take(card), Take(card, score_set=True)):
            assert move_label(wrap_move(codec, move)) == move.label()
    assert move_label(wrap_move(codec, Take(Card.RED_LADY, score_set=True))) != move_label(
        wrap_move(codec, Take(Card.RED_LADY))
    )
