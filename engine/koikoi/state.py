"""A Koi-Koi match as the phase machine of koikoi.md §2.5, from the first deal to the last.

`apply` plays one decision and then runs every forced step — the stock draw, the yaku check,
the end of a deal, the next deal with its redeals — so that afterwards either a seat must decide
or the match is over. Every field is immutable (ints, card masks, tuples), so `copy` is a
shallow copy and a bot's playout never deep-copies anything.

Randomness: the match seed yields the first dealer and a 64-bit deal seed. Each deal (and each
redeal) seeds a throwaway `random.Random` from the deal seed, shuffles from it and takes the
next deal seed from it, so the state carries its random source as one int.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import cache

from mypy_extensions import mypyc_attr

from engine.chance import seeded, shuffle
from engine.core import Event, Move, Result, Seat, State, fields, require_legal
from engine.koikoi.cards import (
    BRIGHTS,
    CARDS,
    SAME_MONTH,
    Card,
    Kind,
    cards_in,
    complete_months,
    four_pairs,
    indices,
    mask_of,
)
from engine.koikoi.deal import Opening, could_be_played, judge_hands
from engine.koikoi.model import (
    BoardFourTaken,
    ChooseCapture,
    DealEnd,
    DealEnded,
    DealerDrawn,
    DealSummary,
    Dealt,
    Doubling,
    Drew,
    KoiKoi,
    KoiKoiCalled,
    KoiKoiMove,
    KoiKoiPrivate,
    KoiKoiView,
    MatchEnded,
    Misdeal,
    Multiplier,
    Phase,
    PlayCard,
    Played,
    Redealt,
    ScoredYaku,
    Step,
    Stop,
    Yaku,
    YakuMade,
)
from engine.koikoi.rules import (
    BoardFour,
    FinalTie,
    FirstDealer,
    NextDealer,
    OpponentKoi,
    OwnKoi,
    Rules,
)
from engine.koikoi.yaku import scorer_for

NO_CARD = -1
"""`pending` when no drawn card waits for a capture choice."""

_PLAY = tuple(PlayCard(card) for card in CARDS)
_PLAY_TAKING: dict[tuple[int, int], PlayCard] = {
    (card, target): PlayCard(card, CARDS[target])
    for card in CARDS
    for target in indices(SAME_MONTH[card] & ~(1 << card))
}
_CHOOSE = tuple(ChooseCapture(card) for card in CARDS)
_DECISION: tuple[KoiKoiMove, ...] = (Stop(), KoiKoi())
"""Every move object is made once here: listing legal moves is a few table look-ups."""

_DREW = tuple(tuple(Drew(seat, card) for card in CARDS) for seat in (0, 1))
"""Every `Drew` event, made once: events are frozen values, and building a frozen dataclass
costs a random playout about as much as the move that makes it."""


@cache
def _played(seat: Seat, card: int, captured: int, step: Step) -> Played:
    """The `Played` event, made once for each of its few thousand values (`captured` is part
    of the card's month), as `_DREW` is."""
    return Played(seat, CARDS[card], cards_in(captured), step)


def _with(pair: tuple[int, int], seat: Seat, value: int) -> tuple[int, int]:
    return (value, pair[1]) if seat == 0 else (pair[0], value)


def _multiplied(base: int, multipliers: tuple[Multiplier, ...]) -> int:
    for multiplier in multipliers:
        base *= multiplier.factor
    return base


DRAW_VALUE = {Kind.BRIGHT: 20, Kind.ANIMAL: 10, Kind.RIBBON: 5, Kind.PLAIN: 1}
"""D2: the traditional card values (§1) that break a same-month draw for the first dealer."""


def draw_winner(cards: tuple[Card, Card]) -> Seat | None:
    """D2: the seat whose drawn card deals first — the earlier month, then the higher value;
    None for a tie (same month, same value), which is drawn again."""
    first, second = ((card.month, -DRAW_VALUE[card.kind]) for card in cards)
    return None if first == second else 0 if first < second else 1


@mypyc_attr(allow_interpreted_subclasses=True)  # see State
class KoiKoiState(State):
    """One node of a Koi-Koi match. `repr` shows everything; only `view` may reach a client.

    Card sets are masks (see `cards.py`): `hands` and `piles` per seat, `board`, and `stock` as
    card indices, top first.
    `turn` is the seat whose turn it is; `pending` the drawn card awaiting a capture choice;
    `totals` each seat's yaku total as of its last turn (so, during a turn, the total at its
    start: what K1 compares with); `month` the deal's month (V6). `opening_board` and `history`
    are the deal's public record (`KoiKoiView.history`), `from_hand` the cards each seat has
    played from its hand this deal (the history's hand plays, as masks).
    """

    players = 2

    def __init__(self, rules: Rules, seed: int, *, dealer: Seat | None = None) -> None:
        """A match before its first deal (call `start`). D2: the first dealer comes from the
        seed unless given."""
        rng = random.Random(seed)
        self.rules = rules
        self._scorer = scorer_for(rules)
        self._opening: list[Event] = []
        self.dealer_draw: tuple[Card, Card] | None = None
        if dealer is not None:
            self.dealer: Seat = dealer
        elif rules.first_dealer is FirstDealer.DRAW:
            self.dealer = self._draw_for_dealer(rng)
        else:
            self.dealer = rng.randrange(self.players)
        self._deal_seed = rng.getrandbits(64)
        self.deal_no = 0
        self.match_scores = (rules.starting_points, rules.starting_points)
        self.deal_brights = 0
        self.last_deal: DealSummary | None = None
        self.phase = Phase.DEALING
        self.turn: Seat = self.dealer
        self.hands = self.piles = self.totals = self.koi_koi = (0, 0)
        self.board = 0
        self.stock: tuple[int, ...] = ()
        self.pending = NO_CARD
        self.month = 1
        self.opening_board: tuple[Card, ...] = ()
        self.history: tuple[Played | KoiKoiCalled, ...] = ()
        self.from_hand = (0, 0)
        self._legal: tuple[KoiKoiMove, ...] | None = None

    def start(self, order: Sequence[int] | None = None) -> list[Event]:
        """Deals the first deal — from `order` when given (tests fix exact hands, board and
        stock; see `_lay_out`), else from the seed — and runs the forced steps."""
        if self.deal_no:
            raise ValueError("the match has already started")
        if order is not None:
            order = [int(card) for card in order]
            if sorted(order) != list(range(len(CARDS))):
                raise ValueError("a deal must order all 48 cards")
        events: list[Event] = self._opening
        self._opening = []
        self._run_forced(events, order)
        return events

    def _draw_for_dealer(self, rng: random.Random) -> Seat:
        """D2 draw: each seat draws a card from a shuffled deck until one deals first."""
        while True:
            first, second = rng.sample(CARDS, 2)
            self.dealer_draw = (first, second)
            winner = draw_winner(self.dealer_draw)
            self._opening.append(DealerDrawn(self.dealer_draw, winner))
            if winner is not None:
                return winner

    # The engine contract --------------------------------------------------------------------

    def to_act(self) -> Seat | None:
        return None if self.phase in (Phase.OVER, Phase.DEALING) else self.turn

    def legal_moves(self) -> tuple[KoiKoiMove, ...]:
        if self._legal is None:
            self._legal = self._moves()
        return self._legal

    def apply(self, move: Move) -> list[Event]:
        require_legal(self, move)
        self._legal = None
        events: list[Event] = []
        seat = self.turn
        if isinstance(move, PlayCard):  # T1
            bit = 1 << move.card
            self.hands = _with(self.hands, seat, self.hands[seat] & ~bit)
            self.from_hand = _with(self.from_hand, seat, self.from_hand[seat] | bit)
            self._meet_board(seat, move.card, move.target, Step.HAND, events)
            self._draw(seat, events)
        elif isinstance(move, ChooseCapture):  # E3
            card, self.pending = self.pending, NO_CARD
            self._meet_board(seat, card, move.target, Step.STOCK, events)
            self._end_turn(seat, events)
        elif isinstance(move, KoiKoi):  # K2
            calls = self.koi_koi[seat] + 1
            self.koi_koi = _with(self.koi_koi, seat, calls)
            # V2 (1/3): viewing yaku may be worth more once called; K1 compares with this.
            self.totals = _with(self.totals, seat, self._total(seat))
            called = KoiKoiCalled(seat, calls)
            self.history += (called,)
            events.append(called)
            self._begin_turn(1 - seat)
        else:  # K3: Stop, the only other legal move
            self._stop(seat, DealEnd.STOP, events)
        self._run_forced(events)
        return events

    def view(self, viewer: Seat | None) -> KoiKoiView:
        """Public facts plus, for a seat, its own hand: never the other hand or the stock."""
        totals, month, called = self.totals, self.month, self.koi_koi
        pile_0 = self._scorer.shown(self.piles[0], month, called[0] > 0)
        pile_1 = self._scorer.shown(self.piles[1], month, called[1] > 0)
        return KoiKoiView(
            viewer=viewer,
            deal=self.deal_no,
            deals=self.rules.deals if not self.rules.target_points else 0,
            dealer=self.dealer,
            phase=self.phase,
            to_act=self.to_act(),
            turn=self.turn,
            hand=None if viewer is None else cards_in(self.hands[viewer]),
            hand_counts=(self.hands[0].bit_count(), self.hands[1].bit_count()),
            board=cards_in(self.board),
            piles=(pile_0[0], pile_1[0]),
            stock_count=len(self.stock),
            drawn=None if self.pending == NO_CARD else CARDS[self.pending],
            yaku=(pile_0[1], pile_1[1]),
            totals=totals,
            koi_koi=self.koi_koi,
            stop_points=(self._stop_points(0, totals[0]), self._stop_points(1, totals[1])),
            scores=self.match_scores,
            last_deal=self.last_deal,
            target=self.rules.target_points,
            koi_koi_lock=self.rules.koi_koi_lock,
            koi_koi_limit=self.rules.koi_koi_limit,
            zero_sum=self.rules.zero_sum,
            deal_brights=self.deal_brights,
            dealer_draw=self.dealer_draw,
            progress=(pile_0[2], pile_1[2]),
            groups=(pile_0[3], pile_1[3]),
            opening_board=self.opening_board,
            history=self.history,
        )

    def private_view(self, seat: Seat) -> KoiKoiPrivate:
        return KoiKoiPrivate(seat, cards_in(self.hands[seat]))

    def determinize(self, viewer: Seat, rng: random.Random) -> KoiKoiState:
        """Resamples what `viewer` cannot see: the other hand, the stock order and the seed of
        every future deal. The other hand is drawn from the unseen cards among those that,
        with the cards that seat has played from its hand this deal (`from_hand`, public: the
        view's `history`), make a hand the deal could be played with (D4 / V9,
        `could_be_played`); like everything here it depends on the viewer's view alone. Once
        the match is over nothing is left to decide and the hands stay as they are."""
        clone = self.copy()
        clone._deal_seed = rng.getrandbits(64)
        if self.phase is Phase.OVER:
            return clone
        other = 1 - viewer
        unseen = list(indices(self.hands[other] | mask_of(self.stock)))
        count, played = self.hands[other].bit_count(), self.from_hand[other]
        while True:
            shuffle(rng, unseen)
            hand = mask_of(unseen[:count])
            if could_be_played(hand | played, self.rules):
                break
        clone.hands = _with(self.hands, other, hand)
        clone.stock = tuple(unseen[count:])
        clone._legal = None
        return clone

    def result(self) -> Result | None:
        if self.phase is not Phase.OVER:
            return None
        return Result(self.match_scores, self._winners(), {"deals": self.deal_no})

    def scores(self) -> tuple[int, int]:
        return self.match_scores

    def copy(self) -> KoiKoiState:
        clone = KoiKoiState.__new__(KoiKoiState)
        clone.rules = self.rules
        clone._scorer = self._scorer
        clone._opening = self._opening
        clone.dealer_draw = self.dealer_draw
        clone.dealer = self.dealer
        clone._deal_seed = self._deal_seed
        clone.deal_no = self.deal_no
        clone.match_scores = self.match_scores
        clone.deal_brights = self.deal_brights
        clone.last_deal = self.last_deal
        clone.phase = self.phase
        clone.turn = self.turn
        clone.hands = self.hands
        clone.piles = self.piles
        clone.totals = self.totals
        clone.koi_koi = self.koi_koi
        clone.board = self.board
        clone.stock = self.stock
        clone.pending = self.pending
        clone.month = self.month
        clone.opening_board = self.opening_board
        clone.history = self.history
        clone.from_hand = self.from_hand
        clone._legal = self._legal
        return clone

    def __repr__(self) -> str:
        shown = {name: value for name, value in fields(self).items() if name != "_legal"}
        listed = ", ".join(f"{name}={value!r}" for name, value in shown.items())
        return f"KoiKoiState({listed})"

    # Dealing --------------------------------------------------------------------------------

    def _run_forced(self, events: list[Event], order: Sequence[int] | None = None) -> None:
        """V5: while a deal has ended and the match goes on, the winner (or, after a drawn
        deal, the same dealer) deals the next one; it may end at once, so this loops."""
        while self.phase is Phase.DEALING:
            if self.last_deal is not None:
                self.dealer = self._next_dealer(self.last_deal.winner)
            self.deal_no += 1
            self.month = (self.deal_no - 1) % 12 + 1  # V6: deal 1 is January
            misdeal = self._lay_out(self._shuffled() if order is None else order, events)
            while misdeal is not None:  # E17: redeal until a deal stands
                events.append(Redealt(self.deal_no, misdeal))
                misdeal = self._lay_out(self._shuffled(), events)
            order = None

    def _next_dealer(self, winner: Seat | None) -> Seat:
        """V5: the winner (or loser) of the last deal deals; a drawn deal keeps the dealer;
        or the deal simply alternates."""
        rule = self.rules.next_dealer
        if rule is NextDealer.ALTERNATE:
            return 1 - self.dealer
        if winner is None:
            return self.dealer
        return winner if rule is NextDealer.WINNER else 1 - winner

    def _shuffled(self) -> list[int]:
        rng = seeded(self._deal_seed)
        order = list(range(len(CARDS)))
        shuffle(rng, order)
        self._deal_seed = rng.getrandbits(64)
        return order

    def _lay_out(self, order: Sequence[int], events: list[Event]) -> Misdeal | None:
        """D1: the dealer's hand is `order[:8]`, the other hand the next 8, the board the next
        8, the stock the other 24, top first. Then the board (D3 / V10) and the hands (D4 / V9)
        are judged, in that order; returns why the deal must be dealt again, if it must.
        `order` is whole and of plain ints: `start` checks a given one, and a shuffle is whole
        by construction (a random playout lays out a deal every few moves)."""
        size, board_size = self.rules.hand_size, self.rules.board_size
        first, second = mask_of(order[:size]), mask_of(order[size : 2 * size])
        self.hands = (first, second) if self.dealer == 0 else (second, first)
        self.board = mask_of(order[2 * size : 2 * size + board_size])
        self.stock = tuple(order[2 * size + board_size :])
        self.piles = self.koi_koi = self.totals = (0, 0)
        self.pending = NO_CARD
        self.deal_brights = (self.board & BRIGHTS).bit_count()
        self.opening_board, self.history, self.from_hand = cards_in(self.board), (), (0, 0)
        events.append(
            Dealt(
                self.deal_no,
                self.dealer,
                self.opening_board,
                (cards_in(self.hands[0]), cards_in(self.hands[1])),
                len(self.stock),
            )
        )
        complete = complete_months(self.board)
        if complete:
            if self.rules.board_four is BoardFour.REDEAL:
                return Misdeal.BOARD_FOUR
            if self.rules.board_four is BoardFour.DEALER_WINS:
                points = self.rules.board_four_points
                won = (ScoredYaku(Yaku.FOUR_ON_BOARD, points),)
                self._end_deal(DealEnd.FOUR_ON_BOARD, self.dealer, won, complete, events)
                return None
            self._dealer_takes(complete, events)
            self.deal_brights = (self.board & BRIGHTS).bit_count()
            self.opening_board = cards_in(self.board)
            if complete_months(self.board):
                return Misdeal.BOARD_FOUR
        if self.rules.board_pairs_redeal and four_pairs(self.board):
            return Misdeal.BOARD_PAIRS
        verdict = judge_hands(self.hands, self.rules)
        if verdict.opening is Opening.REDEAL:
            return Misdeal.DEALT_HANDS
        if verdict.opening is Opening.PLAY:
            self._begin_turn(self.dealer)
        elif verdict.opening is Opening.DRAW:
            self._end_deal(DealEnd.DEALT_HANDS_DRAW, None, (), 0, events)
        else:  # Opening.SCORE, Q3: the holder scores before anyone plays
            holder = verdict.holder
            assert holder is not None and verdict.yaku, "a scoring verdict names both"
            scored = tuple(ScoredYaku(y, self.rules.dealt_hand_points) for y in verdict.yaku)
            self._end_deal(DealEnd.DEALT_HAND, holder, scored, self.hands[holder], events)
        return None

    def _dealer_takes(self, complete: int, events: list[Event]) -> None:
        """V10 dealer_takes: the complete months go to the dealer's pile and as many stock
        cards take their place on the board."""
        count = complete.bit_count()
        refill, self.stock = self.stock[:count], self.stock[count:]
        self.board = self.board & ~complete | mask_of(refill)
        self.piles = _with(self.piles, self.dealer, complete)
        self.totals = _with(self.totals, self.dealer, self._total(self.dealer))
        events.append(BoardFourTaken(self.dealer, cards_in(complete), cards_in(mask_of(refill))))

    # A turn ---------------------------------------------------------------------------------

    def _moves(self) -> tuple[KoiKoiMove, ...]:
        if self.phase is Phase.HAND:
            return self._plays()
        if self.phase is Phase.STOCK_CHOICE:
            return tuple(_CHOOSE[t] for t in indices(self.board & SAME_MONTH[self.pending]))
        if self.phase is Phase.DECISION:
            return _DECISION
        return ()

    def _plays(self) -> tuple[KoiKoiMove, ...]:
        """T1: any hand card (V11: any matching one, if there is one); T4: a card with two
        matches on the board is one move per card it may take."""
        hand, board = self.hands[self.turn], self.board
        if self.rules.forced_matching:
            covered = 0
            for card in indices(board):
                covered |= SAME_MONTH[card]
            hand = hand & covered or hand
        moves: list[KoiKoiMove] = []
        for card in indices(hand):
            same = board & SAME_MONTH[card]
            if same.bit_count() == 2:
                moves.extend(_PLAY_TAKING[card, target] for target in indices(same))
            else:
                moves.append(_PLAY[card])
        return tuple(moves)

    def _begin_turn(self, seat: Seat) -> None:
        self.turn = seat
        self.phase = Phase.HAND

    def _meet_board(
        self, seat: Seat, card: int, target: int | None, step: Step, events: list[Event]
    ) -> None:
        """T2-T5 against the board as it is now (E4): no match, the card stays; one or three,
        all are captured; two, the chosen `target` is."""
        bit = 1 << card
        same = self.board & SAME_MONTH[card]
        if same.bit_count() == 2:
            assert target is not None, "legal moves name a target when two cards match"
            same = 1 << target
        if same:
            self.board &= ~same
            self.piles = _with(self.piles, seat, self.piles[seat] | same | bit)
        else:
            self.board |= bit
        played = _played(seat, card, same, step)
        self.history += (played,)
        events.append(played)

    def _draw(self, seat: Seat, events: list[Event]) -> None:
        """T6: the top stock card is revealed; with two matches the player must choose."""
        card, self.stock = self.stock[0], self.stock[1:]
        events.append(_DREW[seat][card])
        if (self.board & SAME_MONTH[card]).bit_count() == 2:
            self.pending = card
            self.phase = Phase.STOCK_CHOICE
            return
        self._meet_board(seat, card, None, Step.STOCK, events)
        self._end_turn(seat, events)

    def _end_turn(self, seat: Seat, events: list[Event]) -> None:
        """T7: yaku are checked after both steps. K1: a higher total than at the start of the
        turn asks for stop or koi-koi — E9 / Q5: on the player's last turn it stops at once.
        Otherwise the turn passes (T8), or K5: both hands are empty and the deal is drawn."""
        total = self._total(seat)
        rose = total > self.totals[seat]  # K7: a pile changes only on its owner's turn
        self.totals = _with(self.totals, seat, total)
        if rose:
            events.append(YakuMade(seat, self._yaku(seat), total))
            forced = self._forced_stop(seat)
            if forced is None:
                self.phase = Phase.DECISION
            else:
                self._stop(seat, forced, events)
        elif self.hands[1 - seat]:
            self._begin_turn(1 - seat)
        elif self.rules.oya_ken_points:  # V7
            won = (ScoredYaku(Yaku.OYA_KEN, self.rules.oya_ken_points),)
            self._end_deal(DealEnd.EXHAUSTED, self.dealer, won, 0, events)
        else:  # K5, or V7's seat points (the deal stays drawn)
            dealer, other = self.rules.exhausted_dealer_points, self.rules.exhausted_other_points
            seat_points = _with((other, other), self.dealer, dealer)
            self._end_deal(DealEnd.EXHAUSTED, None, (), 0, events, seat_points=seat_points)

    def _forced_stop(self, seat: Seat) -> DealEnd | None:
        """Why a higher total stops without a decision, if it does: E9 / Q5 the last turn;
        V4d the lock (anyone called this deal) or the call limit (this seat used its calls)."""
        if not self.hands[seat]:
            return DealEnd.LAST_TURN
        if self.rules.koi_koi_lock and any(self.koi_koi):
            return DealEnd.LOCKED
        limit = self.rules.koi_koi_limit
        if limit and self.koi_koi[seat] >= limit:
            return DealEnd.CALL_LIMIT
        return None

    # Scoring --------------------------------------------------------------------------------

    def _total(self, seat: Seat) -> int:
        return self._scorer.total(self.piles[seat], self.month, self.koi_koi[seat] > 0)

    def _yaku(self, seat: Seat) -> tuple[ScoredYaku, ...]:
        return self._scorer.yaku(self.piles[seat], self.month, self.koi_koi[seat] > 0)

    def _payout(self, seat: Seat, base: int) -> tuple[int, tuple[Multiplier, ...]]:
        """A stop's bonus points and multipliers: V4a, V4b, V4c (K6: none under Cardavia).
        They multiply together."""
        rules, bonus, found = self.rules, 0, []
        if rules.double_from and base >= rules.double_from:
            found.append(Multiplier(Doubling.SEVEN_PLUS, 2))
        calls = self.koi_koi[1 - seat]
        if calls and rules.opponent_koi is not OpponentKoi.OFF:
            per_call = rules.opponent_koi is OpponentKoi.PER_CALL
            found.append(Multiplier(Doubling.OPPONENT_KOI_KOI, 2**calls if per_call else 2))
        own = self.koi_koi[seat]
        if own and rules.own_koi is not OwnKoi.OFF:
            factor = {
                OwnKoi.PLUS_ONE: 1 + own,
                OwnKoi.DOUBLE: 2**own,
                OwnKoi.KOIKOI_JAPAN: max(own - 2, 1),
            }[rules.own_koi]
            if rules.own_koi is OwnKoi.KOIKOI_JAPAN and own <= 3:
                bonus = own
            if factor > 1:
                found.append(Multiplier(Doubling.OWN_KOI_KOI, factor))
        if rules.bright_base and self.deal_brights > 1:
            found.append(Multiplier(Doubling.BRIGHTS_ON_BOARD, self.deal_brights))
        return bonus, tuple(found)

    def _stop_points(self, seat: Seat, base: int) -> int:
        bonus, multipliers = self._payout(seat, base)
        return _multiplied(base + bonus, multipliers)

    def _stop(self, seat: Seat, reason: DealEnd, events: list[Event]) -> None:
        """K3: the stopper scores every yaku in their pile; the opponent scores nothing."""
        payout = self._payout(seat, self.totals[seat])
        self._end_deal(reason, seat, self._yaku(seat), self.piles[seat], events, payout)

    def _end_deal(
        self,
        reason: DealEnd,
        winner: Seat | None,
        yaku: tuple[ScoredYaku, ...],
        cards: int,
        events: list[Event],
        payout: tuple[int, tuple[Multiplier, ...]] = (0, ()),
        seat_points: tuple[int, int] = (0, 0),
    ) -> None:
        """Credits the deal's points and ends the deal; after the last deal, the match."""
        base = sum(y.points for y in yaku)
        bonus, multipliers = payout
        points = _multiplied(base + bonus, multipliers)
        gains = seat_points if winner is None else _with((0, 0), winner, points)
        if self.rules.zero_sum:  # V5: the other seat pays, at most what it holds
            net = gains[0] - gains[1]
            paid = min(abs(net), self.match_scores[1 if net > 0 else 0])
            gains = (paid, -paid) if net > 0 else (-paid, paid)
        scores = self.match_scores
        self.match_scores = (scores[0] + gains[0], scores[1] + gains[1])
        summary = DealSummary(
            self.deal_no,
            reason,
            winner,
            yaku,
            base,
            multipliers,
            points,
            self.koi_koi,
            cards_in(cards),
            bonus,
            gains,
        )
        self.last_deal = summary
        events.append(DealEnded(summary, self.match_scores))
        if not self._match_over():
            self.phase = Phase.DEALING
            return
        self.phase = Phase.OVER
        events.append(MatchEnded(self.match_scores, self._winners()))

    def _match_over(self) -> bool:
        """V5: after the last deal, or once a seat reaches the target (or, zero-sum, holds
        nothing) — unless the totals tie and the tie is broken by extra deals."""
        rules, scores = self.rules, self.match_scores
        if rules.zero_sum and min(scores) <= 0:
            return True
        if rules.target_points:
            ended = max(scores) >= rules.target_points
        else:
            ended = self.deal_no >= rules.deals
        return ended and not (scores[0] == scores[1] and rules.final_tie is FinalTie.EXTRA_DEALS)

    def _winners(self) -> tuple[Seat, ...]:
        """The higher match total wins; a tie goes to the last dealer under V5's `dealer`
        rule, else has no winner (as Q10's drawn single deal)."""
        first, second = self.match_scores
        if first != second:
            return (0,) if first > second else (1,)
        return (self.dealer,) if self.rules.final_tie is FinalTie.DEALER else ()
