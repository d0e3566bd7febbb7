"""The seats file of `tigerden play`: beside the local database, the seats (match, token,
game) it took there, newest last, so `play --resume` can take the last unfinished one back.
Tokens are secrets: the file is kept readable by its owner only."""

from __future__ import annotations

import contextlib
import json
from pathlib import Path

import grpc
from tigerden.v1 import lobby_pb2

from client.api import SeatHandle, Server


def local_seats_file(db: Path) -> Path:
    """Where `tigerden play` remembers the seats it took in `db` (match, seat token)."""
    return db.with_name(db.name + ".seats.json")


def remember_local_seat(db: Path, seat: SeatHandle, game_id: str) -> None:
    path = local_seats_file(db)
    try:
        seats = json.loads(path.read_text())
    except (OSError, ValueError):
        seats = []
    seats = [s for s in seats if s.get("match") != seat.match_id][-19:]
    seats.append({"match": seat.match_id, "token": seat.token, "game": game_id})
    path.write_text(json.dumps(seats, indent=1))
    with contextlib.suppress(OSError):
        path.chmod(0o600)  # tokens are secrets


async def last_local_seat(server: Server, db: Path) -> tuple[SeatHandle, str] | None:
    """The newest remembered seat whose match is not over, resumed with its token."""
    try:
        remembered = json.loads(local_seats_file(db).read_text())
    except (OSError, ValueError):
        return None
    for entry in reversed(remembered):
        match = await server.find_match(entry["match"])
        if match is None or match.status == lobby_pb2.MATCH_STATUS_FINISHED:
            continue
        with contextlib.suppress(grpc.aio.AioRpcError):
            return await server.resume(entry["match"], entry["token"]), entry["game"]
    return None
