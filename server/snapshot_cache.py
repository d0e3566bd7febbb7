"""What server/outbound.py builds once per revision of a room for every viewer owed the same
bytes (the table part, the public view, a viewer's part, a spectator's whole response), kept
beside the room, not in it: the authority does not know how its state goes on the wire.

A room's revision counts its broadcasts, the only way anything a snapshot shows changes, so
what was built for an older revision is dropped the first time the room is asked for at a newer
one. A room that is gone takes its cache with it (the rooms are the keys of a weak mapping).
"""

from __future__ import annotations

import weakref

from server.room import Room


class RevisionCache:
    """What was built for one room at `revision`."""

    def __init__(self) -> None:
        self.revision = -1
        self.built: dict[object, object] = {}


_CACHES: weakref.WeakKeyDictionary[Room, RevisionCache] = weakref.WeakKeyDictionary()


def built(room: Room) -> dict[object, object]:
    """What was built for `room` at its current revision, by key (fill it: it is the cache)."""
    cache = _CACHES.get(room)
    if cache is None:
        cache = _CACHES[room] = RevisionCache()
    if cache.revision != room.revision:
        cache.built.clear()
        cache.revision = room.revision
    return cache.built
