"""Every number and ruling of koikoi.md in one place: the Cardavia baseline and the variants.

`Rules()` is Cardavia (koikoi.md §2). Each variant of §3 is one field; the match options in
`options.py` only pick field values, so a ruling changes here in one edit. Rulings that are not
choices (they have one answer) are listed in the `Rules` docstring with the code that keeps them.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass


class DealtHand(enum.Enum):
    """D4 / V9: what a dealt-hand yaku (teshi: four of a month; kuttsuki: four pairs) does."""

    SCORE = "score"  # Cardavia: the holder scores at once, the deal ends; both hold one: redeal
    SCORE_BOTH_DRAW = "score_both_draw"  # S-FW: as SCORE, but both holding one is a drawn deal
    SCORE_BOTH_PLAY = "score_both_play"  # S-HFB: as SCORE, but both holding one are ignored
    REDEAL = "redeal"  # S-PEL, G-SEN: any dealt-hand yaku is a misdeal
    IGNORE = "ignore"  # no dealt-hand yaku at all


class BoardFour(enum.Enum):
    """D3 / V10: four cards of one month face up on the board at the deal."""

    REDEAL = "redeal"  # Cardavia: misdeal
    DEALER_TAKES = "dealer_takes"  # the dealer captures them; the stock tops the board up
    DEALER_WINS = "dealer_wins"  # the dealer scores `board_four_points`; the deal ends


class SakeCup(enum.Enum):
    """V8: which yaku classes the chrysanthemum sake cup counts in."""

    BOTH = "both"  # Cardavia: animal and plain at the same time
    ANIMAL = "animal"
    PLAIN = "plain"


class ViewingCancel(enum.Enum):
    """V3: captured cards that void the viewing-sake yaku (V2) of their holder."""

    OFF = "off"
    RAIN = "rain"  # G-SEN yaku.ts, BGA "rain ruins the party": the Rain Man voids both
    RAIN_FOG = "rain_fog"  # G-SEN help, G-FC: Rain Man voids flower-, any Paulownia moon-viewing
    FOG = "fog"  # kiri-nagare on its own: any Paulownia voids moon-viewing; rain voids nothing


class RainCard(enum.Enum):
    """V3: which captured cards are "rain" for `ViewingCancel.RAIN` / `RAIN_FOG`."""

    RAIN_MAN = "rain_man"  # G-SEN, G-FC
    LIGHTNING = "lightning"  # some tables: the oni-fuda
    WILLOW = "willow"  # some tables: any willow card


class ViewingLimit(enum.Enum):
    """V13 (G-FC viewing.ts): when the viewing-sake yaku (V2) count. "In season" is the deal's
    month (V6's: deal 1 is January): hanami-zake in March, tsukimi-zake in August."""

    OFF = "off"
    WITH_OTHER_YAKU = "with_other_yaku"  # G-FC "LIMITED": only beside another yaku
    SEASON_DOUBLE = "season_double"  # worth double in their season
    SEASON_ONLY = "season_only"  # only in their season


class OwnKoi(enum.Enum):
    """V4c: the stopper's bonus for their own koi-koi calls this deal."""

    OFF = "off"
    PLUS_ONE = "plus_one"  # BGA "Soft Koi": x(1 + calls)
    DOUBLE = "double"  # BGA "Hard Koi": x2 per call
    KOIKOI_JAPAN = "koikoi_japan"  # G-GSH: +1 point per call for three, then x(calls - 2)


class NextDealer(enum.Enum):
    """V5: who deals the next deal after a deal somebody won (a drawn deal keeps the dealer,
    except under ALTERNATE)."""

    WINNER = "winner"  # S-FW, G-SEN default
    LOSER = "loser"
    ALTERNATE = "alternate"  # the deal passes every time, drawn or not


class FinalTie(enum.Enum):
    """V5: equal match totals at the end."""

    DRAW = "draw"  # no winner (as Q10's drawn single deal)
    DEALER = "dealer"  # S-BUG: the dealer of the last deal wins
    EXTRA_DEALS = "extra_deals"  # G-SEN: more deals until a deal leaves the totals unequal


class FirstDealer(enum.Enum):
    """D2: how the first dealer is chosen."""

    RANDOM = "random"  # Cardavia
    DRAW = "draw"  # each draws a card: the earlier month deals; same month: the higher card


class OpponentKoi(enum.Enum):
    """V4b: doubling the stopper's score when the opponent called koi-koi in the deal."""

    OFF = "off"
    ONCE = "once"  # S-FW, S-HFB: x2 however many calls
    PER_CALL = "per_call"  # G-SEN: x2 for each call


@dataclass(frozen=True)
class ValueTable:
    """§2.4 / V1: yaku values. `grouped` is V1's modern scoring: within the animal and the
    ribbon group only the best yaku counts, and the set yaku (ino-shika-chō, akatan, aotan,
    akatan-aotan) earn one more point per extra card of their class instead; tane, tanzaku
    and kasu stack with everything when ungrouped (Cardavia, ruling Q7)."""

    name: str
    goko: int  # five brights
    shiko: int  # four brights without the Rain Man
    ame_shiko: int  # four brights with the Rain Man
    sanko: int  # three brights without the Rain Man (with him: no bright yaku, E15)
    ino_shika_cho: int
    akatan: int
    aotan: int
    akatan_aotan: int  # the six ribbons as one yaku (grouped tables only)
    grouped: bool
    tane_from: int = 5  # animals for tane 1, +1 per extra animal
    tanzaku_from: int = 5  # ribbons for tanzaku 1, +1 per extra ribbon
    kasu_from: int = 10  # plains for kasu 1, +1 per extra plain


CARDAVIA = ValueTable("cardavia", 15, 10, 8, 6, 5, 6, 6, 6 + 6, grouped=False)
"""S-CAR (and S-FLASH): the baseline table; only the best bright yaku counts, the rest add up
(akatan and aotan too: no combined yaku, Q7)."""

GROUPED = ValueTable("grouped", 15, 8, 7, 6, 5, 5, 5, 10, grouped=True)
"""V1 with the most common bright values (S-FW)."""

NINTENDO = ValueTable("nintendo", 10, 8, 7, 5, 5, 5, 5, 10, grouped=True)
"""V1 as Nintendo prints it (G-NGS, S-RM): five brights 10, three brights 5."""


@dataclass(frozen=True)
class Rules:
    """The rules of one match. Defaults are Cardavia; each field names its rule or variant.

    Rulings kept by the code rather than by a field (koikoi.md §4-§5):
    * D2: the first dealer (oya, who plays first) is drawn from the match seed.
    * D3/D4 order: the board is checked before the hands; redeals repeat until a deal stands.
    * Q2: a played card that matches must capture; T4/E1/E3: two matches, the player chooses.
    * Q3/E14: a dealt-hand yaku ends the deal before anyone plays; the opponent scores 0.
    * Q5/E9: a player whose total rose on their last turn stops automatically.
    * K1/K7: a decision is offered when the total is higher than at the start of the turn.
    * K3: only the stopper scores. K5: an exhausted deal scores 0 (unless V7 oya-ken).
    * Q6/E13: teshi and kuttsuki in one hand score `dealt_hand_points` once (unless V9
      `dealt_hand_stack`; two teshi in one hand are still one teshi).
    * V12: with 10-card hands, kuttsuki is a hand of pairs only (every month count even).
    * V5: after a drawn deal the dealer deals again (except `NextDealer.ALTERNATE`). Zero-sum:
      the loser pays at most what they hold, and the match ends when a seat holds nothing.
    * V7: oya-ken makes the dealer the deal's winner; seat points leave the deal drawn.
    * V4c: a bonus (koikoi_japan's +1 per call) is added before any multiplier; every
      multiplier applies to stops only, never to dealt-hand, board-four or exhausted points.
    * D2 draw: a tie (same month, same class) is drawn again; the cards go back to the deck.
    * V10 dealer_takes: the dealer takes every complete month; if the topped-up board again
      holds four of a month the deal is redealt.
    * Q9: the engine offers every capture choice; choosing is the players' (and bots') job.
    """

    hand_size: int = 8  # D1
    board_size: int = 8  # D1; the other 24 cards are the stock (D5: 8 stay unused)
    values: ValueTable = CARDAVIA  # §2.4 / V1
    sake_cup: SakeCup = SakeCup.BOTH  # §2.4 / V8
    viewing_sake_points: int = 0  # V2: hanami-zake and tsukimi-zake; 0 = not yaku (Cardavia)
    viewing_sake_called_points: int = 0  # V2 (G-GSH): their worth once the holder called; 0 = same
    viewing_cancel: ViewingCancel = ViewingCancel.OFF  # V3
    rain_card: RainCard = RainCard.RAIN_MAN  # V3
    viewing_limit: ViewingLimit = ViewingLimit.OFF  # V13
    tsuki_fuda_points: int = 0  # V6: the four cards of the deal's month; 0 = off
    double_from: int = 0  # V4a: a stop worth this base total or more is doubled; 0 = off
    opponent_koi: OpponentKoi = OpponentKoi.OFF  # V4b; K6/Q8: Cardavia has no multipliers
    own_koi: OwnKoi = OwnKoi.OFF  # V4c
    bright_base: bool = False  # V4c (BGA): x the brights face up on the dealt board (at least 1)
    koi_koi_lock: bool = False  # V4d (G-SEN): after any call, the next yaku of either ends the deal
    koi_koi_limit: int = 0  # V4d showdown: calls per player per deal, then a rise stops; 0 = free
    deals: int = 1  # V5: deals in the match; Cardavia plays one; 0 = until `target_points`
    target_points: int = 0  # V5: the match ends when a seat has this many points; 0 = off
    starting_points: int = 0  # V5 (BGA zero-sum): each seat's match score at the start
    zero_sum: bool = False  # V5 (BGA): a deal's points are taken from the other seat
    next_dealer: NextDealer = NextDealer.WINNER  # V5
    final_tie: FinalTie = FinalTie.DRAW  # V5
    first_dealer: FirstDealer = FirstDealer.RANDOM  # D2
    oya_ken_points: int = 0  # V7: the dealer's points for an exhausted deal; 0 = off
    exhausted_dealer_points: int = 0  # V7 (G-SEN seat points): the dealer's, exhausted deal
    exhausted_other_points: int = 0  # V7 (G-SEN seat points): the non-dealer's, exhausted deal
    dealt_hand: DealtHand = DealtHand.SCORE  # D4 / V9
    dealt_hand_points: int = 6  # D4
    dealt_hand_stack: bool = False  # V9: teshi and kuttsuki in one hand both score (12)
    board_four: BoardFour = BoardFour.REDEAL  # D3 / V10
    board_four_points: int = 6  # V10 dealer_wins
    board_pairs_redeal: bool = True  # D3 / V10: four pairs on the board are a misdeal
    forced_matching: bool = False  # V11; Q2: free choice of hand card by default
