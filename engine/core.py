"""The game-agnostic engine contract every game package implements.

The engine is pure rules: no gRPC, no protobuf, no I/O, no logging. A game is declared as data
(`GameInfo`, read by the lobby without building a state) and makes `State`s. A `State` has a
small surface — `to_act / legal_moves / apply / view / determinize / result` — and that is all the
server, the bots and the generic tests need.

Hidden information leaves the engine only through `State.view(seat)` and `Event.for_viewer(seat)`:
the server's codecs read nothing else. Every view is a public part, the same for everyone and
exactly the spectator's view (`State.public_view()`), plus the part only its seat knows
(`State.private_view(seat)`): `view(seat) == public_view().joined(private_view(seat))`, so the
server builds and encodes the public part once for everyone and only the small private part per
seat. `repr(state)` may show everything; it never reaches a
client.
"""

from __future__ import annotations

import enum
import random
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, Self

Seat = int
"""A seat number, 0 .. players-1, in clockwise order."""


class Rejection(enum.Enum):
    """Why the engine refused a move: a closed set, mapped 1:1 to a gRPC status by the server."""

    NOT_YOUR_TURN = "NOT_YOUR_TURN"
    ILLEGAL_MOVE = "ILLEGAL_MOVE"
    MATCH_OVER = "MATCH_OVER"


class IllegalMove(Exception):
    """A move the rules do not allow now. The state is unchanged when this is raised."""

    def __init__(self, rejection: Rejection, message: str) -> None:
        super().__init__(message)
        self.rejection = rejection
        self.message = message


class BadOptions(ValueError):
    """Match options that a game does not accept; names the offending option."""

    def __init__(self, option: str, message: str) -> None:
        super().__init__(message)
        self.option = option
        self.message = message


class Move(Protocol):
    """A decision of the seat to act: a frozen, hashable dataclass of the game's own."""

    def __hash__(self) -> int: ...

    def label(self) -> str:
        """A short human-readable name ("take red-lady"), unique among the legal moves."""
        ...


class View(Protocol):
    """Everything one seat (or a spectator) may know: a frozen dataclass compared with ==."""

    def joined(self, private: Any) -> View:
        """This public view (a spectator's) with `private`, what one seat alone knows, filled
        in: that seat's whole view."""
        ...


class PrivateView(Protocol):
    """What one seat alone knows, the part of its view no one else is told: a frozen dataclass
    compared with ==."""

    @property
    def seat(self) -> Seat:
        """The seat that knows it."""
        ...


class Event(Protocol):
    """Something that happened, carrying its own visibility: a frozen, hashable dataclass (the
    server encodes each value once, server/outbound.py)."""

    def __hash__(self) -> int: ...

    def for_viewer(self, viewer: Seat | None) -> Event | None:
        """This event as `viewer` may see it (redacted), or None when they may not see it."""
        ...

    def describe(self) -> str:
        """One log line for people. Must only use what `for_viewer` kept."""
        ...


class PublicEvent:
    """Mixin for an event every seat and spectator sees whole."""

    def for_viewer(self, viewer: Seat | None) -> Self:
        return self


@dataclass(frozen=True)
class OptionSpec:
    """One named match option: its allowed values (as text), default and one-line meaning."""

    name: str
    description: str
    values: tuple[str, ...]
    default: str

    def parse(self, raw: str) -> str:
        if raw not in self.values:
            allowed = ", ".join(self.values)
            raise BadOptions(self.name, f"option {self.name}={raw!r} is not one of: {allowed}")
        return raw


@dataclass(frozen=True)
class Conflict:
    """Option values that cannot be combined: `option` with any of `values` and `other` with
    any of `other_values`; `why` finishes the refusal's sentence."""

    option: str
    values: frozenset[str]
    other: str
    other_values: frozenset[str]
    why: str

    def check(self, options: Mapping[str, str]) -> None:
        mine, theirs = options.get(self.option), options.get(self.other)
        if mine in self.values and theirs in self.other_values:
            raise BadOptions(
                self.option,
                f"option {self.option}={mine} cannot be combined with {self.other}={theirs}: "
                f"{self.why}",
            )


