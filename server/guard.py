"""The guard around every method the server serves: no call ever ends in UNKNOWN.

gRPC answers a request it cannot decode, and any exception a handler lets out, with `UNKNOWN`.
`RequestGuard` (a server interceptor) changes both for every service, ours and the standard
ones: requests are decoded leniently, and a request that is not the method's protobuf message
ends the call with `INVALID_ARGUMENT` / `MALFORMED_REQUEST`; a `Refusal` becomes its status; any
other exception is logged and ends the call with `INTERNAL`. `abort` is the one way a call ends
with a refusal. A response a handler has already serialised (bytes) goes out as it is.
"""

from __future__ import annotations

import asyncio
import inspect
import logging
from collections.abc import AsyncIterator, Callable
from typing import Any, NoReturn

import grpc
from google.protobuf import any_pb2
from google.protobuf.message import DecodeError
from google.rpc import error_details_pb2, status_pb2
from grpc_status import rpc_status

from server.errors import Reason, Refusal

log = logging.getLogger(__name__)

DOMAIN = "tigerden"

Context = grpc.aio.ServicerContext[Any, Any]


def status_details(refusal: Refusal) -> list[any_pb2.Any]:
    """The details of a refusal's status: its ErrorInfo, and a RetryInfo when it says when to
    retry."""
    info = error_details_pb2.ErrorInfo(
        reason=refusal.reason.name, domain=DOMAIN, metadata=refusal.metadata
    )
    details = [any_pb2.Any()]
    details[0].Pack(info)
    if refusal.retry_after is not None:
        retry = error_details_pb2.RetryInfo()
        retry.retry_delay.FromTimedelta(refusal.retry_after)
        details.append(any_pb2.Any())
        details[1].Pack(retry)
    return details


def refusal_status(refusal: Refusal) -> grpc.Status:
    """The refusal's status: its code, its message, and its details in the
    `grpc-status-details-bin` trailing metadata."""
    code = grpc.StatusCode[refusal.reason.code_name]
    return rpc_status.to_status(
        status_pb2.Status(
            code=code.value[0], message=refusal.message, details=status_details(refusal)
        )
    )


async def abort(context: Context, refusal: Refusal) -> NoReturn:
    """Ends the call with the refusal's status, message and ErrorInfo detail."""
    status = refusal_status(refusal)
    await context.abort(status.code, status.details, status.trailing_metadata)


def internal_error(where: str) -> Refusal:
    """What a caller hears when the server failed; the exception itself goes to the log."""
    return Refusal(
        Reason.INTERNAL,
        f"the server failed while handling {where} (a bug, logged on the server); nothing was "
        "changed by the failure: retry, or open a new stream",
    )


class Undecodable:
    """Stands in for a request message that could not be decoded."""

    def __init__(self, error: Exception) -> None:
        self.error = error

    def refusal(self, method: str) -> Refusal:
        return Refusal(
            Reason.MALFORMED_REQUEST,
            f"the request to {method} is not a valid protobuf message of the method's request "
            f"type ({self.error}); check that the client's .proto files match the server's",
        )


def lenient(deserializer: Callable[[bytes], Any] | None) -> Callable[[bytes], Any] | None:
    if deserializer is None:
        return None

    def decode(data: bytes) -> Any:
        try:
            return deserializer(data)
        except (DecodeError, ValueError, TypeError) as error:
            return Undecodable(error)

    return decode


async def checked(requests: AsyncIterator[Any], method: str) -> AsyncIterator[Any]:
    """The request stream, raising the MALFORMED_REQUEST refusal at an undecodable message."""
    async for request in requests:
        if isinstance(request, Undecodable):
            raise request.refusal(method)
        yield request


async def _end(context: Context, error: Exception, method: str) -> NoReturn:
    if isinstance(error, Refusal):
        await abort(context, error)
    if isinstance(error, NotImplementedError):  # a generated servicer's unimplemented method
        await context.abort(grpc.StatusCode.UNIMPLEMENTED, f"this server does not serve {method}")
    log.error("%s failed", method, exc_info=error)
    await abort(context, internal_error(method))


_PASS_THROUGH = (grpc.aio.BaseError, asyncio.CancelledError, grpc.aio.AioRpcError)
"""gRPC's own ways of ending a call (abort, cancellation, a stopped server): left to gRPC."""


def passing_bytes(serializer: Callable[[Any], bytes] | None) -> Callable[[Any], bytes] | None:
    """The response serializer, except that a response a handler serialised itself (bytes:
    a snapshot serialised once and shared by many streams) goes out as it is."""
    if serializer is None:
        return None

    def serialize(response: Any) -> bytes:
        return response if type(response) is bytes else serializer(response)

    return serialize


def guarded(handler: Any, method: str) -> Any:
    """The same handler, decoding leniently and ending every failure with a precise status."""
    behaviour: Any
    if handler.request_streaming:
        behaviour = handler.stream_stream or handler.stream_unary
    else:
        behaviour = handler.unary_unary or handler.unary_stream
    assert behaviour is not None, "a handler has one behaviour"
    name = method.rsplit("/", 1)[-1]

    def request_of(request: Any) -> Any:
        if handler.request_streaming:
            return checked(request, name)
        if isinstance(request, Undecodable):
            raise request.refusal(name)
        return request

    if inspect.isasyncgenfunction(behaviour):

        async def stream(request: Any, context: Context) -> AsyncIterator[Any]:
            try:
                async for response in behaviour(request_of(request), context):
                    yield response
            except _PASS_THROUGH:
                raise
            except Exception as error:
                await _end(context, error, name)

        wrapped: Callable[..., Any] = stream
    else:

        async def call(request: Any, context: Context, *rest: Any) -> Any:
            try:
                return await behaviour(request_of(request), context, *rest)
            except _PASS_THROUGH:
                raise
            except Exception as error:
                await _end(context, error, name)

        wrapped = call
    kind = ("stream_" if handler.request_streaming else "unary_") + (
        "stream" if handler.response_streaming else "unary"
    )
    return handler._replace(
        request_deserializer=lenient(handler.request_deserializer),
        response_serializer=passing_bytes(handler.response_serializer),
        **{kind: wrapped},
    )


class RequestGuard(grpc.aio.ServerInterceptor):  # type: ignore[type-arg]
    """Applies `guarded` to every method of every service (the web port applies it to the
    methods it calls in process, `server/direct.py`)."""

    async def intercept_service(
        self,
        continuation: Callable[[grpc.HandlerCallDetails], Any],
        handler_call_details: grpc.HandlerCallDetails,
    ) -> Any:
        handler = await continuation(handler_call_details)
        if handler is None:
            return None  # gRPC answers UNIMPLEMENTED
        return guarded(handler, handler_call_details.method)
