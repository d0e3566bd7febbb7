"""Table chat: what a line may be and how fast a seat may talk. No gRPC here.

Lines are cleaned by the one sanitiser (`server.sanitise.clean_line`) and then checked: an empty
line or one longer than `MAX_CHAT` is refused (not silently cut: the sender should know what the
table saw), and each speaker gets a token bucket of `CHAT_BURST` lines refilled at one line per
`CHAT_REFILL_SECONDS`. A seat is a speaker; spectators have no identity but their address, so
each client address is one speaker (a new connection does not refill it), and all spectators of
one match share a second bucket (`SPECTATORS_BURST`, one line per `SPECTATORS_REFILL_SECONDS`):
a line is stored for ever and sent to every player, so many addresses together cannot flood a
table either (issue 20, 8d). `ChatDesk` says a line at a table: it finds the speaker and the
room in the registry, and the room keeps the line (in its log first).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass

from engine.core import Seat
from server.errors import Reason, Refusal
from server.lobby import clean_name
from server.log import ChatRecord
from server.registry import Registry
from server.sanitise import clean_line

MAX_CHAT = 200
"""The most characters a chat line may have after cleaning."""
CHAT_BURST = 5
"""Lines a speaker may send at once."""
CHAT_REFILL_SECONDS = 2.0
"""One more line is allowed per this many seconds, up to the burst."""
SPECTATORS_BURST = 10
"""Lines all spectators of one match may send at once."""
SPECTATORS_REFILL_SECONDS = 1.0
"""One more spectator line per match is allowed per this many seconds, up to the burst."""
PRUNE_ABOVE = 256
"""Speakers remembered before those whose bucket has refilled are forgotten."""


def chat_text(text: str) -> str:
    """The line the table will see; refuses an empty or over-long one."""
    cleaned = clean_line(text)
    if not cleaned:
        raise Refusal(Reason.CHAT_EMPTY, "the chat line has nothing printable in it")
    if len(cleaned) > MAX_CHAT:
        raise Refusal(
            Reason.CHAT_TOO_LONG,
            f"a chat line may have at most {MAX_CHAT} characters; this one has {len(cleaned)}: "
            "say it in two lines",
            limit=str(MAX_CHAT),
        )
    return cleaned


@dataclass
class Bucket:
    tokens: float
    at: float


class ChatRate:
    """Per-speaker token buckets of `burst` lines, one more per `refill` seconds; `who` names
    the speakers in a refusal ("" for one speaker)."""

    def __init__(
        self,
        burst: int = CHAT_BURST,
        refill: float = CHAT_REFILL_SECONDS,
        who: str = "",
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.burst, self.refill, self.who = burst, refill, who
        self._clock = clock
        self._buckets: dict[Hashable, Bucket] = {}

    def take(self, speaker: Hashable) -> None:
        """Counts one line for `speaker`; refuses it when the bucket is empty."""
        now = self._clock()
        if len(self._buckets) > PRUNE_ABOVE:
            full = self.burst * self.refill
            self._buckets = {k: b for k, b in self._buckets.items() if now - b.at < full}
        bucket = self._buckets.setdefault(speaker, Bucket(self.burst, now))
        bucket.tokens = min(self.burst, bucket.tokens + (now - bucket.at) / self.refill)
        bucket.at = now
        if bucket.tokens < 1:
            wait = (1 - bucket.tokens) * self.refill
            raise Refusal(
                Reason.CHAT_TOO_FAST,
                f"at most {self.burst} chat lines at once{self.who}, then one every "
                f"{self.refill:g} s; send again in {wait:.1f} s",
                retry_after_seconds=f"{wait:.1f}",
            )
        bucket.tokens -= 1


class ChatDesk:
    """Says chat lines at the tables of the registry, within the rate limits."""

    def __init__(self, registry: Registry) -> None:
        self.registry = registry
        self.rate = ChatRate()
        self.spectators = ChatRate(
            SPECTATORS_BURST, SPECTATORS_REFILL_SECONDS, " from all spectators of a match"
        )

    def say(
        self, match_id: str, token: str | None, text: str, spectator_name: str, address: str
    ) -> ChatRecord:
        """Says one chat line at the table of `match_id`: as the token's seat, or without a
        token as a spectator (rate-limited per client `address`, and per match for all its
        spectators together)."""
        room = self.registry.any_room(match_id)
        seat: Seat | None = None
        if token is not None:
            token_room, seat = self.registry.authenticate(token)
            if token_room is not room:
                raise Refusal(
                    Reason.WRONG_MATCH,
                    f"the token seats you in match {token_room.match_id}, not {match_id}; "
                    "chat there, or without a token as a spectator",
                )
        line = chat_text(text)
        if seat is None:
            self.rate.take(("spectator", address))
            self.spectators.take(match_id)
            name = clean_name(spectator_name) or "spectator"
        else:
            self.rate.take((match_id, seat))
            name = room.seats[seat].name
        record = ChatRecord(len(room.chat) + 1, seat, name, line, time.time())
        room.say(record)
        self.registry.release(room)
        return record
