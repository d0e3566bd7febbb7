"""Scripted Koi-Koi deals for the rule tests: exact hands, board and stock written with the
cards' short names ("jan-crane mar-poetry"), small drivers for turns and deals, and the
scripted deals several test files share."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from engine.core import Event, Move
from engine.koikoi.cards import CARDS, Card, mask_of
from engine.koikoi.model import ChooseCapture, KoiKoi, Phase, PlayCard, Stop
from engine.koikoi.options import CONFLICTS, OPTIONS
from engine.koikoi.rules import Rules
from engine.koikoi.state import KoiKoiState

E = TypeVar("E")
Decide = Callable[[KoiKoiState], Move]
"""A stop / koi-koi policy for scripted deals."""


def cards(text: str) -> tuple[Card, ...]:
    """Cards by short name, e.g. cards("jan-crane nov-rain-man")."""
    return tuple(Card[name.upper().replace("-", "_")] for name in text.split())


def pile(text: str) -> int:
    """A card set (mask) by short names."""
    return mask_of(cards(text))


def order(dealer_hand: str, other_hand: str, board: str, stock: str = "") -> list[int]:
    """A full deal order: the dealer's hand, the other hand (8 cards each, or 10 for V12),
    the board's 8, then `stock` from its top; the cards not named end the stock in index
    order."""
    named = [*cards(dealer_hand), *cards(other_hand), *cards(board), *cards(stock)]
    sizes = [len(cards(part)) for part in (dealer_hand, other_hand, board)]
    assert sizes in ([8, 8, 8], [10, 10, 8]), f"hands need 8 or 10 cards, the board 8: {sizes}"
    assert len(set(named)) == len(named), "a card is named twice"
    return [*named, *(card for card in CARDS if card not in named)]


def dealt(
    dealer_hand: str,
    other_hand: str,
    board: str,
    stock: str = "",
    *,
    rules: Rules | None = None,
    dealer: int = 0,
    seed: int = 0,
) -> tuple[KoiKoiState, list[Event]]:
    """A match whose first deal is exactly this (redeals, if any, come from `seed`)."""
    state = KoiKoiState(rules or Rules(), seed, dealer=dealer)
    events = state.start(order(dealer_hand, other_hand, board, stock))
    return state, events


def playable(options: dict[str, str]) -> dict[str, str]:
    """`options` with every value that `CONFLICTS` refuses beside another set back to its
    default (defaults never conflict), so random option sets can all be played."""
    defaults = {spec.name: spec.default for spec in OPTIONS}
    fixed = dict(options)
    for conflict in CONFLICTS:
        if (
            fixed[conflict.option] in conflict.values
            and fixed[conflict.other] in conflict.other_values
        ):
            fixed[conflict.option] = defaults[conflict.option]
    return fixed


def play(state: KoiKoiState, card: str, take: str | None = None) -> list[Event]:
    """The seat to act plays `card` from hand (taking `take` when two board cards match)."""
    target = None if take is None else cards(take)[0]
    return state.apply(PlayCard(cards(card)[0], target))


def choose(state: KoiKoiState, take: str) -> list[Event]:
    return state.apply(ChooseCapture(cards(take)[0]))


def koi_koi(state: KoiKoiState) -> list[Event]:
    return state.apply(KoiKoi())


def stop(state: KoiKoiState) -> list[Event]:
    return state.apply(Stop())


def of_type(events: list[Event], kind: type[E]) -> list[E]:
    return [event for event in events if isinstance(event, kind)]


def always_koi_koi(state: KoiKoiState) -> Move:
    return KoiKoi()


def calm_play(state: KoiKoiState, decide: Decide = always_koi_koi) -> list[Event]:
    """One move by the simplest policy: the first legal move; `decide` stops or calls."""
    if state.phase is Phase.DECISION:
        return state.apply(decide(state))
    return state.apply(state.legal_moves()[0])


def play_until(state: KoiKoiState, reached: Callable[[KoiKoiState], bool]) -> None:
    """Plays by `calm_play` (koi-koi at every decision) until `reached` holds."""
    while not reached(state):
        assert state.to_act() is not None, "the deal ended first"
        calm_play(state)


def play_deal(
    state: KoiKoiState, decide: Decide = always_koi_koi
) -> tuple[list[Event], list[tuple[int, str]]]:
    """Plays the current deal to its end by `calm_play`; returns the events and the
    decisions taken, as (seat, "stop" or "koi-koi")."""
    deal, events, decisions = state.deal_no, [], []
    while state.to_act() is not None and state.deal_no == deal:
        if state.phase is Phase.DECISION:
            decisions.append((state.turn, decide(state).label()))
        events += calm_play(state, decide)
    return events, decisions


# Deals shared by several test files ---------------------------------------------------------

# A deal that stands: one card of months 1-8 in each hand, four other months on the board
# (only months 1-4 of the hands match it).
HAND_A = "jan-crane feb-warbler mar-curtain apr-cuckoo may-bridge jun-butterflies jul-boar aug-moon"
HAND_B = "jan-poetry feb-poetry mar-poetry apr-ribbon may-ribbon jun-blue jul-ribbon aug-geese"
BOARD = (
    "jan-plain-1 feb-plain-1 mar-plain-1 apr-plain-1 sep-sake-cup oct-deer nov-rain-man dec-phoenix"
)

# §6.9: the dealer makes akatan (6) on turn 3, nothing on turn 5, tanzaku (7) on turn 7 and
# nothing on turn 9, while the other player only lays cards on the board.
VECTOR9 = (
    "jan-poetry feb-poetry sep-plain-1 apr-ribbon dec-plain-2 oct-deer nov-rain-man jun-blue",
    "may-plain-1 jun-plain-1 nov-lightning apr-plain-2 aug-geese sep-blue oct-blue jul-boar",
    "jan-crane jan-plain-1 jan-plain-2 mar-curtain mar-plain-1 mar-plain-2 feb-plain-1 apr-plain-1",
    "mar-poetry dec-plain-1 oct-plain-1 jul-plain-1 aug-plain-1 feb-plain-2 may-ribbon "
    "may-plain-2 dec-plain-3",
)
VECTOR9_TURNS = [
    "jan-poetry",
    "may-plain-1",
    "feb-poetry",
    "jun-plain-1",
    "sep-plain-1",
    "nov-lightning",
    "apr-ribbon",
    "apr-plain-2",
    "dec-plain-2",
]

# The dealer's total first rises on their 8th turn (turn 15).
DEALER_LAST_TURN = (
    "jan-poetry sep-blue oct-deer jan-crane jun-butterflies jun-plain-2 apr-plain-1 apr-cuckoo",
    "feb-plain-2 aug-moon dec-phoenix dec-plain-3 dec-plain-2 feb-poetry nov-ribbon mar-plain-2",
    "jun-blue jul-plain-2 apr-plain-2 mar-plain-1 dec-plain-1 jan-plain-2 mar-poetry feb-warbler",
    "oct-plain-2 aug-geese oct-plain-1 may-ribbon sep-plain-2 nov-swallow nov-rain-man "
    "feb-plain-1 sep-plain-1 may-plain-1 mar-curtain nov-lightning apr-ribbon oct-blue "
    "jun-plain-1 aug-plain-1",
)
# The other player's total first rises on their 8th turn (turn 16).
OTHER_LAST_TURN = (
    "oct-plain-2 dec-plain-1 mar-poetry jun-plain-1 jan-plain-2 apr-cuckoo feb-plain-1 mar-curtain",
    "may-plain-2 jul-plain-2 oct-deer feb-poetry may-bridge may-ribbon oct-blue sep-plain-1",
    "dec-plain-3 jun-blue apr-plain-1 jun-butterflies aug-moon jan-poetry aug-plain-2 feb-plain-2",
    "jul-boar jul-ribbon feb-warbler jan-plain-1 nov-lightning nov-ribbon aug-geese jun-plain-2 "
    "sep-plain-2 jan-crane apr-plain-2 sep-blue oct-plain-1 mar-plain-2 sep-sake-cup nov-swallow",
)
# Both players make yaku and call koi-koi, and nobody's total rises again.
EXHAUSTED = (
    "aug-moon aug-geese apr-plain-2 mar-plain-1 apr-ribbon may-plain-1 nov-lightning nov-rain-man",
    "jun-butterflies feb-plain-2 oct-deer jan-plain-2 jul-ribbon sep-plain-1 jul-plain-1 "
    "dec-plain-3",
    "feb-poetry apr-cuckoo dec-plain-2 aug-plain-2 mar-curtain aug-plain-1 nov-ribbon jan-plain-1",
    "may-bridge oct-plain-1 oct-plain-2 nov-swallow jan-crane dec-plain-1 mar-plain-2 "
    "may-ribbon sep-plain-2 mar-poetry sep-sake-cup feb-plain-1 jun-blue may-plain-2 "
    "jul-plain-2 feb-warbler",
)
# The other player makes yaku first and calls koi-koi; then the dealer makes yaku.
OTHER_CALLS_FIRST = (
    "sep-sake-cup dec-phoenix feb-warbler aug-plain-1 jul-plain-1 dec-plain-2 nov-rain-man "
    "jul-boar",
    "aug-plain-2 apr-cuckoo sep-plain-2 feb-poetry dec-plain-1 may-plain-2 nov-swallow oct-blue",
    "jun-butterflies apr-plain-1 may-plain-1 oct-plain-1 dec-plain-3 may-bridge oct-plain-2 "
    "aug-moon",
    "nov-lightning sep-plain-1 feb-plain-1 jul-plain-2 oct-deer mar-plain-2 mar-curtain "
    "jul-ribbon may-ribbon jun-plain-1 aug-geese jun-blue feb-plain-2 nov-ribbon jun-plain-2 "
    "mar-poetry",
)
# The other player calls koi-koi twice before the dealer stops with 7 or more.
OTHER_CALLS_TWICE = (
    "oct-plain-1 may-plain-2 apr-ribbon jun-plain-2 sep-blue feb-plain-2 jul-plain-1 jan-plain-1",
    "jan-poetry mar-poetry aug-geese aug-plain-1 feb-plain-1 jan-plain-2 may-plain-1 may-ribbon",
    "sep-plain-2 aug-moon apr-cuckoo dec-plain-3 jul-plain-2 may-bridge oct-plain-2 jul-ribbon",
    "mar-plain-2 feb-warbler oct-deer nov-rain-man sep-plain-1 jun-butterflies sep-sake-cup "
    "feb-poetry mar-plain-1 nov-ribbon jul-boar mar-curtain dec-phoenix apr-plain-2 oct-blue "
    "apr-plain-1",
)


def dealer_stops(state: KoiKoiState) -> Move:
    """Seat 1 always calls koi-koi; the dealer stops at once."""
    return KoiKoi() if state.turn == 1 else Stop()


def dealer_at_seven_after_two_calls(state: KoiKoiState) -> bool:
    return (
        state.phase is Phase.DECISION
        and state.turn == 0
        and state.totals[0] >= 7
        and state.koi_koi[1] >= 2
    )


def dealer_stops_at_seven_after_two_calls(state: KoiKoiState) -> Move:
    return Stop() if dealer_at_seven_after_two_calls(state) else KoiKoi()
