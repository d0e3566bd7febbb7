"""What the dealt hands decide before anyone plays (D4, V9).

Kept apart from the state because two callers need it: dealing, and `determinize`, which may
only invent opponent hands that could be left of a hand the deal was played with.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from engine.core import Seat
from engine.koikoi.cards import complete_months, four_pairs
from engine.koikoi.model import Yaku
from engine.koikoi.rules import DealtHand, Rules


class Opening(enum.Enum):
    """What happens to a deal once the hands are looked at."""

    PLAY = "play"
    REDEAL = "redeal"
    SCORE = "the holder scores"
    DRAW = "drawn deal"


@dataclass(frozen=True)
class HandsVerdict:
    opening: Opening
    holder: Seat | None = None
    yaku: tuple[Yaku, ...] = ()


_PLAY = HandsVerdict(Opening.PLAY)
_REDEAL = HandsVerdict(Opening.REDEAL)


def dealt_hand_yaku(hand: int, stack: bool = False) -> tuple[Yaku, ...]:
    """Teshi (four of a month) and kuttsuki (pairs only: four pairs of 8 cards, V12's five of
    10) in a dealt hand. Q6: a hand that is both scores once, as teshi; V9 `stack`: both."""
    teshi, kuttsuki = bool(complete_months(hand)), four_pairs(hand)
    if teshi and kuttsuki and stack:
        return (Yaku.TESHI, Yaku.KUTTSUKI)
    if teshi:
        return (Yaku.TESHI,)
    return (Yaku.KUTTSUKI,) if kuttsuki else ()


def could_be_played(hand: int, rules: Rules) -> bool:
    """Whether a seat may hold `hand` in a deal being played: its dealt hand, or what is left
    of it with or without the cards it has played. A dealt-hand yaku in the dealt hand ends or
    redeals the deal unless the rules ignore it or (V9 score_both_play) both seats held one.
    Part of a hand can show teshi (four of a month were dealt together) but not kuttsuki, a
    property of the whole dealt hand: two cards of a month left say nothing of the cards
    played before them, so only a whole hand (as many cards as were dealt) is tested for it.
    `determinize` passes the sampled rest with the cards that seat played from its hand this
    deal, which the view's history shows, so the whole dealt hand is tested: exactly what
    anyone at the table can rule out."""
    if rules.dealt_hand in (DealtHand.IGNORE, DealtHand.SCORE_BOTH_PLAY):
        return True
    if complete_months(hand):
        return False
    return hand.bit_count() < rules.hand_size or not four_pairs(hand)


def judge_hands(hands: tuple[int, int], rules: Rules) -> HandsVerdict:
    """D4 / V9: play on, redeal, score for one holder, or a drawn deal."""
    stack = rules.dealt_hand_stack
    held = (dealt_hand_yaku(hands[0], stack), dealt_hand_yaku(hands[1], stack))
    mode = rules.dealt_hand
    if mode is DealtHand.IGNORE or held == ((), ()):
        return _PLAY
    if mode is DealtHand.REDEAL:
        return _REDEAL
    if not held[0] or not held[1]:
        holder = 0 if held[0] else 1
        return HandsVerdict(Opening.SCORE, holder, held[holder])
    both = {
        DealtHand.SCORE: _REDEAL,  # Cardavia, E12
        DealtHand.SCORE_BOTH_DRAW: HandsVerdict(Opening.DRAW),
        DealtHand.SCORE_BOTH_PLAY: _PLAY,
    }
    return both[mode]
