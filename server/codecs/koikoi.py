"""Koi-Koi ↔ protobuf. Every engine enum maps to the wire enum value of the same name (with the
`KOIKOI_<ENUM>_` prefix), so an engine member missing from the contract fails at import; `None`
travels as the `*_UNSPECIFIED` zero, or as an unset optional field."""

from __future__ import annotations

import functools
from collections.abc import Iterable

from tigerden.v1 import koikoi_pb2 as pb
from tigerden.v1 import match_pb2

from bots.clauses import Clause
from engine.core import Move, Seat
from engine.koikoi import model as m
from engine.koikoi.cards import Card, Kind
from server.codecs.base import History, PrivateBytes, malformed, wire_value

_CARDS = {card: pb.KoikoiCard.Value(f"KOIKOI_CARD_{card.name}") for card in Card}
_CARD_OF: dict[int, Card] = {number: card for card, number in _CARDS.items()}
_PHASES = {phase: pb.KoikoiPhase.Value(f"KOIKOI_PHASE_{phase.name}") for phase in m.Phase}
_STEPS = {step: pb.KoikoiStep.Value(f"KOIKOI_STEP_{step.name}") for step in m.Step}
_STEP_OF = {number: step for step, number in _STEPS.items()}
_YAKU = {yaku: pb.KoikoiYaku.Value(f"KOIKOI_YAKU_{yaku.name}") for yaku in m.Yaku}
_MISDEALS = {
    misdeal: pb.KoikoiMisdeal.Value(f"KOIKOI_MISDEAL_{misdeal.name}") for misdeal in m.Misdeal
}
_DEAL_ENDS = {end: pb.KoikoiDealEnd.Value(f"KOIKOI_DEAL_END_{end.name}") for end in m.DealEnd}
_DOUBLINGS = {
    doubling: pb.KoikoiDoubling.Value(f"KOIKOI_DOUBLING_{doubling.name}") for doubling in m.Doubling
}
_PHASE_OF = {number: phase for phase, number in _PHASES.items()}
_YAKU_OF = {number: yaku for yaku, number in _YAKU.items()}
_DEAL_END_OF = {number: end for end, number in _DEAL_ENDS.items()}
_DOUBLING_OF = {number: doubling for doubling, number in _DOUBLINGS.items()}


def _card(card: Card | None) -> pb.KoikoiCard.ValueType:
    return pb.KOIKOI_CARD_UNSPECIFIED if card is None else _CARDS[card]


def _cards(cards: Iterable[Card]) -> list[pb.KoikoiCard.ValueType]:
    return [_CARDS[card] for card in cards]


def _hand(cards: tuple[Card, ...] | None) -> pb.KoikoiHand:
    if cards is None:
        return pb.KoikoiHand(shown=False)
    return pb.KoikoiHand(shown=True, cards=_cards(cards))


def _groups(groups: m.PileGroups) -> pb.KoikoiPile:
    return pb.KoikoiPile(
        brights=_cards(groups.brights),
        animals=_cards(groups.animals),
        ribbons=_cards(groups.ribbons),
        plains=_cards(groups.plains),
    )


def _pile(cards: tuple[Card, ...]) -> pb.KoikoiPile:
    def of(kind: Kind) -> tuple[Card, ...]:
        return tuple(card for card in cards if card.kind is kind)

    return _groups(m.PileGroups(of(Kind.BRIGHT), of(Kind.ANIMAL), of(Kind.RIBBON), of(Kind.PLAIN)))


def _scored(yaku: Iterable[m.ScoredYaku]) -> list[pb.KoikoiScoredYaku]:
    return [pb.KoikoiScoredYaku(yaku=_YAKU[y.yaku], points=y.points) for y in yaku]


def _summary(summary: m.DealSummary) -> pb.KoikoiDealSummary:
    message = pb.KoikoiDealSummary(
        deal=summary.deal,
        reason=_DEAL_ENDS[summary.reason],
        yaku=_scored(summary.yaku),
        base=summary.base,
        multipliers=[
            pb.KoikoiMultiplier(reason=_DOUBLINGS[x.reason], factor=x.factor)
            for x in summary.multipliers
        ],
        points=summary.points,
        koi_koi=summary.koi_koi,
        cards=_cards(summary.cards),
        bonus=summary.bonus,
        gains=summary.gains,
    )
    if summary.winner is not None:
        message.winner = summary.winner
    return message


