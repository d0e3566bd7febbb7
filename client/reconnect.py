"""A table's streams, kept open: a seat plays on its Play stream until the match is over, then
stays on a Watch stream for the chat and the rematch offer; a spectator watches. A stream that
breaks is opened again after a pause (`RECONNECT_DELAYS`), and the new stream's first snapshot
recaps what happened meanwhile; a refusal that reconnecting cannot cure ends it. The screen
only hears of snapshots, move results and the state of the connection."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Callable

import grpc
from tigerden.v1 import match_pb2

from client.api import SeatHandle, Table

RECONNECT_DELAYS = (0.5, 1.0, 2.0, 4.0, 8.0, 10.0)
"""Seconds between reconnection attempts; the last repeats until the server is back."""
FINAL_CODES = (grpc.StatusCode.UNAUTHENTICATED, grpc.StatusCode.NOT_FOUND)
"""Stream errors that reconnecting cannot cure: the seat was given up or freed, or the match
is gone."""

Show = Callable[[match_pb2.Snapshot], None]
Watch = Callable[[], AsyncIterator[match_pb2.Snapshot]]


class TableStreams:
    """The streams of one table: `seat`'s, or with seat None a spectator's through `watch`.
    `show` hears every snapshot, `on_result` every result of a move sent."""

    def __init__(
        self,
        seat: SeatHandle | None,
        show: Show,
        on_result: Callable[[match_pb2.MoveResult], None],
        watch: Watch | None = None,
    ) -> None:
        if seat is None and watch is None:
            raise ValueError("a spectator needs a watch stream")
        self.seat = seat
        self.watch = watch
        self.show = show
        self.on_result = on_result
        self.table: Table | None = None
        """The open Play stream, None while there is none."""
        self.over = False
        """A snapshot showed the match finished: from then on the seat only watches."""

    async def send(self, version: int, move: match_pb2.Move) -> bool:
        """Sends a move on the open Play stream; False when none is open (it was not sent)."""
        if self.table is None:
            return False
        with contextlib.suppress(asyncio.InvalidStateError, grpc.aio.AioRpcError):
            await self.table.send(version, move)
        return True

    def shown(self, snapshot: match_pb2.Snapshot) -> None:
        self.over = self.over or snapshot.HasField("result")
        self.show(snapshot)

    async def stream_once(self) -> None:
        """Streams until the server ends the streams: Play until the match is over, then a
        Watch that stays for the chat and the rematch offer (or the spectator's Watch)."""
        seat = self.seat
        if seat is None:
            assert self.watch is not None
            async for snapshot in self.watch():
                self.shown(snapshot)
            return
        if not self.over:
            async with seat.play() as table:
                table.on_result = self.on_result
                self.table = table
                try:
                    async for snapshot in table.snapshots():
                        self.shown(snapshot)
                finally:
                    self.table = None
        async for snapshot in seat.watch(stay_after_finish=True):  # after the end
            self.shown(snapshot)

    async def follow(
        self,
        retrying: Callable[[int, float], None],
        lost: Callable[[grpc.aio.AioRpcError], None],
        delays: tuple[float, ...] = RECONNECT_DELAYS,
    ) -> None:
        """Streams until the server ends the streams for good; after a break, tells
        `retrying(attempt, delay)` and opens them again after that delay, unless the error
        is one reconnecting cannot cure, which goes to `lost`."""
        attempt = 0
        while True:
            try:
                await self.stream_once()
                return
            except grpc.aio.AioRpcError as error:
                if error.code() in FINAL_CODES:
                    lost(error)
                    return
            attempt += 1
            delay = delays[min(attempt, len(delays)) - 1]
            retrying(attempt, delay)
            await asyncio.sleep(delay)
