"""Each game's codec both ways: a view it encodes decodes to the same engine view, for every
seat and the spectator, at every step of seeded matches of every table that changes what a
view holds (tests/bots/states.py: TABLES), summaries of the last segment included."""

from __future__ import annotations

import random

import pytest
from tigerden.v1 import match_pb2

from engine import GAMES
from engine.core import Seat, State
from server.codecs import CODECS, snapshot_view, wrap_view
from tests.bots.states import TABLES, positions

MATCHES = 2
"""Seeded matches per table, played at random to the end."""


def matches(game_id: str) -> list[State]:
    rng = random.Random(f"codec {game_id}")
    game = GAMES[game_id]
    return [
        game.new(players, game.info.validate(players, options), rng.getrandbits(63))
        for table_game, players, options in TABLES
        if table_game == game_id
        for _ in range(MATCHES)
    ]


@pytest.mark.parametrize("game_id", sorted(CODECS))
def test_a_view_decodes_to_the_view_it_was_encoded_from(game_id: str) -> None:
    codec = CODECS[game_id]
    rng = random.Random(game_id)
    summaries = histories = 0
    for state in matches(game_id):
        while True:
            to_act = state.to_act()
            for viewer in (*range(state.players), None):
                view = state.view(viewer)
                message = codec.encode_view(view)
                sent = type(message).FromString(message.SerializeToString())
                assert codec.decode_view(sent, viewer, to_act) == view, (viewer, view)
            summaries += any(
                getattr(view, name, None) is not None
                for name in ("last_contest", "last_deal", "last_round")
            )
            histories += bool(getattr(view, "history", ()))
            if to_act is None:
                break
            state.apply(rng.choice(state.legal_moves()))
    assert summaries, "the matches reach a second segment, whose views carry a summary"
    if game_id in ("doors", "koikoi"):
        assert histories, "the views carry the public history (DoorsView's, KoiKoiView's)"


def snapshot(game_id: str, state: State, viewer: Seat | None) -> match_pb2.Snapshot:
    message = match_pb2.Snapshot(view=wrap_view(CODECS[game_id], state.view(viewer)))
    if viewer is not None:
        message.viewer_seat = viewer
    to_act = state.to_act()
    if to_act is not None:
        message.to_act = to_act
    return message


def test_a_snapshot_decodes_to_the_view_of_its_viewer() -> None:
    for number, state in enumerate(positions(240, 21)):
        game_id = TABLES[number % len(TABLES)][0]
        for viewer in (*range(state.players), None):
            assert snapshot_view(snapshot(game_id, state, viewer)) == state.view(viewer)
