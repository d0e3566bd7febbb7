"""The web port: the browser client's files, and gRPC-Web carried to the gRPC server unchanged.

A browser cannot speak gRPC (it has no access to HTTP/2 trailers), only gRPC-Web: the same
length-prefixed messages in an ordinary HTTP response, the status in a last "trailer" frame.
This module is a *translator*, not a second server: each gRPC-Web request's message bytes go,
as they are, to the process's own grpc.aio server over a private unix socket (`generic`
bytes-in/bytes-out calls: nothing is decoded or re-encoded here), so every browser call meets
the same interceptor (`server/guard.py`), limits, services and sanitiser as any gRPC client.
What comes back is framed as it arrives: each server-streamed message is written as its own
frame the moment gRPC hands it over, and the status, message and trailing metadata (the
`grpc-status-details-bin` ErrorInfo) become the trailer frame. A browser that goes away cancels
its upstream call.

Why hand-written: the gRPC-Web libraries for Python serve their own servicers rather than
forwarding bytes (sonora 0.2.3 breaks grpc.aio's `context.write`, `context.peer()` and
three-argument `abort`; connectrpc needs its own stubs and re-encodes every message, losing the
snapshots serialised once per revision), and Envoy, the usual proxy, is not installable here.
The HTTP side (parsing, keep-alive, TLS, body limits) is aiohttp's; only the framing (under a
hundred lines) is ours. docs/web.md ("Serving") says what the port serves and why.

The browser's own address rides to the gRPC server in the `FORWARDED_FOR` metadata key, which
the server believes only on this private socket (`server/limits.py: client_address`); each
browser address gets its own upstream channel (its own HTTP/2 connection), so one phone's
streams never count against another's connection cap.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import gzip
import hashlib
import logging
import re
import ssl
import struct
import urllib.parse
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

import grpc
from aiohttp import web
from google.protobuf.descriptor import ServiceDescriptor

from server.limits import FORWARDED_FOR, address_of

log = logging.getLogger(__name__)

GRPC_WEB_TYPES = frozenset({"application/grpc-web", "application/grpc-web+proto"})
"""The binary gRPC-Web content types (the text form, base64, is not served: every browser the
page targets can read binary fetch bodies)."""
RESPONSE_TYPE = "application/grpc-web+proto"
FORWARDED_HEADERS = ("authorization",)
"""The only request headers passed on as metadata: the seat's token. Nothing else a browser
sends reaches the server."""
TRAILER_FLAG = 0x80
COMPRESSED_FLAG = 0x01
FRAME_HEADER = struct.Struct(">BI")
CHANNEL_LINGER_SECONDS = 30.0
"""How long a browser address's upstream channel stays open after its last call, so a page's
next call does not pay for a new connection."""

BODY_SECONDS = 10.0
"""How long a request's body may take to arrive (it is one small message)."""

DIST = Path(__file__).resolve().parent.parent / "web" / "dist"
"""The built browser client (`web/`, committed), served at `/`."""

SECURITY_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
        "img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; "
        "form-action 'none'; frame-ancestors 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "no-referrer",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Resource-Policy": "same-origin",
}
"""Sent with every response. Scripts only from this server (no inline script: a chat line or
a name that slipped past the sanitiser still could not run), no framing (no click-jacking a
seat), no referrer (the page's address can hold a match id). Inline styles stay allowed: the
page sets element styles and draws cards as SVG."""


@dataclass(frozen=True)
class Method:
    """A method the translator carries: its path and whether the server streams its answer."""

    path: str
    server_streaming: bool


def web_methods(services: Iterable[ServiceDescriptor]) -> tuple[dict[str, Method], set[str]]:
    """The methods gRPC-Web can carry (unary and server-streaming), by HTTP path, and the paths
    of the ones it cannot (client or bidirectional streaming, such as Play)."""
    carried: dict[str, Method] = {}
    refused: set[str] = set()
    for service in services:
        for method in service.methods:
            path = f"/{service.full_name}/{method.name}"
            if method.client_streaming:
                refused.add(path)
            else:
                carried[path] = Method(path, method.server_streaming)
    return carried, refused


