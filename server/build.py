"""Which build of tigerden this process runs: the mypyc-compiled fast path or the interpreted
source (setup.py builds the one a machine can; both run the same code).

`tigerden --version` and `tigerden serve`'s first line say it, so that a developer always knows
whether a measurement, a test run or a bug report came from C extensions or from the source.
"""

from __future__ import annotations

import importlib.machinery
import sys
from pathlib import Path

import engine

PACKAGES = frozenset({"engine", "server", "bots", "cli", "client", "discovery"})


def compiled_modules() -> list[str]:
    """The imported tigerden modules that are C extensions (mypyc), by name."""
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    return sorted(
        name
        for name, module in list(sys.modules.items())
        if name.partition(".")[0] in PACKAGES
        and (getattr(module, "__file__", None) or "").endswith(suffixes)
    )


def describe() -> str:
    """ "compiled (mypyc, N modules from DIR)" or "interpreted"."""
    compiled = compiled_modules()
    if not compiled:
        return "interpreted"
    where = Path(engine.__file__ or "").resolve().parent.parent
    return f"compiled (mypyc, {len(compiled)} modules from {where})"
