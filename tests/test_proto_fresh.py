"""The committed generated modules match what `make proto` would write from proto/ now."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent


def load_generator() -> ModuleType:
    spec = importlib.util.spec_from_file_location("proto_generate", ROOT / "proto" / "generate.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules["proto_generate"] = module
    spec.loader.exec_module(module)
    return module


def test_generated_modules_are_fresh(tmp_path: Path) -> None:
    generator = load_generator()
    generator.generate(tmp_path)
    fresh = generator.generated_files(tmp_path)
    committed = generator.generated_files(ROOT / "proto")
    assert sorted(committed) == sorted(fresh), "run `make proto` and commit the result"
    stale = [name for name in fresh if fresh[name] != committed[name]]
    assert not stale, f"stale generated modules {stale}: run `make proto` and commit the result"
