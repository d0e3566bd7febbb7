"""The import layers hold: `lint-imports` keeps every contract in pyproject.toml.

The contracts (`[tool.importlinter]`) forbid import cycles and every arrow against the layers
of docs/architecture.md. Each known violation of today is an `ignore_imports` line naming the
task that removes it, and import-linter fails on a line that no longer matches, so the list
only shrinks. The probes check that each contract can fail: a copy of the tree with one bad
import added breaks exactly the contract that forbids it.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LINT_IMPORTS = Path(sys.executable).with_name("lint-imports")
PACKAGES = ("engine", "bots", "server", "client", "cli", "discovery", "bench", "tools")
"""The root packages the contracts name, but for the generated stubs (imported from proto/)."""


def lint_imports(root: Path, *contracts: str) -> subprocess.CompletedProcess[str]:
    selected = [arg for contract in contracts for arg in ("--contract", contract)]
    return subprocess.run(
        [str(LINT_IMPORTS), "--no-cache", *selected],
        cwd=root,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_the_tree_keeps_every_contract() -> None:
    run = lint_imports(ROOT)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "0 broken" in run.stdout


PROBES = {
    "acyclic": {
        "engine/probe_a.py": "import engine.probe_b\n",
        "engine/probe_b.py": "import engine.probe_a\n",
    },
    "layers": {"engine/probe.py": "import bots\n"},
    "server": {"server/sanitise.py": "\nimport server.service\n"},
    "client": {"client/probe.py": "import engine.core\n"},
    "ui-model": {"client/ui/model.py": "\nimport prompt_toolkit\n"},
    "ui-games": {"client/ui/panes.py": "\nimport client.ui.games.doors\n"},
    "discovery": {"discovery/probe.py": "import tigerden.v1.match_pb2\n"},
    "wire-free": {"bots/probe.py": "import grpc\n"},
}
"""Per contract, files to add (or lines to append) that break it."""


@pytest.mark.parametrize("contract", sorted(PROBES))
def test_a_bad_import_breaks_its_contract(contract: str, tmp_path: Path) -> None:
    for package in PACKAGES:
        shutil.copytree(
            ROOT / package, tmp_path / package, ignore=shutil.ignore_patterns("__pycache__")
        )
    shutil.copy(ROOT / "pyproject.toml", tmp_path)
    for name, text in PROBES[contract].items():
        with (tmp_path / name).open("a") as module:
            module.write(text)
    run = lint_imports(tmp_path, contract)
    assert run.returncode == 1, run.stdout + run.stderr
    assert "1 broken" in run.stdout, run.stdout


def test_every_shared_ui_module_is_kept_from_naming_a_game() -> None:
    """The ui-games contract lists every module of client/ui/ but the registry and the games'
    own packages, so a new shared module cannot name a game unchecked."""
    import tomllib

    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]
    contract = next(c for c in config["contracts"] if c["id"] == "ui-games")
    shared = {
        f"client.ui.{path.stem}"
        for path in (ROOT / "client" / "ui").glob("*.py")
        if path.stem not in ("__init__", "registry")
    }
    assert shared <= set(contract["source_modules"]), sorted(
        shared - set(contract["source_modules"])
    )
