"""The engine contract (engine/core.py), one suite for every game in `engine.GAMES`.

Each test runs on every registered game at every seat count it allows and on its key variants
(tests/engine/matches.py), half the time with random values for every other option: a new game
gets the whole contract by registering. Over patient random play from random seeds: legal moves
are distinct and each applies to an independent copy; every other move is refused and changes
nothing; `determinize` keeps all a seat knows; every view is the public part plus the seat's
private part; events stay as each viewer sees them; the same seed, options and moves replay the
same match; and every match ends with a result. Each game's rules are tested in its folder.
"""

from __future__ import annotations

import collections
import dataclasses
import enum
import functools
import itertools
import random
import types
import typing
from collections.abc import Callable, Iterable, Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core import IllegalMove, Move, Rejection, State
from tests.engine.matches import Variant, setups, variants, viewers, walk

CASES = [pytest.param(variant, id=variant.name) for variant in variants()]
PLAY = settings(max_examples=20, deadline=None)
SOME = settings(max_examples=10, deadline=None)
DEPTH = st.one_of(st.just(0), st.integers(0, 300))
"""How many moves into a match a test starts checking (half the time at the first deal)..."""
STEPS = st.integers(0, 80)
"""... and for how many moves (the last ones of a match that ends sooner)."""
REFUSED_PER_STATE = 48
"""At most this many illegal moves are tried in each state, drawn from the game's move universe
when it holds more: all of them for Doors (29 moves) and Tiger & Dragon (41)."""
FULL_MATCH = 5_000
"""More moves than any match lasts."""


def _domain(hint: object, seen: set[object]) -> set[object]:
    """Every value a move field of type `hint` can take: an enum's members, both booleans, None
    where optional; for other types, the values seen in play."""
    if isinstance(hint, types.UnionType) or typing.get_origin(hint) is typing.Union:
        parts = typing.get_args(hint)
        return set().union(*(_domain(part, seen) for part in parts))
    if hint is type(None):
        return {None}
    if hint is bool:
        return {False, True}
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return set(hint)
    return {value for value in seen if value is not None}


def move_universe(seen: Iterable[Move]) -> tuple[Move, ...]:
    """Every move of the kinds in `seen`, each field of a dataclass move given every value of
    its type: the moves a client could send, legal somewhere or never."""
    kinds: dict[Callable[..., Move], list[Move]] = {}
    for move in seen:
        kinds.setdefault(type(move), []).append(move)
    universe: set[Move] = set()
    for kind, examples in kinds.items():
        universe.update(examples)
        if not dataclasses.is_dataclass(kind):
            continue
        hints = typing.get_type_hints(kind)
        domains = [
            sorted(_domain(hints[f.name], {getattr(m, f.name) for m in examples}), key=repr)
            for f in dataclasses.fields(kind)
        ]
        universe.update(kind(*values) for values in itertools.product(*domains))
    return tuple(sorted(universe, key=repr))


@functools.cache
def universe_of(game_id: str) -> tuple[Move, ...]:
    """The move universe of a game, from the kinds its legal moves show in seeded matches of
    each of its variants."""
    seen: set[Move] = set()
    for variant in variants():
        if variant.game_id != game_id:
            continue
        for seed in range(8):
            for state in walk(variant.new(seed), random.Random(seed), FULL_MATCH):
                seen.update(state.legal_moves())
    return move_universe(seen)


def checked(state: State, play_seed: int, depth: int, steps: int) -> list[State]:
    """Copies of `state` at `steps` + 1 successive positions of a patient walk: the last ones
    before `depth + steps` moves, or before the match ended if it ended sooner."""
    window: collections.deque[State] = collections.deque(maxlen=steps + 1)
    for now in walk(state, random.Random(play_seed), depth + steps):
        window.append(now.copy())
    return list(window)


def views(state: State) -> list[object]:
    return [state.view(viewer) for viewer in viewers(state)]


@pytest.mark.parametrize("variant", CASES)
@PLAY
@given(data=st.data(), play_seed=st.integers(0, 2**16), depth=DEPTH, steps=STEPS)
def test_legal_moves_are_distinct_and_each_applies_to_an_independent_copy(
    variant: Variant, data: st.DataObject, play_seed: int, depth: int, steps: int
) -> None:
    state = data.draw(setups(variant)).new()
    for now in checked(state, play_seed, depth, steps):
        before = repr(now)
        moves = now.legal_moves()
        assert list(now.legal_moves()) == list(moves), "legal moves in a stable order"
        assert len(set(moves)) == len(moves)
        assert len({move.label() for move in moves}) == len(moves), "labels are unique"
        assert bool(moves) == (now.to_act() is not None)
        for move in moves:
            after = now.copy()
            after.apply(move)
            assert after.to_act() is not None or after.result() is not None
            assert after.view(None) != now.view(None), f"{move} does not show on the table"
        assert repr(now) == before, "applying to a copy changed the original"


