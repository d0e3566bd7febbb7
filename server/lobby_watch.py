"""The mailbox of one WatchLobby stream. No gRPC here.

It holds the matches that changed since the stream last looked, in order of first change; a
burst of changes to one match coalesces. It keeps the rooms, not their ids: a match that has
just finished may have left the registry already.
"""

from __future__ import annotations

import asyncio

from server.room import Room


class LobbyWatcher:
    """What one WatchLobby stream has not been told yet."""

    def __init__(self) -> None:
        self._changed: dict[str, Room] = {}
        self._wake = asyncio.Event()

    def mark(self, room: Room) -> None:
        self._changed[room.match_id] = room
        self._wake.set()

    async def wait(self) -> None:
        await self._wake.wait()
        self._wake.clear()

    def take(self) -> list[Room]:
        changed, self._changed = list(self._changed.values()), {}
        return changed
