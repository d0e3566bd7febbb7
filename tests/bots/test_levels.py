"""The level table and the level text a bot seat carries."""

from __future__ import annotations

import pytest

from bots import LEVELS, Budget, parse_level
from bots.levels import MAX_SECONDS, Strategy


def test_the_four_levels_in_order_of_strength() -> None:
    assert list(LEVELS) == ["random", "easy", "normal", "hard"]
    assert [LEVELS[name].strategy for name in LEVELS] == [
        Strategy.RANDOM,
        Strategy.GREEDY,
        Strategy.SEARCH,
        Strategy.SEARCH,
    ]


def test_searching_levels_think_at_most_a_second_by_default() -> None:
    for name in ("normal", "hard"):
        budget = LEVELS[name].budget
        assert budget is not None and budget.seconds is not None and budget.seconds <= 1.0
    assert LEVELS["hard"].budget != LEVELS["normal"].budget


def test_a_level_name_is_a_level() -> None:
    for name, level in LEVELS.items():
        assert parse_level(name) == level
        assert parse_level(f" {name} ") == level


def test_a_time_after_the_name_sets_the_seat_s_thinking_time() -> None:
    level = parse_level("hard:0.25")
    assert level.name == "hard"
    assert level.budget == Budget(seconds=0.25)
    assert level.rollout == LEVELS["hard"].rollout
    assert parse_level(f"normal:{MAX_SECONDS:g}").budget == Budget(seconds=MAX_SECONDS)


@pytest.mark.parametrize(
    ("text", "complaint"),
    [
        ("grandmaster", "no bot level 'grandmaster' (levels: random, easy, normal, hard)"),
        ("", "no bot level ''"),
        ("easy:1", "does not think"),
        ("random:0.5", "does not think"),
        ("hard:", "is not a number of seconds"),
        ("hard:fast", "is not a number of seconds"),
        ("hard:0", "more than 0 and at most 30"),
        ("hard:-1", "more than 0 and at most 30"),
        ("hard:31", "more than 0 and at most 30"),
        ("hard:nan", "more than 0 and at most 30"),
        ("hard:inf", "more than 0 and at most 30"),
    ],
)
def test_a_bad_level_is_refused_with_the_reason(text: str, complaint: str) -> None:
    with pytest.raises(ValueError, match=complaint.replace("(", r"\(").replace(")", r"\)")):
        parse_level(text)


def test_a_budget_needs_a_limit() -> None:
    with pytest.raises(ValueError):
        Budget()
