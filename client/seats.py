"""The seats and host rights this person holds on servers, kept between runs.

`tigerden join` and the lobby write here what a server gave them — a seat's token, and the host
token of a match they created — so that the lobby opened later (or `join` run again) takes the
same seat back instead of taking a second one, and the creator of a match keeps its host
controls at the table. The file is `$TIGERDEN_SEATS`, else `seats.json` in the data directory
(`$XDG_DATA_HOME/tigerden`, else `~/.local/share/tigerden`); it is readable by its owner only,
since tokens are secrets. A lost or damaged file loses nothing but the convenience: the tokens
can still be given with `--token`.
"""

from __future__ import annotations

import contextlib
import json
import os
from dataclasses import asdict, dataclass, replace
from pathlib import Path

KEPT = 50
"""How many seats the file remembers; the oldest are forgotten first."""


def data_dir() -> Path:
    """Where tigerden keeps its files: `$XDG_DATA_HOME/tigerden`, else
    `~/.local/share/tigerden`."""
    base = Path(os.environ.get("XDG_DATA_HOME", Path.home() / ".local" / "share"))
    return base / "tigerden"


def seats_path() -> Path:
    return Path(os.environ.get("TIGERDEN_SEATS", data_dir() / "seats.json"))


@dataclass(frozen=True)
class HeldSeat:
    """A seat (and perhaps the host rights) held in one match on one server."""

    server: str
    """The server's HOST:PORT, as the client connected to it."""
    match: str
    seat: int | None = None
    """The seat number; None when only the host rights are held (not yet seated)."""
    token: str = ""
    host: str = ""
    """The match's host token, for its creator; empty otherwise."""


def held(path: Path | None = None) -> list[HeldSeat]:
    """Every remembered seat, oldest first; none when the file is missing or damaged."""
    try:
        entries = json.loads((path or seats_path()).read_text(encoding="utf-8"))
        return [HeldSeat(**entry) for entry in entries]
    except (OSError, ValueError, TypeError):
        return []


def find(server: str, match: str, path: Path | None = None) -> HeldSeat | None:
    return next((s for s in held(path) if (s.server, s.match) == (server, match)), None)


def remember(
    server: str,
    match: str,
    seat: int | None = None,
    token: str = "",
    host: str = "",
    path: Path | None = None,
) -> HeldSeat:
    """Records a seat or host token for `match`, keeping what was known of it before (the host
    token when a seat is added, and the other way round)."""
    path = path or seats_path()
    entries = held(path)
    old = next((s for s in entries if (s.server, s.match) == (server, match)), None)
    entry = old or HeldSeat(server, match)
    if token:
        entry = replace(entry, seat=seat, token=token)
    if host:
        entry = replace(entry, host=host)
    others = [s for s in entries if s is not old]
    kept = [*others[-(KEPT - 1) :], entry]
    with contextlib.suppress(OSError):  # a read-only home loses the convenience, not the seat
        write(path, kept)
    return entry


def rematched(server: str, previous: str, match: str, seat: int, token: str) -> HeldSeat:
    """Records the seat taken in the rematch `match` of `previous`, with the host rights held
    for `previous`: a rematch keeps its host (and the host token)."""
    old = find(server, previous)
    return remember(server, match, seat, token, host=old.host if old else "")


def forget(server: str, match: str, path: Path | None = None) -> None:
    """Drops what is remembered of `match` (its token no longer works)."""
    path = path or seats_path()
    entries = held(path)
    kept = [s for s in entries if (s.server, s.match) != (server, match)]
    if kept != entries:
        with contextlib.suppress(OSError):
            write(path, kept)


def write(path: Path, entries: list[HeldSeat]) -> None:
    """Writes the file readable by its owner only (tokens are secrets), from its creation on."""
    path.parent.mkdir(parents=True, exist_ok=True)
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(descriptor, "w", encoding="utf-8") as file:
        json.dump([asdict(s) for s in entries], file, indent=1)
    path.chmod(0o600)
