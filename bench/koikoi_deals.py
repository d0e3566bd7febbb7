"""`python -m bench.koikoi_deals`: where a Koi-Koi bench pairing's points come from, deal by deal.

Koi-Koi `hard` missed its goal against `easy`; this replays the matches `make bench-ai` plays
for a pairing (same seeds, seats and budgets) and reports two things:

* *koi-koi calls*: calling is the riskiest decision of a deal (under the default rules the
  caller scores nothing if the other seat then stops or the hands run out), so for each side's
  first call in a deal, the deal's result for that side — the points it won, minus the points
  the other seat won, 0 if drawn — against the points it could have stopped with;
* *the same deal played by both levels*: every deal is shuffled from a deal seed that the
  match seed alone decides, so the two matches of a unit deal the same cards, deal by deal.
  Where the dealer's hand went to A in one match and to B in the other, the holder's net
  (its gain minus the other's) compares A's play of the very same cards with B's.

`--deal MATCH:DEAL` then shows one deal's positions: at each of A's decisions in it, A's move,
B's move on the same position, and what A's search makes of both on the decision's seed and
on `--seeds` more (how much of a choice is the seed's).
"""

from __future__ import annotations

import argparse
import random
from collections import defaultdict
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

from bench.ai import CONFIGS, UNIT, Match, decision_seed, play, sides
from bots import Budget, decide
from bots.decide import rank
from bots.levels import parse_level
from engine.core import Event, Move, Seat, State
from engine.koikoi.cards import Card, cards_in
from engine.koikoi.model import DealEnded, Dealt, KoiKoiCalled, KoiKoiView, YakuMade
from engine.koikoi.state import KoiKoiState

Call = tuple[int, int, int]
"""(the calling side: 0 for A, 1 for B; the points it could have stopped with; the deal's
result for it)."""

Hand = tuple[int, tuple[Card, ...], int]
"""One deal from the dealer's side: (the side holding the dealer's hand, the hand, the
holder's gain minus the other's)."""


@dataclass
class Deals:
    """What one match's deals gave: the first koi-koi calls, and each deal by number."""

    calls: list[Call] = field(default_factory=list)
    hands: dict[int, Hand] = field(default_factory=dict)


def replay(match: Match) -> Deals:
    """`match` played again, its calls and deals recorded."""
    found = Deals()
    first = match.table()
    assert isinstance(first, KoiKoiState)
    dealt = [(first.deal_no, first.dealer, cards_in(first.hands[first.dealer]))]
    totals: dict[Seat, int] = {}
    called: dict[Seat, int] = {}

    def watch(events: list[Event], side: list[int]) -> None:
        for event in events:
            if isinstance(event, Dealt):  # a later deal (the first is dealt before play)
                hand = event.hands[event.dealer]
                assert hand is not None, "a watcher sees every event whole"
                dealt.append((event.deal, event.dealer, hand))
            elif isinstance(event, YakuMade):
                totals[event.seat] = event.total
            elif isinstance(event, KoiKoiCalled):
                called.setdefault(event.seat, totals[event.seat])
            elif isinstance(event, DealEnded):
                summary = event.summary
                for seat, stop in called.items():
                    won = summary.winner
                    result = 0 if won is None else summary.points * (1 if won == seat else -1)
                    found.calls.append((side[seat], stop, result))
                deal, dealer, hand = dealt[-1]
                net = summary.gains[dealer] - summary.gains[1 - dealer]
                found.hands[deal] = (side[dealer], hand, net)
                totals.clear()
                called.clear()

    play(match, watch)
    return found


def duplicates(matches: Sequence[Deals]) -> list[tuple[int, int, int, int]]:
    """(A's net - B's net, match, deal, A's net) for every deal of a unit whose dealer's hand
    went to A in one match and to B in the other."""
    compared = []
    for start in range(0, len(matches) - 1, UNIT):
        one, two = matches[start], matches[start + 1]
        for deal, (side, hand, net) in one.hands.items():
            other = two.hands.get(deal)
            if other is None or other[1] != hand or other[0] == side:
                continue
            a, b = (net, other[2]) if side == 0 else (other[2], net)
            compared.append((a - b, start, deal, a))
    return compared


