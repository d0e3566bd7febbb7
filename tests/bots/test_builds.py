"""The compiled build searches exactly as the source does: `make bench-ai` plays its matches on
it (`--compiled build/mypyc`) and logs them as the source's bots version, so for a fixed state,
seat, level, seed and iteration budget both builds must choose the same move, by the same visit
counts and the same estimated chances.

`make test` runs this file twice: interpreted, where the child below runs the source in a
second process (another hash seed: the search must not depend on it either), and against the
compiled build (COMPILED_TESTS), where this process is the C extensions and the child the
source."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

from bench.calibrate import positions
from bots import LEVELS, Budget, decide
from bots.decide import rank

ROOT = Path(__file__).resolve().parent.parent.parent

TABLES: tuple[tuple[str, int, dict[str, str]], ...] = (
    ("doors", 2, {}),
    ("koikoi", 2, {"deals": "6"}),
    ("tiger-dragon", 3, {}),
)
ITERATIONS = 48
POSITIONS = 3


def searched() -> list[list[object]]:
    """For a few positions of each game from `easy` self-play, each searching level's move
    (as `decide` settles it) and every root move's visits and chance (the whole budget)."""
    found: list[list[object]] = []
    for game, players, options in TABLES:
        for index, state in enumerate(positions(game, players, options, POSITIONS)):
            seat = state.to_act()
            assert seat is not None
            for level in ("normal", "hard"):
                budget = Budget(iterations=ITERATIONS)
                move = decide(state, seat, level, seed=index, budget=budget)
                ranking = rank(state, seat, LEVELS[level], random.Random(index), budget)
                found.append(
                    [game, index, level, repr(move)]
                    + [(repr(c.move), c.visits, c.chance) for c in ranking]
                )
    again: list[list[object]] = json.loads(json.dumps(found))  # as the child's come back
    return again


def test_the_source_in_another_process_searches_as_this_build_does() -> None:
    environment = dict(os.environ, PYTHONSAFEPATH="1", PYTHONPATH=str(ROOT))
    environment.pop("PYTHONHASHSEED", None)  # another process, another hash seed
    child = subprocess.run(
        [
            sys.executable,
            "-c",
            "import json; from server.build import describe; "
            "from tests.bots.test_builds import searched; "
            "print(describe()); print(json.dumps(searched()))",
        ],
        env=environment,
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    build, decisions = child.stdout.splitlines()
    assert build == "interpreted"
    theirs = json.loads(decisions)
    ours = searched()
    assert len(ours) == len(TABLES) * POSITIONS * 2
    for mine, other in zip(ours, theirs, strict=True):
        assert mine == other, f"{mine[:3]}: this build {mine[3:]}, the source {other[3:]}"
