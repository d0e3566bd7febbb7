"""Koi-Koi: a match that one seat sees as its view (`bots.worlds`); the opponent's hand and
the stock are dealt from the unseen cards."""

from __future__ import annotations

from collections.abc import Mapping

from engine.koikoi.cards import DECK, indices, mask_of
from engine.koikoi.model import KoiKoiView, Played, Step
from engine.koikoi.options import rules_from_options
from engine.koikoi.state import NO_CARD, KoiKoiState


def world(view: KoiKoiView, players: int, options: Mapping[str, str]) -> KoiKoiState:
    """A match with these validated `options` that the seat of `view` sees as `view`."""
    seat = view.viewer
    assert seat is not None and view.hand is not None, "a seat's view"
    state = KoiKoiState(rules_from_options(options), 0, dealer=view.dealer)
    state.deal_no = view.deal
    state.month = (view.deal - 1) % 12 + 1
    state.match_scores = view.scores
    state.phase, state.turn = view.phase, view.turn
    state.board = mask_of(view.board)
    first, second = mask_of(view.piles[0]), mask_of(view.piles[1])
    state.piles = (first, second)
    state.pending = NO_CARD if view.drawn is None else int(view.drawn)
    hand = mask_of(view.hand)
    unseen = list(indices(DECK & ~(hand | state.board | first | second)))
    if view.drawn is not None:
        unseen.remove(int(view.drawn))
    unseen.sort(key=lambda card: (card % 4, card))  # one card of each month before a second
    count = view.hand_counts[1 - seat]
    other = mask_of(unseen[:count])
    state.hands = (hand, other) if seat == 0 else (other, hand)
    state.stock = tuple(unseen[count:])
    state.totals, state.koi_koi = view.totals, view.koi_koi
    state.deal_brights, state.dealer_draw = view.deal_brights, view.dealer_draw
    state.opening_board, state.history = view.opening_board, view.history
    played = [0, 0]  # what each seat played from its hand: `determinize` rules on the whole
    for entry in view.history:  # dealt hand (the belief reads the same plays, belief.py)
        if isinstance(entry, Played) and entry.step is Step.HAND:
            played[entry.seat] |= 1 << entry.card
    state.from_hand = (played[0], played[1])
    return state
