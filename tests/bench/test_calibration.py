"""The hint calibration benchmark (bench.calibration): its arithmetic, and a tiny run of it end to
end, so that `make bench-hints` cannot rot (tiny budgets; the real run is `make bench-hints`)."""

from __future__ import annotations

import csv
from dataclasses import replace
from pathlib import Path

import pytest

from bench import calibration
from bench.ai import CONFIGS
from bench.calibration import Sample, Setup, buckets, measure, position, summary, wilson
from bots import Budget
from bots.hints import hint


def sample(chance: float, credit: float, rank: int = 0) -> Sample:
    return Sample(0, 0, 0, rank, "m", chance, 1, credit, credit, 0.0)


def test_buckets_count_the_estimates_by_tenths_and_what_they_then_won() -> None:
    samples = [
        sample(0.61, 1.0),
        sample(0.69, 0.0),
        sample(0.65, 1.0),
        sample(0.05, 0.0, 1),
        sample(1.0, 1.0),
        sample(0.999, 0.5),
    ]
    found = {(b.low, b.high): b for b in buckets(samples)}
    assert list(found) == [(0.0, 0.1), (0.6, 0.7), (0.9, 1.0)]
    sixty = found[(0.6, 0.7)]
    assert sixty.samples == 3
    assert sixty.mean_chance == pytest.approx(0.65)
    assert sixty.win_rate == pytest.approx(2 / 3)
    assert sixty.ci_low < 2 / 3 < sixty.ci_high
    assert found[(0.9, 1.0)].samples == 2 and found[(0.9, 1.0)].win_rate == 0.75
    assert sixty.positions == 1  # all of them from position 0
    whole = summary(samples)
    assert whole.brier == pytest.approx(
        sum((s.chance - s.credit) ** 2 for s in samples) / len(samples)
    )
    ece = (3 * abs(0.65 - 2 / 3) + abs(0.05 - 0.0) + 2 * abs((1.0 + 0.999) / 2 - 0.75)) / len(
        samples
    )
    assert whole.ece == pytest.approx(ece)
    rate = 3.5 / 6
    assert whole.base_brier == pytest.approx(
        sum((rate - s.credit) ** 2 for s in samples) / len(samples)
    )


def test_perfectly_calibrated_estimates_have_no_calibration_error() -> None:
    samples = [sample(0.25, 1.0)] + [sample(0.25, 0.0)] * 3 + [sample(0.75, 1.0)] * 3
    samples.append(sample(0.75, 0.0))
    assert summary(samples).ece == pytest.approx(0.0)
    assert summary(samples).brier < summary(samples).base_brier


def test_the_wilson_interval_holds_the_rate_and_narrows_with_samples() -> None:
    low, high = wilson(0.65, 20)
    wide = high - low
    low, high = wilson(0.65, 2000)
    assert low < 0.65 < high and high - low < wide / 5
    assert wilson(0.0, 10)[0] == 0.0 and wilson(1.0, 10)[1] == pytest.approx(1.0)


def test_a_position_plays_on_the_hinted_move_with_the_hints_own_estimate() -> None:
    koikoi = next(c for c in CONFIGS if c.name == "koikoi-2")
    setup = Setup(koikoi, hint_iterations=40, play_iterations=8)
    state, turn = position(koikoi, 3)
    seat = state.to_act()
    assert seat is not None and len(state.legal_moves()) > 1
    advice = hint(state, seat, 7_919 * 3 + 13, Budget(iterations=40))
    first, second = measure(setup, 3)
    assert (first.rank, first.move, first.chance) == (0, advice[0].move.label(), advice[0].chance)
    assert (first.seat, first.turn) == (seat, turn)
    assert second.rank > 0 and second.move != first.move
    assert second.chance == advice[second.rank].chance
    assert {first.credit, second.credit} <= {0.0, 0.5, 1.0}
    assert all(0.0 <= s.judged <= 1.0 for s in (first, second))
    timeless = [replace(s, seconds=0.0) for s in (first, second)]
    assert [replace(s, seconds=0.0) for s in measure(setup, 3)] == timeless  # resumable


def test_a_tiny_run_tables_every_game_and_resumes_from_its_log(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log, out = tmp_path / "samples.csv", tmp_path / "hints.csv"
    args = ["--positions", "2", "--hint", "12", "--player-iterations", "6", "--log", str(log)]
    calibration.main([*args, "--out", str(out)])
    printed = capsys.readouterr().out
    for name in calibration.TABLES:
        assert f"{name}: 2 positions, 4 moves played on" in printed
    with log.open(newline="") as lines:
        logged = list(csv.reader(lines))
    assert logged[0] == calibration.LOG_HEADER.split(",")
    assert len(logged) == 1 + 2 * 2 * len(calibration.TABLES)
    with out.open(newline="") as lines:
        written = list(csv.DictReader(lines))
    for name in calibration.TABLES:
        mine = [r for r in written if r["config"] == name]
        assert sum(int(r["samples"]) for r in mine if "-" in r["bucket"]) == 4
        assert [r["bucket"] for r in mine][-2:] == ["all", "hinted"]
        assert [r["samples"] for r in mine][-2:] == ["4", "2"]
        assert [r["positions"] for r in mine][-2:] == ["2", "2"]
    calibration.main([*args, "--out", str(tmp_path / "again.csv")])
    assert "2 positions from samples.csv" in capsys.readouterr().out
    with log.open(newline="") as lines:
        assert len(list(csv.reader(lines))) == len(logged)  # nothing played again
    calibration.main(["--show", "--log", str(log), "--out", str(tmp_path / "shown.csv")])
    with (tmp_path / "shown.csv").open(newline="") as lines:
        assert sorted(map(tuple, csv.reader(lines))) == sorted(
            map(tuple, csv.reader((tmp_path / "again.csv").open(newline="")))
        )


def test_storing_a_table_keeps_the_other_setups_of_its_config(tmp_path: Path) -> None:
    """A run of one setup replaces that setup's rows only: the same config's tables of other
    setups and bots versions stay (they once were all replaced by the last run's)."""
    out = tmp_path / "hints.csv"

    def table(player: str, bots: str, won: str) -> list[list[str]]:
        """A table's summary row (HEADER's columns), its win rate `won`."""
        measured = ["doors-2", "all", "1", "1", "0.5", won, "0.4", "0.6", "0.5", "", "", ""]
        return [[*measured, "12", player, "6", "model", bots]]

    calibration.store(out, table("hard", "v1", "0.1"))
    calibration.store(out, table("easy", "v1", "0.2"))
    calibration.store(out, table("easy", "v2", "0.3"))
    calibration.store(out, table("easy", "v1", "0.4"))  # measured again: replaced
    with out.open(newline="") as lines:
        rows = list(csv.DictReader(lines))
    assert sorted((r["player"], r["bots"], r["win_rate"]) for r in rows) == [
        ("easy", "v1", "0.4"),
        ("easy", "v2", "0.3"),
        ("hard", "v1", "0.1"),
    ]
