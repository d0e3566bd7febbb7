"""What server/outbound.py builds once per revision of a room for every viewer owed the same
bytes (the table part, the public view, a viewer's part, a spectator's whole response), kept
in the room's opaque `derived` mapping: the authority does not know how its state goes on the
wire, only that what was derived from it is stale after a broadcast.

A room's revision counts its broadcasts, the only way anything a snapshot shows changes, and
`Room.broadcast` empties the mapping as it counts one, so what was built for an older revision
is never handed out. What depends on the game state alone (the views) is kept in a second
mapping, `derived_from_state`, which only a change of the state empties. A room that is gone
takes both along. Every stream of a revision looks its
room's cache up once per delivery (a thousand spectators: a thousand times), and this lookup is
one attribute read: no weak mapping (a weak reference per lookup; and a compiled `Room` takes
no weak references), no table by `id` with a finalizer.
"""

from __future__ import annotations

from typing import Any

from server.room import Room


def built(room: Room) -> dict[object, Any]:
    """What was built for `room` at its current revision, by key (fill it: it is the cache)."""
    return room.derived


def built_from_state(room: Room) -> dict[object, Any]:
    """What was built from `room`'s game state as it stands, by key: what depends on the state
    alone (a view of it) and so outlives the revisions that change only the table around it
    (a seat taken, a stream opened or closed: `Room.state` is another object after a move)."""
    return room.derived_from_state
