"""The standard library's shuffle and full sample, drawing exactly the same bits in the same
order, with the per-element draw inlined.

The engines shuffle a deck at every deal and the bots' `determinize` at every search iteration,
so `random.Random.shuffle`'s call of `_randbelow` per element is a measurable share of a
playout. These give the very same permutations for the same generator state (so deals from a
seed, and the golden tests, do not change); `tests/engine/test_chance.py` checks it against the
standard library.
"""

from __future__ import annotations

import _random
from collections.abc import Sequence
from typing import Protocol, TypeVar

T = TypeVar("T")


class Bits(Protocol):
    """A source of random bits: `random.Random`, or what `seeded` makes."""

    def getrandbits(self, k: int, /) -> int: ...


def seeded(seed: int) -> Bits:
    """A generator drawing the very bits `random.Random(seed)` draws, for the throwaway
    generator of each deal, built without `random.Random`'s Python-level constructor and
    `seed` method (a sixth of the cost of seeding, measured in instructions; Doors seeds one
    every contest). It has only `getrandbits`, all that the helpers here draw from."""
    return _random.Random(seed)


def shuffle(rng: Bits, items: list[T]) -> None:
    """`rng.shuffle(items)`: the same permutation, in place."""
    getrandbits = rng.getrandbits
    for i in range(len(items) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        items[i], items[j] = items[j], items[i]


def sample_all(rng: Bits, population: Sequence[T]) -> list[T]:
    """`rng.sample(population, len(population))` for the small populations the games deal
    (up to 85 items, where the standard library draws from a pool list): the same order."""
    pool = list(population)
    n = len(pool)
    assert n <= 85, "the standard library samples larger populations another way"
    getrandbits = rng.getrandbits
    result = pool[:]
    for i in range(n):
        m = n - i
        k = m.bit_length()
        j = getrandbits(k)
        while j >= m:
            j = getrandbits(k)
        result[i] = pool[j]
        pool[j] = pool[m - 1]
    return result


def choice(rng: Bits, items: Sequence[T]) -> T:
    """`rng.choice(items)`: the same item."""
    n = len(items)
    k = n.bit_length()
    j = rng.getrandbits(k)
    while j >= n:
        j = rng.getrandbits(k)
    return items[j]
