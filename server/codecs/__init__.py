"""One codec per game, by game id (and by its field in the oneofs)."""

from tigerden.v1 import match_pb2

from engine.core import View
from server.codecs.base import (
    Codec,
    PrivateBytes,
    joined,
    unwrap_move,
    unwrap_view,
    wrap_event,
    wrap_move,
    wrap_view,
)
from server.codecs.doors import DoorsCodec
from server.codecs.koikoi import KoikoiCodec
from server.codecs.tiger_dragon import TigerDragonCodec

CODECS: dict[str, Codec] = {
    codec.game_id: codec for codec in (DoorsCodec(), KoikoiCodec(), TigerDragonCodec())
}

_BY_FIELD: dict[str, Codec] = {codec.field: codec for codec in CODECS.values()}


def snapshot_view(snapshot: match_pb2.Snapshot) -> View:
    """The engine view a snapshot carries: its seat's, or without `viewer_seat` a spectator's."""
    which = snapshot.view.WhichOneof("game")
    if which is None:
        raise ValueError("the snapshot carries no view")
    viewer = snapshot.viewer_seat if snapshot.HasField("viewer_seat") else None
    to_act = snapshot.to_act if snapshot.HasField("to_act") else None
    return unwrap_view(_BY_FIELD[which], snapshot.view, viewer, to_act)


__all__ = [
    "CODECS",
    "Codec",
    "PrivateBytes",
    "joined",
    "snapshot_view",
    "unwrap_move",
    "unwrap_view",
    "wrap_event",
    "wrap_move",
    "wrap_view",
]
