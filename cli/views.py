"""A snapshot's view back in the engine's words, for the remote bot above `random`.

The server encodes `State.view(seat)` into the snapshot; this decodes it into the same engine
View, so the remote bot can rebuild a state that looks the same from its seat (`bots.worlds`)
and decide exactly as a server-side bot would. Every wire enum is named PREFIX_<engine name>,
so values map by name. The previous segment's summary is not decoded: no bot reads it.
`tests/bots/test_remote.py` checks the round trip against the server's codecs.
"""

from __future__ import annotations

import enum
from typing import Any, TypeVar

from tigerden.v1 import doors_pb2, koikoi_pb2, match_pb2, tiger_dragon_pb2

from engine.core import View
from engine.doors import model as doors
from engine.koikoi import model as koikoi
from engine.koikoi.cards import Card as KoiKoiCard
from engine.tiger_dragon import model as tiger_dragon
from engine.tiger_dragon.battlefields import Battlefield
from engine.tiger_dragon.tiles import Tile

E = TypeVar("E", bound=enum.Enum)


def named(kind: type[E], wire: Any, prefix: str, number: int) -> E | None:
    """The engine member named like the wire value `number` of enum `wire`; None for 0."""
    if number == 0:
        return None
    return kind[wire.Name(number).removeprefix(prefix)]


def sure(value: E | None) -> E:
    if value is None:
        raise ValueError("an unset enum where the view has a value")
    return value


def decode_view(snapshot: match_pb2.Snapshot) -> View:
    """The engine view of the snapshot's seat. Raises ValueError for a spectator's snapshot."""
    if not snapshot.HasField("viewer_seat"):
        raise ValueError("a spectator's snapshot has no seat's view")
    seat = snapshot.viewer_seat
    to_act = snapshot.to_act if snapshot.HasField("to_act") else None
    which = snapshot.view.WhichOneof("game")
    if which == "doors":
        return _doors(snapshot.view.doors, seat, to_act)
    if which == "koikoi":
        return _koikoi(snapshot.view.koikoi, seat, to_act)
    if which == "tiger_dragon":
        return _tiger_dragon(snapshot.view.tiger_dragon, seat)
    raise ValueError(f"no view decoder for {which!r}")


def _doors(view: doors_pb2.DoorsView, seat: int, to_act: int | None) -> doors.DoorsView:
    def card(number: int) -> doors.Card | None:
        return named(doors.Card, doors_pb2.DoorsCard, "DOORS_CARD_", number)

    def cards(numbers: Any) -> tuple[doors.Card, ...]:
        return tuple(sure(card(number)) for number in numbers)

    return doors.DoorsView(
        viewer=seat,
        contest=view.contest,
        collector=view.collector,
        phase=sure(named(doors.Phase, doors_pb2.DoorsPhase, "DOORS_PHASE_", view.phase)),
        to_act=to_act,
        display=cards(view.display),
        deck_count=view.deck_count,
        collection=cards(view.collection),
        discards=cards(view.discards),
        gems=(view.gems[0], view.gems[1]),
        own_door=card(view.own_door),
        last_contest=None,
        target_gems=view.target_gems,
        collector_set_optional=view.collector_set_optional,
    )


