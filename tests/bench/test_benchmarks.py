"""The benchmarks themselves: what they count and what they write (tiny budgets; the real runs
are `make bench`, never a timed test)."""

from __future__ import annotations

import csv
import itertools
from pathlib import Path

import pytest

from bench import ai, engine
from bench.ai import CONFIGS, Match, Outcome, play, row, sides, wilson
from bench.contests import endings

ISSUE_HEADER = (
    "game,players,level_a,level_b,matches,win_rate_a,ci_low,ci_high,"
    "avg_points_a,avg_points_b,sec_per_decision_a"
)


def test_the_wilson_interval_matches_the_textbook() -> None:
    # 1 success in 10 trials: the 95% Wilson score interval is [0.0179, 0.4042].
    low, high = wilson(1, 10)
    assert low == pytest.approx(0.0179, abs=5e-4) and high == pytest.approx(0.4042, abs=5e-4)
    assert wilson(0, 20)[0] == 0.0 and wilson(20, 20)[1] == 1.0


def test_a_drawn_match_counts_half_a_win() -> None:
    won, drawn, lost = (Outcome(c, 1.0, 1.0, 0.5, 1) for c in (1.0, 0.5, 0.0))
    doors = CONFIGS[0]
    cells = row(doors, ("hard", "easy"), [won, drawn, lost, won], "abc1234")
    assert cells[:5] == ["doors", "2", "hard", "easy", "4"]
    assert cells[5] == "0.625"  # (1 + 1/2 + 0 + 1) / 4
    assert cells[10] == "0.5000"  # seconds per decision of A
    assert cells[11:] == ["", str(doors.budgets["hard"]), "0", "abc1234"]


def test_seats_rotate_so_that_no_level_always_moves_first() -> None:
    assert sides(2, 0) == [0, 1] and sides(2, 1) == [1, 0]
    assert sides(4, 0) == [0, 1, 0, 1] and sides(4, 1) == [1, 0, 1, 0]  # teams 0+2, 1+3


def test_a_match_is_a_pure_function_of_its_number() -> None:
    match = Match("doors", 2, {}, ("easy", "random"), {}, 3)
    first, again = play(match), play(match)
    assert (first.credit_a, first.points_a, first.points_b, first.decisions_a) == (
        again.credit_a,
        again.points_a,
        again.points_b,
        again.decisions_a,
    )
    assert first.credit_a in (0.0, 0.5, 1.0) and first.decisions_a > 0


def test_the_round_robin_writes_the_csv_the_issue_names(tmp_path: Path) -> None:
    out, log = tmp_path / "ai.csv", tmp_path / "matches.csv"
    tiny = ["--game", "doors", "--matches", "2", "--normal", "3", "--hard", "3"]
    ai.main([*tiny, "--out", str(out), "--log", str(log)])
    lines = out.read_text().splitlines()
    assert lines[0].startswith(ISSUE_HEADER)
    rows = list(csv.DictReader(lines))
    assert [(r["level_a"], r["level_b"]) for r in rows] == list(ai.PAIRS)
    for r in rows:
        assert r["matches"] == "2"
        assert 0.0 <= float(r["ci_low"]) <= float(r["win_rate_a"]) <= float(r["ci_high"]) <= 1.0
    assert len(log.read_text().splitlines()) == 1 + 2 * len(ai.PAIRS)  # header + every match


def test_a_run_resumes_from_the_matches_it_logged_and_keeps_other_rows(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(ai, "bots_version", lambda: "v1")
    out, log = tmp_path / "ai.csv", tmp_path / "matches.csv"
    files = ["--out", str(out), "--log", str(log)]
    ai.main(["--game", "koikoi", "--pair", "easy-random", "--matches", "2", *files])
    ai.main(["--game", "doors", "--pair", "easy-random", "--matches", "2", *files])
    first = out.read_text().splitlines()
    assert [r["game"] for r in csv.DictReader(first)] == ["koikoi", "doors"]
    capsys.readouterr()
    # Four matches asked: the two logged ones are taken, only two more are played.
    ai.main(["--game", "koikoi", "--pair", "easy-random", "--matches", "4", *files])
    assert "2 of 4 matches from matches.csv" in capsys.readouterr().out
    rows = list(csv.DictReader(out.read_text().splitlines()))
    assert [(r["game"], r["matches"]) for r in rows] == [("koikoi", "4"), ("doors", "2")]
    assert rows[1] == next(csv.DictReader(first[:1] + first[2:]))  # untouched
    numbers = [entry.split(",")[6] for entry in log.read_text().splitlines()[1:]]
    assert sorted(numbers) == ["0", "0", "1", "1", "2", "3"]
    # Another version of the bots does not take the logged matches.
    monkeypatch.setattr(ai, "bots_version", lambda: "v2")
    ai.main(["--game", "doors", "--pair", "easy-random", "--matches", "1", *files])
    assert "from matches.csv" not in capsys.readouterr().out


def test_the_engine_benchmark_writes_one_rate_per_configuration(tmp_path: Path) -> None:
    out = tmp_path / "engine.csv"
    engine.main(["--seconds", "0.02", "--out", str(out)])
    rows = list(csv.reader(out.read_text().splitlines()))
    assert rows[0] == ["game", "players", "playouts_per_s"]
    assert [(game, int(players)) for game, players, _ in rows[1:]] == [
        (game, players) for game, players, _, _ in engine.CONFIGS
    ]
    assert all(int(rate) > 0 for _, _, rate in rows[1:])


def test_the_contest_breakdown_accounts_for_every_gem() -> None:
    match = Match("doors", 2, {}, ("easy", "random"), {}, 5)
    credit, seen = endings(match)
    outcome = play(match)
    assert credit == outcome.credit_a
    assert sum(gems for _, _, scorer, gems in seen if scorer == "A") == outcome.points_a
    assert sum(gems for _, _, scorer, gems in seen if scorer == "B") == outcome.points_b
    roles = [role for role, *_ in seen]
    assert all(a != b for a, b in itertools.pairwise(roles))  # roles alternate every contest
