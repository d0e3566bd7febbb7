"""`hard`'s Koi-Koi belief: what the other seat's plays this deal say about its hand
(`bots.koikoi.belief`)."""

import random

from bots.koikoi.belief import FLOOR, belief, card_weights
from engine.koikoi.cards import CARDS, mask_of
from engine.koikoi.state import KoiKoiState
from tests.engine.koikoi.koikoi_scenarios import cards, dealt, play

DEAL = (
    "feb-plain-2 mar-poetry apr-ribbon may-ribbon jun-blue jul-ribbon sep-blue nov-ribbon",
    "oct-plain-1 sep-plain-1 sep-plain-2 oct-deer nov-swallow dec-phoenix nov-lightning oct-blue",
    "jan-crane feb-plain-1 mar-plain-1 apr-plain-1 may-plain-1 jun-plain-1 jul-plain-1 aug-plain-1",
)
"""The dealer's hand, the other hand and the board, with the crane of January on the board."""


def _crane_left_on_the_board() -> KoiKoiState:
    """Seat 1 lays a plain down while the crane of January lies on the board: with any
    January card it would have taken a bright."""
    state, _ = dealt(
        *DEAL,
        "dec-plain-1 dec-plain-2",
        dealer=0,
    )
    play(state, "feb-plain-2")
    play(state, "oct-plain-1")
    return state


def test_a_card_that_would_have_taken_a_bright_is_unlikely_held() -> None:
    view = _crane_left_on_the_board().view(0)
    weights = {CARDS[card].text: weight for card, weight in card_weights(view).items()}
    for card in ("jan-poetry", "jan-plain-1", "jan-plain-2"):
        assert FLOOR <= weights[card] < 0.4, card
    for card in ("oct-plain-2", "sep-plain-1", "nov-swallow"):  # nothing of theirs to take
        assert weights[card] == 1.0, card


def test_a_world_is_weighed_by_its_hand_relative_to_the_heaviest() -> None:
    state = _crane_left_on_the_board()
    plausibility = belief(state.view(0))
    assert plausibility is not None

    def holding(swapped: str) -> KoiKoiState:
        """The state with seat 1's hand changed by the cards named (held ones go, others come)."""
        world = state.copy()
        world.hands = (world.hands[0], world.hands[1] ^ mask_of(cards(swapped)))
        return world

    assert plausibility(state) < 0.4  # it kept the phoenix while a December plain lay there
    assert plausibility(holding("dec-phoenix nov-rain-man")) == 1.0
    assert plausibility(holding("dec-phoenix nov-rain-man oct-deer jan-poetry")) < 0.4
    rng = random.Random(1)
    for _ in range(200):
        assert 0.0 < plausibility(state.determinize(0, rng)) <= 1.0


def test_no_play_of_the_other_seat_says_nothing() -> None:
    state, _ = dealt(
        *DEAL,
        dealer=0,
    )
    assert belief(state.view(0)) is None
    play(state, "feb-plain-2")
    assert belief(state.view(0)) is None  # its own play says nothing of the other hand
    assert belief(state.view(1)) is not None  # seat 0 took a plain and left the crane
    assert belief(state.view(None)) is None  # a spectator does not search
