"""`python -m bench.departures`: where the two matches of a logged `bench.ai` unit first part.

Both matches of a unit deal the same cards with the seats swapped, so they stay move for move
alike until, at the same position, the searching level A chooses in one and B in the other and
they choose differently. That first departure is replayed here for every unit the log holds
(the same seeds, so the same decisions), and A's search ranks the position again at
`--seeds` seeds (the match's own first, where it makes the very decision of the match): whether
its move is its first choice at each, and its estimated chance of winning beside that of B's
move. A departure the search does not make at
other seeds is its noise, not a reading of the position; the tally sets the units' scores of
the two kinds side by side.

It is how issue 23 looked into Koi-Koi `hard` missing 65% against `easy` (docs/ai.md):

    python -m bench.departures --config koikoi-2 --pair hard-easy
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Sequence
from dataclasses import dataclass

from bench.ai import CONFIGS, LOG, UNIT, Config, bots_version, decision_seed, logged, sides
from bots import Budget, decide
from bots.decide import rank
from bots.levels import parse_level
from engine.core import Move


@dataclass(frozen=True)
class Departure:
    """The first position of a unit at which A's move and B's differ."""

    unit: int
    score: float  # A's mean credit over the unit's two matches
    turn: int  # moves played before it
    a_move: Move
    b_move: Move
    firsts: tuple[bool, ...]  # per seed: whether A's search ranks its move first
    a_chances: tuple[float, ...]  # per seed: the search's estimate of A's move
    b_chances: tuple[float, ...]  # and of B's

    @property
    def stable(self) -> bool:
        """A's search chooses its move at every seed."""
        return all(self.firsts)

    @property
    def margin(self) -> float:
        """A's move's estimate over B's, averaged over the seeds."""
        return sum(a - b for a, b in zip(self.a_chances, self.b_chances, strict=True)) / len(
            self.a_chances
        )


def departure(
    config: Config, pair: tuple[str, str], unit: int, score: float, seeds: int
) -> Departure | None:
    """The unit's first departure, or None if its matches are the same to the end."""
    first, second = config.match(pair, UNIT * unit), config.match(pair, UNIT * unit + 1)
    states = [first.table(), second.table()]
    seats_of = [sides(config.players, first.number), sides(config.players, second.number)]
    searching = parse_level(pair[0])
    turn = 0
    while (seat := states[0].to_act()) is not None:
        levels = [
            match.levels[side[seat]] for match, side in zip((first, second), seats_of, strict=True)
        ]
        moves = [
            decide(state, seat, level, decision_seed(match, turn), match.budget(level))
            for state, level, match in zip(states, levels, (first, second), strict=True)
        ]
        if moves[0] != moves[1]:
            at = levels.index(pair[0])
            a_move, b_move = moves[at], moves[1 - at]
            own = decision_seed((first, second)[at], turn)
            budget = Budget(iterations=config.budgets[pair[0]])
            firsts, a_chances, b_chances = [], [], []
            for seed in (own, *range(1, seeds)):
                ranked = rank(states[0], seat, searching, random.Random(seed), budget, settle=True)
                chance = {c.move: c.chance or 0.0 for c in ranked}
                firsts.append(ranked[0].move == a_move)
                a_chances.append(chance.get(a_move, 0.0))
                b_chances.append(chance.get(b_move, 0.0))
            return Departure(
                unit, score, turn, a_move, b_move, tuple(firsts), tuple(a_chances), tuple(b_chances)
            )
        for state, move in zip(states, moves, strict=True):
            state.apply(move)
        turn += 1
    return None


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--config", default="koikoi-2", help="a bench table, e.g. koikoi-2")
    parser.add_argument("--pair", default="hard-easy", help="A-B, A a searching level")
    parser.add_argument("--seeds", type=int, default=3, help="seeds A's search ranks at")
    parser.add_argument("--units", type=int, help="only the first N logged units")
    args = parser.parse_args(argv)
    config = next(c for c in CONFIGS if c.name == args.config)
    a, b = args.pair.split("-")
    pair = (a, b)
    key = (config.name, a, b, *config.iterations(pair), bots_version(config.game))
    outcomes = logged(LOG, key, config.game)
    units = sorted(n // UNIT for n in outcomes if n % UNIT == 0 and n + 1 in outcomes)
    print(f"{config.name} {a}-{b}: {len(units)} units logged under {key[-1]} (or what it plays as)")
    found: list[Departure] = []
    for unit in units[: args.units]:
        score = (outcomes[UNIT * unit].credit_a + outcomes[UNIT * unit + 1].credit_a) / UNIT
        gone = departure(config, pair, unit, score, args.seeds)
        if gone is None:
            print(f"unit {unit}: the two matches never part", flush=True)
            continue
        found.append(gone)
        marks = " ".join(
            f"[{'first' if f else 'not first'} {x:.3f} vs {y:.3f}]"
            for f, x, y in zip(gone.firsts, gone.a_chances, gone.b_chances, strict=True)
        )
        print(
            f"unit {unit} (score {score:.2f}) move {gone.turn}: {a} {gone.a_move.label()}, "
            f"{b} {gone.b_move.label()}; {a}'s search {marks}",
            flush=True,
        )
    for kind, chosen in (("at every seed", True), ("not at every seed", False)):
        these = [d for d in found if d.stable is chosen]
        if these:
            mean = sum(d.score for d in these) / len(these)
            margin = sum(d.margin for d in these) / len(these)
            lost = sum(d.score == 0.0 for d in these)
            print(
                f"{a}'s departure chosen {kind}: {len(these)} units, {a} scored {mean:.1%}, "
                f"its margin {margin:+.3f}, units lost both {lost}"
            )


if __name__ == "__main__":
    main()