def frame(payload: bytes, flags: int = 0) -> bytes:
    return FRAME_HEADER.pack(flags, len(payload)) + payload


def percent_encoded(message: str) -> str:
    """`grpc-message` as the gRPC spec wants it: UTF-8, every byte outside printable ASCII and
    every '%' percent-encoded."""
    return urllib.parse.quote(message, safe=" !\"#$&'()*+,-./:;<=>?@[\\]^_`{|}~")


def trailer(
    code: grpc.StatusCode, message: str, metadata: Sequence[tuple[str, str | bytes]]
) -> bytes:
    """The trailer frame: status, message and the call's trailing metadata, binary values
    (`-bin` keys) base64-encoded as gRPC-Web clients decode them."""
    lines = [f"grpc-status: {code.value[0]}"]
    if message:
        lines.append(f"grpc-message: {percent_encoded(message)}")
    for key, value in metadata:
        if isinstance(value, bytes):
            value = base64.b64encode(value).decode("ascii")
        lines.append(f"{key}: {value}")
    return frame("".join(line + "\r\n" for line in lines).encode(), TRAILER_FLAG)


class BadFrame(Exception):
    """A request body that is not exactly one uncompressed gRPC-Web data frame."""

    def __init__(self, code: grpc.StatusCode, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def request_message(body: bytes) -> bytes:
    """The one message a unary or server-streaming call sends, out of its request body."""
    if len(body) < FRAME_HEADER.size:
        raise BadFrame(
            grpc.StatusCode.INVALID_ARGUMENT,
            f"the request body holds {len(body)} bytes, less than a gRPC-Web frame header (5)",
        )
    flags, length = FRAME_HEADER.unpack_from(body)
    if flags & TRAILER_FLAG:
        raise BadFrame(
            grpc.StatusCode.INVALID_ARGUMENT,
            "a request's frame must be a data frame, not a trailer",
        )
    if flags & COMPRESSED_FLAG:
        raise BadFrame(
            grpc.StatusCode.UNIMPLEMENTED,
            "compressed messages are not accepted: send them uncompressed (no grpc-encoding)",
        )
    if flags:
        raise BadFrame(grpc.StatusCode.INVALID_ARGUMENT, f"unknown frame flags 0x{flags:02x}")
    if FRAME_HEADER.size + length != len(body):
        raise BadFrame(
            grpc.StatusCode.INVALID_ARGUMENT,
            f"the frame header announces {length} bytes but the body holds "
            f"{len(body) - FRAME_HEADER.size} after it: send exactly one message",
        )
    return body[FRAME_HEADER.size :]


def timeout_of(header: str | None) -> float | None:
    """The `grpc-timeout` header (e.g. `30S`, `500m`) in seconds, None when absent or unreadable."""
    units = {"H": 3600.0, "M": 60.0, "S": 1.0, "m": 1e-3, "u": 1e-6, "n": 1e-9}
    if header is None or not re.fullmatch(r"[0-9]{1,8}[HMSmun]", header):
        return None
    return int(header[:-1]) * units[header[-1]]


class Upstreams:
    """One gRPC channel to the private socket per browser address, so that each browser has its
    own HTTP/2 connection (and connection stream cap); a channel closes `linger` seconds after
    its address's last call ends."""

    def __init__(self, target: str, linger: float = CHANNEL_LINGER_SECONDS) -> None:
        self._target = target
        self._linger = linger
        self._channels: dict[str, grpc.aio.Channel] = {}
        self._calls: dict[str, int] = {}
        self._closing: dict[str, asyncio.TimerHandle] = {}
        self._closed: set[asyncio.Task[None]] = set()

    def acquire(self, address: str) -> grpc.aio.Channel:
        if (timer := self._closing.pop(address, None)) is not None:
            timer.cancel()
        channel = self._channels.get(address)
        if channel is None:
            # Its own subchannel pool: grpc would otherwise share one connection among every
            # channel to the same target, and all browsers would share its stream cap.
            channel = grpc.aio.insecure_channel(
                self._target, options=[("grpc.use_local_subchannel_pool", 1)]
            )
            self._channels[address] = channel
        self._calls[address] = self._calls.get(address, 0) + 1
        return channel

    def release(self, address: str) -> None:
        self._calls[address] -= 1
        if self._calls[address] == 0:
            del self._calls[address]
            loop = asyncio.get_running_loop()
            self._closing[address] = loop.call_later(self._linger, self._close, address)

    def _close(self, address: str) -> None:
        self._closing.pop(address, None)
        channel = self._channels.pop(address)
        task = asyncio.ensure_future(channel.close(None))
        self._closed.add(task)
        task.add_done_callback(self._closed.discard)

    @property
    def open(self) -> int:
        """Channels open now (for tests and the benchmark)."""
        return len(self._channels)

    @property
    def calls(self) -> int:
        """Calls in progress now, over all channels."""
        return sum(self._calls.values())

    async def close(self) -> None:
        for timer in self._closing.values():
            timer.cancel()
        self._closing.clear()
        await asyncio.gather(*(c.close(None) for c in self._channels.values()), *self._closed)
        self._channels.clear()


@dataclass(frozen=True)
class Asset:
    """One file of the built client, held in memory (the bundle is small and read once)."""

    body: bytes
    gzipped: bytes | None
    content_type: str
    etag: str
    cache_control: str


HASHED_NAME = re.compile(r"-[A-Z0-9]{8}\.[a-z0-9]+$")
"""esbuild's content-hashed file names (`app-4FJ2K7QX.js`): such a file never changes."""
CONTENT_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".map": "application/json",
    ".webmanifest": "application/manifest+json",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".woff2": "font/woff2",
    ".txt": "text/plain; charset=utf-8",
}
"""By suffix, not from the system's MIME table, so every host serves the same types (with
`nosniff`, a wrong script type would stop the page)."""
COMPRESSIBLE = ("text/", "application/json", "application/manifest+json", "image/svg+xml")


