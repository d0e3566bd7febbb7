"""gRPC's handlers called in process: the web port's calls, with no gRPC between them.

The web port (`server/web.py`) used to forward each browser call's bytes to the process's own
grpc.aio server over a unix socket, so a browser's move crossed gRPC twice (its client side,
then its server side) before the service saw it; this module lets the web port call the very
handlers the gRPC server runs instead. `handlers` builds them from the service descriptors and
the servicers the gRPC server is given, each wrapped by `server/guard.py`'s `guarded`, the
function the gRPC interceptor applies: the same lenient decoding, refusals, UNIMPLEMENTED and
INTERNAL (never UNKNOWN), and snapshots that go out as the bytes serialised once. `WebContext`
is the `grpc.aio.ServicerContext` those handlers are given: it behaves as grpc.aio's does
(`abort` ends the call with its status, details and trailing metadata and raises `AbortError`;
`write` sends one message; `peer` names the caller as gRPC would, so every per-address limit
counts the browser's own address), and `run` invokes a handler as grpc.aio's server does
(`grpc/_cython/_cygrpc/aio/server.pyx.pxi`: a returned reply, a reader/writer coroutine or an
async generator), ending every call with a status.
"""

from __future__ import annotations

import asyncio
import inspect
import logging
from collections.abc import Awaitable, Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, NoReturn

import grpc
from google.protobuf import message_factory
from google.protobuf.descriptor import MethodDescriptor, ServiceDescriptor

from server.guard import guarded, internal_error, refusal_status

log = logging.getLogger(__name__)

Metadata = tuple[tuple[str, str | bytes], ...]

DEADLINE_EXCEEDED = "Deadline Exceeded"
"""What gRPC says when a call's `grpc-timeout` passes before it ends."""


@dataclass(frozen=True)
class Handler:
    """One method as the gRPC server serves it: guarded, with its codecs, and how it answers."""

    name: str
    handler: Any  # grpc.RpcMethodHandler, as `guarded` returns it
    streaming: bool
    """The server streams its answer (Watch, WatchLobby, ReplayMatch, ReviewMatch)."""
    generator: bool
    """The guarded behaviour is an async generator (its replies are written here), not a
    reader/writer coroutine that writes them itself."""


def _handler(method: MethodDescriptor, servicer: object) -> Any:
    request_type = message_factory.GetMessageClass(method.input_type)
    response_type = message_factory.GetMessageClass(method.output_type)
    behaviour = getattr(servicer, method.name)
    make = (
        grpc.unary_stream_rpc_method_handler
        if method.server_streaming
        else grpc.unary_unary_rpc_method_handler
    )
    return make(
        behaviour,
        request_deserializer=request_type.FromString,
        response_serializer=response_type.SerializeToString,
    )


def handlers(servicers: Mapping[ServiceDescriptor, object]) -> dict[str, Handler]:
    """The methods a caller with one request message can call (all but client-streaming ones),
    by path (`/tigerden.v1.MatchService/Act`), each as the gRPC server's interceptor wraps it."""
    table: dict[str, Handler] = {}
    for service, servicer in servicers.items():
        for method in service.methods:
            if method.client_streaming:
                continue
            path = f"/{service.full_name}/{method.name}"
            wrapped = guarded(_handler(method, servicer), path)
            behaviour = wrapped.unary_stream if method.server_streaming else wrapped.unary_unary
            table[path] = Handler(
                method.name,
                wrapped,
                method.server_streaming,
                inspect.isasyncgenfunction(behaviour),
            )
    return table


