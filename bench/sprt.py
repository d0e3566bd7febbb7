"""The sequential test `make bench-ai` stops each pairing by, and the arithmetic of paired units.

A *unit* is the set of matches played on one seed with every seat assignment of the two levels
(bench.ai: A's seats, then B's on the same cards), scored as A's mean credit over them. The test
is a generalised sequential probability ratio test (GSPRT, as chess engine testing runs it) on
those unit scores, with the two hypotheses an indifference margin `delta` either side of the
goal `goal`:

* H0 (missed): A's expected score is `goal - delta`,
* H1 (met): A's expected score is `goal + delta`.

With the unit scores approximately normal (a mean of at least two matches, and many units), the
log-likelihood ratio of H1 to H0 after `n` units with mean `m` and variance `v` is
`n (s1 - s0) (2 m - s0 - s1) / (2 v)`. The test says *met* once it reaches
`log((1 - beta) / alpha)` and *missed* once it falls to `log(beta / (1 - alpha))`: a pairing
whose true score is `goal - delta` or less is called met with probability at most `alpha`, one
at `goal + delta` or more called missed with probability at most `beta` (5% each by default:
the goal confirmed or refuted at 95%). Between the two it may go either way, and a cap on the
units ends a pairing that stays in between ("undecided").
"""

from __future__ import annotations

import enum
import math
from collections.abc import Sequence
from dataclasses import dataclass

VARIANCE_FLOOR = 0.01
"""The least unit variance the ratio divides by: a handful of equal unit scores (every unit a
sweep) must not make the evidence infinite."""


PRIOR_UNITS = 64
"""How many units' worth of weight the variance of independent matches gets against the
sample's (see `Sprt._variance`)."""


class Verdict(enum.Enum):
    MET = "met"
    MISSED = "missed"
    UNDECIDED = "undecided"
    RUNNING = "running"


@dataclass(frozen=True)
class Sprt:
    """The test for one pairing's goal."""

    goal: float
    delta: float = 0.05
    alpha: float = 0.05
    beta: float = 0.05
    min_units: int = 8
    """No verdict before this many units: the variance of fewer says little."""
    max_units: int = 200

    @property
    def lower(self) -> float:
        return math.log(self.beta / (1 - self.alpha))

    @property
    def upper(self) -> float:
        return math.log((1 - self.beta) / self.alpha)

    def llr(self, scores: Sequence[float]) -> float:
        """The log-likelihood ratio of H1 (met) to H0 (missed) after `scores`."""
        return self._llr(len(scores), sum(scores), sum(s * s for s in scores))

    def verdict(self, scores: Sequence[float]) -> Verdict:
        """What the test says after the unit scores `scores`, in unit order."""
        return self._verdict(len(scores), sum(scores), sum(s * s for s in scores))

    def stop(self, scores: Sequence[float]) -> tuple[int, Verdict]:
        """The first prefix of `scores` at which the test stops, and its verdict (the whole of
        `scores` and RUNNING if it has not stopped yet). One pass: the test reads only the
        count, sum and sum of squares."""
        total = squares = 0.0
        for n, score in enumerate(scores, 1):
            total += score
            squares += score * score
            verdict = self._verdict(n, total, squares)
            if verdict is not Verdict.RUNNING:
                return n, verdict
        return len(scores), Verdict.RUNNING

    def _llr(self, n: int, total: float, squares: float) -> float:
        if n < 2:
            return 0.0
        s0, s1 = self.goal - self.delta, self.goal + self.delta
        mean = total / n
        var = self._variance(n, squares - n * mean * mean)
        return n * (s1 - s0) * (2 * mean - s0 - s1) / (2 * var)

    def _variance(self, n: int, deviations: float) -> float:
        """The unit variance the ratio divides by: the sample's, shrunk towards that of units
        of independent matches at the goal by `PRIOR_UNITS` pseudo-units. A few units
        underestimate it (eight sweeps have none; at 85% eight units are all sweeps one time
        in fourteen): unshrunk, the test called an 85% pairing met at a goal of 90% one time in
        five (tests/bench/test_sprt.py simulates the error rates)."""
        prior = self.goal * (1 - self.goal) / 2
        return max((deviations + PRIOR_UNITS * prior) / (n - 1 + PRIOR_UNITS), VARIANCE_FLOOR)

    def _verdict(self, n: int, total: float, squares: float) -> Verdict:
        if n >= self.min_units:
            llr = self._llr(n, total, squares)
            if llr >= self.upper:
                return Verdict.MET
            if llr <= self.lower:
                return Verdict.MISSED
        return Verdict.UNDECIDED if n >= self.max_units else Verdict.RUNNING

    def expected_units(self, mean: float, unit_variance: float) -> float:
        """Wald's approximation of the units the test takes when A's true score is `mean` and
        a unit's variance `unit_variance` (normal increments; at least `min_units`, at most
        `max_units`). It is largest at the goal itself, `-lower * upper * v / (4 delta^2)`."""
        v = max(unit_variance, VARIANCE_FLOOR)
        drift = 2 * self.delta * (mean - self.goal) / v  # the mean LLR step of one unit
        if abs(drift) < 1e-12:
            n = -self.lower * self.upper * v / (4 * self.delta**2)
        else:
            h = -(mean - self.goal) / self.delta  # E[exp(h step)] = 1
            a, b = self.lower, self.upper
            accept_h0 = (math.exp(h * b) - 1) / (math.exp(h * b) - math.exp(h * a))
            n = (accept_h0 * a + (1 - accept_h0) * b) / drift
        return min(max(n, self.min_units), self.max_units)


def variance(values: Sequence[float]) -> float:
    """The sample variance (n - 1 in the denominator); 0 for fewer than two values."""
    n = len(values)
    if n < 2:
        return 0.0
    mean = sum(values) / n
    return sum((v - mean) ** 2 for v in values) / (n - 1)


@dataclass(frozen=True)
class Pairing:
    """What pairing the matches of each unit bought: the variance of a unit's score against
    that of single matches, and the matches a test needs with pairing relative to without."""

    units: int
    single_variance: float
    """Of one match's credit, every match of every unit taken alone."""
    unit_variance: float
    """Of a unit's score (the mean of its `size` matches)."""
    size: int

    @property
    def per_match_variance(self) -> float:
        """A unit's variance spread over its matches: what a match costs a test with pairing
        (`single_variance` is what it costs without)."""
        return self.unit_variance * self.size

    @property
    def matches_ratio(self) -> float:
        """Matches a test needs with pairing per match it needs without (below 1: pairing
        saves). A sequential or fixed test needs samples in proportion to the variance of what
        it averages, for the same margin and error rates."""
        if self.single_variance == 0:
            return 1.0
        return self.per_match_variance / self.single_variance


def pairing(units: Sequence[Sequence[float]]) -> Pairing:
    """The variances of `units`, each the credits of its matches (all of one size)."""
    sizes = {len(unit) for unit in units}
    if len(sizes) != 1:
        raise ValueError(f"units of different sizes: {sorted(sizes)}")
    (size,) = sizes
    singles = [credit for unit in units for credit in unit]
    scores = [sum(unit) / size for unit in units]
    return Pairing(len(units), variance(singles), variance(scores), size)