def _player(
    hand_count: int,
    pile: tuple[Card, ...],
    yaku: tuple[m.ScoredYaku, ...],
    total: int,
    stop_points: int,
    koi_koi: int,
    progress: tuple[m.YakuProgress, ...],
    groups: m.PileGroups,
) -> pb.KoikoiPlayer:
    return pb.KoikoiPlayer(
        hand_count=hand_count,
        pile=_pile(pile),
        yaku=_scored(yaku),
        total=total,
        stop_points=stop_points,
        koi_koi=koi_koi,
        progress=[
            pb.KoikoiYakuProgress(yaku=_YAKU[p.yaku], have=p.have, need=p.need) for p in progress
        ],
        counted_pile=_groups(groups),
    )


PlayerFacts = tuple[
    int,
    tuple[Card, ...],
    tuple[m.ScoredYaku, ...],
    int,
    int,
    int,
    tuple[m.YakuProgress, ...],
    m.PileGroups,
]
"""What a view shows of one seat's side of the table (`_player`'s arguments)."""


def _facts(view: m.KoiKoiView) -> list[PlayerFacts]:
    return [
        (
            view.hand_counts[seat],
            view.piles[seat],
            view.yaku[seat],
            view.totals[seat],
            view.stop_points[seat],
            view.koi_koi[seat],
            view.progress[seat],
            view.groups[seat],
        )
        for seat in range(len(view.piles))
    ]


@functools.lru_cache(maxsize=4096)
def _player_piece(facts: PlayerFacts) -> bytes:
    """A view message holding only one seat's side of the table, serialised: one element of
    `players`. Memoised by value (a move changes the side of the seat that moved, the other
    stays): public facts, the same for every viewer."""
    return pb.KoikoiView(players=[_player(*facts)]).SerializeToString()


def _card_of(number: int) -> Card | None:
    return None if number == pb.KOIKOI_CARD_UNSPECIFIED else _CARD_OF[number]


def _cards_of(numbers: Iterable[int]) -> tuple[Card, ...]:
    return tuple(_CARD_OF[number] for number in numbers)


def _sorted_of(numbers: Iterable[int]) -> tuple[Card, ...]:
    """A set of cards (a hand, the board, a pile), in the engine's order."""
    return tuple(sorted(_cards_of(numbers)))


def _pile_of(pile: pb.KoikoiPile) -> tuple[Card, ...]:
    return _sorted_of([*pile.brights, *pile.animals, *pile.ribbons, *pile.plains])


def _groups_of(pile: pb.KoikoiPile) -> m.PileGroups:
    return m.PileGroups(
        _sorted_of(pile.brights),
        _sorted_of(pile.animals),
        _sorted_of(pile.ribbons),
        _sorted_of(pile.plains),
    )


def _scored_of(yaku: Iterable[pb.KoikoiScoredYaku]) -> tuple[m.ScoredYaku, ...]:
    return tuple(m.ScoredYaku(_YAKU_OF[y.yaku], y.points) for y in yaku)


def _progress_of(player: pb.KoikoiPlayer) -> tuple[m.YakuProgress, ...]:
    return tuple(m.YakuProgress(_YAKU_OF[p.yaku], p.have, p.need) for p in player.progress)


def _summary_of(message: pb.KoikoiDealSummary) -> m.DealSummary:
    return m.DealSummary(
        deal=message.deal,
        reason=_DEAL_END_OF[message.reason],
        winner=message.winner if message.HasField("winner") else None,
        yaku=_scored_of(message.yaku),
        base=message.base,
        multipliers=tuple(
            m.Multiplier(_DOUBLING_OF[x.reason], x.factor) for x in message.multipliers
        ),
        points=message.points,
        koi_koi=(message.koi_koi[0], message.koi_koi[1]),
        cards=_cards_of(message.cards),
        bonus=message.bonus,
        gains=(message.gains[0], message.gains[1]),
    )


