"""engine.chance draws exactly what the standard library draws (deals from a seed depend on
it), for every size the games use and many generator states."""

import random

import pytest

from engine.chance import choice, sample_all, seeded, shuffle


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


def test_a_seeded_generator_draws_what_the_standard_library_seeded_alike_draws() -> None:
    for seed in (0, 1, 2**32 - 1, 2**32, 2**64 - 1, 123456789012345678):
        ours, theirs = seeded(seed), random.Random(seed)
        items, expected = list(range(48)), list(range(48))
        shuffle(ours, items)
        theirs.shuffle(expected)
        assert items == expected
        assert [ours.getrandbits(k) for k in (1, 7, 32, 64)] == [
            theirs.getrandbits(k) for k in (1, 7, 32, 64)
        ]
