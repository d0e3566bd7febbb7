"""The build: the same source, compiled with mypyc where this machine can, interpreted otherwise.

Everything about the package is in pyproject.toml; this file only adds the optional fast path.
`pip install .` compiles the hot modules (`COMPILED`: the engines, the bots, the codecs, the
outbound path, the room and what it tells of every change) into C extensions when mypy (a build
requirement) and a working C compiler with Python's headers are there, and installs the plain
modules otherwise; the two run the same code. `TIGERDEN_COMPILE=0` never compiles,
`TIGERDEN_COMPILE=1` fails rather than fall back (without a compiler, or when mypyc refuses the
source).
An editable install (`pip install -e`, the development .venv) never compiles: a C extension
beside its edited source would shadow it. The development tree's compiled build is
`make compiled`, into build/mypyc, used only where asked (README: "The fast build").
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

from setuptools import Extension, setup

COMPILED = (
    "engine/*.py",
    "engine/*/*.py",
    "server/codecs/*.py",
    "server/outbound.py",
    "server/notes.py",
    "server/clock.py",
    "server/room.py",
    "server/mailbox.py",
    "server/snapshot_cache.py",
    "server/registry.py",
    "server/referee.py",
    "server/codec_log.py",
    "server/delivery.py",
    "bots/*.py",
    "bots/*/*.py",
)
"""The modules the server profile and the engine benchmark spend their time in (the stream's
mailbox, the registry and referee the room tells of every change, the move log's encoder among
them), and the bots:
a `hard` decision spends its time in the search (bots/ismcts.py), the informed rollouts
(bots/decide.py, bots/policy.py) and each game's heuristics (bots/<game>/policy.py) besides the
engine, and `make bench-ai` plays its matches on this build (it decides as the source does:
tests/bots/test_builds.py)."""
INTERPRETED = (
    "engine/koikoi/cards.py",  # enums with their own constructors: mypyc cannot compile them
    "engine/tiger_dragon/battlefields.py",
    # A hint's reasons: a keyword-only field, which the compiled frozen dataclasses' pickling
    # through their constructor (engine.core.pickle_compiled_dataclasses) does not pass; and
    # no search runs it.
    "bots/clauses.py",
    # `sum` of a float generator, which the compiled module took for an int (TypeError in
    # tests/bots/test_hints.py run compiled).
    "bots/doors/history.py",
)


MYPYC_FAILED = "mypyc refused the source (its errors above)"
"""Said when mypyc fails, which `make compiled` treats as an error (the development tree has
every stub; an inference mypyc's own mypy run cannot make, such as a module constant's type
inside an import cycle, wants an annotation)."""


def wanted() -> bool | None:
    """True: compile or fail; False: never; None: when this machine can."""
    choice = os.environ.get("TIGERDEN_COMPILE", "auto")
    if choice not in ("0", "1", "auto"):
        sys.exit(f"TIGERDEN_COMPILE={choice!r}: use 0, 1 or auto")
    if choice == "0" or not {"editable_wheel", "egg_info", "dist_info", "sdist"}.isdisjoint(
        sys.argv
    ):  # an editable install, or only metadata or sources: nothing to compile
        return False
    return True if choice == "1" else None


def compiler_works() -> str:
    """Why this machine cannot build a C extension, or "" when it can: compiles a file that
    includes Python.h with the compiler setuptools would use (CC and the rest honoured)."""
    from setuptools._distutils.ccompiler import new_compiler
    from setuptools._distutils.errors import CompileError, DistutilsError
    from setuptools._distutils.sysconfig import customize_compiler, get_python_inc

    compiler = new_compiler()
    customize_compiler(compiler)
    with tempfile.TemporaryDirectory() as folder:
        source = Path(folder) / "probe.c"
        source.write_text("#include <Python.h>\nint probe(void) { return 0; }\n")
        try:
            compiler.compile([str(source)], output_dir=folder, include_dirs=[get_python_inc()])
        except (CompileError, DistutilsError, OSError) as error:
            return f"no working C compiler with Python's headers ({error})"
    return ""


def extensions() -> list[Extension]:
    want = wanted()
    if want is False:
        return []
    why = compiler_works()
    if not why:
        try:
            from mypyc.build import mypycify
        except ImportError as error:
            why = f"no mypyc ({error})"
    if why:
        if want:
            sys.exit(f"TIGERDEN_COMPILE=1 but {why}")
        print(f"tigerden: building interpreted: {why}", file=sys.stderr)
        return []
    skip = set(INTERPRETED)
    paths = sorted(
        str(path) for pattern in COMPILED for path in Path().glob(pattern) if str(path) not in skip
    )
    try:
        return mypycify(paths, opt_level="3", group_name="tigerden")
    except SystemExit:  # mypyc printed why (a type error, a stub missing)
        if want:
            raise
        print(f"tigerden: building interpreted: {MYPYC_FAILED}", file=sys.stderr)
        return []


setup(ext_modules=extensions())
