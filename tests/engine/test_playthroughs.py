"""The golden playthroughs (tests/engine/playthroughs/) are what the engine tells each viewer
today: regenerated and compared line by line, one per variant of every registered game. After
an intended change of views, events or moves, `make playthroughs` rewrites them and the diff is
reviewed like code."""

from __future__ import annotations

import difflib

import pytest

from engine import GAMES
from tests.engine.matches import Variant, variants
from tests.engine.playthrough import FOLDER, path_for, record

SHOWN = 80
"""Diff lines a failure shows."""


@pytest.mark.parametrize("variant", [pytest.param(v, id=v.name) for v in variants()])
def test_the_playthrough_is_what_the_engine_tells_each_viewer(variant: Variant) -> None:
    path = path_for(variant)
    assert path.exists(), f"no playthrough {path.name}: run `make playthroughs` and commit it"
    golden = path.read_text(encoding="utf-8")
    now = record(variant).text
    if now != golden:
        diff = difflib.unified_diff(
            golden.splitlines(), now.splitlines(), str(path), "now", lineterm="", n=2
        )
        shown = "\n".join(list(diff)[:SHOWN])
        pytest.fail(
            f"{path.name} changed (if intended: `make playthroughs`, review the diff, commit)"
            f":\n{shown}"
        )


def test_every_registered_game_has_a_playthrough_that_plays_a_whole_deal() -> None:
    """A deal, contest or round scored, or the whole match, in at least one of its files."""
    recorded = {v.game_id for v in variants() if path_for(v).exists()}
    assert recorded == set(GAMES), f"no playthrough for {sorted(set(GAMES) - recorded)}"
    scored = {v.game_id for v in variants() if record(v).scored}
    assert scored == set(GAMES), f"no whole deal recorded for {sorted(set(GAMES) - scored)}"


def test_no_playthrough_is_left_without_its_variant() -> None:
    expected = {path_for(v).name for v in variants()}
    assert {path.name for path in FOLDER.glob("*")} == expected
