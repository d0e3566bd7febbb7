"""A logged match stands for the code its game runs: a change to one game's bots keeps the
other games' logs (bench.versions, bench.ai.bots_version)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

from bench import ai
from bench.versions import ROOT, played_by

SHARED = ("bots/ismcts.py", "bots/decide.py", "bots/policy.py", "engine/core.py")


def test_a_game_runs_its_own_packages_and_the_shared_modules_but_no_other_game() -> None:
    for game, own, others in (
        ("tiger-dragon", "tiger_dragon", ("doors", "koikoi")),
        ("koikoi", "koikoi", ("doors", "tiger_dragon")),
    ):
        files = {f.as_posix() for f in played_by(game)}
        assert {*SHARED, "engine/chance.py", f"engine/{own}/state.py"} <= files
        assert f"bots/{own}/policy.py" in files and f"bots/{own}/world.py" in files
        for other in others:
            assert not any(f.startswith((f"engine/{other}/", f"bots/{other}/")) for f in files)


def git(root: Path, *args: str) -> str:
    return subprocess.run(
        ["git", "-c", "user.name=t", "-c", "user.email=t@example.org", *args],
        cwd=root,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()


def test_a_change_to_one_games_bots_changes_only_that_games_version(tmp_path: Path) -> None:
    for package in ("engine", "bots"):
        shutil.copytree(ROOT / package, tmp_path / package, ignore=shutil.ignore_patterns("*.pyc"))
    git(tmp_path, "init", "--quiet")
    git(tmp_path, "add", ".")
    git(tmp_path, "commit", "--quiet", "-m", "first")
    first = {game: ai.bots_version(game, tmp_path) for game in ("doors", "koikoi", "tiger-dragon")}
    assert len(set(first.values())) == 1 and "dirty" not in first["doors"]

    policy = tmp_path / "bots" / "doors" / "policy.py"
    policy.write_text(policy.read_text() + "\n# a change\n")
    assert ai.bots_version("doors", tmp_path) == f"{first['doors']}+dirty"
    assert ai.bots_version("tiger-dragon", tmp_path) == first["tiger-dragon"]
    git(tmp_path, "commit", "--quiet", "-am", "doors")
    second = {game: ai.bots_version(game, tmp_path) for game in first}
    assert second["doors"] != first["doors"]
    assert second["koikoi"] == first["koikoi"] and second["tiger-dragon"] == first["tiger-dragon"]

    # A hint reason is read by no decision; the search is read by every game's.
    reasons = tmp_path / "bots" / "tiger_dragon" / "reasons.py"
    reasons.write_text(reasons.read_text() + "\n# a reason\n")
    git(tmp_path, "commit", "--quiet", "-am", "reasons")
    assert ai.bots_version("tiger-dragon", tmp_path) == first["tiger-dragon"]
    search = tmp_path / "bots" / "ismcts.py"
    search.write_text(search.read_text() + "\n# the search\n")
    git(tmp_path, "commit", "--quiet", "-am", "search")
    third = {game: ai.bots_version(game, tmp_path) for game in first}
    assert third["koikoi"] != second["koikoi"] and third["tiger-dragon"] != second["tiger-dragon"]