def searched(state: State, level: str, moves: tuple[Move, Move], seed: int, budget: Budget) -> str:
    """The chances `level`'s search gives the two `moves` at `state`, on `seed`."""
    seat = state.to_act()
    assert seat is not None
    found = rank(state, seat, parse_level(level), random.Random(seed), budget)
    chance = {c.move: c.chance for c in found}
    return ", ".join("untried" if chance[m] is None else f"{chance[m]:.3f}" for m in moves)


def positions(match: Match, deal: int, seeds: int) -> None:
    """Print A's decisions in `deal` of `match` beside B's move there (see the module)."""
    state = match.table()
    side = sides(match.players, match.number)
    a, b = match.levels
    turn = 0
    while (seat := state.to_act()) is not None:
        level = match.levels[side[seat]]
        seed = decision_seed(match, turn)
        move = decide(state, seat, level, seed=seed, budget=match.budget(level))
        view = state.view(seat)
        assert isinstance(view, KoiKoiView)
        if view.deal == deal and side[seat] == 0 and len(state.legal_moves()) > 1:
            other = decide(state, seat, b, seed=seed, budget=match.budget(b))
            print(f"turn {turn}: board {' '.join(c.text for c in view.board)}")
            print(f"  hand {' '.join(c.text for c in view.hand or ())}")
            print(f"  {a}: {move.label()}; {b}: {other.label()}")
            budget = match.budget(a)
            if budget is not None and other != move:
                for extra in range(seeds + 1):
                    both = searched(state, a, (move, other), seed + 1000 * extra, budget)
                    print(f"    {a}'s search, seed +{extra}: {both}")
        for event in state.apply(move):
            if isinstance(event, DealEnded) and event.summary.deal == deal:
                print(event.describe())
                return
        turn += 1


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("a", help="level A, e.g. hard")
    parser.add_argument("b", help="level B, e.g. easy")
    parser.add_argument("--matches", type=int, default=24, help="the pairing's first matches")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--deal", help="MATCH:DEAL, one deal's positions instead (e.g. 11:2)")
    parser.add_argument("--seeds", type=int, default=3, help="more seeds to search (--deal)")
    args = parser.parse_args(argv)
    koikoi = next(c for c in CONFIGS if c.game == "koikoi")
    if args.deal:
        number, _, deal = args.deal.partition(":")
        positions(koikoi.match((args.a, args.b), int(number)), int(deal), args.seeds)
        return
    matches = [koikoi.match((args.a, args.b), n) for n in range(args.matches)]
    with ProcessPoolExecutor(args.workers) as pool:
        played = list(pool.map(replay, matches))
    print(f"koi-koi calls in {args.matches} matches (first call of a side in a deal)")
    for side, level in enumerate((args.a, args.b)):
        by_stop: dict[int, list[int]] = defaultdict(list)
        for caller, stop, result in (call for deals in played for call in deals.calls):
            if caller == side:
                by_stop[stop].append(result - stop)
        made = sum(len(v) for v in by_stop.values())
        net = sum(sum(v) for v in by_stop.values())
        print(f"  {level}: {made} calls, {net:+d} points net of stopping")
        for stop, nets in sorted(by_stop.items()):
            up, down = sum(n > 0 for n in nets), sum(n < 0 for n in nets)
            print(f"    at {stop}: {len(nets)} calls, {sum(nets):+d} ({up} up, {down} down)")
    compared = sorted(duplicates(played))
    better = sum(d > 0 for d, *_ in compared)
    worse = sum(d < 0 for d, *_ in compared)
    print(f"the same dealer's hand played by each level: {len(compared)} deals")
    print(
        f"  {args.a} net of {args.b}: {sum(d for d, *_ in compared):+d} points "
        f"({better} deals better, {worse} worse, {len(compared) - better - worse} the same)"
    )
    for difference, start, deal, a in compared[:5]:
        where = f"matches {start}-{start + 1}, deal {deal}"
        print(f"  {args.a} worst: {where}: {difference:+d} ({args.a} {a:+d})")


if __name__ == "__main__":
    main()
