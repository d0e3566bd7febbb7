"""The Koi-Koi bot reads the match options where they change a decision: a first-to-N race
(stop when the stop wins, or when the opponent is a deal from the target) and the koi-koi
lock and the call limit (call only against an opponent nearly without yaku)."""

from __future__ import annotations

import dataclasses

from bots.koikoi.policy import Table
from engine.koikoi.model import KoiKoiView, Phase
from tests.engine.koikoi.koikoi_scenarios import cards
from tests.engine.koikoi.test_koikoi_decision import scripted_vector9


def decision_view(**changes: object) -> KoiKoiView:
    """The dealer deciding early in a 3-deal match with a small stop (2 points), a full hand
    and an opponent without yaku: by default a bot plays on."""
    state, _ = scripted_vector9(upto=3)
    view = state.view(0)
    assert view.phase is Phase.DECISION and view.hand_counts[0] >= 4
    mine = cards("jan-plain-1 jan-plain-2")
    theirs = cards("may-plain-1")
    base = dataclasses.replace(
        view, deals=3, stop_points=(2, 0), totals=(2, 0), piles=(mine, theirs)
    )
    return dataclasses.replace(base, **changes)  # type: ignore[arg-type]


def test_the_bot_plays_on_with_a_small_stop_early_in_a_match() -> None:
    assert Table(decision_view()).koi_koi()


def test_first_to_a_stop_that_reaches_the_target_is_taken() -> None:
    assert Table(decision_view(target=30, deals=0, scores=(10, 0))).koi_koi()
    assert not Table(decision_view(target=30, deals=0, scores=(28, 0))).koi_koi()


def test_first_to_an_opponent_a_deal_from_the_target_gets_no_more_turns() -> None:
    assert not Table(decision_view(target=30, deals=0, scores=(0, 24))).koi_koi()


def test_koi_koi_lock_calls_only_against_an_opponent_nearly_without_yaku() -> None:
    threat = cards("jan-poetry jun-blue")  # halfway to akatan and aotan
    view = decision_view(piles=(cards("jan-plain-1 jan-plain-2"), threat))
    assert 1.0 <= Table(view).their_base < 2.0
    assert Table(view).koi_koi()
    assert not Table(dataclasses.replace(view, koi_koi_lock=True)).koi_koi()


def test_koi_koi_limit_the_last_allowed_call_is_weighed_like_the_lock() -> None:
    threat = cards("jan-poetry jun-blue")
    view = decision_view(piles=(cards("jan-plain-1 jan-plain-2"), threat))
    assert Table(dataclasses.replace(view, koi_koi_limit=2)).koi_koi()  # a call to spare
    assert not Table(dataclasses.replace(view, koi_koi_limit=1)).koi_koi()


def test_zero_sum_in_the_last_deal_a_stop_counts_twice() -> None:
    """48-52 with a 3-point stop: plain, 51 does not win, so play on; zero-sum, the stop
    makes it 51-49."""
    view = decision_view(deals=3, deal=3, scores=(48, 52), stop_points=(3, 0))
    assert Table(view).koi_koi()
    assert not Table(dataclasses.replace(view, zero_sum=True)).koi_koi()
