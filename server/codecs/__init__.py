"""One codec per game, by game id."""

from server.codecs.base import Codec, unwrap_move, wrap_event, wrap_move, wrap_view
from server.codecs.doors import DoorsCodec

CODECS: dict[str, Codec] = {codec.game_id: codec for codec in (DoorsCodec(),)}

__all__ = ["CODECS", "Codec", "unwrap_move", "wrap_event", "wrap_move", "wrap_view"]
