"""Doors as data: cards, traits, moves, events and the per-seat view.

These types are the vocabulary shared by the rules (`state.py`), the server's codec and the
bots. Every ruling of `shared/rules/doors.md` that is a number or a choice lives in `RULES`
below, so it changes in one edit.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, replace

from engine.core import PublicEvent, Seat


class Colour(enum.IntEnum):
    RED = 1
    BLUE = 2


class Role(enum.IntEnum):
    LADY = 1
    TIGER = 2


class Card(enum.IntEnum):
    """A Door (identity) or Clue card. The four Doors double as the four plain Clue kinds."""

    RED_LADY = 1
    BLUE_LADY = 2
    RED_TIGER = 3
    BLUE_TIGER = 4
    WILD_COLOUR = 5
    WILD_ROLE = 6

    @property
    def colours(self) -> frozenset[Colour]:
        return TRAITS[self][0]

    @property
    def roles(self) -> frozenset[Role]:
        return TRAITS[self][1]

    @property
    def text(self) -> str:
        return self.name.lower().replace("_", "-")


_RED, _BLUE = frozenset({Colour.RED}), frozenset({Colour.BLUE})
_LADY, _TIGER = frozenset({Role.LADY}), frozenset({Role.TIGER})
_NONE_C: frozenset[Colour] = frozenset()
_NONE_R: frozenset[Role] = frozenset()

TRAITS: dict[Card, tuple[frozenset[Colour], frozenset[Role]]] = {
    Card.RED_LADY: (_RED, _LADY),
    Card.BLUE_LADY: (_BLUE, _LADY),
    Card.RED_TIGER: (_RED, _TIGER),
    Card.BLUE_TIGER: (_BLUE, _TIGER),
    # Q4: the wild colour card has no role; the wild role card has no colour.
    Card.WILD_COLOUR: (_RED | _BLUE, _NONE_R),
    Card.WILD_ROLE: (_NONE_C, _LADY | _TIGER),
}
"""Doors rules §1.2 and EC1: which traits each card counts for."""

DOORS: tuple[Card, ...] = (Card.RED_LADY, Card.BLUE_LADY, Card.RED_TIGER, Card.BLUE_TIGER)
"""The four Door (identity) cards, §1.1."""

CLUE_DECK: tuple[Card, ...] = (
    (Card.RED_LADY,) * 3
    + (Card.BLUE_LADY,) * 3
    + (Card.RED_TIGER,) * 3
    + (Card.BLUE_TIGER,) * 3
    + (Card.WILD_COLOUR, Card.WILD_ROLE)
)
"""The 14 clue cards, §1.2 and ruling Q2 (3 of each plain kind, 2 wilds)."""


class ScoreReason(enum.Enum):
    """Why a contest ended; each has a scorer role and a gem value (§2.6)."""

    COLLECTOR_SET = "collector set"
    WRONG_GUESS = "wrong guess"
    FULL_GUESS = "both traits guessed"
    DECK_EMPTY = "deck emptied"
    MATCHED_SET = "guesser matched a set"
    TRAIT_GUESS = "one trait guessed"


class Part(enum.Enum):
    """The two parts played in a contest (named apart from the Lady/Tiger role trait)."""

    COLLECTOR = "collector"
    GUESSER = "guesser"


@dataclass(frozen=True)
class Rules:
    """Every number and ruling of doors.md in one place."""

    target_gems: int = 10  # E3: first to 10 gems, checked at the end of each contest
    display_size: int = 4  # S3
    set_size: int = 4  # C5 / Q3: at least 4 collected cards sharing one identity trait
    gems: tuple[tuple[ScoreReason, Part, int], ...] = (
        (ScoreReason.COLLECTOR_SET, Part.COLLECTOR, 6),
        (ScoreReason.WRONG_GUESS, Part.COLLECTOR, 4),
        (ScoreReason.FULL_GUESS, Part.GUESSER, 5),
        (ScoreReason.DECK_EMPTY, Part.GUESSER, 3),
        (ScoreReason.MATCHED_SET, Part.GUESSER, 2),
        (ScoreReason.TRAIT_GUESS, Part.GUESSER, 1),
    )
    # Q1: the collector's set is scored automatically unless the match option says optional;
    # then scoring is part of the take (RULING D1 in docs/games/doors.md).
    collector_set_optional_default: bool = False
    # Q10 / S6: the first Collector is chosen at random (from the match seed).
    first_collector_random: bool = True

    def award(self, reason: ScoreReason) -> tuple[Part, int]:
        for row_reason, scorer, gems in self.gems:
            if row_reason is reason:
                return scorer, gems
        raise KeyError(reason)


RULES = Rules()


class Phase(enum.Enum):
    """Where a contest stands (doors.md §2.7)."""

    COLLECTOR_TAKE = "collector takes"
    GUESSER_DISCARD = "guesser discards, guesses or matches"
    GUESSER_ACTION = "guesser guesses, matches or passes"
    OVER = "match over"


# Moves ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Take:
    """Collector: take a display card into the collection (C1). With the optional set scoring
    (Q1), `score_set` also scores the set the collection then holds (C3); a take without it
    keeps any set hidden, and the display is refilled as after every take (RULING D1)."""

    card: Card
    score_set: bool = False

    def label(self) -> str:
        if self.score_set:
            return f"take {self.card.text} and score the set"
        return f"take {self.card.text}"


@dataclass(frozen=True)
class Discard:
    """Guesser: discard a display card (G1)."""

    card: Card

    def label(self) -> str:
        return f"discard {self.card.text}"


@dataclass(frozen=True)
class Guess:
    """Guesser: name one trait or both (G4). At least one of the two is set."""

    colour: Colour | None
    role: Role | None

    def label(self) -> str:
        parts = [t.name.lower() for t in (self.colour, self.role) if t is not None]
        return "guess " + "-".join(parts)


@dataclass(frozen=True)
class MatchSet:
    """Guesser: claim a set of one of their own traits in the Collector's cards (G5)."""

    def label(self) -> str:
        return "match-set"


