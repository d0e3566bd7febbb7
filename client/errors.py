"""A refused or failed call in a person's words, in their language.

The server's messages are written for whoever calls the API (they name RPCs and metadata), and
a channel that cannot connect reports gRPC's own internals. A person at the terminal gets words
chosen here from the stable reason (`ErrorInfo.reason`) or, without one, the status code: what
happened and what to do. The server's message is the fallback for the reasons whose messages
already say that (limits, options, seats).
"""

from __future__ import annotations

import grpc

from client.api import error_reason
from client.i18n import _

UNREACHABLE = {grpc.StatusCode.UNAVAILABLE, grpc.StatusCode.DEADLINE_EXCEEDED}


def explain(error: grpc.aio.AioRpcError, target: str = "", match: str = "") -> str:
    """What a person reads about `error` from the server at `target` about `match`."""
    reason = error_reason(error)
    if not reason and error.code() in UNREACHABLE:
        return _(
            "cannot reach a tigerden server at {target}: check the address and port, and that "
            "`tigerden serve` runs there"
        ).format(target=target or _("that address"))
    words = {
        "UNKNOWN_MATCH": _(
            "there is no match {match} on this server: `tigerden matches --server {target} --all`"
            " lists them"
        ),
        "NOT_HOST": _(
            "that is not the host token of match {match}: give the one printed when you created it"
        ),
        "JOIN_CODE_REQUIRED": _(
            "match {match} is private: ask its host for the join code and give it with --code"
        ),
        "BAD_JOIN_CODE": _("that is not the join code of match {match}: ask its host for it"),
        "BAD_TOKEN": _(
            "that seat token is not known here (the seat was given up, or its host freed it):"
            " join the match again"
        ),
        "MATCH_OVER": _("match {match} is over: `tigerden replay` shows how it went"),
        "MATCH_NOT_OVER": _(
            "match {match} is not over yet: watch it now, and replay it once it has finished"
        ),
    }
    if reason in words:
        return words[reason].format(match=match or _("that match"), target=target or "HOST")
    return error.details() or _("the server refused: {code}").format(code=error.code().name)
