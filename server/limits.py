"""What one client may ask of the server: every limit in one table, and their bookkeeping.

A LAN server is open to everyone on the network without a token, so each costly request is
bounded: streams per connection (HTTP/2), open streams per client address and per match,
request rates per client address, and matches on the server. `Limits` holds the numbers (all
settable on `tigerden serve`; docs/security.md lists the defaults and why); `Limiter` counts
streams and keeps one token bucket per (request kind, client address). A client over a limit
gets RESOURCE_EXHAUSTED with an ErrorInfo reason and, for rates, a RetryInfo saying when to retry.
"""

from __future__ import annotations

import contextlib
import math
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any

import grpc

from engine.core import Seat
from server.errors import Reason, Refusal
from server.mailbox import Subscriber
from server.room import Room


def _limit(default: float, text: str) -> Any:
    return field(default=default, metadata={"help": text})


@dataclass(frozen=True)
class Limits:
    """The limits with their LAN defaults: generous for a game night, small for a flood. Each
    field is a `tigerden serve` option of the same name (`--streams-per-peer`)."""

    max_concurrent_streams: int = _limit(
        100,
        "calls open at once on one connection (the HTTP/2 setting), or from one browser"
        " address on the web port",
    )
    streams_per_peer: int = _limit(
        64, "Play, Watch, WatchLobby and ReplayMatch streams open at once from one address"
    )
    watchers_per_match: int = _limit(
        32, "spectator streams (Watch without a token) open at once on one match"
    )
    spectators_per_peer: int = _limit(
        8, "spectator streams one address may have open at once on one match"
    )
    streams_per_seat: int = _limit(8, "Play and Watch streams open at once with one seat's token")
    replays_per_minute: float = _limit(60, "ReplayMatch calls per minute from one address")
    replays_per_peer: int = _limit(2, "ReplayMatch streams open at once from one address")
    creates_per_minute: float = _limit(30, "CreateMatch calls per minute from one address")
    joins_per_minute: float = _limit(60, "JoinMatch calls per minute from one address")
    acts_per_second: float = _limit(20, "Act calls per second from one address")
    hints_per_minute: float = _limit(
        30, "Hint calls, and ReviewMatch calls, per minute from one address"
    )
    hints_per_peer: int = _limit(2, "hints and reviews thought at once for one address")
    open_matches: int = _limit(500, "unfinished matches on the server")
    bot_matches: int = _limit(4, "unfinished matches with bots in every seat")
    max_bot_seconds: float = _limit(
        5.0, "seconds a server bot may think per move, whatever its level asks for"
    )

    @classmethod
    def unlimited(cls) -> Limits:
        """For the embedded server of `tigerden play` and `selfplay`: one trusted client."""
        many = 1_000_000
        return cls(
            max_concurrent_streams=many,
            streams_per_peer=many,
            watchers_per_match=many,
            spectators_per_peer=many,
            streams_per_seat=many,
            replays_per_minute=math.inf,
            replays_per_peer=many,
            hints_per_minute=math.inf,
            hints_per_peer=many,
            creates_per_minute=math.inf,
            joins_per_minute=math.inf,
            acts_per_second=math.inf,
            open_matches=many,
            bot_matches=many,
            max_bot_seconds=math.inf,
        )


LAN_LIMITS = Limits()


RATES: dict[str, tuple[str, float]] = {
    "CreateMatch": ("creates_per_minute", 60.0),
    "JoinMatch": ("joins_per_minute", 60.0),
    "Act": ("acts_per_second", 1.0),
    "ReplayMatch": ("replays_per_minute", 60.0),
    "Hint": ("hints_per_minute", 60.0),
    "ReviewMatch": ("hints_per_minute", 60.0),
}
"""Each rate-limited method: its field in `Limits` and that field's period in seconds."""

MAX_BUCKETS = 4096
"""Buckets kept before full ones (clients quiet for a while) are forgotten."""


def peer_host(peer: str) -> str:
    """The client's address without its port ("ipv4:10.0.0.7:53122" -> "10.0.0.7"): limits
    are per machine, not per connection."""
    kind, _, rest = peer.partition(":")
    if kind in ("ipv4", "ipv6"):
        return rest.rsplit(":", 1)[0]
    return peer


def client_address(context: grpc.aio.ServicerContext[Any, Any]) -> str:
    """The address a call is counted under by every per-address limit (streams, rates, chat,
    hints, replays): the one place that says who a client is, so that a change in how clients
    are told apart reaches all limits at once. A browser's call through the web port is
    counted under the browser's own address: its context names it as gRPC names a client
    (`server/direct.py`), and no header a browser sends can change that."""
    return peer_host(context.peer())


