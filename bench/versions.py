"""Which version of the rules and bots a logged result belongs to, per game.

The long benchmarks (`make bench-ai`, `make bench-hints`) resume from their logs, and a logged
match stands only for the code that played it. The version of a game is the last commit that
touched a file its matches run: its own engine and bots packages (`engine/<game>/`,
`bots/<game>/`) and every shared module they import, found by following the imports from those
packages and `bots.decide` (the bots' entry point) — so a change to one game's bots leaves the
others' logs valid, and a change to the search (`bots/ismcts.py`) or the engine contract
(`engine/core.py`) invalidates them all. Imports are read from the source (no module is
executed), and another game's package is never followed into: `bots.games` and `engine`'s
registry import every game, but a decision in one game runs none of the others' code.
"""

from __future__ import annotations

import ast
import subprocess
from collections.abc import Iterable, Sequence
from fnmatch import fnmatch
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("engine", "bots")
"""The packages whose code a match runs (bench/ itself only sets the matches up)."""
ENTRY = "bots.decide"


def game_package(game: str) -> str:
    """The Python package name of a game id: "tiger-dragon" -> "tiger_dragon"."""
    return game.replace("-", "_")


def games(root: Path = ROOT) -> set[str]:
    """The game packages: the folders of `engine/` that hold a package."""
    return {p.parent.name for p in (root / "engine").glob("*/__init__.py")}


def module_path(name: str, root: Path = ROOT) -> Path | None:
    """The source file of module `name` in this tree, None if it is not one of `PACKAGES`."""
    if name.partition(".")[0] not in PACKAGES:
        return None
    base = root.joinpath(*name.split("."))
    for path in (base / "__init__.py", base.with_suffix(".py")):
        if path.is_file():
            return path
    return None


def imported(path: Path, name: str) -> set[str]:
    """The modules the source of module `name` (at `path`) imports, by absolute name: for
    `from X import y` both X and X.y (y may be a submodule), and every parent package of each
    (importing a.b.c runs a/__init__.py and a/b/__init__.py first)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                anchor = ".".join(parts[: len(parts) - node.level + 1])
                base = f"{anchor}.{base}" if base else anchor
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)
    return {".".join(n.split(".")[:k]) for n in found for k in range(1, n.count(".") + 2)}


def played_by(game: str, root: Path = ROOT) -> list[Path]:
    """The source files a match of `game` (a game id) runs, relative to `root`: the import
    closure of its engine and bots packages and of `ENTRY`, never entering another game's
    packages."""
    own = game_package(game)
    others = games(root) - {own}

    def foreign(name: str) -> bool:
        parts = name.split(".")
        return len(parts) > 1 and parts[0] in PACKAGES and parts[1] in others

    todo = [f"engine.{own}", f"bots.{own}", ENTRY]
    seen: dict[str, Path] = {}
    while todo:
        name = todo.pop()
        if name in seen or foreign(name) or (path := module_path(name, root)) is None:
            continue
        seen[name] = path
        todo.extend(imported(path, name) | _parents(name))
    files = {path for path in seen.values()}
    files.update(p for p in (root / "engine" / own).rglob("*.py"))  # data modules too
    files.update(p for p in (root / "bots" / own).rglob("*.py"))
    return sorted(p.relative_to(root) for p in files)


def _parents(name: str) -> set[str]:
    parts = name.split(".")
    return {".".join(parts[:k]) for k in range(1, len(parts))}


def without(files: Iterable[Path], leave_out: Sequence[str]) -> list[Path]:
    """`files` less those matching a pattern of `leave_out` ("bots/*/reasons.py")."""
    return [f for f in files if not any(fnmatch(f.as_posix(), p) for p in leave_out)]


def version(paths: Sequence[str | Path], root: Path = ROOT) -> str:
    """The last commit (short hash) that touched any of `paths`, "+dirty" added when one of
    them has uncommitted changes, "unknown" outside a git checkout."""

    def git(*args: str) -> str:
        return subprocess.run(
            ["git", *args], cwd=root, capture_output=True, text=True, check=True
        ).stdout.strip()

    named = ["--", *(str(p) for p in paths)]
    try:
        commit = git("log", "-1", "--format=%h", *named)
        dirty = git("status", "--porcelain", *named)
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return f"{commit}+dirty" if dirty else commit