@dataclass(frozen=True)
class GameInfo:
    """The static description of a game, read by the lobby without building a state."""

    id: str
    title: str
    min_players: int
    max_players: int
    summary: str
    help: str
    options: tuple[OptionSpec, ...] = ()
    default_players: int = 2
    conflicts: tuple[Conflict, ...] = ()

    def validate(self, players: int, raw: Mapping[str, str]) -> dict[str, str]:
        """Checks the player count, the options and the `conflicts` between them; returns
        every option with defaults filled in."""
        if not self.min_players <= players <= self.max_players:
            raise BadOptions(
                "players",
                f"{self.title} is for {self.min_players}-{self.max_players} players, not {players}",
            )
        specs = {spec.name: spec for spec in self.options}
        unknown = sorted(set(raw) - set(specs))
        if unknown:
            known = ", ".join(specs) or "none"
            raise BadOptions(
                unknown[0], f"unknown option {unknown[0]!r} for {self.id} (options: {known})"
            )
        options = {name: spec.parse(raw.get(name, spec.default)) for name, spec in specs.items()}
        for conflict in self.conflicts:
            conflict.check(options)
        return options


@dataclass(frozen=True)
class Result:
    """The outcome of a finished match: final scores per seat and the winning seats."""

    scores: tuple[int, ...]
    winners: tuple[Seat, ...]
    detail: Mapping[str, Any] = field(default_factory=dict)


class State(ABC):
    """One node of a match (the engine owns the whole match, not one round)."""

    players: int

    @abstractmethod
    def to_act(self) -> Seat | None:
        """Whose decision it is, or None when the match is over."""

    @abstractmethod
    def legal_moves(self) -> Sequence[Move]:
        """The moves the seat to act may make, in a stable order; empty when over."""

    @abstractmethod
    def apply(self, move: Move) -> list[Event]:
        """Plays `move` for the seat to act and runs forced transitions until a seat must
        decide. Raises IllegalMove (state unchanged) when the move is not legal now."""

    @abstractmethod
    def view(self, viewer: Seat | None) -> View:
        """All that `viewer` may know; None is a spectator, who sees public facts only.

        Built in one pass (bots call it in every playout step); it equals
        `public_view().joined(private_view(viewer))` for a seat, which the property tests
        check for every game, seat count and option set."""

    def public_view(self) -> View:
        """The public part of every seat's view: what everyone may know, which is exactly the
        spectator's view."""
        return self.view(None)

    @abstractmethod
    def private_view(self, seat: Seat) -> PrivateView:
        """What `seat` alone knows (its hand, its Door, its own face-down tiles), built without
        the public part: the part of `view(seat)` that `public_view()` lacks."""

    @abstractmethod
    def determinize(self, viewer: Seat, rng: random.Random) -> State:
        """A copy where everything `viewer` cannot see — other hands, the stock order, unused
        cards and the random source of future deals — is resampled consistently with
        `view(viewer)`."""

    @abstractmethod
    def result(self) -> Result | None:
        """The match result once over, else None."""

    @abstractmethod
    def scores(self) -> tuple[int, ...]:
        """The public running match score per seat."""

    @abstractmethod
    def copy(self) -> State:
        """An independent copy, cheap enough for search."""

    def team(self, seat: Seat) -> int:
        """The seat's team; every seat is its own team unless a game says otherwise."""
        return seat


class Game(ABC):
    """Makes states. `info` is the game's static description."""

    info: GameInfo

    @abstractmethod
    def new(self, players: int, options: Mapping[str, str], seed: int) -> State:
        """A new match; `options` were validated by `info.validate`. All randomness of the
        match comes from `seed`, so (seed, options, moves) replays it exactly."""


def require_legal(state: State, move: Move) -> None:
    """The shared guard for `apply`: over, then legality (turn order is the room's job)."""
    if state.to_act() is None:
        raise IllegalMove(Rejection.MATCH_OVER, "the match is over; no more moves are accepted")
    moves = state.legal_moves()
    for legal_move in moves:  # the search applies the legal moves' own objects: no __eq__
        if legal_move is move:
            return
    if move not in moves:
        legal = ", ".join(m.label() for m in state.legal_moves())
        raise IllegalMove(
            Rejection.ILLEGAL_MOVE, f"{move.label()!r} is not legal now; legal moves: {legal}"
        )
