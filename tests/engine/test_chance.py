"""engine.chance draws exactly what the standard library draws (deals from a seed depend on
it), for every size the games use and many generator states."""

import random

import pytest

from engine.chance import choice, sample_all, shuffle


@pytest.mark.parametrize("size", [1, 2, 3, 4, 5, 6, 14, 24, 30, 31, 32, 33, 40, 48, 85])
def test_the_same_permutations_and_choices_as_the_standard_library(size: int) -> None:
    items = list(range(size))
    for seed in range(200):
        ours, theirs = random.Random(seed), random.Random(seed)
        mine, expected = items[:], items[:]
        shuffle(ours, mine)
        theirs.shuffle(expected)
        assert mine == expected
        assert sample_all(ours, items) == theirs.sample(items, size)
        assert choice(ours, items) == theirs.choice(items)
        assert ours.getstate() == theirs.getstate()  # the same bits were drawn
