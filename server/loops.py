"""Which event loop a server runs on: asyncio's own (the default, everywhere), or uvloop where
it is installed (the optional `tigerden[uvloop]` extra; docs/performance.md measures both)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

LOOPS = ("asyncio", "uvloop")


def loop_factory(name: str) -> Callable[[], asyncio.AbstractEventLoop] | None:
    """The factory of the loop called `name` for `asyncio.Runner` (None: asyncio's own)."""
    if name == "asyncio":
        return None
    try:
        import uvloop
    except ImportError:
        raise SystemExit(
            "--loop uvloop needs the uvloop package: pip install 'tigerden[uvloop]'"
        ) from None
    return uvloop.new_event_loop
