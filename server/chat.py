"""Table chat: what a line may be and how fast a seat may talk. No gRPC here.

Lines are cleaned by the one sanitiser (`server.sanitise.clean_line`) and then checked: an empty
line or one longer than `MAX_CHAT` is refused (not silently cut: the sender should know what the
table saw), and each speaker gets a token bucket of `CHAT_BURST` lines refilled at one line per
`CHAT_REFILL_SECONDS`. A seat is a speaker; spectators have no identity but their address, so
each client address is one speaker (a new connection does not refill it), and all spectators of
one match share a second bucket (`SPECTATORS_BURST`, one line per `SPECTATORS_REFILL_SECONDS`):
a line is stored for ever and sent to every player, so many addresses together cannot flood a
table either (issue 20, 8d).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass

from server.errors import Reason, Refusal
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
