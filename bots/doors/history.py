"""What a Guesser remembers of this Collector: how carefully they took in earlier contests.

Every earlier contest is public once it has ended (`DoorsView.history`): the display each take
was made from, the take, and at the end both Doors. So for each of the Collector's earlier
takes the Guesser can ask what a careful Collector holding that Door would have taken, and
the answers over a match are evidence about *this* Collector, where the policy's constants
(`CARELESS`, the opponent model's `surprise`) are a guess about Collectors in general.

Two readings, each a Beta posterior whose prior is the policy's constant, updated by Bayes on
a grid (the likelihood of a mixture is no Beta, so there is no closed form):

* `careless_chance`: the chance that a contest's takes say nothing about the Door, the
  parameter of the Guesser's reading (`policy.suspects`). Each earlier contest weighs the
  chance of its takes by a careless Collector (any card of the display alike) against a
  truthful one (a card the likelier for each trait it shares with the Door).
* `random_chance`: how often the Collector's take is not the one the heuristic would make,
  the opponent model's `surprise`. Each earlier take weighs "a random card of the display"
  against "the heuristic's take" (`policy.take_value` on the Collector's own view then). The
  takes of the running contest count too, before its Doors are shown: their chance from the
  heuristic is averaged over the Doors the Collector may hold, so takes that no one Door
  explains read as random (`Mixture`) — in a match's first contest that is all there is.

Only public facts are read: the records, and the current view's seats and rules.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from dataclasses import replace
from typing import NamedTuple

from engine.doors.model import (
    Card,
    ContestRecord,
    Discard,
    DoorsMove,
    DoorsView,
    Phase,
    ScoreReason,
    Take,
)
from engine.doors.traits import has_set

GRID = 64
"""Points of the grid the posteriors are computed on (midpoints of equal steps in (0, 1))."""
_POINTS = tuple((i + 0.5) / GRID for i in range(GRID))

Evidence = tuple[float, float]
"""One observation: its likelihood if it is of the careless (random) kind, and if it is not."""

Mixture = tuple[tuple[float, tuple[Evidence, ...]], ...]
"""Observations whose likelihoods depend on something unknown (the Door of a contest still in
play): for each possibility, its weight and the observations' `Evidence` were it so."""


def _log_likelihood(c: float, mixture: Mixture) -> float:
    return math.log(
        sum(
            weight * math.prod(c * careless + (1.0 - c) * careful for careless, careful in given)
            for weight, given in mixture
        )
    )


def posterior_mean(
    prior: float, strength: float, evidence: Sequence[Evidence], unsure: Mixture = ()
) -> float:
    """The posterior mean of a chance c, from a Beta prior of mean `prior` worth `strength`
    observations, given observations each of the careless kind with chance c (likelihoods
    `(careless, careful)`), and the observations `unsure` whose likelihoods hang on an unknown.
    With no evidence it is the prior."""
    if not evidence and not unsure:
        return prior
    a, b = prior * strength, (1.0 - prior) * strength
    logs = []
    for c in _POINTS:
        total = (a - 1.0) * math.log(c) + (b - 1.0) * math.log(1.0 - c)
        for careless, careful in evidence:
            total += math.log(c * careless + (1.0 - c) * careful)
        if unsure:
            total += _log_likelihood(c, unsure)
        logs.append(total)
    top = max(logs)
    weights = [math.exp(log - top) for log in logs]
    return sum(c * w for c, w in zip(_POINTS, weights, strict=True)) / sum(weights)


class Moment(NamedTuple):
    """One of the Collector's earlier takes as it was made: the display, the collection
    before it, the take, and the Door (revealed at the contest's end)."""

    display: tuple[Card, ...]
    collection: tuple[Card, ...]
    take: Take
    door: Card


class Seen(NamedTuple):
    """One take of a contest as the table saw it: the display and collection before it."""

    display: tuple[Card, ...]
    collection: tuple[Card, ...]
    take: Take


def replayed(
    opening: Sequence[Card], moves: Sequence[DoorsMove], refills: Sequence[Card], scored: bool
) -> Iterator[Seen]:
    """The Collector's takes of a contest, replayed from its public record (as
    docs/protocol.md describes it: each take or discard is refilled from `refills`, except the
    take that scored a set, the last move when `scored`)."""
    display = list(opening)
    cards = iter(refills)
    collection: tuple[Card, ...] = ()
    last = len(moves) - 1
    for at, move in enumerate(moves):
        if isinstance(move, Take):
            yield Seen(tuple(sorted(display)), collection, move)
            collection += (move.card,)
        if isinstance(move, Take | Discard):
            display.remove(move.card)
            if not (scored and at == last):
                display.append(next(cards))


def takes(record: ContestRecord) -> Iterator[Moment]:
    """The Collector's takes of one finished contest, each with the Door its end revealed."""
    door = record.outcome.doors[record.collector]
    scored = record.outcome.reason is ScoreReason.COLLECTOR_SET
    for seen in replayed(record.opening_display, record.moves, record.refills, scored):
        yield Moment(seen.display, seen.collection, seen.take, door)


def running_takes(view: DoorsView) -> list[Seen]:
    """The Collector's takes so far in the contest in play (none once the match is over)."""
    running = view.running_contest
    if running is None:
        return []
    return list(replayed(running.opening_display, running.moves, running.refills, False))


def legal_takes(moment: Moment, optional: bool) -> list[Take]:
    """The takes the Collector could choose from (one per kind of card, and under optional
    scoring a scoring take for every one that makes a set), as the engine offers them."""
    kinds = sorted(set(moment.display))
    found = [Take(card) for card in kinds]
    if optional:
        found += [
            Take(card, score_set=True)
            for card in kinds
            if has_set((*moment.collection, card), moment.door)
        ]
    return found


def earlier_takes(view: DoorsView) -> Iterator[Moment]:
    """Every take of the current Collector in the match's earlier contests."""
    for record in view.history:
        if record.collector == view.collector:
            yield from takes(record)


def collector_view(view: DoorsView, moment: Moment) -> DoorsView:
    """The Collector's own view at an earlier take, as far as the heuristic reads it."""
    return replace(
        view,
        viewer=view.collector,
        phase=Phase.COLLECTOR_TAKE,
        to_act=view.collector,
        display=moment.display,
        collection=moment.collection,
        own_door=moment.door,
        history=(),
    )
