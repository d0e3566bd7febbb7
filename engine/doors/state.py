"""A Doors match as the phase machine of doors.md §2.7, from the first deal to 10 gems.

`apply` plays one decision and then runs every forced step — refill, scoring, the start of the
next contest — so that afterwards either a seat must decide or the match is over. All fields
are immutable (ints, enums, tuples), which makes `copy` a shallow copy and keeps the bots'
playouts cheap.

Randomness: the match seed yields the first Collector and a 64-bit deal seed. Each new contest
seeds a throwaway `random.Random` from the deal seed, draws the Door and clue orders from it and
takes the next deal seed from it too, so the state carries its random source as one int rather
than a `random.Random` (whose copy costs more than a whole Doors turn).

A contest after the first is dealt when something first reads its cards (the Doors, the display
or the deck), not when the last one ends: a search's playout stops at the end of the contest,
and dealing one that it never plays was a third of a random playout's time. The deal comes from
the same seed either way, so nothing that can be seen depends on when it is made.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import cache
from typing import cast

from mypy_extensions import mypyc_attr

from engine.chance import choice, sample_all, seeded
from engine.core import Event, Move, Result, Seat, State, fields, require_legal
from engine.doors.model import (
    CLUE_DECK,
    DOORS,
    RULES,
    Card,
    Colour,
    ContestEnded,
    ContestOutcome,
    ContestRecord,
    ContestStarted,
    Discard,
    Discarded,
    DoorsMove,
    DoorsPrivate,
    DoorsView,
    Guess,
    Guessed,
    MatchEnded,
    MatchSet,
    Part,
    Pass,
    Passed,
    Phase,
    Refilled,
    Role,
    RunningContest,
    ScoreReason,
    Take,
    Took,
)
from engine.doors.traits import has_set, judge_guess

GUESSES: tuple[Guess, ...] = (
    *(Guess(colour, None) for colour in Colour),
    *(Guess(None, role) for role in Role),
    *(Guess(colour, role) for role in Role for colour in Colour),
)
"""G4: every colour, every role and every full identity, in that order. The Guesser's own Door
is not pruned (EC11): the client offers all eight and a bot may skip the impossible ones."""

_MATCH_SET: tuple[DoorsMove, ...] = (MatchSet(),)
_PASS: tuple[DoorsMove, ...] = (Pass(),)

_SEATS = range(2)  # Doors is a game for two
_TOOK = tuple({card: Took(seat, card) for card in Card} for seat in _SEATS)
_DISCARDED = tuple({card: Discarded(seat, card) for card in Card} for seat in _SEATS)
_PASSED = tuple(Passed(seat) for seat in _SEATS)
_REFILLED = {card: tuple(Refilled(card, left) for left in range(len(CLUE_DECK))) for card in Card}
"""The events of every move, built once per seat and card (and deck count): events are frozen
values, and building a frozen dataclass costs a random playout about as much as the move."""


@cache
def _per_card_kind(
    move: type[Take] | type[Discard], display: tuple[Card, ...]
) -> tuple[DoorsMove, ...]:
    """One Take or Discard per card kind on the (sorted) display: two Red Ladies are one choice."""
    return tuple(move(card) for card in dict.fromkeys(display))


def _without(cards: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    at = cards.index(card)
    return cards[:at] + cards[at + 1 :]


@mypyc_attr(allow_interpreted_subclasses=True)  # see State
class DoorsState(State):
    """One node of a Doors match. `repr` shows everything; only `view` may reach a client."""

    players = 2

    def __init__(self, seed: int, *, collector_set_optional: bool = False) -> None:
        """A new match: the first Collector (S6 / Q10) and the first contest from `seed`."""
        rng = random.Random(seed)
        self.collector_set_optional = collector_set_optional
        self.collector: Seat = rng.randrange(self.players) if RULES.first_collector_random else 0
        self.contest = 1
        self.gems = (0, 0)
        self.last_contest: ContestOutcome | None = None
        self.history: tuple[ContestRecord, ...] = ()
        self._deal_seed = rng.getrandbits(64)
        self._begin_contest()
        self._deal_from_seed()

    # Dealing --------------------------------------------------------------------------------

    def deal(self, doors_order: Sequence[Card], clue_order: Sequence[Card]) -> None:
        """Deals the current contest from a draw order (S2, S3); tests call it to fix exact
        hands. The Collector gets `doors_order[0]`, the Guesser `doors_order[1]`, the other two
        are set aside unseen; `clue_order[:4]` is the display and the rest the deck, top first.
        """
        if sorted(doors_order) != sorted(DOORS) or sorted(clue_order) != sorted(CLUE_DECK):
            raise ValueError("a deal must order all four Doors and all fourteen clue cards")
        self._begin_contest()  # as before the deal on read: nothing taken, the Collector to take
        self._deal(doors_order, clue_order)

    def _deal(self, doors_order: Sequence[Card], clue_order: Sequence[Card]) -> None:
        """`deal` without checking the orders: those from the seed are whole by construction,
        and a random playout deals a contest every few moves."""
        first, second = doors_order[0], doors_order[1]
        self._doors = (first, second) if self.collector == 0 else (second, first)
        self._display = tuple(sorted(clue_order[: RULES.display_size]))
        self._deck = tuple(clue_order[RULES.display_size :])
        # The contest's record so far (see `_end_contest`): its opening display and moves.
        # Its refills are the deck as dealt less what is left, kept whole rather than card by
        # card; `determinize` keeps the refilled cards and resamples the rest with the deck.
        self._opening = self._display
        self._dealt_deck = self._deck
        self._undealt = False

    def _deal_from_seed(self) -> None:
        rng = seeded(self._deal_seed)
        self._deal_seed = rng.getrandbits(64)
        self._deal(sample_all(rng, DOORS), sample_all(rng, CLUE_DECK))

    def _begin_contest(self) -> None:
        """A contest's start before its cards: nothing taken or discarded yet, the Collector to
        take, and the deal to come from the seed when first read (`_dealt`)."""
        self._moves: tuple[Move, ...] = ()
        self.collection: tuple[Card, ...] = ()
        self.discards: tuple[Card, ...] = ()
        self.phase = Phase.COLLECTOR_TAKE
        self._undealt = True

    def _dealt(self) -> None:
        """Deals this contest from the seed if it is not dealt yet: every method that reads
        the cards calls this first (to act and the scores need none)."""
        if self._undealt:
            self._deal_from_seed()

    # The cards of the contest, dealt when first read -------------------------------------------

    @property
    def doors(self) -> tuple[Card, Card]:
        """Each seat's Door, by seat."""
        self._dealt()
        return self._doors

    @doors.setter
    def doors(self, doors: tuple[Card, Card]) -> None:
        self._dealt()
        self._doors = doors

    @property
    def display(self) -> tuple[Card, ...]:
        """The face-up clue cards, sorted."""
        self._dealt()
        return self._display

    @display.setter
    def display(self, display: tuple[Card, ...]) -> None:
        self._dealt()
        self._display = display

    @property
    def deck(self) -> tuple[Card, ...]:
        """The clue cards face down, top first."""
        self._dealt()
        return self._deck

    @deck.setter
    def deck(self, deck: tuple[Card, ...]) -> None:
        self._dealt()
        self._deck = deck

    @property
    def running_contest(self) -> RunningContest | None:
        """The contest in play's public record so far; None once the match is over (the last
        contest is then in `history`)."""
        if self.phase is Phase.OVER:
            return None
        self._dealt()
        moves = cast(tuple[DoorsMove, ...], self._moves)  # `apply` takes only legal Doors moves
        return RunningContest(self._opening, moves, self._refills())

    @running_contest.setter
    def running_contest(self, running: RunningContest) -> None:
        """Sets the record of the contest in play, for a state rebuilt from a view
        (bots/doors/world.py): set the deck first, which the refills then preceded."""
        self._dealt()
        self._opening, self._moves = running.opening_display, running.moves
        self._dealt_deck = running.refills + self._deck

    # The engine contract --------------------------------------------------------------------

    @property
    def guesser(self) -> Seat:
        return (self.collector + 1) % self.players

    def to_act(self) -> Seat | None:
        if self.phase is Phase.OVER:
            return None
        return self.collector if self.phase is Phase.COLLECTOR_TAKE else self.guesser

    def legal_moves(self) -> tuple[DoorsMove, ...]:
        self._dealt()
        phase = self.phase
        if phase is Phase.COLLECTOR_TAKE:
            takes = _per_card_kind(Take, self._display)  # C1, EC13: the Collector only takes
            if not self.collector_set_optional:
                return takes
            # D1: every take that leaves a set in the collection may also score it.
            door = self._doors[self.collector]
            return takes + tuple(
                Take(take.card, score_set=True)
                for take in takes
                if isinstance(take, Take) and has_set((*self.collection, take.card), door)
            )
        if phase is Phase.OVER:
            return ()
        match = _MATCH_SET if has_set(self.collection, self._doors[self.guesser]) else ()
        if phase is Phase.GUESSER_DISCARD:
            # G1, G3 / Q5, EC14: discard, or end the contest first; no pass before discarding.
            return _per_card_kind(Discard, self._display) + GUESSES + match
        return GUESSES + match + _PASS  # G2

    def apply(self, move: Move) -> list[Event]:
        require_legal(self, move)  # which deals the contest (legal_moves)
        self._moves += (move,)
        events: list[Event] = []
        if isinstance(move, Take):  # C1
            self._display = _without(self._display, move.card)
            self.collection += (move.card,)
            events.append(_TOOK[self.collector][move.card])
            # C3 / Q1: a set scores at once, or (optional scoring, D1) when the take says so;
            # C4: before refilling. A set kept hidden is refilled over like any take (EC5).
            scores = move.score_set or not self.collector_set_optional
            if scores and has_set(self.collection, self._doors[self.collector]):
                self._end_contest(ScoreReason.COLLECTOR_SET, events)
            else:
                self._refill(Phase.GUESSER_DISCARD, events)  # C2
        elif isinstance(move, Discard):  # G1
            self._display = _without(self._display, move.card)
            self.discards += (move.card,)
            events.append(_DISCARDED[self.guesser][move.card])
            self._refill(Phase.GUESSER_ACTION, events)
        elif isinstance(move, Guess):  # G4
            reason = judge_guess(move, self._doors[self.collector])
            correct = reason is not ScoreReason.WRONG_GUESS
            events.append(Guessed(self.guesser, move.colour, move.role, correct))
            self._end_contest(reason, events)
        elif isinstance(move, MatchSet):  # G5
            self._end_contest(ScoreReason.MATCHED_SET, events)
        else:  # G6: the only other legal move
            events.append(_PASSED[self.guesser])
            self.phase = Phase.COLLECTOR_TAKE
        return events

    def view(self, viewer: Seat | None) -> DoorsView:
        """Public facts plus, for a seat, its own Door: never the other Door, the set-aside
        Doors or the deck order (EC12)."""
        return DoorsView(
            viewer=viewer,
            contest=self.contest,
            collector=self.collector,
            phase=self.phase,
            to_act=self.to_act(),
            display=self.display,
            deck_count=len(self.deck),
            collection=self.collection,
            discards=self.discards,
            gems=self.gems,
            own_door=None if viewer is None else self.doors[viewer],
            last_contest=self.last_contest,
            target_gems=RULES.target_gems,
            collector_set_optional=self.collector_set_optional,
            history=self.history,
            running_contest=self.running_contest,
        )

    def private_view(self, seat: Seat) -> DoorsPrivate:
        return DoorsPrivate(seat, self.doors[seat])

    def determinize(self, viewer: Seat, rng: random.Random) -> DoorsState:
        """Resamples what `viewer` cannot see: the other seat's Door (and with it the two
        set-aside Doors), the deck order and the seed of every future deal.

        The other Door is drawn from those the public facts allow: in the automatic mode a
        running contest proves the Collector holds no set (it would have been scored); in the
        optional mode a set in the collection may have been kept hidden, so it proves nothing
        (D1: no phase or event tells a kept set). Once the match is over both Doors are known.
        """
        self._dealt()  # before the copy, so that the contest is dealt once
        clone = self.copy()
        if self.phase is not Phase.OVER:
            other = (viewer + 1) % self.players
            doors = [self.doors[0], self.doors[1]]
            doors[other] = choice(
                rng, [d for d in DOORS if d != doors[viewer] and self._could_hold(other, d)]
            )
            clone.doors = (doors[0], doors[1])
        # Sorted first: the resample must not depend on the hidden order it replaces, or two
        # states with the same view would give a bot different worlds for the same seed.
        clone.deck = tuple(sample_all(rng, sorted(self.deck)))
        clone._dealt_deck = self._refills() + clone.deck
        clone._deal_seed = rng.getrandbits(64)
        return clone

    def result(self) -> Result | None:
        if self.phase is not Phase.OVER:
            return None
        winners = tuple(s for s in range(self.players) if self.gems[s] >= RULES.target_gems)
        return Result(scores=self.gems, winners=winners)

    def scores(self) -> tuple[int, int]:
        return self.gems

    def copy(self) -> DoorsState:
        clone = DoorsState.__new__(DoorsState)
        clone.collector_set_optional = self.collector_set_optional
        clone.collector = self.collector
        clone.contest = self.contest
        clone.gems = self.gems
        clone.last_contest = self.last_contest
        clone._deal_seed = self._deal_seed
        clone._undealt = self._undealt  # then the clone deals from the same seed when read
        clone._doors = self._doors
        clone._display = self._display
        clone._deck = self._deck
        clone.collection = self.collection
        clone.discards = self.discards
        clone.phase = self.phase
        clone.history = self.history
        clone._opening = self._opening
        clone._dealt_deck = self._dealt_deck
        clone._moves = self._moves
        return clone

    def __repr__(self) -> str:
        self._dealt()
        shown = ", ".join(f"{name}={value!r}" for name, value in fields(self).items())
        return f"DoorsState({shown})"

    # Forced steps ---------------------------------------------------------------------------

    def _refill(self, then: Phase, events: list[Event]) -> None:
        """C2 / Q7: the top of the deck fills the display; X2 / Q6: a deck left at 0 ends the
        contest at once with 3 gems to the Guesser (EC8), else play moves on to `then`."""
        card, self._deck = self._deck[0], self._deck[1:]
        self._display = tuple(sorted((*self._display, card)))
        events.append(_REFILLED[card][len(self._deck)])
        if self._deck:
            self.phase = then
        else:
            self._end_contest(ScoreReason.DECK_EMPTY, events)

    def _end_contest(self, reason: ScoreReason, events: list[Event]) -> None:
        """S1 / E1: award the gems and reveal both Doors; E3: 10 gems ends the match, else E2 /
        S5: the roles swap and everything is dealt afresh."""
        part, gems = RULES.award(reason)
        scorer = self.collector if part is Part.COLLECTOR else self.guesser
        self.gems = (
            self.gems[0] + (gems if scorer == 0 else 0),
            self.gems[1] + (gems if scorer == 1 else 0),
        )
        self.last_contest = ContestOutcome(self.contest, reason, scorer, gems, self._doors)
        record = ContestRecord(
            self.contest,
            self.collector,
            self._opening,
            cast(tuple[DoorsMove, ...], self._moves),  # `apply` takes only legal Doors moves
            self._refills(),
            self.last_contest,
        )
        self.history += (record,)
        events.append(ContestEnded(self.contest, reason, scorer, gems, self._doors))
        if self.gems[scorer] >= RULES.target_gems:
            self.phase = Phase.OVER
            events.append(MatchEnded(scorer, self.gems))
            return
        self.contest += 1
        self.collector = self.guesser
        self._begin_contest()
        events.append(ContestStarted(self.contest, self.collector))

    def _refills(self) -> tuple[Card, ...]:
        """The cards that have refilled the display this contest, in order: all face up."""
        return self._dealt_deck[: len(self._dealt_deck) - len(self._deck)]

    def _could_hold(self, seat: Seat, door: Card) -> bool:
        """Whether the public facts allow `seat` to hold `door` (see `determinize`)."""
        if seat != self.collector or self.collector_set_optional:
            return True
        return not has_set(self.collection, door)
