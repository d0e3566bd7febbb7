"""Every view is a public part plus the seat's private part (issue 24): over random matches of
every game, every seat count and every option set, the public part is exactly the spectator's
view, the public part joined with a seat's private part is exactly that seat's view, and the
private part is what the seat knows (the same in every world its `determinize` resamples)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import GAMES
from engine.core import BadOptions, State

PLAY = settings(max_examples=60, deadline=None)
MOVES = 400
"""At most this many random moves a match (a Tiger & Dragon match can run longer)."""


@st.composite
def matches(draw: st.DrawFn, game_id: str) -> State:
    """A new match of `game_id` with any seat count and any option values (a value refused
    beside another, or at this seat count, is set back to its default)."""
    info = GAMES[game_id].info
    players = draw(st.integers(info.min_players, info.max_players))
    raw = {spec.name: draw(st.sampled_from(spec.values)) for spec in info.options}
    defaults = {spec.name: spec.default for spec in info.options}
    while True:
        try:
            options = info.validate(players, raw)
            return GAMES[game_id].new(players, options, draw(st.integers(0, 2**32 - 1)))
        except BadOptions as refused:
            assert raw[refused.option] != defaults[refused.option], refused.message
            raw[refused.option] = defaults[refused.option]


def played(state: State, rng: random.Random, most: int) -> State:
    """`state` after up to `most` random moves (fewer when the match ends first)."""
    for _ in range(rng.randint(0, most)):
        if state.to_act() is None:
            break
        state.apply(rng.choice(state.legal_moves()))
    return state


def check_parts(state: State) -> None:
    public = state.public_view()
    assert public == state.view(None), "the public part is not the spectator's view"
    for seat in range(state.players):
        private = state.private_view(seat)
        assert private.seat == seat
        assert public.joined(private) == state.view(seat), f"seat {seat}: public + private"


@pytest.mark.parametrize("game_id", sorted(GAMES))
@PLAY
@given(data=st.data(), play_seed=st.integers(0, 2**16))
def test_public_plus_private_is_every_seats_view(
    game_id: str, data: st.DataObject, play_seed: int
) -> None:
    state = data.draw(matches(game_id))
    rng = random.Random(play_seed)
    for _ in range(MOVES):
        check_parts(state)
        if state.to_act() is None:
            break
        state.apply(rng.choice(state.legal_moves()))


@pytest.mark.parametrize("game_id", sorted(GAMES))
@PLAY
@given(data=st.data(), play_seed=st.integers(0, 2**16))
def test_a_private_part_is_what_its_seat_knows(
    game_id: str, data: st.DataObject, play_seed: int
) -> None:
    """The same in every world `determinize` resamples for the seat: it depends on nothing
    hidden from the seat (and the public part on nothing hidden from anyone)."""
    rng = random.Random(play_seed)
    state = played(data.draw(matches(game_id)), rng, 120)
    for seat in range(state.players):
        world = state.determinize(seat, random.Random(rng.getrandbits(32)))
        assert world.private_view(seat) == state.private_view(seat)
        assert world.public_view() == state.public_view()