def _entry_of(message: pb.KoikoiEvent) -> m.Played | m.KoiKoiCalled:
    """One entry of a view's history: a card that met the board, or a koi-koi call."""
    if message.HasField("played"):
        played = message.played
        card = _card_of(played.card)
        assert card is not None, "a played card is named"
        return m.Played(played.seat, card, _cards_of(played.captured), _STEP_OF[played.step])
    called = message.koi_koi_called
    return m.KoiKoiCalled(called.seat, called.calls)


class KoikoiCodec:
    game_id = "koikoi"
    field = "koikoi"

    def __init__(self) -> None:
        self._history = History(self._history_piece)

    def encode_view(self, view: m.KoiKoiView) -> pb.KoikoiView:
        message = self._table(view)
        message.history.extend(self.encode_event(entry) for entry in view.history)
        message.players.extend(_player(*facts) for facts in _facts(view))
        if view.hand is not None:
            message.hand.CopyFrom(_hand(view.hand))
        return message

    def encode_public(self, public: m.KoiKoiView) -> tuple[bytes, ...]:
        """The table with its history, then one piece per seat's side of it (players)."""
        table = self._table(public).SerializeToString() + self._history.encode(public.history)
        return (table, *(_player_piece(facts) for facts in _facts(public)))

    def _history_piece(self, entry: m.Played | m.KoiKoiCalled) -> bytes:
        return pb.KoikoiView(history=[self.encode_event(entry)]).SerializeToString()

    def _table(self, view: m.KoiKoiView) -> pb.KoikoiView:
        """Everything of the view but the history, the players' sides and the hand."""
        message = pb.KoikoiView(
            deal=view.deal,
            deals=view.deals,
            dealer=view.dealer,
            phase=_PHASES[view.phase],
            turn=view.turn,
            board=_cards(view.board),
            stock_count=view.stock_count,
            drawn=_card(view.drawn),
            scores=view.scores,
            target=view.target,
            koi_koi_lock=view.koi_koi_lock,
            koi_koi_limit=view.koi_koi_limit,
            zero_sum=view.zero_sum,
            deal_brights=view.deal_brights,
            dealer_draw=_cards(view.dealer_draw or ()),
            opening_board=_cards(view.opening_board),
        )
        if view.last_deal is not None:
            message.last_deal.CopyFrom(_summary(view.last_deal))
        return message

    def decode_view(
        self, message: pb.KoikoiView, viewer: Seat | None, to_act: Seat | None
    ) -> m.KoiKoiView:
        first, second = message.players
        drawn = _cards_of(message.dealer_draw)
        return m.KoiKoiView(
            viewer=viewer,
            deal=message.deal,
            deals=message.deals,
            dealer=message.dealer,
            phase=_PHASE_OF[message.phase],
            to_act=to_act,
            turn=message.turn,
            hand=_sorted_of(message.hand.cards) if message.hand.shown else None,
            hand_counts=(first.hand_count, second.hand_count),
            board=_sorted_of(message.board),
            piles=(_pile_of(first.pile), _pile_of(second.pile)),
            stock_count=message.stock_count,
            drawn=_card_of(message.drawn),
            yaku=(_scored_of(first.yaku), _scored_of(second.yaku)),
            totals=(first.total, second.total),
            koi_koi=(first.koi_koi, second.koi_koi),
            stop_points=(first.stop_points, second.stop_points),
            scores=(message.scores[0], message.scores[1]),
            last_deal=_summary_of(message.last_deal) if message.HasField("last_deal") else None,
            target=message.target,
            koi_koi_lock=message.koi_koi_lock,
            koi_koi_limit=message.koi_koi_limit,
            zero_sum=message.zero_sum,
            deal_brights=message.deal_brights,
            dealer_draw=(drawn[0], drawn[1]) if len(drawn) == 2 else None,
            progress=(_progress_of(first), _progress_of(second)),
            groups=(_groups_of(first.counted_pile), _groups_of(second.counted_pile)),
            opening_board=_sorted_of(message.opening_board),
            history=tuple(_entry_of(entry) for entry in message.history),
        )

    def encode_private(self, public: m.KoiKoiView, private: m.KoiKoiPrivate) -> PrivateBytes:
        return PrivateBytes(pb.KoikoiView(hand=_hand(private.hand)).SerializeToString())

    def encode_event(self, event: m.KoiKoiEvent) -> pb.KoikoiEvent:
        match event:
            case m.DealerDrawn(cards, dealer):
                drawn = pb.KoikoiDealerDrawn(cards=_cards(cards))
                if dealer is not None:
                    drawn.dealer = dealer
                return pb.KoikoiEvent(dealer_drawn=drawn)
            case m.Dealt(deal, dealer, board, hands, stock_count):
                dealt = pb.KoikoiDealt(
                    deal=deal,
                    dealer=dealer,
                    board=_cards(board),
                    hands=[_hand(hand) for hand in hands],
                    stock_count=stock_count,
                )
                return pb.KoikoiEvent(dealt=dealt)
            case m.Redealt(deal, reason):
                return pb.KoikoiEvent(redealt=pb.KoikoiRedealt(deal=deal, reason=_MISDEALS[reason]))
            case m.BoardFourTaken(seat, cards, refill):
                taken = pb.KoikoiBoardFourTaken(
                    seat=seat, cards=_cards(cards), refill=_cards(refill)
                )
                return pb.KoikoiEvent(board_four_taken=taken)
            case m.Played(seat, card, captured, step):
                played = pb.KoikoiPlayed(
                    seat=seat, card=_CARDS[card], captured=_cards(captured), step=_STEPS[step]
                )
                return pb.KoikoiEvent(played=played)
            case m.Drew(seat, card):
                return pb.KoikoiEvent(drew=pb.KoikoiDrew(seat=seat, card=_CARDS[card]))
            case m.YakuMade(seat, yaku, total):
                made = pb.KoikoiYakuMade(seat=seat, yaku=_scored(yaku), total=total)
                return pb.KoikoiEvent(yaku_made=made)
            case m.KoiKoiCalled(seat, calls):
                return pb.KoikoiEvent(koi_koi_called=pb.KoikoiKoiKoiCalled(seat=seat, calls=calls))
            case m.DealEnded(summary, scores):
                ended = pb.KoikoiDealEnded(summary=_summary(summary), scores=scores)
                return pb.KoikoiEvent(deal_ended=ended)
            case m.MatchEnded(scores, winners):
                return pb.KoikoiEvent(
                    match_ended=pb.KoikoiMatchEnded(scores=scores, winners=winners)
                )
        raise TypeError(f"not a Koi-Koi event: {event!r}")

    def encode_move(self, move: Move) -> pb.KoikoiMove:
        match move:
            case m.PlayCard(card, target):
                play = pb.KoikoiPlayCard(card=_CARDS[card], target=_card(target))
                return pb.KoikoiMove(play_card=play)
            case m.ChooseCapture(target):
                choose = pb.KoikoiChooseCapture(target=_CARDS[target])
                return pb.KoikoiMove(choose_capture=choose)
            case m.Stop():
                return pb.KoikoiMove(stop=pb.KoikoiStop())
            case m.KoiKoi():
                return pb.KoikoiMove(koi_koi=pb.KoikoiCallKoiKoi())
        raise TypeError(f"not a Koi-Koi move: {move!r}")

    def encode_clause(self, clause: Clause, message: match_pb2.HintClause) -> None:
        if clause.yaku is not None:
            message.yaku = pb.KoikoiYaku.Value(f"KOIKOI_YAKU_{clause.yaku.name}")

    def decode_move(self, message: pb.KoikoiMove) -> Move:
        action = message.WhichOneof("action")
        if action == "play_card":
            play = message.play_card
            card = wire_value(_CARD_OF, play.card, "play_card.card")
            if play.target == pb.KOIKOI_CARD_UNSPECIFIED:
                return m.PlayCard(card)
            return m.PlayCard(card, wire_value(_CARD_OF, play.target, "play_card.target"))
        if action == "choose_capture":
            return m.ChooseCapture(
                wire_value(_CARD_OF, message.choose_capture.target, "choose_capture.target")
            )
        if action == "stop":
            return m.Stop()
        if action == "koi_koi":
            return m.KoiKoi()
        raise malformed("KoikoiMove has no action set")
