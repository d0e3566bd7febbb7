"""The encodings memoised by value (issue 24): an event, a legal move and a Tiger & Dragon board
are serialised once per value and shared by every viewer who sees the same value. Each viewer's
events and legal moves, built with the caches warm from every other viewer of the same moves,
parse as exactly the messages built for that viewer alone, the way they were built before."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from tigerden.v1 import match_pb2

from engine import GAMES
from server import outbound
from server.bots import BotDriver
from server.codecs import CODECS
from server.main import wire
from server.notes import TableEvent
from server.seats import SeatKind
from server.store import Store


@pytest.mark.parametrize(
    ("game_id", "players"),
    [
        (g, n)
        for g, game in GAMES.items()
        for n in range(game.info.min_players, game.info.max_players + 1)
    ],
)
def test_every_viewer_is_sent_its_own_events_and_legal_moves_from_the_shared_encodings(
    game_id: str, players: int, tmp_path: Path
) -> None:
    codec, rng = CODECS[game_id], random.Random(players)
    lobby = wire(Store(tmp_path / "memo.sqlite"), BotDriver()).lobby
    for _ in range(3):
        room, _host = lobby.create(game_id, players, {}, [(SeatKind.HUMAN, "")] * players, "h")
        for seat in range(players):
            lobby.join(room.match_id, f"p{seat}", seat)
        viewers = [None, *range(players)]
        streams = {viewer: room.subscribe(viewer) for viewer in viewers}
        while True:
            acting = room.state.to_act()
            for viewer in rng.sample(viewers, len(viewers)):  # any order fills the caches
                update = streams[viewer].take_update()
                assert update is not None
                happened = (*update.events, *map(TableEvent, update.notes))
                expected = match_pb2.Snapshot(
                    events=[
                        outbound.event_message(codec, seen)
                        for seen in (event.for_viewer(viewer) for event in happened)
                        if seen is not None
                    ],
                    events_are_recap=update.recap,
                )
                got = outbound.update_part(room, codec, viewer, update)
                assert match_pb2.Snapshot.FromString(got) == expected
                if viewer is not None:
                    part = outbound.viewer_part(room, codec, viewer, acting)
                    moves = room.state.legal_moves() if acting == viewer else []
                    legal = [outbound.legal_move(codec, move) for move in moves]
                    assert list(match_pb2.Snapshot.FromString(part).legal_moves) == legal
            if acting is None:
                break
            room.submit(acting, room.version, rng.choice(room.state.legal_moves()))
