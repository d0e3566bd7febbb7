"""The Doors Guesser reads how carefully this Collector took in earlier contests
(`bots/doors/history.py`, `careless_chance` and `random_chance` in `bots/doors/policy.py`)."""

from __future__ import annotations

import random
from dataclasses import replace

from bots import Budget, decide
from bots.doors.history import earlier_takes, posterior_mean, takes
from bots.doors.policy import (
    CARELESS,
    POLICY,
    SURPRISE,
    careless_chance,
    random_chance,
    running_evidence,
    take_evidence,
)
from engine.doors.model import DoorsView, Take
from engine.doors.state import DoorsState


def played(collector: str, seed: int, optional: bool = False) -> DoorsState:
    """A finished match in which seat 0 plays `collector` and seat 1 `easy`."""
    state = DoorsState(seed, collector_set_optional=optional)
    rng = random.Random(seed)
    while (seat := state.to_act()) is not None:
        level = collector if seat == 0 else "easy"
        state.apply(decide(state, seat, level, rng.getrandbits(32)))
    return state


def as_guesser_of(state: DoorsState, collector: int) -> DoorsView:
    """Seat 1 - `collector`'s view, as the Guesser of a contest `collector` collects in, with
    the whole match's history behind it."""
    return replace(state.view(1 - collector), collector=collector, history=state.history)


def test_the_posterior_is_the_prior_without_evidence_and_follows_it() -> None:
    assert posterior_mean(0.9, 2.0, []) == 0.9
    careful = [posterior_mean(0.9, 2.0, [(1 / 3, 1.0)] * n) for n in range(6)]
    assert careful == sorted(careful, reverse=True) and careful[-1] < 0.5
    # A uniform prior and six observations only a careless Collector makes: Beta(7, 1).
    assert abs(posterior_mean(0.5, 2.0, [(1 / 3, 0.0)] * 6) - 7 / 8) < 0.002


def test_every_earlier_take_of_an_easy_collector_is_the_heuristics() -> None:
    """Replaying the public record gives the very displays and collections the Collector took
    from: `easy` takes by the heuristic, so every one of its takes reads as the heuristic's."""
    for seed, optional in ((1, False), (2, False), (3, True), (4, True)):
        state = played("easy", seed, optional)
        view = as_guesser_of(state, 0)
        moments = list(earlier_takes(view))
        assert moments, "seat 0 collected in some contest"
        for moment in moments:
            careless, careful = take_evidence(view, moment)
            assert careful > 0.0 and careless <= 1.0, moment


def test_the_replay_sees_each_take_on_its_display() -> None:
    state = played("random", 5)
    for record in state.history:
        collector_moves = [m for m in record.moves if isinstance(m, Take)]
        replayed = list(takes(record))
        assert [m.take for m in replayed] == collector_moves
        for moment in replayed:
            assert moment.take.card in moment.display
            assert moment.door == record.outcome.doors[record.collector]


def test_the_guesser_reads_a_careful_collector_as_careful_and_a_random_one_as_random() -> None:
    """The Guesser's model of the Collector follows what this Collector's earlier takes show
    (before issue 23 every Collector was modelled as taking at random nine times in ten)."""
    easy = [as_guesser_of(played("easy", seed), 0) for seed in range(6, 12)]
    wild = [as_guesser_of(played("random", seed), 0) for seed in range(6, 12)]
    assert all(POLICY.surprise(v) < SURPRISE for v in easy)
    assert all(careless_chance(v) < CARELESS for v in easy)
    assert sum(random_chance(v) for v in easy) < sum(random_chance(v) for v in wild)
    assert sum(careless_chance(v) for v in easy) < sum(careless_chance(v) for v in wild)
    # Read from the same prior, one reads as mostly careful, the other as mostly random.
    assert sum(random_chance(v) for v in easy) / len(easy) < 0.5
    assert sum(random_chance(v) for v in wild) / len(wild) > 0.5


def test_only_the_collectors_own_earlier_contests_count() -> None:
    """The other seat's contests as Collector say nothing about this one; with none of its own
    the Guesser keeps the priors."""
    state = played("easy", 13)
    view = as_guesser_of(state, 0)
    others = tuple(r for r in state.history if r.collector != 0)
    assert others
    alone = replace(view, history=others)
    assert (careless_chance(alone), random_chance(alone)) == (CARELESS, SURPRISE)
    assert POLICY.surprise(replace(view, history=())) == SURPRISE


def test_the_hard_guessers_search_weighs_the_history() -> None:
    """The same contest, remembered after a careful Collector and after a careless one, is
    searched with different worlds and opponents (decisions stay a function of the view)."""
    state = played("easy", 14)
    careful_history = state.history
    random_history = played("random", 14).history
    game = DoorsState(15)
    while game.to_act() == game.collector:
        game.apply(game.legal_moves()[0])
    guesser = game.to_act()
    assert guesser is not None
    view = game.view(guesser)
    readings = set()
    for history in (careful_history, random_history):
        records = tuple(replace(r, collector=game.collector) for r in history)
        remembered = replace(view, history=records)
        belief = POLICY.belief(remembered)
        assert belief is not None
        world = game.determinize(guesser, random.Random(1))
        readings.add((POLICY.surprise(remembered), belief(world)))
    assert len(readings) == 2
    assert decide(game, guesser, "hard", 3, Budget(iterations=50)) in game.legal_moves()


def in_first_contest(collector: str, seed: int, takes_wanted: int) -> DoorsView | None:
    """The Guesser's view in the match's first contest once `collector` (seat 0, against
    `easy`) has taken `takes_wanted` cards, or None if the contest ended before."""
    state = DoorsState(seed)
    rng = random.Random(seed)
    while state.contest == 1 and (seat := state.to_act()) is not None:
        if seat != state.collector and len(state.collection) >= takes_wanted:
            return state.view(seat)
        level = collector if seat == state.collector else "easy"
        state.apply(decide(state, seat, level, rng.getrandbits(32)))
    return None


def test_the_running_contests_takes_count_before_its_doors_are_shown() -> None:
    """In a match's first contest there is no history to read: the takes so far are weighed
    over the Doors the Collector may hold, and a random Collector's seldom fit one Door."""
    careful = [v for s in range(20) if (v := in_first_contest("easy", s, 3)) is not None]
    wild = [v for s in range(20) if (v := in_first_contest("random", s, 3)) is not None]
    assert len(careful) >= 10 and len(wild) >= 10
    assert all(v.history == () for v in careful + wild)
    careful_mean = sum(random_chance(v) for v in careful) / len(careful)
    wild_mean = sum(random_chance(v) for v in wild) / len(wild)
    assert careful_mean < SURPRISE - 0.1 and careful_mean < wild_mean - 0.1
    for view in careful + wild:
        assert running_evidence(view)
        assert random_chance(replace(view, running_contest=None)) == SURPRISE
