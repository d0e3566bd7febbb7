"""A stream's writer: what a Play or Watch stream sends, delivery by delivery.

Its own module so that the fast build compiles it (setup.py): it runs once per delivery of
every stream, a thousand times a move for a thousand spectators, and the service module around
it cannot be compiled (its other streaming handlers are async generators, which mypyc does not
compile)."""

from __future__ import annotations

from typing import Any

from google.protobuf.descriptor import Descriptor

from server import outbound
from server.codecs import Codec
from server.mailbox import Subscriber
from server.room import Room


async def deliver(
    room: Room,
    codec: Codec,
    subscriber: Subscriber,
    context: Any,
    response: Descriptor,
    stay_after_finish: bool = False,
) -> None:
    """Writes move results and snapshots for one subscriber, each as a `response` message
    (PlayResponse or WatchResponse), until it closes or the match has ended (the last
    snapshot then shows the result), or with `stay_after_finish` until the caller ends the
    call. A snapshot is serialised once per revision and shared (server/outbound.py), so it
    goes out as bytes: the response is written already serialised, and without a running
    clock the same response bytes go to every stream of a viewer owed the same update.
    `context` is the call's grpc.aio.ServicerContext (or the web port's stand-in): only its
    `write` is used."""
    snapshot_field = response.fields_by_name["snapshot"]
    result_field = response.fields_by_name.get("result")  # None: Watch, which has none
    viewer = subscriber.seat
    while True:
        await subscriber.wait()
        # Drain until none are left: a move read while we write must have its result sent
        # before the snapshot that includes it.
        while result_field is not None and (results := subscriber.take_results()):
            for version, result in results:
                answer = outbound.move_result(result, version).SerializeToString()
                await context.write(outbound.embedded(result_field, answer))
        update = subscriber.take_update()
        if update is not None:
            sent = outbound.response(room, codec, viewer, update, snapshot_field)
            await context.write(sent.data)
            if sent.finished and not stay_after_finish:
                return  # judged by what was sent: the room may have moved on during write
        if subscriber.closed:
            return
