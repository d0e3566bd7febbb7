"""What the other seat's plays this deal say about the cards it kept (`hard`'s belief).

A player who lays a plain down while the crane of January waits on the board, and who would
have taken it with any January card, probably holds no January card. The view's public
history (`KoiKoiView.history`) shows every card the other seat played from its hand and the
board it met; replaying it, each of those turns is valued as the other seat saw it, by the
heuristic of `position.py`, for every card it might have held then. A card that would have
played better than the card it chose, by r points summed over those turns, is less likely
held: its weight is `FLOOR + (1 - FLOOR) * exp(-r / SCALE)`, as if the other seat played by
a noisy version of our heuristic, now and then with a reason of its own to keep that card. A card
unseen now and still in its hand was in its hand at every earlier turn, so a sampled hand's
weight is the product of its cards' weights, relative to the heaviest hand of that size
(`bots.decide` samples by rejection).

The draws from the stock and the choices between two board cards say nothing of the hand, and
koi-koi calls are left out. FLOOR keeps every hand possible: an opponent may hold a card back
on purpose, or play by rules other than ours.
"""

from __future__ import annotations

import math
from collections.abc import Iterator

from bots.koikoi.position import Position
from bots.policy import Belief
from engine.core import State
from engine.koikoi.cards import CARDS, DECK, SAME_MONTH, indices, mask_of
from engine.koikoi.model import KoiKoiPrivate, KoiKoiView, PlayCard, Played, Step

SCALE = 1.0
"""Points of regret that make a card e times less likely held. Fitted to `normal` self-play
(`python -m bench.belief`, docs/ai.md): a card of regret 0.25-0.5 was held 0.54 times as
often (in odds) as one of no regret, 0.5-1: 0.48, 1-2: 0.23, over 2: 0.02."""

FLOOR = 0.03
"""The least weight any regret leaves a card: an opponent may keep a card for reasons of its
own (a search, another heuristic), and no hand is ever ruled out."""


def _turns(view: KoiKoiView) -> Iterator[tuple[Played, Position]]:
    """Each hand play of the other seat this deal with that seat's reading of the table just
    before it (the board it met, both piles, the viewer's hand size as the other hand)."""
    me = view.viewer
    assert me is not None, "a seat's view"
    them = 1 - me
    captured = [0, 0]
    left = [0, 0]  # hand plays still to come after each point of the replay
    for entry in view.history:
        if isinstance(entry, Played):
            if entry.captured:
                captured[entry.seat] |= mask_of(entry.captured) | 1 << entry.card
            left[entry.seat] += entry.step is Step.HAND
    piles = [mask_of(view.piles[0]) & ~captured[0], mask_of(view.piles[1]) & ~captured[1]]
    board = mask_of(view.opening_board)
    for entry in view.history:
        if not isinstance(entry, Played):
            continue
        if entry.seat == them and entry.step is Step.HAND:
            mine = view.hand_counts[me] + left[me]
            yield entry, Position(piles[them], piles[me], board, 0, mine)
        if entry.step is Step.HAND:
            left[entry.seat] -= 1
        bit = 1 << entry.card
        if entry.captured:
            taken = mask_of(entry.captured)
            board &= ~taken
            piles[entry.seat] |= taken | bit
        else:
            board |= bit


def _best(position: Position, card: int) -> float:
    """What playing `card` looks worth, taking the better board card when two match."""
    same = position.board & SAME_MONTH[card]
    if same.bit_count() == 2:
        return max(position.play(PlayCard(CARDS[card], CARDS[t])) for t in indices(same))
    return position.play(PlayCard(CARDS[card]))


def card_regrets(view: KoiKoiView) -> dict[int, float]:
    """For each card the other seat may hold now (unseen by the viewer), how much better than
    its choices it would have played at its turns this deal (0: its plays say nothing)."""
    hand = mask_of(view.hand or ())
    seen = hand | mask_of(view.board) | mask_of(view.piles[0]) | mask_of(view.piles[1])
    if view.drawn is not None:
        seen |= 1 << view.drawn
    regrets = dict.fromkeys(indices(DECK & ~seen), 0.0)
    for played, position in _turns(view):
        target = None if len(played.captured) != 1 else played.captured[0]
        chosen = position.play(PlayCard(played.card, target))
        for card in regrets:
            regrets[card] += max(_best(position, card) - chosen, 0.0)
    return regrets


def weight(regret: float) -> float:
    """How much likelier than an unremarkable card a card of this regret is held."""
    return FLOOR + (1 - FLOOR) * math.exp(-regret / SCALE)


def card_weights(view: KoiKoiView) -> dict[int, float]:
    """Each card the other seat may hold now, weighed by its regret (1: nothing against it)."""
    return {card: weight(regret) for card, regret in card_regrets(view).items()}


def belief(view: KoiKoiView) -> Belief | None:
    """A sampled world's plausibility: the product of the weights of the other seat's cards,
    relative to the heaviest hand of as many unseen cards; None when the plays say nothing."""
    if view.viewer is None or not view.history:
        return None
    weights = card_weights(view)
    count = view.hand_counts[1 - view.viewer]
    if all(weight == 1.0 for weight in weights.values()):
        return None
    best = math.prod(sorted(weights.values(), reverse=True)[:count])
    them = 1 - view.viewer

    def plausibility(world: State) -> float:
        private = world.private_view(them)
        assert isinstance(private, KoiKoiPrivate)
        return math.prod(weights[int(card)] for card in private.hand) / best

    return plausibility
