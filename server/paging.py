"""Pages of the match list: `ListMatches` answers at most `MAX_PAGE` matches at a time, so no
number of matches can push its answer past a client's message limit.

A page token names the last match of the page before (its creation time and id, newest
first), not an offset: matches created or finished between two pages shift no page. Tokens are
opaque to clients; a token this server did not give out is refused.
"""

from __future__ import annotations

import base64
import binascii
import json
from collections.abc import Sequence
from typing import Protocol, TypeVar

from server.errors import Reason, Refusal

DEFAULT_PAGE = 50
MAX_PAGE = 200


class Listed(Protocol):
    """A listed match: a room in memory, or a finished one from the archive."""

    @property
    def created_at(self) -> float: ...

    @property
    def match_id(self) -> str: ...


L = TypeVar("L", bound=Listed)


def _key(room: Listed) -> tuple[float, str]:
    return (room.created_at, room.match_id)


def _token(room: Listed) -> str:
    return base64.urlsafe_b64encode(json.dumps(list(_key(room))).encode()).decode()


def _after(token: str) -> tuple[float, str]:
    try:
        created_at, match_id = json.loads(base64.urlsafe_b64decode(token.encode()))
        return float(created_at), str(match_id)
    except (binascii.Error, ValueError, TypeError, UnicodeError):
        raise Refusal(
            Reason.BAD_PAGE_TOKEN,
            "page_token is not one this server gave out; send the next_page_token of the "
            "previous ListMatches answer, or none for the first page",
        ) from None


def page(rooms: Sequence[L], size: int, token: str) -> tuple[list[L], str]:
    """One page of `rooms` (sorted newest first) after `token`, and the next page's token
    ("" on the last page). A size below 1 is the default; above `MAX_PAGE`, `MAX_PAGE`."""
    size = DEFAULT_PAGE if size < 1 else min(size, MAX_PAGE)
    if token:
        after = _after(token)
        rooms = [room for room in rooms if _key(room) < after]
    chosen = list(rooms[:size])
    more = len(rooms) > size
    return chosen, _token(chosen[-1]) if more else ""
