"""Running a benchmark on the compiled build (`make compiled`: build/mypyc) beside the source.

The compiled build is the same source, the engine and the bots compiled by mypyc into C
extensions (setup.py): a search decides identically, iteration for iteration
(tests/bots/test_builds.py), only faster. A benchmark runs it in a child process whose imports
find the build first and this tree second (for bench/, which is not compiled).
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path

from bench.versions import ROOT
from server.build import compiled_modules

TIMED = Path(__file__).parent / "results" / "builds.csv"
"""Seconds per decision of each searching level at its budget, interpreted and compiled
(`python -m bench.calibrate --builds`); `make bench-ai ARGS=--plan` reads the compiled ones."""
TIMED_HEADER = "config,level,iterations,positions,sec_interpreted,sec_compiled,speedup,same_moves"

HOT = frozenset({"bots.ismcts", "engine.core"})
"""Modules that must be C extensions for a process to count as running compiled."""


def environment(folder: Path) -> dict[str, str]:
    """This process's environment, with imports finding the build in `folder` first."""
    found = dict(os.environ, PYTHONSAFEPATH="1")
    found["PYTHONPATH"] = os.pathsep.join((str(folder.resolve()), str(ROOT)))
    return found


def build() -> str:
    """Which build this process runs: "compiled" when the search and the engine are C
    extensions, else "interpreted"."""
    return "compiled" if set(compiled_modules()) >= HOT else "interpreted"


def stale(folder: Path, files: Iterable[Path]) -> list[str]:
    """Those of `files` (relative to the tree) whose copy in the build `folder` differs from
    the tree's (setup.py copies each module's source beside its extension): a build older than
    the source would play other bots than the version a log records."""
    return [
        str(f)
        for f in sorted(set(files))
        if not (folder / f).is_file() or (folder / f).read_bytes() != (ROOT / f).read_bytes()
    ]
