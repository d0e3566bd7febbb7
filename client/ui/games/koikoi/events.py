"""Koi-Koi's typed events in the player's words, with the cards each moved (highlighted until
your next move)."""

from __future__ import annotations

from tigerden.v1 import koikoi_pb2 as pb
from tigerden.v1 import match_pb2

from client.i18n import _
from client.ui.games.koikoi.screen import MISDEALS, card_name, yaku_text
from client.ui.model import ClientState, Described


def describe(state: ClientState, event: match_pb2.Event) -> Described | None:
    """A Koi-Koi event in words (in the player's language), with the cards it moved."""
    if not event.HasField("koikoi"):
        return None
    kind = event.koikoi.WhichOneof("kind")
    e = getattr(event.koikoi, kind or "")
    if kind == "dealt":
        return Described(
            _("deal {deal}: {name} deals").format(deal=e.deal, name=state.actor(e.dealer)),
            changed=tuple(card_name(c) for c in e.board),
        )
    if kind == "redealt":
        return Described(
            _("misdeal ({reason}): deal {deal} is dealt again").format(
                reason=_(MISDEALS.get(e.reason, "?")), deal=e.deal
            )
        )
    if kind == "board_four_taken":
        return Described(
            _("takes {cards} from the board").format(cards=" ".join(map(card_name, e.cards))),
            seat=e.seat,
            changed=tuple(map(card_name, [*e.cards, *e.refill])),
        )
    if kind == "played":
        return played(e)
    if kind == "drew":
        return None  # the Played event that follows says what the drawn card did
    if kind == "yaku_made":
        return Described(
            _("makes {yaku} (total {total})").format(yaku=yaku_text(e.yaku), total=e.total),
            seat=e.seat,
        )
    if kind == "koi_koi_called":
        return Described(_("calls koi-koi ({count})").format(count=e.calls), seat=e.seat)
    if kind == "deal_ended":
        return deal_ended(state, e.summary)
    if kind == "match_ended":
        return Described(_("the match is over"), ends=True)
    if kind == "dealer_drawn":
        return dealer_drawn(state, e)
    return None


def played(e: pb.KoikoiPlayed) -> Described:
    """A card played from the hand or drawn from the stock, and what it took."""
    card = card_name(e.card)
    taken = " ".join(map(card_name, e.captured))
    if e.step == pb.KOIKOI_STEP_HAND:
        deed = _("plays {card}, takes {cards}") if e.captured else _("plays {card} to the board")
    else:
        deed = _("draws {card}, takes {cards}") if e.captured else _("draws {card} to the board")
    return Described(
        deed.format(card=card, cards=taken),
        seat=e.seat,
        changed=(card, *map(card_name, e.captured)),
    )


def deal_ended(state: ClientState, s: pb.KoikoiDealSummary) -> Described:
    if s.HasField("winner"):
        text = _("deal {deal} ends: {name} scores {points}").format(
            deal=s.deal, name=state.actor(s.winner), points=s.points
        )
    else:
        text = _("deal {deal} ends drawn: nobody scores").format(deal=s.deal)
    return Described(text, ends=True)


def dealer_drawn(state: ClientState, e: pb.KoikoiDealerDrawn) -> Described:
    """The draw for the first dealer: both cards, and who deals (or a tie)."""
    first, second = (card_name(c) for c in e.cards)
    drew = _("{first} draws {card1}, {second} draws {card2}").format(
        first=state.actor(0), card1=first, second=state.actor(1), card2=second
    )
    if e.HasField("dealer"):
        text = _("{drew}: {name} deals first").format(drew=drew, name=state.actor(e.dealer))
    else:
        text = _("{drew}: a tie, draw again").format(drew=drew)
    return Described(text, changed=(first, second))
