"""Every way the server refuses a request, as one table: reason → gRPC status code.

Clients branch on the stable `reason` (sent as `ErrorInfo.reason` on failed calls and as
`MoveRejection.reason` in-band on Play streams), never on the message text. This module imports
no gRPC so the room and lobby can raise refusals; the service layer maps the code names.
"""

from __future__ import annotations

import enum
from datetime import timedelta

from engine.core import IllegalMove, Rejection


class Reason(enum.Enum):
    """A refusal reason: the gRPC status code name it travels with, and when it happens."""

    UNKNOWN_GAME = ("NOT_FOUND", "CreateMatch names a game this server does not host")
    UNKNOWN_MATCH = ("NOT_FOUND", "the match id is not on this server")
    BAD_MATCH_ID = ("INVALID_ARGUMENT", "CountSpectators with an empty match id")
    BAD_OPTIONS = ("INVALID_ARGUMENT", "a player count or match option the game does not accept")
    BAD_SEATS = ("INVALID_ARGUMENT", "the seat list does not fit the player count or levels")
    NO_SUCH_SEAT = ("INVALID_ARGUMENT", "JoinMatch asks for a seat number the match lacks")
    SEAT_TAKEN = ("ALREADY_EXISTS", "JoinMatch asks for a seat someone holds, or a bot seat")
    SEAT_RESERVED = ("ALREADY_EXISTS", "JoinMatch asks for a rematch seat held for its player")
    ALREADY_SEATED = (
        "ALREADY_EXISTS",
        "JoinMatch with the token of a seat of the same match, without hot_seat",
    )
    MATCH_FULL = ("RESOURCE_EXHAUSTED", "JoinMatch finds no free human seat")
    MISSING_TOKEN = ("UNAUTHENTICATED", "a seat call without `authorization: Bearer` metadata")
    BAD_TOKEN = ("UNAUTHENTICATED", "the token is unknown, malformed or was given up")
    WRONG_MATCH = ("PERMISSION_DENIED", "Watch names another match than the token's")
    NOT_HOST = ("PERMISSION_DENIED", "a host control without the match's host token")
    JOIN_CODE_REQUIRED = ("PERMISSION_DENIED", "JoinMatch on a private match without its code")
    BAD_JOIN_CODE = ("PERMISSION_DENIED", "JoinMatch on a private match with a wrong code")
    SEAT_FREE = ("FAILED_PRECONDITION", "FreeSeat names a seat nobody holds")
    MATCH_NOT_OVER = (
        "FAILED_PRECONDITION",
        "ReplayMatch (it would leak) or Rematch before the match has finished",
    )
    MALFORMED_MOVE = ("INVALID_ARGUMENT", "the move message is empty or holds unknown values")
    WRONG_GAME = ("INVALID_ARGUMENT", "the move belongs to another game than the match's")
    MATCH_NOT_STARTED = ("FAILED_PRECONDITION", "a move before every seat is taken")
    NOT_YOUR_TURN = ("FAILED_PRECONDITION", "a move from a seat that is not to act")
    ILLEGAL_MOVE = ("FAILED_PRECONDITION", "a well-formed move the rules do not allow now")
    MATCH_OVER = ("FAILED_PRECONDITION", "a move after the match ended")
    STALE_VERSION = ("ABORTED", "a move chosen at an older version: re-read and choose again")
    CHAT_EMPTY = ("INVALID_ARGUMENT", "a chat line with nothing printable in it")
    CHAT_TOO_LONG = ("INVALID_ARGUMENT", "a chat line longer than the cap after cleaning")
    CHAT_TOO_FAST = ("RESOURCE_EXHAUSTED", "more chat lines from one seat than the rate allows")
    REMATCH_ACCEPTED = ("ALREADY_EXISTS", "Rematch from a seat that already accepted")
    BAD_VERSION = ("INVALID_ARGUMENT", "a move's version is negative")
    MALFORMED_REQUEST = ("INVALID_ARGUMENT", "the request bytes are not the method's message")
    BAD_PAGE_TOKEN = ("INVALID_ARGUMENT", "ListMatches got a page_token it did not give out")
    RATE_LIMITED = ("RESOURCE_EXHAUSTED", "too many calls of one kind from one address")
    TOO_MANY_STREAMS = ("RESOURCE_EXHAUSTED", "one address has the most Play/Watch streams open")
    TOO_MANY_WATCHERS = ("RESOURCE_EXHAUSTED", "one match has the most streams open")
    TOO_MANY_MATCHES = ("RESOURCE_EXHAUSTED", "the server holds the most unfinished matches")
    TOO_MANY_BOT_MATCHES = ("RESOURCE_EXHAUSTED", "the server runs the most all-bot matches")
    HINTS_OFF = ("FAILED_PRECONDITION", "Hint or ReviewMatch in a match created with hints=off")
    HINT_BUSY = ("RESOURCE_EXHAUSTED", "Hint or ReviewMatch while the seat's last is thought")
    INTERNAL = ("INTERNAL", "a bug in the server: logged there; nothing changed by it")

    def __init__(self, code_name: str, when: str) -> None:
        self.code_name = code_name
        self.when = when


ENGINE_REASONS: dict[Rejection, Reason] = {
    Rejection.NOT_YOUR_TURN: Reason.NOT_YOUR_TURN,
    Rejection.ILLEGAL_MOVE: Reason.ILLEGAL_MOVE,
    Rejection.MATCH_OVER: Reason.MATCH_OVER,
}


class Refusal(Exception):
    """A request the server will not carry out; nothing changed. `retry_after` says when the
    same request may succeed (sent as a RetryInfo detail)."""

    def __init__(
        self, reason: Reason, message: str, retry_after: timedelta | None = None, **metadata: str
    ) -> None:
        super().__init__(message)
        self.reason = reason
        self.message = message
        self.retry_after = retry_after
        self.metadata = metadata

    @classmethod
    def from_engine(cls, error: IllegalMove) -> Refusal:
        return cls(ENGINE_REASONS[error.rejection], error.message)
