"""The web port: the browser client's files, and gRPC-Web served by the gRPC server's handlers.

A browser cannot speak gRPC (it has no access to HTTP/2 trailers), only gRPC-Web: the same
length-prefixed messages in an ordinary HTTP response, the status in a last "trailer" frame.
This module is the HTTP side of that, not a second implementation of any RPC: each gRPC-Web
request's message goes, as its bytes, to the very handlers the gRPC server runs, called in
process (`server/direct.py`): the same guard (`server/guard.py`: lenient decoding, precise
statuses, never UNKNOWN), services, limits and sanitiser as any gRPC client meets, with no gRPC
between the browser and the service. Each server-streamed message is written as its own frame
the moment the handler writes it (a snapshot as the bytes serialised once per revision), and
the status, message and trailing metadata (the `grpc-status-details-bin` ErrorInfo) become the
trailer frame. A browser that goes away cancels its call.

Why hand-written: the gRPC-Web libraries for Python serve their own servicers (sonora 0.2.3
breaks grpc.aio's `context.write`, `context.peer()` and three-argument `abort`; connectrpc needs
its own stubs and re-encodes every message, losing the snapshots serialised once per revision),
and Envoy, the usual proxy, is not installable here. The HTTP side (parsing, keep-alive, TLS,
body limits) is aiohttp's; only the framing (under a hundred lines), the servicer context and
the dispatch (`server/direct.py`) are ours. docs/web.md ("Serving") says what the port serves
and why.

Every per-address limit counts a browser under its own address: the handlers' context names it
as gRPC names a client (`ipv4:10.0.0.7:53122`, `server/limits.py: client_address`). What the
gRPC server's HTTP/2 connection cap (`max_concurrent_streams`) gives a gRPC client, each
browser address gets too: that many calls at once, the next waiting its turn (`Admission`).
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import gzip
import hashlib
import re
import ssl
import struct
import urllib.parse
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

import grpc
from aiohttp import web
from google.protobuf.descriptor import ServiceDescriptor

from server.direct import Handler, WebContext, handlers, run
from server.limits import peer_host

GRPC_WEB_TYPES = frozenset({"application/grpc-web", "application/grpc-web+proto"})
"""The binary gRPC-Web content types (the text form, base64, is not served: every browser the
page targets can read binary fetch bodies)."""
RESPONSE_TYPE = "application/grpc-web+proto"
FORWARDED_HEADERS = ("authorization",)
"""The only request headers the handlers see as metadata: the seat's token. Nothing else a
browser sends reaches them."""
TRAILER_FLAG = 0x80
COMPRESSED_FLAG = 0x01
FRAME_HEADER = struct.Struct(">BI")
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


def client_streaming(services: Mapping[ServiceDescriptor, object]) -> set[str]:
    """The paths of the methods gRPC-Web cannot carry: those that stream requests (Play)."""
    return {
        f"/{service.full_name}/{method.name}"
        for service in services
        for method in service.methods
        if method.client_streaming
    }


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


def peer_of(request: web.Request) -> str:
    """The browser as gRPC would name it (`ipv4:10.0.0.7:53122`, `ipv6:[::1]:53122`): every
    per-address limit counts it under the host part (`server/limits.py: peer_host`)."""
    host = request.remote or "unknown"
    transport = request.transport
    peername = None if transport is None else transport.get_extra_info("peername")
    port = peername[1] if isinstance(peername, tuple) else 0
    return f"ipv6:[{host}]:{port}" if ":" in host else f"ipv4:{host}:{port}"


class Admission:
    """At most `per_address` calls in progress from one browser address; the next waits for
    one to end. This is the gRPC server's HTTP/2 cap (`max_concurrent_streams`) as each gRPC
    client's connection has it (calls past it wait on the client's side), given to each browser
    address: one phone's calls never wait on another's."""

    def __init__(self, per_address: int) -> None:
        self._per_address = per_address
        self._gates: dict[str, asyncio.Semaphore] = {}
        self._callers: dict[str, int] = {}

    async def enter(self, address: str) -> None:
        gate = self._gates.get(address)
        if gate is None:
            gate = self._gates[address] = asyncio.Semaphore(self._per_address)
        self._callers[address] = self._callers.get(address, 0) + 1
        try:
            await gate.acquire()
        except BaseException:  # cancelled while waiting: it never held a place
            self._forget(address)
            raise

    def leave(self, address: str) -> None:
        self._gates[address].release()
        self._forget(address)

    def _forget(self, address: str) -> None:
        left = self._callers[address] - 1
        if left:
            self._callers[address] = left
        else:
            del self._callers[address]
            del self._gates[address]

    @property
    def addresses(self) -> int:
        """Browser addresses with calls in progress or waiting (for tests)."""
        return len(self._gates)

    @property
    def calls(self) -> int:
        """Calls in progress or waiting, over all addresses (for tests and the benchmark)."""
        return sum(self._callers.values())


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


GRPC_WEB_HEADERS = {"Content-Type": RESPONSE_TYPE, "Cache-Control": "no-store"}
"""A gRPC-Web answer's: always HTTP 200, the call's status in its trailer frame."""


async def _add_security_headers(request: web.Request, response: web.StreamResponse) -> None:
    for name, value in SECURITY_HEADERS.items():
        response.headers.setdefault(name, value)


class WebPort:
    """The aiohttp application of the web port: `/` and the bundle's files, and gRPC-Web on
    the paths of the servicers' methods, each answered by the method's handler (`servicers`:
    the gRPC server's, by service)."""

    def __init__(
        self,
        servicers: Mapping[ServiceDescriptor, object],
        max_message_bytes: int,
        calls_per_address: int,
        dist: Path = DIST,
    ) -> None:
        self.methods = handlers(servicers)
        self.refused = client_streaming(servicers)
        self.admission = Admission(calls_per_address)
        self.assets = load_bundle(dist)
        self.dist = dist
        self.max_message = max_message_bytes
        self.max_body = FRAME_HEADER.size + max_message_bytes
        self.app = web.Application(client_max_size=self.max_body)
        self.app.on_response_prepare.append(_add_security_headers)
        self.app.router.add_route("*", "/{path:.*}", self.handle)

    async def handle(self, request: web.Request) -> web.StreamResponse:
        if request.path in self.methods or request.path in self.refused:
            return await self.grpc_web(request)
        if request.method == "POST" and request.content_type in GRPC_WEB_TYPES:
            return failed(
                grpc.StatusCode.UNIMPLEMENTED, f"this server has no method {request.path}"
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
        body = await self._body(request)
        if body is None:
            return failed(
                grpc.StatusCode.RESOURCE_EXHAUSTED,
                f"the request message is larger than the {self.max_message} bytes this server "
                "accepts (gRPC refuses it the same way)",
            )
        if request.path in self.refused:
            name = request.path.rsplit("/", 1)[-1]
            return failed(
                grpc.StatusCode.UNIMPLEMENTED,
                f"{name} streams requests from the client, which gRPC-Web cannot carry; a "
                "browser plays with Watch and Act",
            )
        try:
            message = request_message(body)
        except BadFrame as error:
            return failed(error.code, error.message)
        peer = peer_of(request)
        address = peer_host(peer)
        await self.admission.enter(address)
        try:
            return await self._call(request, self.methods[request.path], message, peer)
        finally:
            self.admission.leave(address)

    async def _body(self, request: web.Request) -> bytes | None:
        """The request's body; None when it is over the message cap (not read past it)."""
        if request.content_length is not None and request.content_length > self.max_body:
            return None
        try:
            async with asyncio.timeout(BODY_SECONDS):
                return await request.read()
        except web.HTTPRequestEntityTooLarge:  # a chunked body past `client_max_size`
            return None
        except TimeoutError:
            raise web.HTTPRequestTimeout(
                text=f"the request body did not arrive within {BODY_SECONDS:g} s\n"
            ) from None

    async def _call(
        self, request: web.Request, method: Handler, message: bytes, peer: str
    ) -> web.StreamResponse:
        headers = request.headers
        metadata = tuple((h, headers[h]) for h in FORWARDED_HEADERS if h in headers)
        timeout = timeout_of(headers.get("grpc-timeout"))
        deadline = None if timeout is None else asyncio.get_running_loop().time() + timeout
        serializer = method.handler.response_serializer
        if not method.streaming:
            context = WebContext(peer, metadata, None, serializer, deadline)
            reply = await run(method, message, context, timeout)
            answer = trailer(*context.status)
            return web.Response(
                body=answer if reply is None else frame(reply) + answer, headers=GRPC_WEB_HEADERS
            )
        response = web.StreamResponse(headers=GRPC_WEB_HEADERS)
        try:
            await response.prepare(request)
        except ConnectionResetError:
            return response  # the browser went away before its answer began

        async def send(data: bytes) -> None:
            await response.write(frame(data))

        context = WebContext(peer, metadata, send, serializer, deadline)
        await run(method, message, context, timeout)  # cancelled with the browser's request
        if not context.cancelled():
            with contextlib.suppress(ConnectionResetError):
                await response.write(trailer(*context.status))
        return response


def failed(code: grpc.StatusCode, message: str) -> web.Response:
    """A gRPC-Web answer with no message: only the trailer, with this status."""
    return web.Response(body=trailer(code, message, ()), headers=GRPC_WEB_HEADERS)


@dataclass
class RunningWeb:
    """The started web port; `stop` closes it (and ends the browsers' calls)."""

    port: WebPort
    runner: web.AppRunner
    bound: int

    async def stop(self) -> None:
        await self.runner.cleanup()


async def start_web(
    host: str,
    port: int,
    servicers: Mapping[ServiceDescriptor, object],
    max_message_bytes: int,
    calls_per_address: int,
    tls: ssl.SSLContext | None = None,
    dist: Path = DIST,
) -> RunningWeb:
    """Serves the web port on `host`:`port` (0: a free one) in this event loop, answering
    gRPC-Web with the handlers of `servicers` (the gRPC server's)."""
    web_port = WebPort(servicers, max_message_bytes, calls_per_address, dist)
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