class WebContext(grpc.aio.ServicerContext[Any, Any]):
    """The servicer context of a call that did not come over gRPC: what the handlers use of
    grpc.aio's (`invocation_metadata`, `peer`, `write`, `abort`, trailing metadata, code and
    details, `time_remaining`, done callbacks), with grpc.aio's rules. `send` writes one framed
    message to the caller (None: a unary call, whose reply is returned, not written)."""

    def __init__(
        self,
        peer: str,
        metadata: Metadata,
        send: Callable[[bytes], Awaitable[None]] | None,
        serializer: Callable[[Any], bytes],
        deadline: float | None = None,
    ) -> None:
        self._peer = peer
        self._metadata = metadata
        self._send = send
        self._serialize = serializer
        self._deadline = deadline
        self._code = grpc.StatusCode.OK
        self._details = ""
        self._trailing: Metadata = ()
        self._aborted: grpc.aio.AbortError | None = None
        self._done = False
        self._cancelled = False
        self._callbacks: list[Callable[[], None]] = []

    # What the handlers call.

    def invocation_metadata(self) -> Any:
        return self._metadata

    def peer(self) -> str:
        return self._peer

    async def write(self, message: Any) -> None:
        self.check_running()
        if self._send is None:
            raise grpc.aio.UsageError("a unary call answers by returning its reply")
        try:
            await self._send(self._serialize(message))
        except ConnectionResetError:
            # The caller went away: as for a gRPC client that cancels, the call is cancelled
            # and the handler stops where it writes.
            self._cancelled = True
            raise asyncio.CancelledError from None

    async def abort(
        self, code: grpc.StatusCode, details: str = "", trailing_metadata: Any = ()
    ) -> NoReturn:
        if self._aborted is not None:
            raise grpc.aio.UsageError("Abort already called!")
        self._aborted = grpc.aio.AbortError("Locally aborted.")
        if trailing_metadata or not self._trailing:
            self._trailing = tuple(trailing_metadata)
        if details or not self._details:
            self._details = details
        self._code = code
        self._done = True
        raise self._aborted

    async def abort_with_status(self, status: grpc.Status) -> NoReturn:
        await self.abort(status.code, status.details, status.trailing_metadata)

    def set_trailing_metadata(self, trailing_metadata: Any) -> None:
        self._trailing = tuple(trailing_metadata)

    def trailing_metadata(self) -> Any:
        return self._trailing

    def set_code(self, code: grpc.StatusCode) -> None:
        self._code = code

    def code(self) -> grpc.StatusCode:
        return self._code

    def set_details(self, details: str) -> None:
        self._details = details

    def details(self) -> str:
        return self._details

    def time_remaining(self) -> Any:
        if self._deadline is None:
            return None
        return max(self._deadline - asyncio.get_running_loop().time(), 0.0)

    def add_done_callback(self, callback: Any) -> None:
        self._callbacks.append(lambda: callback(self))

    def done(self) -> bool:
        return self._done

    def cancelled(self) -> bool:
        return self._cancelled

    # What a call of one request and no compression or client certificate never needs.

    async def read(self) -> Any:
        raise grpc.aio.UsageError("a call with one request message has no more to read")

    async def send_initial_metadata(self, initial_metadata: Any) -> None:
        self.check_running()  # nothing to send: a gRPC-Web answer's headers carry none

    def set_compression(self, compression: grpc.Compression) -> None:
        """Ignored: nothing is compressed."""

    def disable_next_message_compression(self) -> None:
        """Ignored: nothing is compressed."""

    def peer_identities(self) -> Iterable[bytes] | None:
        return None

    def peer_identity_key(self) -> str | None:
        return None

    def auth_context(self) -> Mapping[str, Iterable[bytes]]:
        return {}

    # The call's end.

    def check_running(self) -> None:
        if self._aborted is not None:
            raise self._aborted
        if self._done:
            raise grpc.aio.UsageError("RPC already finished.")

    def finish(self) -> None:
        """Marks the call ended and runs its done callbacks (a failing one is logged)."""
        self._done = True
        for callback in self._callbacks:
            try:
                callback()
            except Exception:
                log.exception("a done callback failed")

    @property
    def status(self) -> tuple[grpc.StatusCode, str, Metadata]:
        """The call's status: code, details and trailing metadata."""
        return self._code, self._details, self._trailing

    def end(self, code: grpc.StatusCode, details: str, trailing_metadata: Metadata = ()) -> None:
        """Ends the call with this status, whatever it had (a deadline, a bug)."""
        self._code, self._details, self._trailing = code, details, trailing_metadata
        self._done = True

    def cancel(self) -> None:
        self._cancelled = True


async def _call(method: Handler, request: Any, context: WebContext) -> bytes | None:
    handler = method.handler
    if not method.streaming:
        reply = await handler.unary_unary(request, context)
        context.check_running()  # an abort the handler swallowed still ends the call
        return handler.response_serializer(reply) if context.code() is grpc.StatusCode.OK else None
    if method.generator:
        async for reply in handler.unary_stream(request, context):
            await context.write(reply)
    else:
        await handler.unary_stream(request, context)
    context.check_running()
    return None


async def run(
    method: Handler, message: bytes, context: WebContext, timeout: float | None = None
) -> bytes | None:
    """Calls `method` with the request `message` (its bytes) as grpc.aio's server would: the
    unary reply's bytes (None for a stream, or when the call did not end OK); the status is
    left in `context`. A failure that gets past the guard (a bug) is logged and ends the call
    INTERNAL, never UNKNOWN. Raises CancelledError when the task is cancelled (the caller
    went away)."""
    request = method.handler.request_deserializer(message)  # lenient: never raises
    try:
        if timeout is None:
            return await _call(method, request, context)
        async with asyncio.timeout(timeout):
            return await _call(method, request, context)
    except grpc.aio.AbortError:
        return None  # its status is the context's
    except TimeoutError:
        context.end(grpc.StatusCode.DEADLINE_EXCEEDED, DEADLINE_EXCEEDED)
        return None
    except asyncio.CancelledError:
        context.cancel()
        current = asyncio.current_task()
        if current is not None and current.cancelling():
            raise
        return None  # a write found the caller gone: nobody is left to answer
    except Exception:
        log.exception("%s failed outside its handler", method.name)
        status = refusal_status(internal_error(method.name))
        context.end(status.code, status.details, status.trailing_metadata)
        return None
    finally:
        context.finish()
