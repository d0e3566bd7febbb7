"""Pages of the match list: `ListMatches` answers at most `MAX_PAGE` matches at a time, so no
number of matches can push its answer past a client's message limit.

A page token names the last match of the page before (its creation time and id, newest
first), not an offset: matches created or finished between two pages shift no page. Tokens are
opaque to clients; a token this server did not give out is refused. The archive is read from
the store a page at a time (`page_size` + 1 after the token's key), never whole: a list of
4,000 finished matches cost 353 ms of server CPU per ListMatches (issue 20, 8c).
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


def token_after(room: Listed) -> str:
    """The page token of the matches listed after `room`."""
    return base64.urlsafe_b64encode(json.dumps(list(_key(room))).encode()).decode()


def page_size(size: int) -> int:
    """The page size a request asks for: below 1 the default; above `MAX_PAGE`, `MAX_PAGE`."""
    return DEFAULT_PAGE if size < 1 else min(size, MAX_PAGE)


def after_key(token: str) -> tuple[float, str] | None:
    """The (created_at, match_id) a page token lists after; None for the first page."""
    if not token:
        return None
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
    ("" on the last page), of `page_size(size)` matches."""
    size = page_size(size)
    after = after_key(token)
    if after is not None:
        rooms = [room for room in rooms if _key(room) < after]
    chosen = list(rooms[:size])
    more = len(rooms) > size
    return chosen, token_after(chosen[-1]) if more else ""
