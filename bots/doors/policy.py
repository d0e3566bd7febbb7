"""Doors: the Collector builds a set without giving its Door away; the Guesser reads the
Collector's Door from the takes and guesses once the expected gems beat playing on.

The Guesser's reading is Bayesian over two kinds of Collector. A truthful one takes a card more
readily the more traits it shares with their Door: each take multiplies a Door's odds by
(1 + TRUTHFUL * shared traits) / (1 + TRUTHFUL), one shared trait being the average over the
clue deck (the wilds share one trait with every Door and say nothing). A careless one takes
anything, and its takes say nothing. The collection itself tells them apart: takes that keep
sharing traits with one Door make a careless Collector unlikely. Doors the public facts rule
out — the Guesser's own, and any that would already have scored a set — get no odds at all.

Values are in gems for the player deciding, the opponent's gems counting against: the match is
a two-player race, so a gem the opponent gains is a gem lost.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Sequence
from functools import cache, lru_cache
from typing import NamedTuple

from bots.doors.history import (
    Evidence,
    Mixture,
    Moment,
    collector_view,
    earlier_takes,
    legal_takes,
    posterior_mean,
    running_takes,
    takes,
)
from bots.policy import Belief, Judge
from engine.core import Move, State
from engine.doors.model import (
    CLUE_DECK,
    DOORS,
    RULES,
    TRAITS,
    Card,
    ContestEnded,
    ContestRecord,
    Discard,
    DoorsView,
    Guess,
    MatchSet,
    Part,
    Pass,
    Phase,
    ScoreReason,
    Take,
)
from engine.doors.traits import has_set, judge_guess

TRUTHFUL = 1.0
"""How much likelier a truthful Collector takes a card for each trait it shares with their Door."""
CARELESS = 0.85
"""The prior chance that a Collector takes without regard to their Door."""
CARELESS_WEIGHT = 1.0
"""How many earlier contests of this Collector the prior `CARELESS` is worth (`careless_chance`)."""
SURPRISE = 0.8
"""The prior chance that the Guesser's model of the Collector takes at random rather than by the
heuristic (the opponent model's `surprise`). The levels' Collectors agree with the heuristic's
take in about 40% (`random`, by chance), 67% (`hard`), 89% (`normal`) and 100% (`easy`) of their
takes, which a random chance of about 1, 0.55, 0.2 and 0 explains (docs/ai.md). It was 0.9 until
issue 23 made it 0.5, when only finished contests were read, so the hints were too hopeful
through a careful Collector's whole first contest. Now the running contest's takes are read too
(`random_chance`), and a careful Collector's first takes bring it down within the contest; and
against a random Collector the search wins its 90% only with a model near 1 (docs/ai.md:
`hard` against `random` with the model fixed at 1.0 won 91.9%, at 0.75 86.0%)."""
SURPRISE_WEIGHT = 2.0
"""How many earlier takes of this Collector the prior `SURPRISE` is worth (`random_chance`)."""

SET = RULES.award(ScoreReason.COLLECTOR_SET)[1]
WRONG = RULES.award(ScoreReason.WRONG_GUESS)[1]
FULL = RULES.award(ScoreReason.FULL_GUESS)[1]
DECK_EMPTY = RULES.award(ScoreReason.DECK_EMPTY)[1]
MATCH = RULES.award(ScoreReason.MATCHED_SET)[1]
TRAIT = RULES.award(ScoreReason.TRAIT_GUESS)[1]

PATIENCE = 1.0
"""What a contest still in the balance is worth to the Guesser, in gems: the deck runs out on
their fifth discard (+3), and every take tells them more before they must guess."""


def shared(card: Card, door: Card) -> int:
    """How many traits of `door` the clue `card` counts for (0, 1 or 2)."""
    colours, roles = TRAITS[card]
    door_colours, door_roles = TRAITS[door]
    return bool(colours & door_colours) + bool(roles & door_roles)


LIKELIHOOD: dict[tuple[Card, Card], float] = {
    (card, door): (1.0 + TRUTHFUL * shared(card, door)) / (1.0 + TRUTHFUL)
    for card in Card
    for door in DOORS
}
"""A truthful Collector's take of `card` holding `door`, relative to a careless one's."""


class Suspect(NamedTuple):
    """One Door the Collector may hold: its posterior odds, and the chance that a Collector
    holding it is truthful (else careless) given the takes."""

    odds: float
    truthful: float


def suspects(
    collection: tuple[Card, ...], doors: Sequence[Card], careless: float = CARELESS
) -> dict[Card, Suspect]:
    """The posterior over `doors` (the ones the facts allow) given the takes `collection`, for
    a Collector careless with chance `careless`."""
    truthful = {
        door: (1.0 - careless) * math.prod(LIKELIHOOD[card, door] for card in collection)
        for door in doors
    }
    total = sum(truthful.values()) + careless * len(doors)
    return {
        door: Suspect((careless + fit) / total, fit / (careless + fit))
        for door, fit in truthful.items()
    }


def collector_doors(view: DoorsView) -> list[Card]:
    """The Doors the Collector may hold as the Guesser sees it: not the Guesser's own, nor one
    whose set would already have been scored."""
    return [
        door
        for door in DOORS
        if door != view.own_door
        and (view.collector_set_optional or not has_set(view.collection, door))
    ]


def collector_odds(view: DoorsView, careless: float = CARELESS) -> dict[Card, Suspect]:
    """The Guesser's reading of the Collector, over `collector_doors`."""
    return suspects(view.collection, collector_doors(view), careless)


@lru_cache(maxsize=4096)
def contest_evidence(record: ContestRecord) -> Evidence:
    """How one earlier contest's takes came about: their chance from a careless Collector (any
    kind of card on the display alike) and from a truthful one (`LIKELIHOOD`'s weights: each
    trait shared with the Door makes a card likelier), the displays and the Door being known."""
    careless = truthful = 1.0
    for moment in takes(record):
        kinds = set(moment.display)
        weights = {card: 1.0 + TRUTHFUL * shared(card, moment.door) for card in kinds}
        careless /= len(kinds)
        truthful *= weights[moment.take.card] / sum(weights.values())
    return careless, truthful


def careless_chance(view: DoorsView) -> float:
    """The chance that this Collector's takes say nothing about their Door, read from their
    earlier contests: a Beta posterior, the prior `CARELESS` worth `CARELESS_WEIGHT` contests."""
    evidence = [contest_evidence(r) for r in view.history if r.collector == view.collector]
    return posterior_mean(CARELESS, CARELESS_WEIGHT, evidence)


def take_evidence(view: DoorsView, moment: Moment) -> Evidence:
    """One earlier take: its chance from a random take and from the heuristic's (`take_value`
    on the Collector's view then; ties shared, as `greedy` breaks them at random)."""
    legal = legal_takes(moment, view.collector_set_optional)
    then = collector_view(view, moment)
    values = [take_value(then, take) for take in legal]
    top = max(values)
    best = [take for take, value in zip(legal, values, strict=True) if value == top]
    return 1.0 / len(legal), (1.0 / len(best) if moment.take in best else 0.0)


def running_evidence(view: DoorsView) -> Mixture:
    """The takes of the contest in play, whose Door is not shown yet: for each Door the
    Guesser's reading allows (`collector_doors`, all alike), the takes' `take_evidence`
    were it the Collector's. A heuristic Collector's takes all fit one Door; a random one's
    seldom do."""
    seen = running_takes(view)
    if not seen or view.viewer == view.collector:
        return ()
    doors = collector_doors(view)
    return tuple(
        (
            1.0 / len(doors),
            tuple(take_evidence(view, Moment(*moment, door)) for moment in seen),
        )
        for door in doors
    )


def random_chance(view: DoorsView) -> float:
    """How often this Collector takes other than the heuristic would, read from their earlier
    takes and those of the contest in play: a Beta posterior, the prior `SURPRISE` worth
    `SURPRISE_WEIGHT` takes."""
    evidence = [take_evidence(view, moment) for moment in earlier_takes(view)]
    return posterior_mean(SURPRISE, SURPRISE_WEIGHT, evidence, running_evidence(view))


def guess_value(guess: Guess, odds: dict[Card, Suspect]) -> float:
    """Expected gems of a guess: right pays 5 (both traits) or 1 (one), wrong gives 4 away."""
    right = sum(
        suspect.odds
        for door, suspect in odds.items()
        if judge_guess(guess, door) is not ScoreReason.WRONG_GUESS
    )
    gain = FULL if guess.colour is not None and guess.role is not None else TRAIT
    return right * gain - (1.0 - right) * WRONG


def deck_cards(view: DoorsView) -> Counter[Card]:
    """The clue cards still in the deck: the public cards' complement."""
    deck = Counter(CLUE_DECK)
    deck.subtract(view.display + view.collection + view.discards)
    return deck


def completes(collection: tuple[Card, ...], card: Card, door: Card) -> bool:
    return has_set((*collection, card), door)


def play_on(
    view: DoorsView, odds: dict[Card, Suspect], display: tuple[Card, ...], refill: bool
) -> float:
    """Expected gems of letting the Collector take from `display` (plus, when `refill`, one
    unknown card from the deck): a Collector one card short may take the set (-6) — a truthful
    one surely, a careless one by chance; otherwise the deck runs out on the Guesser's next
    discard (+3) when it is that low, else the contest goes on (PATIENCE)."""
    deck = deck_cards(view)
    later = DECK_EMPTY if view.deck_count - refill == 2 else PATIENCE
    value = 0.0
    for door, (p, truthful) in odds.items():
        shown = sum(completes(view.collection, card, door) for card in display)
        drawn = 0.0
        if refill and view.deck_count:
            hits = sum(n for card, n in deck.items() if completes(view.collection, card, door))
            drawn = hits / view.deck_count
        careless = (shown + drawn) / (len(display) + refill)
        chance = truthful * (1.0 if shown else drawn) + (1.0 - truthful) * careless
        value += p * (chance * -SET + (1.0 - chance) * later)
    return value


def discard_value(view: DoorsView, odds: dict[Card, Suspect], card: Card) -> float:
    if view.deck_count == 1:
        return DECK_EMPTY  # X2: this discard's refill empties the deck
    display = list(view.display)
    display.remove(card)
    # Between two discards that block equally, take away what the likely Doors want most.
    wanted = sum(suspect.odds * shared(card, door) for door, suspect in odds.items())
    return play_on(view, odds, tuple(display), refill=True) + 0.01 * wanted


def guesser_value(view: DoorsView, odds: dict[Card, Suspect], move: Move) -> float:
    if isinstance(move, Guess):
        return guess_value(move, odds)
    if isinstance(move, MatchSet):
        return MATCH
    if isinstance(move, Discard):
        return discard_value(view, odds, move.card)
    return play_on(view, odds, view.display, refill=False)  # Pass


def take_value(view: DoorsView, take: Take) -> float:
    """The Collector's take: a set scores at once; else progress towards one, less what the
    collection tells the Guesser about the Door and any set of a trait that is not ours (the
    Guesser may match it)."""
    door = view.own_door
    assert door is not None, "a Collector knows their Door"
    collection = (*view.collection, take.card)
    if has_set(collection, door):
        # Q1 / D1: keeping a set hidden only risks a 2-gem match for at most 4 more.
        scores = take.score_set or not view.collector_set_optional
        return float(SET) if scores else -float(MATCH)
    colours, roles = TRAITS[door]
    colour = sum(1 for c in collection if TRAITS[c][0] & colours)
    role = sum(1 for c in collection if TRAITS[c][1] & roles)
    progress = max(colour, role) + 0.5 * min(colour, role)
    allowed = [d for d in DOORS if d == door or not has_set(collection, d)]
    full_guess = suspects(collection, allowed)[door].odds
    gift = any(has_set(collection, d) for d in DOORS if d != door)
    return progress - max(0.0, (FULL + WRONG) * full_guess - WRONG) - MATCH * gift


CONTESTS: tuple[tuple[Part, int, float], ...] = (
    (Part.GUESSER, FULL, 0.12),
    (Part.GUESSER, DECK_EMPTY, 0.20),
    (Part.GUESSER, MATCH, 0.05),
    (Part.GUESSER, TRAIT, 0.18),
    (Part.COLLECTOR, WRONG, 0.25),
    (Part.COLLECTOR, SET, 0.20),
)
"""How a contest between even players ends, roughly: who scores, how much, how often."""


@cache
def equity(mine: int, theirs: int, collecting: bool, target: int) -> float:
    """The chance that a player with `mine` gems beats one with `theirs` when contests end as
    CONTESTS says; `collecting`: the player is the next contest's Collector (roles swap every
    contest). The race to 10 in chunks of 1 to 6 gems is not smooth: 9 gems is no sure win
    when only a guess or the deck can bring the last one."""
    if mine >= target or theirs >= target:
        return float(mine >= target)
    chance = 0.0
    for part, gems, p in CONTESTS:
        if (part is Part.COLLECTOR) == collecting:
            chance += p * equity(mine + gems, theirs, not collecting, target)
        else:
            chance += p * equity(mine, theirs + gems, not collecting, target)
    return chance


class DoorsPolicy:
    segment_end = ContestEnded
    temperature = 1.0

    def surprise(self, view: DoorsView) -> float:
        """A Guesser models the Collector as taking at random as often as this Collector's
        earlier takes say (`random_chance`; half the time before there are any); a Collector
        models the Guesser as reading the takes well."""
        return 0.2 if view.viewer == view.collector else random_chance(view)

    def values(self, view: DoorsView, legal: Sequence[Move]) -> list[float]:
        if view.phase is Phase.COLLECTOR_TAKE:
            return [take_value(view, move) for move in legal if isinstance(move, Take)]
        odds = collector_odds(view)
        return [guesser_value(view, odds, move) for move in legal]

    def quick(self, legal: Sequence[Move], rng: random.Random) -> Move:
        """Collector: any take, scoring a set when it can; Guesser: discards at random,
        matches a set when it can, and never guesses (so the contest ends by a set or the
        deck)."""
        first = legal[0]
        if isinstance(first, Take):
            scoring = [move for move in legal if isinstance(move, Take) and move.score_set]
            return rng.choice(scoring or legal)
        if MatchSet() in legal:
            return MatchSet()
        if isinstance(first, Discard):
            return rng.choice([move for move in legal if isinstance(move, Discard)])
        return Pass()

    def judge(self, view: DoorsView) -> Judge:
        """Seat 0's match equity after the contest, in which this contest's Guesser is the
        next Collector."""
        target = view.target_gems
        collecting = view.collector != 0

        def rewards(world: State) -> Sequence[float]:
            first, second = world.scores()
            chance = equity(first, second, collecting, target)
            return (chance, 1.0 - chance)

        return rewards

    def twin(self, move: Move) -> object:
        return move  # the engine already offers one move per kind of card

    def belief(self, view: DoorsView) -> Belief | None:
        """The Guesser weighs each sampled Collector Door by its posterior odds, reading the
        takes as carefully as this Collector's earlier contests say they were made
        (`careless_chance`)."""
        if view.viewer == view.collector:
            return None
        reading = collector_odds(view, careless_chance(view))
        odds = {door: suspect.odds for door, suspect in reading.items()}
        likeliest = max(odds.values())
        collector = view.collector

        def plausibility(world: State) -> float:
            seen = world.view(collector)
            assert isinstance(seen, DoorsView) and seen.own_door is not None
            return odds.get(seen.own_door, 0.0) / likeliest

        return plausibility


POLICY: DoorsPolicy = DoorsPolicy()
