"""The view's public history of the deal (`KoiKoiView.opening_board`, `history`): what anyone
at the table saw, the same for every seat and the spectator, and what `determinize` may rule
out with it (the whole dealt hand of the other seat, D4)."""

import random

from engine.core import Event
from engine.koikoi.cards import DECK, Card, indices, mask_of
from engine.koikoi.deal import could_be_played
from engine.koikoi.model import (
    Dealt,
    KoiKoiCalled,
    Phase,
    Played,
    Redealt,
    Step,
)
from engine.koikoi.rules import Rules
from engine.koikoi.state import KoiKoiState


def _remembered(events: list[Event], record: list[Played | KoiKoiCalled]) -> None:
    """What a player keeps of the events: a new deal starts a new record."""
    for event in events:
        if isinstance(event, Dealt | Redealt):
            record.clear()
        elif isinstance(event, Played | KoiKoiCalled):
            record.append(event)


def _replayed(opening: tuple[Card, ...], history: tuple[Played | KoiKoiCalled, ...]) -> int:
    """The board after the history, replayed as protocol.md says."""
    board = mask_of(opening)
    for entry in history:
        if isinstance(entry, Played):
            if entry.captured:
                board &= ~mask_of(entry.captured)
            else:
                board |= 1 << entry.card
    return board


def test_the_history_is_the_deals_public_record_the_same_for_everyone() -> None:
    calls = 0
    for seed in range(30):
        state = KoiKoiState(Rules(), seed)
        record: list[Played | KoiKoiCalled] = []
        _remembered(state.start(), record)
        rng = random.Random(seed)
        while state.phase is not Phase.OVER:
            views = [state.view(viewer) for viewer in (0, 1, None)]
            assert {view.history for view in views} == {tuple(record)}
            assert {view.opening_board for view in views} == {views[0].opening_board}
            assert _replayed(views[0].opening_board, views[0].history) == state.board
            _remembered(state.apply(rng.choice(state.legal_moves())), record)
            calls += sum(isinstance(entry, KoiKoiCalled) for entry in record)
        assert state.view(None).history == tuple(record)
    assert calls, "some deals hold koi-koi calls"


def test_a_new_deal_starts_a_new_history_from_its_dealt_board() -> None:
    state = KoiKoiState(Rules(deals=3), 4)
    state.start()
    rng = random.Random(4)
    deal = state.deal_no
    while state.deal_no == deal:
        state.apply(rng.choice(state.legal_moves()))
    view = state.view(None)
    assert view.history == () and view.opening_board == view.board


def test_determinize_rules_on_the_whole_dealt_hand_with_the_cards_played_from_it() -> None:
    """Kuttsuki (four pairs) is a property of the whole dealt hand. Two single cards left of a
    hand say nothing, but with the cards that seat played from it (the history shows them) they
    may make four pairs, which a deal being played cannot have had (D4)."""
    rules = Rules()
    rng = random.Random(2)
    ruled_out = samples = 0
    for seed in range(60):
        state = KoiKoiState(rules, seed)
        state.start()
        while state.phase is not Phase.OVER and state.hands[1].bit_count() > 2:
            state.apply(rng.choice(state.legal_moves()))
        if state.phase is Phase.OVER or state.phase is not Phase.HAND or state.turn != 0:
            continue
        view = state.view(0)
        played = mask_of(
            entry.card
            for entry in view.history
            if isinstance(entry, Played) and entry.seat == 1 and entry.step is Step.HAND
        )
        assert played == state.from_hand[1]
        pool = list(indices(DECK & ~mask_of(view.hand or ()) & ~state.board))
        pool = [c for c in pool if not (state.piles[0] | state.piles[1]) >> c & 1]
        for _ in range(40):  # the uniform draw `determinize` makes before it rules out
            hand = mask_of(rng.sample(pool, state.hands[1].bit_count()))
            ruled_out += not could_be_played(hand | played, rules)
            samples += 1
            world = state.determinize(0, rng)
            assert could_be_played(world.hands[1] | world.from_hand[1], rules)
            assert world.from_hand == state.from_hand
    assert samples >= 400
    assert ruled_out, "some uniform draws would have made a dealt-hand yaku"