@dataclass(frozen=True)
class Pass:
    """Guesser, after discarding: hand the turn back to the Collector (G6)."""

    def label(self) -> str:
        return "pass"


DoorsMove = Take | Discard | Guess | MatchSet | Pass


# Events (all public in Doors: the Doors are revealed only in ContestEnded) -----------------


@dataclass(frozen=True)
class ContestStarted(PublicEvent):
    contest: int
    collector: Seat

    def describe(self) -> str:
        return f"contest {self.contest} begins; seat {self.collector} is the Collector"


@dataclass(frozen=True)
class Took(PublicEvent):
    seat: Seat
    card: Card

    def describe(self) -> str:
        return f"seat {self.seat} takes {self.card.text}"


@dataclass(frozen=True)
class Discarded(PublicEvent):
    seat: Seat
    card: Card

    def describe(self) -> str:
        return f"seat {self.seat} discards {self.card.text}"


@dataclass(frozen=True)
class Refilled(PublicEvent):
    card: Card
    deck_left: int

    def describe(self) -> str:
        return f"{self.card.text} refills the display ({self.deck_left} left in the deck)"


@dataclass(frozen=True)
class Guessed(PublicEvent):
    seat: Seat
    colour: Colour | None
    role: Role | None
    correct: bool

    def describe(self) -> str:
        named = "-".join(t.name.lower() for t in (self.colour, self.role) if t is not None)
        return f"seat {self.seat} guesses {named}: {'right' if self.correct else 'wrong'}"


@dataclass(frozen=True)
class Passed(PublicEvent):
    seat: Seat

    def describe(self) -> str:
        return f"seat {self.seat} passes"


@dataclass(frozen=True)
class ContestEnded(PublicEvent):
    """The contest's scoring, with both Doors revealed (E1)."""

    contest: int
    reason: ScoreReason
    scorer: Seat
    gems: int
    doors: tuple[Card, Card]

    def describe(self) -> str:
        doors = ", ".join(f"seat {s} was {d.text}" for s, d in enumerate(self.doors))
        return f"{self.reason.value}: seat {self.scorer} gains {self.gems} gems ({doors})"


@dataclass(frozen=True)
class MatchEnded(PublicEvent):
    winner: Seat
    gems: tuple[int, int]

    def describe(self) -> str:
        return f"seat {self.winner} wins the match {self.gems[0]}-{self.gems[1]}"


DoorsEvent = (
    ContestStarted | Took | Discarded | Refilled | Guessed | Passed | ContestEnded | MatchEnded
)


@dataclass(frozen=True)
class ContestOutcome:
    """The last finished contest, kept in the view so a reconnecting client can show it."""

    contest: int
    reason: ScoreReason
    scorer: Seat
    gems: int
    doors: tuple[Card, Card]


@dataclass(frozen=True)
class ContestRecord:
    """One finished contest as anyone at the table saw it, so that a player (or bot) can
    remember how the other seat played earlier contests: every card in it was face up when it
    was played, and the Doors only in the reveal at its end.

    Replaying it needs no hidden card: start from `opening_display`; each `Take` or `Discard`
    in `moves` removes its card from the display, and the next card of `refills` is then put
    there (none after the take that scored a set, and none after the guess, match or pass,
    which refill nothing). The last refill may have emptied the deck and ended the contest.
    """

    contest: int
    collector: Seat
    opening_display: tuple[Card, ...]
    """The display as dealt, sorted."""
    moves: tuple[DoorsMove, ...]
    """Every decision of the contest, in order, both seats'."""
    refills: tuple[Card, ...]
    """The cards that refilled the display, in order (the top of the deck first)."""
    outcome: ContestOutcome


@dataclass(frozen=True)
class RunningContest:
    """The contest in play as anyone at the table has seen it so far: replayed as a
    `ContestRecord` is (its takes and discards each refilled from `refills`), it gives the
    display each of the Collector's takes was made from, which a Guesser reads for how this
    Collector takes (bots/doors/history.py) before the contest ends and shows its Doors."""

    opening_display: tuple[Card, ...]
    """The display as dealt, sorted."""
    moves: tuple[DoorsMove, ...]
    """Every decision of the contest so far, in order, both seats'."""
    refills: tuple[Card, ...]
    """The cards that have refilled the display, in order."""


@dataclass(frozen=True)
class DoorsView:
    """All that one seat (or, with viewer None, a spectator) may know.

    The display is kept sorted: which slot a card sits in carries no information.
    """

    viewer: Seat | None
    contest: int
    collector: Seat
    phase: Phase
    to_act: Seat | None
    display: tuple[Card, ...]
    deck_count: int
    collection: tuple[Card, ...]
    discards: tuple[Card, ...]
    gems: tuple[int, int]
    own_door: Card | None
    last_contest: ContestOutcome | None
    target_gems: int
    collector_set_optional: bool
    history: tuple[ContestRecord, ...]
    """Every finished contest of the match, oldest first: all public."""
    running_contest: RunningContest | None
    """The contest in play so far (all public); None once the match is over."""

    def joined(self, private: DoorsPrivate) -> DoorsView:
        """The seat's view: this public one with its own Door."""
        return replace(self, viewer=private.seat, own_door=private.door)


@dataclass(frozen=True)
class DoorsPrivate:
    """What one seat alone knows: its own Door (the other Door and the set-aside ones are
    nobody's until the contest's reveal)."""

    seat: Seat
    door: Card
