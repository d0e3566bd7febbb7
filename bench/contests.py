"""`python -m bench.contests`: how the Doors contests of a bench pairing end, by role.

A win rate says who won; this says how. It replays the matches `make bench-ai` plays for one
pairing (same seeds, same seats, same budgets) and counts each contest's ending — who was
Collector, why the contest ended, who scored. It is how we learnt that `hard` loses to `random`
mostly as Collector, to a random Guesser's lucky guesses, which no Collector can prevent.
"""

from __future__ import annotations

import argparse
from collections import Counter
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor

from bench.ai import CONFIGS, Match, play
from engine.core import Event
from engine.doors.model import RULES, ContestEnded, Part

Ending = tuple[str, str, str, int]
"""(A's role, why the contest ended, the side that scored, gems)."""


def endings(match: Match) -> tuple[float, list[Ending]]:
    """A's credit for the match, and how each of its contests ended."""
    seen: list[Ending] = []

    def watch(events: list[Event], side: list[int]) -> None:
        for event in events:
            if isinstance(event, ContestEnded):
                part, gems = RULES.award(event.reason)
                scorer = "A" if side[event.scorer] == 0 else "B"
                a_collects = (part is Part.COLLECTOR) == (scorer == "A")
                role = "A collects" if a_collects else "A guesses"
                seen.append((role, event.reason.value, scorer, gems))

    return play(match, watch).credit_a, seen


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("a", help="level A, e.g. hard")
    parser.add_argument("b", help="level B, e.g. random")
    parser.add_argument("--matches", type=int, default=60)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args(argv)
    doors = next(c for c in CONFIGS if c.game == "doors")
    matches = [doors.match((args.a, args.b), n) for n in range(args.matches)]
    with ProcessPoolExecutor(args.workers) as pool:
        results = list(pool.map(endings, matches))
    counts = Counter(ending for _, seen in results for ending in seen)
    print(
        f"{args.a} (A) against {args.b} (B): A won {sum(c for c, _ in results):g} of {len(results)}"
    )
    print(f"{'contests':>8}  {'A is':<11}{'ending':<22}{'scorer':>6}{'gems':>5}")
    for (role, reason, scorer, gems), count in sorted(counts.items()):
        print(f"{count:>8}  {role:<11}{reason:<22}{scorer:>6}{gems:>5}")


if __name__ == "__main__":
    main()
