"""Table chat: what a line may be and how fast a seat may talk. No gRPC here.

Lines are cleaned by the one sanitiser (`server.sanitise.clean_line`) and then checked: an empty
line or one longer than `MAX_CHAT` is refused (not silently cut: the sender should know what the
table saw), and each speaker — a seat, or a spectator's connection — gets a token bucket of
`CHAT_BURST` lines refilled at one line per `CHAT_REFILL_SECONDS`.
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
    """Per-speaker token buckets."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self._buckets: dict[Hashable, Bucket] = {}

    def take(self, speaker: Hashable) -> None:
        """Counts one line for `speaker`; refuses it when the bucket is empty."""
        now = self._clock()
        if len(self._buckets) > PRUNE_ABOVE:
            full = CHAT_BURST * CHAT_REFILL_SECONDS
            self._buckets = {k: b for k, b in self._buckets.items() if now - b.at < full}
        bucket = self._buckets.setdefault(speaker, Bucket(CHAT_BURST, now))
        bucket.tokens = min(CHAT_BURST, bucket.tokens + (now - bucket.at) / CHAT_REFILL_SECONDS)
        bucket.at = now
        if bucket.tokens < 1:
            wait = (1 - bucket.tokens) * CHAT_REFILL_SECONDS
            raise Refusal(
                Reason.CHAT_TOO_FAST,
                f"at most {CHAT_BURST} chat lines at once, then one every "
                f"{CHAT_REFILL_SECONDS:g} s; send again in {wait:.1f} s",
                retry_after_seconds=f"{wait:.1f}",
            )
        bucket.tokens -= 1
