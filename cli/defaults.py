"""What the command line takes when it is not told: the ports, the local database, the name of
whoever sits at this terminal."""

from __future__ import annotations

import getpass
import os
from pathlib import Path

DEFAULT_PORT = 50051


DEFAULT_WEB_PORT = 8080


def default_db() -> Path:
    """The embedded default database: $TIGERDEN_DB, else ~/.local/share/tigerden/."""
    if "TIGERDEN_DB" in os.environ:
        return Path(os.environ["TIGERDEN_DB"])
    base = Path(os.environ.get("XDG_DATA_HOME", Path.home() / ".local" / "share"))
    return base / "tigerden" / "tigerden.sqlite"


def login_name(fallback: str = "player") -> str:
    """Who sits at this terminal: the login name (LOGNAME, USER, LNAME, USERNAME, else the
    password database) as the server will show it, through the one sanitiser; `fallback` when
    there is none."""
    from server.lobby import clean_name

    try:
        name = getpass.getuser()
    except (OSError, KeyError):  # no variable set and no password entry for this uid
        name = ""
    return clean_name(name) or fallback
