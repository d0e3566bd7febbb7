"""bench.costs runs and prints its unit costs (small sizes; no timing is asserted)."""

from __future__ import annotations

import pytest

from bench import costs
from bench.server import GAMES


def test_views_prints_a_cost_per_seat_for_every_game(capsys: pytest.CaptureFixture[str]) -> None:
    costs.views(count=3)
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 2 * len(GAMES)
    assert all(line.endswith("µs per seat") for line in lines)


async def test_memory_prints_the_heap_per_idle_table(capsys: pytest.CaptureFixture[str]) -> None:
    await costs.idle_tables(tables=2)
    lines = capsys.readouterr().out.splitlines()
    assert [line.split()[0] for line in lines] == list(GAMES)
    assert all(float(line.split()[1]) > 0 for line in lines)
