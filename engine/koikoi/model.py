"""Koi-Koi as data: yaku, moves, events and the per-seat view.

These types are the vocabulary shared by the rules (`state.py`), the server's codec and the
bots. Cards appear as `Card`s here; the state itself works on bitmasks (`cards.py`). The only
hidden facts are the hands and the stock order, so only `Dealt` needs redacting: a hand card
becomes public when played, a stock card when drawn.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, replace

from engine.core import PublicEvent, Seat
from engine.koikoi.cards import Card


class Yaku(enum.Enum):
    """Every way to score (§2.4, D4, V2, V6, V7, V10); the value is the name people read."""

    GOKO = "gokō (five brights)"
    SHIKO = "shikō (four brights)"
    AME_SHIKO = "ame-shikō (rainy four brights)"
    SANKO = "sankō (three brights)"
    INO_SHIKA_CHO = "ino-shika-chō (boar, deer, butterflies)"
    AKATAN = "akatan (poetry ribbons)"
    AOTAN = "aotan (blue ribbons)"
    AKATAN_AOTAN = "akatan-aotan (poetry and blue ribbons)"
    TANE = "tane (animals)"
    TANZAKU = "tanzaku (ribbons)"
    KASU = "kasu (plains)"
    HANAMI_ZAKE = "hanami-zake (flower-viewing sake)"
    TSUKIMI_ZAKE = "tsukimi-zake (moon-viewing sake)"
    TSUKI_FUDA = "tsuki-fuda (cards of the month)"
    TESHI = "teshi (four of a month dealt)"
    KUTTSUKI = "kuttsuki (four pairs dealt)"
    FOUR_ON_BOARD = "four of a month on the board"
    OYA_KEN = "oya-ken (dealer's right)"


@dataclass(frozen=True)
class YakuProgress:
    """How far a pile is towards a yaku it has not made: `have` of the `need` cards."""

    yaku: Yaku
    have: int
    need: int


@dataclass(frozen=True)
class PileGroups:
    """A capture pile grouped as the match's rules count it, each group the cards its yaku
    count: V8's sake cup among the animals, the plains or both (grouped by the cards' kinds
    alone, the cup sits with the animals whatever the rules say)."""

    brights: tuple[Card, ...] = ()
    animals: tuple[Card, ...] = ()
    ribbons: tuple[Card, ...] = ()
    plains: tuple[Card, ...] = ()


@dataclass(frozen=True)
class ScoredYaku:
    """One yaku and the points it is worth now."""

    yaku: Yaku
    points: int

    def describe(self) -> str:
        return f"{self.yaku.value} {self.points}"


class Phase(enum.Enum):
    """Where a deal stands (§2.5). DEALING is transient: `apply` never stops there."""

    DEALING = "dealing"
    HAND = "play a hand card"
    STOCK_CHOICE = "choose which board card the drawn card captures"
    DECISION = "stop or call koi-koi"
    OVER = "match over"


class Step(enum.Enum):
    """The two steps of a turn (T1-T6)."""

    HAND = "hand"
    STOCK = "stock"


class Misdeal(enum.Enum):
    """Why a deal was dealt again (D3, D4, V9, V10)."""

    BOARD_FOUR = "four of a month on the board"
    BOARD_PAIRS = "four pairs on the board"
    DEALT_HANDS = "dealt-hand yaku"


class DealEnd(enum.Enum):
    """How a deal ended (§2.5 END reasons, with the variants')."""

    STOP = "stop"
    LAST_TURN = "stop on the last turn"  # E9 / Q5
    EXHAUSTED = "both hands ran out"  # K5
    DEALT_HAND = "dealt-hand yaku"  # D4 / Q3
    DEALT_HANDS_DRAW = "both hands held dealt-hand yaku"  # V9 score_both_draw
    FOUR_ON_BOARD = "four of a month on the board"  # V10 dealer_wins
    LOCKED = "stop forced by the koi-koi lock"  # V4d
    CALL_LIMIT = "stop forced by the koi-koi call limit"  # V4d showdown


class Doubling(enum.Enum):
    """The multipliers a stop can earn (V4a, V4b, V4c; none under Cardavia)."""

    SEVEN_PLUS = "base total of 7 or more"
    OPPONENT_KOI_KOI = "opponent called koi-koi"
    OWN_KOI_KOI = "own koi-koi calls"
    BRIGHTS_ON_BOARD = "brights on the dealt board"


@dataclass(frozen=True)
class Multiplier:
    reason: Doubling
    factor: int


@dataclass(frozen=True)
class DealSummary:
    """A finished deal, kept in the view so a reconnecting client can show it.

    `cards` are the cards that scored: the stopper's pile, the dealt hand, the board's four.
    `points` = (`base` + `bonus`) times every multiplier. `gains` is what each seat's match
    score changed by: the winner's points, V7's seat points, or V5 zero-sum's transfer.
    """

    deal: int
    reason: DealEnd
    winner: Seat | None
    yaku: tuple[ScoredYaku, ...]
    base: int
    multipliers: tuple[Multiplier, ...]
    points: int
    koi_koi: tuple[int, int]
    cards: tuple[Card, ...]
    bonus: int = 0
    gains: tuple[int, int] = (0, 0)

    def describe(self) -> str:
        if self.winner is None:
            seat_points = " ".join(f"seat {s} {g:+d}" for s, g in enumerate(self.gains) if g)
            return f"deal {self.deal} is drawn ({self.reason.value})" + (
                f": {seat_points}" if seat_points else ""
            )
        scored = ", ".join(y.describe() for y in self.yaku)
        bonus = f" +{self.bonus} (own koi-koi calls)" if self.bonus else ""
        doubled = "".join(f" x{m.factor} ({m.reason.value})" for m in self.multipliers)
        return (
            f"deal {self.deal}: seat {self.winner} scores {self.points} "
            f"({self.reason.value}: {scored}{bonus}{doubled})"
        )


# Moves ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class PlayCard:
    """Hand step (T1-T5): play `card`; `target` is the board card it captures when two of its
    month lie there (T4), else None (it captures its single match, all three, or nothing)."""

    card: Card
    target: Card | None = None

    def label(self) -> str:
        onto = "" if self.target is None else f" take {self.target.text}"
        return f"play {self.card.text}{onto}"


@dataclass(frozen=True)
class ChooseCapture:
    """Stock step (T6, E3): which of two matching board cards the drawn card captures."""

    target: Card

    def label(self) -> str:
        return f"take {self.target.text}"


@dataclass(frozen=True)
class Stop:
    """K3: end the deal and score every yaku in the pile."""

    def label(self) -> str:
        return "stop"


@dataclass(frozen=True)
class KoiKoi:
    """K2: play on for a higher total; the opponent may stop first and score alone."""

    def label(self) -> str:
        return "koi-koi"


KoiKoiMove = PlayCard | ChooseCapture | Stop | KoiKoi


# Events -----------------------------------------------------------------------------------


def _texts(cards: tuple[Card, ...]) -> str:
    return " ".join(card.text for card in cards) or "nothing"


@dataclass(frozen=True)
class Dealt:
    """A deal was laid out (D1). Each seat sees only its own hand; a spectator neither."""

    deal: int
    dealer: Seat
    board: tuple[Card, ...]
    hands: tuple[tuple[Card, ...] | None, tuple[Card, ...] | None]
    stock_count: int

    def for_viewer(self, viewer: Seat | None) -> Dealt:
        first, second = self.hands
        return replace(
            self, hands=(first if viewer == 0 else None, second if viewer == 1 else None)
        )

    def describe(self) -> str:
        shown = "".join(
            f"; seat {seat} holds {_texts(hand)}"
            for seat, hand in enumerate(self.hands)
            if hand is not None
        )
        return f"deal {self.deal}, seat {self.dealer} deals; board {_texts(self.board)}{shown}"


@dataclass(frozen=True)
class DealerDrawn(PublicEvent):
    """D2 draw: each seat drew a card (seat order); the earlier month deals. `dealer` is None
    for a tie, which is drawn again."""

    cards: tuple[Card, Card]
    dealer: Seat | None

    def describe(self) -> str:
        drawn = ", ".join(f"seat {seat} draws {card.text}" for seat, card in enumerate(self.cards))
        if self.dealer is None:
            return f"{drawn}: a tie, draw again"
        return f"{drawn}: seat {self.dealer} deals first"


@dataclass(frozen=True)
class Redealt(PublicEvent):
    deal: int
    reason: Misdeal

    def describe(self) -> str:
        return f"misdeal ({self.reason.value}): deal {self.deal} is dealt again"


@dataclass(frozen=True)
class BoardFourTaken(PublicEvent):
    """V10 dealer_takes: the dealer captured the board's complete months; the stock refilled."""

    seat: Seat
    cards: tuple[Card, ...]
    refill: tuple[Card, ...]

    def describe(self) -> str:
        return (
            f"seat {self.seat} takes {_texts(self.cards)} from the board; "
            f"{_texts(self.refill)} refill it"
        )


@dataclass(frozen=True)
class Played(PublicEvent):
    """A card met the board (T2-T5): from the hand or drawn from the stock. `captured` are
    the board cards taken with it; empty means the card now lies on the board."""

    seat: Seat
    card: Card
    captured: tuple[Card, ...]
    step: Step

    def describe(self) -> str:
        source = "plays" if self.step is Step.HAND else "matches the drawn"
        result = f"captures {_texts(self.captured)}" if self.captured else "it stays on the board"
        return f"seat {self.seat} {source} {self.card.text}: {result}"


@dataclass(frozen=True)
class Drew(PublicEvent):
    """The top stock card was revealed (T6); a `Played` follows once it is resolved."""

    seat: Seat
    card: Card

    def describe(self) -> str:
        return f"seat {self.seat} draws {self.card.text}"


@dataclass(frozen=True)
class YakuMade(PublicEvent):
    """The turn raised the player's total (K1): their yaku now."""

    seat: Seat
    yaku: tuple[ScoredYaku, ...]
    total: int

    def describe(self) -> str:
        scored = ", ".join(y.describe() for y in self.yaku)
        return f"seat {self.seat} has yaku worth {self.total}: {scored}"


@dataclass(frozen=True)
class KoiKoiCalled(PublicEvent):
    seat: Seat
    calls: int

    def describe(self) -> str:
        return f"seat {self.seat} calls koi-koi (call {self.calls})"


@dataclass(frozen=True)
class DealEnded(PublicEvent):
    summary: DealSummary
    scores: tuple[int, int]

    def describe(self) -> str:
        return f"{self.summary.describe()}; match {self.scores[0]}-{self.scores[1]}"


@dataclass(frozen=True)
class MatchEnded(PublicEvent):
    scores: tuple[int, int]
    winners: tuple[Seat, ...]

    def describe(self) -> str:
        score = f"{self.scores[0]}-{self.scores[1]}"
        if not self.winners:
            return f"the match is drawn {score}"
        return f"seat {self.winners[0]} wins the match {score}"


KoiKoiEvent = (
    DealerDrawn
    | Dealt
    | Redealt
    | BoardFourTaken
    | Played
    | Drew
    | YakuMade
    | KoiKoiCalled
    | DealEnded
    | MatchEnded
)


@dataclass(frozen=True)
class KoiKoiView:
    """All that one seat (or, with viewer None, a spectator) may know.

    Card sets are in index (month) order: the order cards arrived in carries no information
    the events have not already shown. `yaku`, `totals` and `stop_points` are each seat's
    current yaku, their base total and what stopping now would score (multipliers applied).
    The match rules a seat plans by are public: `target` (V5 first to N; 0 = off, and then
    `deals` is 0), `koi_koi_lock` and `koi_koi_limit` (V4d), `zero_sum` (V5: a deal's points are
    taken from the other seat), and `deal_brights`, the brights
    face up on the dealt board (V4c's bright base). `dealer_draw` holds the cards of D2's
    deciding draw when the first dealer was drawn.
    """

    viewer: Seat | None
    deal: int
    deals: int
    dealer: Seat
    phase: Phase
    to_act: Seat | None
    turn: Seat
    hand: tuple[Card, ...] | None
    hand_counts: tuple[int, int]
    board: tuple[Card, ...]
    piles: tuple[tuple[Card, ...], tuple[Card, ...]]
    stock_count: int
    drawn: Card | None
    yaku: tuple[tuple[ScoredYaku, ...], tuple[ScoredYaku, ...]]
    totals: tuple[int, int]
    koi_koi: tuple[int, int]
    stop_points: tuple[int, int]
    scores: tuple[int, int]
    last_deal: DealSummary | None
    target: int = 0
    koi_koi_lock: bool = False
    koi_koi_limit: int = 0
    zero_sum: bool = False
    deal_brights: int = 0
    dealer_draw: tuple[Card, Card] | None = None
    progress: tuple[tuple[YakuProgress, ...], tuple[YakuProgress, ...]] = ((), ())
    """Each seat's progress towards the yaku its pile has cards of but has not made."""
    groups: tuple[PileGroups, PileGroups] = (PileGroups(), PileGroups())
    """Each seat's pile grouped as the rules count it (what `progress` counts)."""
    opening_board: tuple[Card, ...] = ()
    """The board as play began this deal (after V10's dealer_takes), in month order: where
    `history` replays from."""
    history: tuple[Played | KoiKoiCalled, ...] = ()
    """This deal's public record, oldest first: every card that met the board (`Played`: the
    seat, the card from the hand or the stock, what it captured) and every koi-koi call. All
    face up when it happened, so every seat and the spectator have the same one; a seat reads
    from it what the other seat's plays say about the cards it kept (`bots.koikoi.belief`).
    Replay: a `Played` with `captured` removes those cards from the board, one without lays
    its card there. A drawn card still waiting for its capture choice is `drawn`, not here."""

    def joined(self, private: KoiKoiPrivate) -> KoiKoiView:
        """The seat's view: this public one with its own hand."""
        return replace(self, viewer=private.seat, hand=private.hand)


@dataclass(frozen=True)
class KoiKoiPrivate:
    """What one seat alone knows: its own hand, in month order (the other hand and the stock
    are nobody's)."""

    seat: Seat
    hand: tuple[Card, ...]