def load_bundle(dist: Path) -> dict[str, Asset]:
    """Every file under `dist` by URL path (`/app.js`), `index.html` also as `/`."""
    assets: dict[str, Asset] = {}
    if not (dist / "index.html").is_file():
        return assets
    for path in sorted(p for p in dist.rglob("*") if p.is_file()):
        name = path.relative_to(dist).as_posix()
        body = path.read_bytes()
        content_type = CONTENT_TYPES.get(path.suffix, "application/octet-stream")
        compressible = content_type.startswith(COMPRESSIBLE) and len(body) > 512
        cache = "no-cache"  # revalidated by ETag: a rebuilt bundle is seen at once
        if HASHED_NAME.search(name):
            cache = "public, max-age=31536000, immutable"
        assets["/" + name] = Asset(
            body,
            gzip.compress(body, mtime=0) if compressible else None,
            content_type,
            '"' + hashlib.sha256(body).hexdigest()[:32] + '"',
            cache,
        )
    assets["/"] = assets["/index.html"]
    return assets


PAGE_PATHS = frozenset({"/", "/index.html"})
"""Where the placeholder page answers while no bundle is built."""
PLACEHOLDER = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>tigerden: no web client built</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="font-family: sans-serif; max-width: 40em; margin: 2em auto; padding: 0 1em">
<h1>tigerden is running, but its web client is not built</h1>
<p>This server found no <code>{dist}/index.html</code>. The built client is committed with
the source, so a checkout normally has it; to build it again, in the repository:</p>
<pre>cd web && npm ci && npm run build</pre>
<p>then restart <code>tigerden serve</code>. Until then, play with the terminal client:
<code>tigerden lobby</code>. The gRPC-Web API on this port works regardless.</p>
</body></html>
"""


def grpc_web_response() -> web.StreamResponse:
    """A gRPC-Web answer: always HTTP 200, the call's status in its trailer frame."""
    return web.StreamResponse(
        status=200, headers={"Content-Type": RESPONSE_TYPE, "Cache-Control": "no-store"}
    )


