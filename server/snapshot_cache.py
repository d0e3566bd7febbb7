"""What server/outbound.py builds once per revision of a room for every viewer owed the same
bytes (the table part, the public view, a viewer's part, a spectator's whole response), kept
beside the room, not in it: the authority does not know how its state goes on the wire.

A room's revision counts its broadcasts, the only way anything a snapshot shows changes, so
what was built for an older revision is dropped the first time the room is asked for at a newer
one. A room that is gone takes its cache with it (a finalizer drops its entry).

The caches are found by the room's `id`, not in a `WeakKeyDictionary`: every stream of a
revision looks its room up once per delivery (a thousand spectators: a thousand times), and a
weak mapping makes a weak reference for each lookup. The entry goes when the room is collected,
before its `id` can be another object's.
"""

from __future__ import annotations

import weakref
from typing import Any

from server.room import Room


class RevisionCache:
    """What was built for one room at `revision`."""

    def __init__(self) -> None:
        self.revision = -1
        self.built: dict[object, Any] = {}


_CACHES: dict[int, RevisionCache] = {}
"""By `id(room)`, each dropped by a finalizer of its room."""


def built(room: Room) -> dict[object, Any]:
    """What was built for `room` at its current revision, by key (fill it: it is the cache)."""
    cache = _CACHES.get(id(room))
    if cache is None:
        cache = _CACHES[id(room)] = RevisionCache()
        weakref.finalize(room, _CACHES.pop, id(room), None)
    if cache.revision != room.revision:
        cache.built.clear()
        cache.revision = room.revision
    return cache.built
