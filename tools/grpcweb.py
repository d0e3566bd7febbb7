"""A small gRPC-Web client over aiohttp, speaking to the web port as a browser's page does.

For the tests of the web port and the browser-seat case of `make bench-server`: calls are
unary or server-streaming, messages are binary (`application/grpc-web+proto`), and each
streamed message is handed over as soon as its frame has arrived. `source` makes the calls
from another loopback address (127.0.0.2, ...), as another machine's browser would.
"""

from __future__ import annotations

import asyncio
import base64
import struct
import urllib.parse
from collections.abc import AsyncIterator
from typing import Any, TypeVar

import aiohttp
import grpc
from google.protobuf.message import Message
from google.rpc import error_details_pb2, status_pb2

M = TypeVar("M", bound=Message)
FRAME = struct.Struct(">BI")


class GrpcWebError(Exception):
    """A call that ended with a status other than OK (from the trailer frame)."""

    def __init__(self, code: grpc.StatusCode, message: str, trailers: dict[str, str]) -> None:
        super().__init__(f"{code.name}: {message}")
        self.code = code
        self.message = message
        self.trailers = trailers

    @property
    def reason(self) -> str:
        """The ErrorInfo reason of `grpc-status-details-bin`, "" without one."""
        encoded = self.trailers.get("grpc-status-details-bin")
        if encoded is None:
            return ""
        status = status_pb2.Status.FromString(base64.b64decode(encoded + "=" * (-len(encoded) % 4)))
        for detail in status.details:
            info = error_details_pb2.ErrorInfo()
            if detail.Unpack(info):
                return str(info.reason)
        return ""


CODES = {code.value[0]: code for code in grpc.StatusCode}


def parse_trailers(block: bytes) -> dict[str, str]:
    trailers = {}
    for line in block.decode().split("\r\n"):
        key, sep, value = line.partition(":")
        if sep:
            trailers[key.strip().lower()] = value.strip()
    return trailers


def check_status(trailers: dict[str, str]) -> None:
    code = CODES.get(int(trailers.get("grpc-status", "2")), grpc.StatusCode.UNKNOWN)
    if code is not grpc.StatusCode.OK:
        message = urllib.parse.unquote(trailers.get("grpc-message", ""))
        raise GrpcWebError(code, message, trailers)


class GrpcWebClient:
    """Calls on `base_url` (`http://127.0.0.1:8080`) with one aiohttp session (keep-alive);
    `async with` closes it."""

    def __init__(self, base_url: str, source: str | None = None, ssl: Any = None) -> None:
        connector = aiohttp.TCPConnector(
            local_addr=(source, 0) if source else None, ssl=ssl if ssl is not None else True
        )
        self.session = aiohttp.ClientSession(base_url, connector=connector)

    async def __aenter__(self) -> GrpcWebClient:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.session.close()

    def _headers(self, token: str | None) -> dict[str, str]:
        headers = {"Content-Type": "application/grpc-web+proto", "X-Grpc-Web": "1"}
        if token is not None:
            headers["Authorization"] = f"Bearer {token}"
        return headers

    async def frames(
        self, path: str, request: Message, token: str | None = None
    ) -> AsyncIterator[tuple[int, bytes]]:
        """Every frame of the response, (flags, payload), as each arrives."""
        body = request.SerializeToString()
        async with self.session.post(
            path, data=FRAME.pack(0, len(body)) + body, headers=self._headers(token)
        ) as response:
            if response.status != 200:
                raise GrpcWebError(
                    grpc.StatusCode.UNKNOWN, f"HTTP {response.status}: {await response.text()}", {}
                )
            while True:
                try:
                    header = await response.content.readexactly(FRAME.size)
                except asyncio.IncompleteReadError as end:
                    if end.partial:
                        raise GrpcWebError(
                            grpc.StatusCode.INTERNAL, "a frame cut short", {}
                        ) from end
                    return
                flags, length = FRAME.unpack(header)
                yield flags, await response.content.readexactly(length)

    async def stream(
        self, path: str, request: Message, reply: type[M], token: str | None = None
    ) -> AsyncIterator[M]:
        """The server-streamed replies, each as soon as its frame has arrived; raises
        GrpcWebError when the call ends with another status than OK."""
        async for flags, payload in self.frames(path, request, token):
            if flags & 0x80:
                check_status(parse_trailers(payload))
                return
            yield reply.FromString(payload)
        raise GrpcWebError(grpc.StatusCode.UNAVAILABLE, "the response ended without trailers", {})

    async def unary(
        self, path: str, request: Message, reply: type[M], token: str | None = None
    ) -> M:
        replies = [r async for r in self.stream(path, request, reply, token)]
        if len(replies) != 1:
            raise GrpcWebError(grpc.StatusCode.INTERNAL, f"{len(replies)} replies to a unary", {})
        return replies[0]