class Limiter:
    """Counts the open streams and the request rates of each client address."""

    def __init__(self, limits: Limits, clock: Callable[[], float] = time.monotonic) -> None:
        self.limits = limits
        self._clock = clock
        self._buckets: dict[tuple[str, str], tuple[float, float]] = {}
        self._streams: dict[str, int] = {}
        self._stream_peers: dict[Subscriber, str] = {}
        self._replays: dict[str, int] = {}

    def check_rate(self, method: str, address: str) -> None:
        """Takes one token from the bucket of (`method`, `address`), or raises RATE_LIMITED
        saying when the next one is due."""
        name, period = RATES[method]
        per_period: float = getattr(self.limits, name)
        if math.isinf(per_period):
            return
        rate, burst = per_period / period, max(per_period, 1.0)
        key, now = (method, address), self._clock()
        tokens, stamp = self._buckets.get(key, (burst, now))
        tokens = min(burst, tokens + (now - stamp) * rate)
        if tokens < 1:
            wait = (1 - tokens) / rate
            raise Refusal(
                Reason.RATE_LIMITED,
                f"too many {method} calls from {address}: at most {per_period:g} per "
                f"{'minute' if period == 60 else 'second'}; retry in {wait:.1f} s",
                retry_after=timedelta(seconds=wait),
                limit=name,
            )
        self._buckets[key] = (tokens - 1, now)
        if len(self._buckets) > MAX_BUCKETS:
            self._forget_full_buckets(now)

    def _forget_full_buckets(self, now: float) -> None:
        for key, (tokens, stamp) in list(self._buckets.items()):
            name, period = RATES[key[0]]
            per_period = getattr(self.limits, name)
            if tokens + (now - stamp) * per_period / period >= max(per_period, 1.0):
                del self._buckets[key]

    def _open_stream(self, host: str) -> None:
        if self._streams.get(host, 0) >= self.limits.streams_per_peer:
            raise Refusal(
                Reason.TOO_MANY_STREAMS,
                f"{host} has {self.limits.streams_per_peer} streams open (Play, Watch, "
                "WatchLobby), the most one client address may; close one first",
                limit="streams_per_peer",
            )
        self._streams[host] = self._streams.get(host, 0) + 1

    def _close_stream(self, host: str) -> None:
        left = self._streams[host] - 1
        if left:
            self._streams[host] = left
        else:
            del self._streams[host]

    @contextlib.contextmanager
    def stream(self, address: str) -> Iterator[None]:
        """Counts a stream that is not a match's (WatchLobby) for the duration of the block."""
        self._open_stream(address)
        try:
            yield
        finally:
            self._close_stream(address)

    @contextlib.contextmanager
    def replay(self, address: str) -> Iterator[None]:
        """Counts a ReplayMatch stream for the duration of the block: a stream of the address,
        and one of its `replays_per_peer` (each rebuilds a whole match: 20 at once took 12.6 s
        of server CPU, issue 20, 8e)."""
        if self._replays.get(address, 0) >= self.limits.replays_per_peer:
            raise Refusal(
                Reason.TOO_MANY_STREAMS,
                f"{address} has {self.limits.replays_per_peer} replays open, the most one client "
                "address may; wait for one to end",
                limit="replays_per_peer",
            )
        with self.stream(address):
            self._replays[address] = self._replays.get(address, 0) + 1
            try:
                yield
            finally:
                self._replays[address] -= 1
                if not self._replays[address]:
                    del self._replays[address]

    def subscribe(self, room: Room, seat: Seat | None, address: str) -> Subscriber:
        """Opens a stream's mailbox on `room`, within the stream limits. Spectators and seats
        are counted apart, so strangers watching can never lock a seat out of its own match
        (issue 20, 8a): spectators within `watchers_per_match` and, from one address,
        `spectators_per_peer`; a seat's own streams within `streams_per_seat`."""
        if seat is None:
            spectators = room.spectators()
            if len(spectators) >= self.limits.watchers_per_match:
                raise Refusal(
                    Reason.TOO_MANY_WATCHERS,
                    f"match {room.match_id} has {self.limits.watchers_per_match} spectators, "
                    "the most one match may; try again when someone stops watching",
                    limit="watchers_per_match",
                )
            mine = [s for s in spectators if self._stream_peers.get(s) == address]
            if len(mine) >= self.limits.spectators_per_peer:
                raise Refusal(
                    Reason.TOO_MANY_WATCHERS,
                    f"{address} watches match {room.match_id} on {len(mine)} streams, the most "
                    "one client address may; close one first",
                    limit="spectators_per_peer",
                )
        elif sum(s.seat == seat for s in room.subscribers) >= self.limits.streams_per_seat:
            raise Refusal(
                Reason.TOO_MANY_STREAMS,
                f"seat {seat} of match {room.match_id} has {self.limits.streams_per_seat} "
                "streams open, the most one seat may; close one first",
                limit="streams_per_seat",
            )
        self._open_stream(address)
        subscriber = room.subscribe(seat)
        self._stream_peers[subscriber] = address
        return subscriber

    def unsubscribe(self, room: Room, subscriber: Subscriber) -> None:
        room.unsubscribe(subscriber)
        host = self._stream_peers.pop(subscriber, None)
        if host is not None:
            self._close_stream(host)
