"""The matches the engine contract is checked on and the playthroughs record: every game in
`engine.GAMES` at every seat count it allows with its default options, then the house rules
worth a case of their own (`KEY_OPTIONS`). A game is covered by registering it; naming its key
variants here is optional.

Also the random play both share: seeded, and patient (most of the time a move that leaves the
match scores as they are, so deep deals, koi-koi calls and long contests come up, not only the
quick endings a uniform choice finds first)."""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from dataclasses import dataclass

from hypothesis import strategies as st

from engine import GAMES
from engine.core import BadOptions, Move, Seat, State

KEY_OPTIONS: Mapping[str, tuple[tuple[int, Mapping[str, str]], ...]] = {
    "doors": ((2, {"collector_set": "optional"}),),
    "koikoi": (
        (2, {"dealt_hand": "redeal", "hand_size": "10"}),
        (2, {"viewing_sake": "1_3", "viewing_cancel": "rain", "rain_card": "willow"}),
        (2, {"deals": "3", "zero_sum": "on", "bright_base": "on", "board_four": "dealer_takes"}),
    ),
    "tiger-dragon": (
        (4, {"teams": "on"}),
        (3, {"battlefield": "random_with_promo", "new_card_each_round": "any"}),
    ),
}
"""(seats, options) per game id: the house rules and seatings that get a contract case and a
playthrough of their own besides every seat count with the defaults."""


@dataclass(frozen=True)
class Variant:
    """A game, a seat count and the options that differ from the defaults."""

    game_id: str
    players: int
    options: tuple[tuple[str, str], ...] = ()

    @property
    def name(self) -> str:
        """`tiger-dragon-4p-teams=on`: a test id and a file name."""
        chosen = (f"{name}={value}" for name, value in self.options)
        return "-".join((self.game_id, f"{self.players}p", *chosen))

    def validated(self) -> dict[str, str]:
        """Every option of the game, defaults filled in."""
        return GAMES[self.game_id].info.validate(self.players, dict(self.options))

    def new(self, seed: int) -> State:
        return GAMES[self.game_id].new(self.players, self.validated(), seed)


def variants() -> tuple[Variant, ...]:
    """Every registered game at each seat count with its defaults, then its key variants."""
    plain = [
        Variant(game_id, players)
        for game_id, game in sorted(GAMES.items())
        for players in range(game.info.min_players, game.info.max_players + 1)
    ]
    key = [
        Variant(game_id, players, tuple(sorted(options.items())))
        for game_id in sorted(GAMES)
        for players, options in KEY_OPTIONS.get(game_id, ())
    ]
    return (*plain, *key)


def viewers(state: State) -> tuple[Seat | None, ...]:
    """Every seat, then the spectator (None)."""
    return (*range(state.players), None)


@dataclass(frozen=True)
class Setup:
    """What makes a match: (game, seats, options, seed) replays it with the same moves."""

    game_id: str
    players: int
    options: Mapping[str, str]
    seed: int

    def new(self) -> State:
        return GAMES[self.game_id].new(self.players, self.options, self.seed)


@st.composite
def setups(draw: st.DrawFn, variant: Variant, house_rules: bool | None = None) -> Setup:
    """A match of `variant` from any seed; with `house_rules` (drawn when None), every option
    the variant leaves at its default takes any value (one refused beside another, or at this
    seat count, is set back to its default)."""
    info = GAMES[variant.game_id].info
    fixed = dict(variant.options)
    defaults = {spec.name: spec.default for spec in info.options}
    raw = dict(fixed)
    if house_rules or (house_rules is None and draw(st.booleans())):
        for spec in info.options:
            raw.setdefault(spec.name, draw(st.sampled_from(spec.values)))
    seed = draw(st.integers(0, 2**32 - 1))
    while True:
        try:
            return Setup(
                variant.game_id, variant.players, info.validate(variant.players, raw), seed
            )
        except BadOptions as refused:
            named = {refused.option}
            if refused.option in fixed:  # then the drawn option it conflicts with goes back
                named = {c.other for c in info.conflicts if c.option == refused.option}
                named |= {c.option for c in info.conflicts if c.other == refused.option}
            drawn = [name for name in sorted(named - fixed.keys()) if raw[name] != defaults[name]]
            assert drawn, refused.message
            for name in drawn:
                raw[name] = defaults[name]


@st.composite
def matches(draw: st.DrawFn, game_id: str) -> State:
    """A new match of `game_id` with any seat count and any option values."""
    info = GAMES[game_id].info
    players = draw(st.integers(info.min_players, info.max_players))
    return draw(setups(Variant(game_id, players), house_rules=True)).new()


def patient_move(state: State, rng: random.Random, patience: float = 0.8) -> Move:
    """A random legal move; with probability `patience`, one that leaves the match scores as
    they are when there is such a move (so a deal or contest runs on rather than ending)."""
    legal = state.legal_moves()
    if rng.random() < patience:
        scores = state.scores()
        quiet = [move for move in legal if _scores_after(state, move) == scores]
        if quiet:
            return rng.choice(quiet)
    return rng.choice(legal)


def _scores_after(state: State, move: Move) -> tuple[int, ...]:
    after = state.copy()
    after.apply(move)
    return after.scores()


def walk(state: State, rng: random.Random, most: int) -> Iterator[State]:
    """`state` before each of up to `most` patient random moves and once at the end (the same
    object, changing in place); stops early when the match is over."""
    for _ in range(most):
        yield state
        if state.to_act() is None:
            return
        state.apply(patient_move(state, rng))
    yield state


def played(state: State, rng: random.Random, most: int) -> State:
    """`state` after up to `most` random moves (fewer when the match ends first)."""
    for _ in range(rng.randint(0, most)):
        if state.to_act() is None:
            break
        state.apply(rng.choice(state.legal_moves()))
    return state
