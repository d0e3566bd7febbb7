"""One codec per game, by game id."""

from server.codecs.base import (
    Codec,
    PrivateBytes,
    joined,
    unwrap_move,
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

__all__ = [
    "CODECS",
    "Codec",
    "PrivateBytes",
    "joined",
    "unwrap_move",
    "wrap_event",
    "wrap_move",
    "wrap_view",
]