def _koikoi(view: koikoi_pb2.KoikoiView, seat: int, to_act: int | None) -> koikoi.KoiKoiView:
    def cards(numbers: Any) -> tuple[KoiKoiCard, ...]:
        found = (named(KoiKoiCard, koikoi_pb2.KoikoiCard, "KOIKOI_CARD_", n) for n in numbers)
        return tuple(sorted(sure(card) for card in found))

    def pile(player: koikoi_pb2.KoikoiPlayer) -> tuple[KoiKoiCard, ...]:
        kinds = player.pile
        return cards([*kinds.brights, *kinds.animals, *kinds.ribbons, *kinds.plains])

    def yaku(player: koikoi_pb2.KoikoiPlayer) -> tuple[koikoi.ScoredYaku, ...]:
        return tuple(
            koikoi.ScoredYaku(
                sure(named(koikoi.Yaku, koikoi_pb2.KoikoiYaku, "KOIKOI_YAKU_", y.yaku)), y.points
            )
            for y in player.yaku
        )

    def progress(player: koikoi_pb2.KoikoiPlayer) -> tuple[koikoi.YakuProgress, ...]:
        return tuple(
            koikoi.YakuProgress(
                sure(named(koikoi.Yaku, koikoi_pb2.KoikoiYaku, "KOIKOI_YAKU_", p.yaku)),
                p.have,
                p.need,
            )
            for p in player.progress
        )

    def groups(player: koikoi_pb2.KoikoiPlayer) -> koikoi.PileGroups:
        counted = player.counted_pile
        return koikoi.PileGroups(
            cards(counted.brights),
            cards(counted.animals),
            cards(counted.ribbons),
            cards(counted.plains),
        )

    first, second = view.players
    drawn = [
        sure(named(KoiKoiCard, koikoi_pb2.KoikoiCard, "KOIKOI_CARD_", n)) for n in view.dealer_draw
    ]
    return koikoi.KoiKoiView(
        viewer=seat,
        deal=view.deal,
        deals=view.deals,
        dealer=view.dealer,
        phase=sure(named(koikoi.Phase, koikoi_pb2.KoikoiPhase, "KOIKOI_PHASE_", view.phase)),
        to_act=to_act,
        turn=view.turn,
        hand=cards(view.hand.cards) if view.hand.shown else None,
        hand_counts=(first.hand_count, second.hand_count),
        board=cards(view.board),
        piles=(pile(first), pile(second)),
        stock_count=view.stock_count,
        drawn=named(KoiKoiCard, koikoi_pb2.KoikoiCard, "KOIKOI_CARD_", view.drawn),
        yaku=(yaku(first), yaku(second)),
        totals=(first.total, second.total),
        koi_koi=(first.koi_koi, second.koi_koi),
        stop_points=(first.stop_points, second.stop_points),
        scores=(view.scores[0], view.scores[1]),
        last_deal=None,
        target=view.target,
        koi_koi_lock=view.koi_koi_lock,
        koi_koi_limit=view.koi_koi_limit,
        zero_sum=view.zero_sum,
        deal_brights=view.deal_brights,
        dealer_draw=(drawn[0], drawn[1]) if len(drawn) == 2 else None,
        progress=(progress(first), progress(second)),
        groups=(groups(first), groups(second)),
    )


def _tiger_dragon(
    view: tiger_dragon_pb2.TigerDragonView, seat: int
) -> tiger_dragon.TigerDragonView:
    def tile(number: int) -> Tile | None:
        return named(Tile, tiger_dragon_pb2.TigerDragonTile, "TIGER_DRAGON_TILE_", number)

    def tiles(numbers: Any) -> tuple[Tile, ...]:
        return tuple(sure(tile(number)) for number in numbers)

    boards = tuple(
        tiger_dragon.Board(
            attack=tiles(board.attack),
            defense=tuple(
                tiger_dragon.DefenseTile(tile(space.tile), space.face_down)
                for space in board.defense
            ),
            hand_count=board.hand_count,
            revealed=tile(board.revealed),
        )
        for board in view.boards
    )
    open_attack = None
    if view.HasField("open_attack"):
        attack = view.open_attack
        open_attack = tiger_dragon.OpenAttack(
            attack.attacker, sure(tile(attack.tile)), tuple(attack.passed)
        )
    return tiger_dragon.TigerDragonView(
        viewer=seat,
        round=view.round,
        battlefield=sure(
            named(
                Battlefield,
                tiger_dragon_pb2.TigerDragonBattlefield,
                "TIGER_DRAGON_BATTLEFIELD_",
                view.battlefield.battlefield,
            )
        ),
        new_card_each_round=view.new_card_each_round,
        same_card_may_return=view.same_card_may_return,
        start_player=view.start_player,
        phase=sure(
            named(
                tiger_dragon.Phase,
                tiger_dragon_pb2.TigerDragonPhase,
                "TIGER_DRAGON_PHASE_",
                view.phase,
            )
        ),
        to_act=view.to_act if view.HasField("to_act") else None,
        boards=boards,
        hand=tiles(view.hand),
        open_attack=open_attack,
        left_out=view.left_out,
        scores=tuple(view.scores),
        teams=tuple(view.teams) or None,
        team_scores=tuple(view.team_scores) or None,
        target=view.target,
        last_round=None,
    )