@pytest.mark.parametrize("variant", CASES)
@SOME
@given(data=st.data(), play_seed=st.integers(0, 2**16), depth=DEPTH, steps=STEPS)
def test_every_other_move_is_refused_and_leaves_the_state_as_it_was(
    variant: Variant, data: st.DataObject, play_seed: int, depth: int, steps: int
) -> None:
    state = data.draw(setups(variant)).new()
    universe = universe_of(variant.game_id)
    rng = random.Random(play_seed)
    for now in checked(state, play_seed, depth, steps):
        before, seen = repr(now), views(now)
        legal = set(now.legal_moves())
        others = [move for move in universe if move not in legal]
        expected = Rejection.MATCH_OVER if now.to_act() is None else Rejection.ILLEGAL_MOVE
        for move in rng.sample(others, min(len(others), REFUSED_PER_STATE)):
            with pytest.raises(IllegalMove) as refused:
                now.apply(move)
            assert refused.value.rejection is expected, move
            assert repr(now) == before, f"refusing {move} changed the state"
        assert views(now) == seen


@pytest.mark.parametrize("variant", CASES)
@PLAY
@given(
    data=st.data(),
    play_seed=st.integers(0, 2**16),
    depth=DEPTH,
    steps=STEPS,
    world=st.integers(0, 2**32),
)
def test_determinize_keeps_all_the_seat_knows(
    variant: Variant, data: st.DataObject, play_seed: int, depth: int, steps: int, world: int
) -> None:
    """A seat's view, its private part, the public part and (its turn) its legal moves are the
    same in every world `determinize` resamples for it; the original is left as it was."""
    state = data.draw(setups(variant)).new()
    rng = random.Random(world)
    for now in checked(state, play_seed, depth, steps):
        before = repr(now)
        for seat in range(now.players):
            sample = now.determinize(seat, rng)
            assert sample.view(seat) == now.view(seat)
            assert sample.view(None) == now.view(None)
            assert sample.private_view(seat) == now.private_view(seat)
            assert sample.public_view() == now.public_view()
            if now.to_act() == seat:  # the others' choices may hang on what they hold
                assert sample.legal_moves() == now.legal_moves()
        assert repr(now) == before, "determinize changed the original"


@pytest.mark.parametrize("variant", CASES)
@SOME
@given(data=st.data(), play_seed=st.integers(0, 2**16), world=st.integers(0, 2**32))
def test_determinized_worlds_play_on_to_a_result(
    variant: Variant, data: st.DataObject, play_seed: int, world: int
) -> None:
    state = data.draw(setups(variant)).new()
    rng = random.Random(world)
    for now in walk(state, random.Random(play_seed), FULL_MATCH):
        seat = now.to_act()
        if seat is None or rng.random() < 0.8:
            continue
        sample = now.determinize(seat, rng)
        while sample.to_act() is not None:
            sample.apply(rng.choice(sample.legal_moves()))
        assert sample.result() is not None


@pytest.mark.parametrize("variant", CASES)
@SOME
@given(data=st.data(), play_seed=st.integers(0, 2**16))
def test_public_plus_private_is_every_seats_view(
    variant: Variant, data: st.DataObject, play_seed: int
) -> None:
    """The public part is exactly the spectator's view, and joined with a seat's private part
    exactly that seat's view (the server encodes the public part once for everyone)."""
    state = data.draw(setups(variant)).new()
    rng = random.Random(play_seed)
    for _ in range(400):
        public = state.public_view()
        assert public == state.view(None), "the public part is not the spectator's view"
        for seat in range(state.players):
            private = state.private_view(seat)
            assert private.seat == seat
            assert public.joined(private) == state.view(seat), f"seat {seat}: public + private"
        if state.to_act() is None:
            break
        state.apply(rng.choice(state.legal_moves()))


@pytest.mark.parametrize("variant", CASES)
@PLAY
@given(data=st.data(), choices=st.lists(st.integers(0, 2**16), max_size=120))
def test_the_same_seed_options_and_moves_replay_the_same_match(
    variant: Variant, data: st.DataObject, choices: Sequence[int]
) -> None:
    """Events, every view and every viewer's copy of each event are the same in both."""
    setup = data.draw(setups(variant))
    first, second = setup.new(), setup.new()
    for choice in choices:
        assert views(first) == views(second)
        if first.to_act() is None:
            break
        moves = first.legal_moves()
        assert [m.label() for m in second.legal_moves()] == [m.label() for m in moves]
        move = moves[choice % len(moves)]
        events = first.apply(move)
        assert events == second.apply(move)
        for event in events:
            for viewer in viewers(first):
                seen = event.for_viewer(viewer)
                if seen is not None:
                    assert seen.for_viewer(viewer) == seen, "a viewer's copy is already redacted"
                    assert seen.describe(), "every event a viewer sees has a log line"


@pytest.mark.parametrize("variant", CASES)
@SOME
@given(data=st.data(), play_seed=st.integers(0, 2**16))
def test_every_match_ends_with_a_result_and_then_refuses_every_move(
    variant: Variant, data: st.DataObject, play_seed: int
) -> None:
    state = data.draw(setups(variant)).new()
    for _ in walk(state, random.Random(play_seed), FULL_MATCH):
        pass
    result = state.result()
    assert result is not None and state.to_act() is None and not state.legal_moves()
    assert result.scores == state.scores()
    assert len(result.scores) == state.players
    assert list(result.winners) == sorted(set(result.winners))
    assert set(result.winners) <= set(range(state.players))
    universe = universe_of(variant.game_id)
    for move in random.Random(play_seed).sample(universe, min(len(universe), REFUSED_PER_STATE)):
        with pytest.raises(IllegalMove) as refused:
            state.apply(move)
        assert refused.value.rejection is Rejection.MATCH_OVER
