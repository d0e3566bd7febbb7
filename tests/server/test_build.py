"""`tigerden --version` says which build runs (`server/build.py`), in both runs of `make test`:
interpreted, and against the compiled build (build/mypyc), where the engine is C extensions."""

from __future__ import annotations

import importlib.machinery
import subprocess
import sys

import engine.core
from server.build import compiled_modules, describe


def test_the_version_says_whether_the_engine_runs_compiled() -> None:
    compiled = (engine.core.__file__ or "").endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))
    shown = subprocess.run(
        [sys.executable, "-m", "cli", "--version"], capture_output=True, text=True, check=True
    ).stdout
    assert shown.startswith("tigerden ")
    assert ("(compiled (mypyc, " in shown) is compiled
    assert ("(interpreted)" in shown) is not compiled
    assert ("engine.core" in compiled_modules()) is compiled
    assert describe().startswith("compiled" if compiled else "interpreted")