async def _add_security_headers(request: web.Request, response: web.StreamResponse) -> None:
    for name, value in SECURITY_HEADERS.items():
        response.headers.setdefault(name, value)


class WebPort:
    """The aiohttp application of the web port: `/` and the bundle's files, and gRPC-Web on
    the paths of the carried methods."""

    def __init__(
        self,
        upstream_target: str,
        services: Iterable[ServiceDescriptor],
        max_message_bytes: int,
        dist: Path = DIST,
    ) -> None:
        self.methods, self.refused = web_methods(services)
        self.upstreams = Upstreams(upstream_target)
        self.assets = load_bundle(dist)
        self.dist = dist
        self.max_body = FRAME_HEADER.size + max_message_bytes
        self.app = web.Application(client_max_size=self.max_body)
        self.app.on_response_prepare.append(_add_security_headers)
        self.app.router.add_route("*", "/{path:.*}", self.handle)
        self.calls: set[asyncio.Task[object]] = set()

    async def handle(self, request: web.Request) -> web.StreamResponse:
        if request.path in self.methods or request.path in self.refused:
            return await self.grpc_web(request)
        if request.method == "POST" and request.content_type in GRPC_WEB_TYPES:
            return await self._fail(
                request, grpc.StatusCode.UNIMPLEMENTED, f"this server has no method {request.path}"
            )
        if request.path not in self.assets and (self.assets or request.path not in PAGE_PATHS):
            raise web.HTTPNotFound(text=f"no file {request.path} (the page's routes follow #)\n")
        if request.method == "OPTIONS":
            return web.Response(status=204, headers={"Allow": "GET, HEAD, OPTIONS"})
        if request.method not in ("GET", "HEAD"):
            raise web.HTTPMethodNotAllowed(request.method, ["GET", "HEAD", "OPTIONS"])
        return self.static(request)

    def static(self, request: web.Request) -> web.StreamResponse:
        if not self.assets:
            return web.Response(
                status=503,
                text=PLACEHOLDER.format(dist=self.dist),
                content_type="text/html",
                headers={"Cache-Control": "no-cache"},
            )
        asset = self.assets[request.path]
        headers = {
            "ETag": asset.etag,
            "Cache-Control": asset.cache_control,
            "Vary": "Accept-Encoding",
        }
        if asset.etag in request.headers.get("If-None-Match", ""):
            return web.Response(status=304, headers=headers)
        body = asset.body
        if asset.gzipped is not None and "gzip" in request.headers.get("Accept-Encoding", ""):
            body, headers["Content-Encoding"] = asset.gzipped, "gzip"
        headers["Content-Type"] = asset.content_type
        return web.Response(body=body, headers=headers)

    async def _start(self, request: web.Request) -> web.StreamResponse:
        response = grpc_web_response()
        await response.prepare(request)
        return response

    async def grpc_web(self, request: web.Request) -> web.StreamResponse:
        if request.method == "OPTIONS":
            return web.Response(status=204, headers={"Allow": "POST, OPTIONS"})
        if request.method != "POST":
            raise web.HTTPMethodNotAllowed(request.method, ["POST", "OPTIONS"])
        if request.content_type not in GRPC_WEB_TYPES:
            raise web.HTTPUnsupportedMediaType(
                text=f"gRPC-Web calls need Content-Type {RESPONSE_TYPE}, not "
                f"{request.content_type or 'none'}\n"
            )
        try:
            async with asyncio.timeout(BODY_SECONDS):
                body = await request.read()  # aiohttp answers 413 past client_max_size
        except TimeoutError:
            raise web.HTTPRequestTimeout(
                text=f"the request body did not arrive within {BODY_SECONDS:g} s\n"
            ) from None
        if request.path in self.refused:
            name = request.path.rsplit("/", 1)[-1]
            return await self._fail(
                request,
                grpc.StatusCode.UNIMPLEMENTED,
                f"{name} streams requests from the client, which gRPC-Web cannot carry; a "
                "browser plays with Watch and Act",
            )
        try:
            message = request_message(body)
        except BadFrame as error:
            return await self._fail(request, error.code, error.message)
        method = self.methods[request.path]
        address = address_of(request.remote or "unknown")
        metadata = [(FORWARDED_FOR, address)]
        metadata += [(h, request.headers[h]) for h in FORWARDED_HEADERS if h in request.headers]
        timeout = timeout_of(request.headers.get("grpc-timeout"))
        channel = self.upstreams.acquire(address)
        try:
            return await self._forward(request, channel, method, message, metadata, timeout)
        finally:
            self.upstreams.release(address)

    async def _fail(
        self, request: web.Request, code: grpc.StatusCode, message: str
    ) -> web.StreamResponse:
        response = await self._start(request)
        await response.write(trailer(code, message, ()))
        return response

    async def _forward(
        self,
        request: web.Request,
        channel: grpc.aio.Channel,
        method: Method,
        message: bytes,
        metadata: list[tuple[str, str]],
        timeout: float | None,
    ) -> web.StreamResponse:
        # No serializers: the request and reply bytes pass through as they are.
        call: grpc.aio.UnaryStreamCall[bytes, bytes] | grpc.aio.UnaryUnaryCall[bytes, bytes]
        if method.server_streaming:
            call = channel.unary_stream(method.path, None, None)(
                message, metadata=metadata, timeout=timeout
            )
        else:
            call = channel.unary_unary(method.path, None, None)(
                message, metadata=metadata, timeout=timeout
            )
        response = grpc_web_response()
        try:
            await response.prepare(request)
            if isinstance(call, grpc.aio.UnaryStreamCall):
                async for reply in call:
                    await response.write(frame(reply))
            else:
                await response.write(frame(await call))
        except grpc.aio.AioRpcError:
            pass  # its status is the call's, written below
        except ConnectionResetError:
            return response  # the browser went away mid-answer: nobody is left to tell
        finally:
            # The browser went away (aiohttp cancels the handler) or writing to it failed:
            # the upstream call ends with it. A finished call ignores this.
            call.cancel()
        code = await call.code()
        trailing = await call.trailing_metadata() or ()
        with contextlib.suppress(ConnectionResetError):
            await response.write(trailer(code, await call.details() or "", list(trailing)))
        return response


@dataclass
class RunningWeb:
    """The started web port; `stop` closes it and its upstream channels."""

    port: WebPort
    runner: web.AppRunner
    bound: int

    async def stop(self) -> None:
        await self.runner.cleanup()
        await self.port.upstreams.close()


async def start_web(
    host: str,
    port: int,
    upstream_target: str,
    services: Iterable[ServiceDescriptor],
    max_message_bytes: int,
    tls: ssl.SSLContext | None = None,
    dist: Path = DIST,
) -> RunningWeb:
    """Serves the web port on `host`:`port` (0: a free one) in this event loop."""
    web_port = WebPort(upstream_target, services, max_message_bytes, dist)
    runner = web.AppRunner(web_port.app, handler_cancellation=True, access_log=None)
    await runner.setup()
    site = web.TCPSite(runner, host.strip("[]"), port, ssl_context=tls, reuse_address=True)
    try:
        await site.start()
    except OSError:
        await runner.cleanup()
        raise
    bound = int(runner.addresses[0][1])
    return RunningWeb(web_port, runner, bound)
