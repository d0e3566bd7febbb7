"""The sequential test and the pairing arithmetic of `make bench-ai` (bench.sprt): small,
deterministic cases worked by hand, and the error rates the test states, checked by simulation
from a fixed seed."""

from __future__ import annotations

import math
import random

import pytest

from bench.sprt import Sprt, Verdict, pairing, variance


def test_the_log_likelihood_ratio_is_the_normal_approximation_worked_by_hand() -> None:
    # Mean 0.625, squared deviations 0.6875, shrunk by 64 pseudo-units of 0.55 * 0.45 / 2:
    # variance (0.6875 + 64 * 0.12375) / 67 = 0.128470; H0 0.50, H1 0.60:
    # 4 * 0.1 * (1.25 - 1.1) / (2 * 0.128470) = 0.233517.
    test = Sprt(0.55)
    assert test.llr([1.0, 0.0, 0.5, 1.0]) == pytest.approx(0.233517, abs=1e-5)
    assert test.upper == pytest.approx(math.log(19)) and test.lower == pytest.approx(-math.log(19))
    assert test.llr([1.0]) == 0.0  # one unit has no variance to judge by


def test_the_test_stops_at_the_first_unit_past_a_bound_and_not_before_min_units() -> None:
    test = Sprt(0.55, min_units=8, max_units=50)
    assert test.verdict([1.0] * 7) is Verdict.RUNNING  # far past the bound, but too few
    assert test.stop([1.0] * 20) == (8, Verdict.MET)
    assert test.stop([0.0] * 20) == (8, Verdict.MISSED)
    even = [0.25, 0.75, 0.5, 0.75, 0.25, 0.5] * 10  # mean exactly 0.5: H0 itself
    n, verdict = test.stop(even)
    assert verdict is Verdict.MISSED and n < 50
    at_goal = [0.5, 0.6] * 40  # at the goal: no evidence either way, the cap decides
    assert test.stop(at_goal) == (50, Verdict.UNDECIDED)
    assert test.stop([1.0, 0.0]) == (2, Verdict.RUNNING)


def simulate(test: Sprt, mean: float, rng: random.Random) -> tuple[int, Verdict]:
    """One test on units of two matches, each won with probability `mean`."""
    scores: list[float] = []
    verdict = Verdict.RUNNING
    while verdict is Verdict.RUNNING:
        scores.append(((rng.random() < mean) + (rng.random() < mean)) / 2)
        verdict = test.verdict(scores)
    return len(scores), verdict


@pytest.mark.parametrize("goal", [0.55, 0.65, 0.90])
def test_the_stated_error_rates_hold(goal: float) -> None:
    """At goal - delta the test says met at most alpha of the time, at goal + delta it says
    missed at most beta of the time (5% each; 400 simulated tests from a fixed seed, so the
    bound allows the sampling error of 400)."""
    test = Sprt(goal, delta=0.04 if goal == 0.90 else 0.05, max_units=2000)
    rng = random.Random(23)
    low = [simulate(test, goal - test.delta, rng)[1] for _ in range(400)]
    high = [simulate(test, goal + test.delta, rng)[1] for _ in range(400)]
    assert low.count(Verdict.MET) / 400 <= 0.08
    assert high.count(Verdict.MISSED) / 400 <= 0.08
    assert Verdict.UNDECIDED not in low + high


def test_walds_expected_units_agree_with_simulation() -> None:
    test = Sprt(0.55, max_units=2000)
    assert test.expected_units(0.55, 0.1) == pytest.approx(math.log(19) ** 2 * 0.1 / 0.01)
    rng = random.Random(7)
    for mean in (0.5, 0.6, 0.7):
        runs = [simulate(test, mean, rng)[0] for _ in range(300)]
        expected = test.expected_units(mean, mean * (1 - mean) / 2)
        assert sum(runs) / len(runs) == pytest.approx(expected, rel=0.25)
    assert test.expected_units(0.95, 0.02) == test.min_units  # a rout stops at the minimum
    assert test.expected_units(0.6, 0.1) < test.expected_units(0.57, 0.1)


def test_pairing_compares_a_units_variance_with_that_of_single_matches() -> None:
    # Each seed won by whoever sat in seat 0: single matches vary fully, units not at all.
    luck = pairing([[1.0, 0.0], [0.0, 1.0], [1.0, 0.0], [0.0, 1.0]])
    assert luck.single_variance == pytest.approx(2 / 7) and luck.unit_variance == 0.0
    assert luck.matches_ratio == 0.0
    # Each seed won by the same side both times: pairing doubles the variance per match.
    same = pairing([[1.0, 1.0], [0.0, 0.0], [1.0, 1.0], [0.0, 0.0]])
    assert same.unit_variance == pytest.approx(1 / 3) and same.matches_ratio == pytest.approx(7 / 3)
    assert pairing([[1.0, 0.5], [0.5, 0.5]]).size == 2
    with pytest.raises(ValueError, match="sizes"):
        pairing([[1.0, 0.0], [1.0]])


def test_variance_is_the_sample_variance() -> None:
    assert variance([1.0, 0.0, 0.5, 1.0]) == pytest.approx(0.6875 / 3)
    assert variance([0.3]) == 0.0
