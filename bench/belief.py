"""`python -m bench.belief`: is the Koi-Koi belief calibrated? What it says of the other hand
against the hand it really was.

Positions come from self-play at `--level` (a searching level at `--iterations`, so the other
seat plays as that level would). At every hand play with an earlier play of the other seat
this deal, the seat's belief (`bots.koikoi.belief`) gives every card the other seat may hold a
regret and a weight; the real state says whether it was held. Per band of weight, then of
regret, it prints the cards, the chance a card was held before the plays were read (hand size
over unseen cards), what the weight makes of it (odds times the weight), how often the card
really was held and (by regret) that as an odds ratio: the weight the band deserves. Then the
months the belief says the other seat lacks (every unseen card of the month weighed below
`--lacks`): how often it really held none of them, against the uniform chance of that.
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Sequence
from dataclasses import dataclass, field

from bots import Budget, decide
from bots.koikoi.belief import card_regrets, weight
from engine.koikoi.cards import SAME_MONTH
from engine.koikoi.model import KoiKoiView, Phase, Played, Step
from engine.koikoi.rules import Rules
from engine.koikoi.state import KoiKoiState

BANDS = (0.0, 0.2, 0.4, 0.6, 0.8, 0.999, 1.001)
"""Weight bands (the last: weight 1, the plays say nothing of the card)."""

REGRETS = (0.0, 1e-9, 0.25, 0.5, 1.0, 2.0, math.inf)
"""Regret bands (the first: none), for the weight each deserves: how much likelier than an
unremarkable card such a card really was held (the odds ratio)."""


@dataclass
class Band:
    cards: int = 0
    prior: float = 0.0
    predicted: float = 0.0
    held: int = 0


@dataclass
class Tally:
    bands: list[Band] = field(default_factory=lambda: [Band() for _ in BANDS[1:]])
    regrets: list[Band] = field(default_factory=lambda: [Band() for _ in REGRETS[1:]])
    months: int = 0
    lacked: int = 0
    lack_chance: float = 0.0

    def add(self, view: KoiKoiView, hand: int, lacks: float) -> None:
        regrets = card_regrets(view)
        weights = {card: weight(regret) for card, regret in regrets.items()}
        pool = len(weights)
        count = view.hand_counts[1 - (view.viewer or 0)]
        prior = count / pool
        for card, weighed in weights.items():
            odds = weighed * prior / (1 - prior)
            for band in (
                self.bands[next(i for i, top in enumerate(BANDS[1:]) if weighed < top)],
                self.regrets[next(i for i, top in enumerate(REGRETS[1:]) if regrets[card] < top)],
            ):
                band.cards += 1
                band.prior += prior
                band.predicted += odds / (1 + odds)
                band.held += bool(hand >> card & 1)
        for month in {SAME_MONTH[card] for card in weights}:
            unseen = [card for card in weights if SAME_MONTH[card] == month]
            if all(weights[card] < lacks for card in unseen):
                self.months += 1
                self.lacked += not hand & month
                # the chance that `count` cards of `pool` miss all of the month's unseen ones
                self.lack_chance += math.comb(pool - len(unseen), count) / math.comb(pool, count)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", default="normal", help="the level both seats play")
    parser.add_argument("--iterations", type=int, default=300, help="a searching level's budget")
    parser.add_argument("--matches", type=int, default=10, help="self-play matches (6 deals)")
    parser.add_argument("--lacks", type=float, default=0.3, help="weight below which a card is")
    parser.add_argument("--seed", type=int, default=0, help="the first match's seed")
    args = parser.parse_args(argv)
    tally = Tally()
    budget = Budget(iterations=args.iterations)
    for seed in range(args.seed, args.seed + args.matches):
        state = KoiKoiState(Rules(deals=6), seed)  # as the bench's koikoi-2
        state.start()
        turn = 0
        while (seat := state.to_act()) is not None:
            view = state.view(seat)
            if state.phase is Phase.HAND and any(
                isinstance(e, Played) and e.seat != seat and e.step is Step.HAND
                for e in view.history
            ):
                tally.add(view, state.hands[1 - seat], args.lacks)
            turn += 1
            state.apply(decide(state, seat, args.level, seed=seed * 7919 + turn, budget=budget))
    print(f"{args.level} self-play, {args.matches} matches from seed {args.seed}")
    print(f"{'weight':<13}{'cards':>7}{'prior':>8}{'predicted':>11}{'held':>8}")
    for low, high, band in zip(BANDS, BANDS[1:], tally.bands, strict=False):
        if band.cards:
            name = "1 (nothing)" if low >= 0.999 else f"{low:.1f}-{min(high, 1):.1f}"
            print(
                f"{name:<13}{band.cards:>7}{band.prior / band.cards:>8.3f}"
                f"{band.predicted / band.cards:>11.3f}{band.held / band.cards:>8.3f}"
            )
    print(f"{'regret':<13}{'cards':>7}{'prior':>8}{'predicted':>11}{'held':>8}{'odds x':>8}")
    for low, high, band in zip(REGRETS, REGRETS[1:], tally.regrets, strict=False):
        if band.cards:
            prior, held = band.prior / band.cards, band.held / band.cards
            ratio = held / (1 - held) / (prior / (1 - prior))
            print(
                f"{low:.2f}-{high:<8.2f}{band.cards:>7}{prior:>8.3f}"
                f"{band.predicted / band.cards:>11.3f}{held:>8.3f}{ratio:>8.2f}"
            )
    if tally.months:
        print(
            f"months it says are lacking (every unseen card below {args.lacks}): "
            f"{tally.months}; really lacking {tally.lacked / tally.months:.3f}, "
            f"uniform chance {tally.lack_chance / tally.months:.3f}"
        )


if __name__ == "__main__":
    main()
