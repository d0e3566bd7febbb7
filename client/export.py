"""A finished match as JSON lines: one header line (game, options, seats, seed, result), then
one line per move (version, seat, move, label, who chose it, when, the public events). Built
from the ReplayMatch stream only, so it knows no game rules."""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from typing import Any

from google.protobuf.json_format import MessageToDict
from tigerden.v1 import lobby_pb2, match_pb2


def as_dict(message: Any) -> dict[str, Any]:
    """A message as JSON-ready data with the .proto field names."""
    return MessageToDict(message, preserving_proto_field_name=True)


def export_lines(
    header: match_pb2.ReplayHeader, steps: Sequence[match_pb2.ReplayStep]
) -> Iterator[str]:
    match = header.match
    yield json.dumps(
        {
            "match_id": match.match_id,
            "game": match.game_id,
            "options": dict(sorted(match.options.items())),
            "players": len(match.seats),
            "seats": [
                {
                    "seat": seat.seat,
                    "name": seat.name,
                    "kind": lobby_pb2.SeatKind.Name(seat.kind),
                    "bot_level": seat.bot_level,
                    "team": seat.team,
                }
                for seat in match.seats
            ],
            "seed": header.seed,
            "created_unix_ms": header.created_unix_ms,
            "moves": match.version,
            "result": as_dict(header.result),
        },
        ensure_ascii=False,
    )
    for step in steps:
        if not step.HasField("seat"):
            continue  # step 0 is the deal: the seed in the header stands for it
        yield json.dumps(
            {
                "version": step.version - 1,
                "seat": step.seat,
                "move": as_dict(step.move),
                "label": step.label,
                "played_by": match_pb2.PlayedBy.Name(step.played_by),
                "played_unix_ms": step.played_unix_ms,
                "events": [as_dict(event) for event in step.events],
            },
            ensure_ascii=False,
        )
