"""The encodings memoised by value (issue 24): an event, a legal move and a Tiger & Dragon board
are serialised once per value and shared by every viewer who sees the same value. Each viewer's
events and legal moves, built with the caches warm from every other viewer of the same moves,
parse as exactly the messages built for that viewer alone, the way they were built before."""

from __future__ import annotations

import random
from pathlib import Path
from typing import cast

import pytest
from tigerden.v1 import match_pb2

from engine import GAMES
from engine.doors.model import DoorsView
from engine.koikoi.model import KoiKoiView
from server import outbound
from server.bots import BotDriver
from server.codecs import CODECS
from server.codecs.base import History
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


def public_views(game_id: str, seed: int) -> list[DoorsView | KoiKoiView]:
    """The public view at every revision of a seeded random match of Doors or Koi-Koi, options
    at their defaults."""
    game, rng = GAMES[game_id], random.Random(seed)
    state = game.new(2, game.info.validate(2, {}), rng.getrandbits(63))
    views = [state.public_view()]
    while state.to_act() is not None:
        state.apply(rng.choice(state.legal_moves()))
        views.append(state.public_view())
    return cast("list[DoorsView | KoiKoiView]", views)


@pytest.mark.parametrize("game_id", ["doors", "koikoi"])
def test_the_public_history_memoised_by_prefix_is_each_revisions_own(game_id: str) -> None:
    """Koi-Koi's and Doors' public part carries the match's history, serialised from the bytes
    an earlier revision's history had. Revisions of three matches encoded interleaved, each
    match's in order and then again backwards (a history the memo has seen longer, shorter
    and from other matches), parse as exactly the view each revision's public view is."""
    codec = type(CODECS[game_id])()  # a cold memo
    matches = [public_views(game_id, seed) for seed in range(3)]
    assert any(view.history for match in matches for view in match), "the histories grow"
    order = [
        view
        for step in range(max(map(len, matches)))
        for match in matches
        for view in match[step : step + 1]
    ]
    for view in [*order, *reversed(order)]:
        message = type(codec.encode_view(view)).FromString(b"".join(codec.encode_public(view)))
        assert message == codec.encode_view(view)


def test_a_history_is_known_by_its_entries_not_only_its_length_and_last_entry() -> None:
    """Two histories of one length ending in the same entry are told apart by their earlier
    entries: each is sent as itself."""
    history: History[str] = History(str.encode)
    last = "c"
    assert history.encode(("a", "b", last)) == b"abc"
    assert history.encode(("x", "b", last)) == b"xbc"
    assert history.encode(("x", "b", last, "d")) == b"xbcd"
    assert history.encode(("a", "b", last, "d")) == b"abcd"
    assert history.encode(()) == b""
