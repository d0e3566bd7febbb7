"""bench.costs runs and prints its unit costs (small sizes; no timing is asserted)."""

from __future__ import annotations

import re

import pytest

from bench import costs
from bench.server import GAMES


def test_views_prints_a_cost_per_seat_for_every_game(capsys: pytest.CaptureFixture[str]) -> None:
    costs.views(count=3)
    lines = capsys.readouterr().out.splitlines()
    costs_per_seat = [line for line in lines if line.endswith("µs per seat")]
    assert len(costs_per_seat) == 4 * len(GAMES)
    shares = [line for line in lines if "public part:" in line]
    assert [line.split()[0] for line in shares] == list(GAMES)
    assert len(lines) == len(costs_per_seat) + len(shares)


async def test_memory_prints_the_heap_per_idle_table(capsys: pytest.CaptureFixture[str]) -> None:
    await costs.idle_tables(tables=2)
    lines = capsys.readouterr().out.splitlines()
    assert [line.split()[0] for line in lines] == list(GAMES)
    assert all(float(line.split()[1]) > 0 for line in lines)


def test_moves_prints_the_submit_and_snapshot_costs_of_every_game(
    capsys: pytest.CaptureFixture[str],
) -> None:
    costs.moves(count=20)
    lines = capsys.readouterr().out.splitlines()
    assert [line.split()[0] for line in lines] == list(GAMES)
    for line in lines:
        submit, snapshots = (float(cost) for cost in re.findall(r"([\d.]+) µs", line))
        assert submit > 0 and snapshots > 0


def test_matches_prints_each_games_cost_per_move_with_its_turnover(
    capsys: pytest.CaptureFixture[str],
) -> None:
    costs.matches(count=2, rounds=1)
    lines = capsys.readouterr().out.splitlines()
    assert [line.split()[0] for line in lines] == list(GAMES)
    shape = r"([\d.]+) moves a match: +([\d.]+) µs per move, .* leaving +([\d.]+) \( *(\d+) µs"
    for line in lines:
        found = re.search(shape, line)
        assert found is not None, line
        moves, per_move, turnover, per_match = (float(number) for number in found.groups())
        assert moves >= 1 and per_move > turnover > 0 and per_match > 0


@pytest.mark.timeout(300)  # a live server started per game, and a bare gRPC one
def test_turnover_prints_a_live_servers_cost_a_match_and_bare_grpcs(
    capsys: pytest.CaptureFixture[str],
) -> None:
    costs.turnover(count=20)  # enough CPU that the clock's 10 ms ticks count some
    lines = capsys.readouterr().out.splitlines()
    assert [line.split()[0] for line in lines] == [*GAMES, "bare", *GAMES]
    served = [float(re.findall(r"([\d.]+) ms", line)[0]) for line in lines[: len(GAMES)]]
    bare = [float(re.findall(r"([\d.]+) ms", line)[0]) for line in lines[len(GAMES) + 1 :]]
    assert all(cost > 0 for cost in served + bare)
