"""Tiger & Dragon ↔ protobuf.

The wire numbers the tiles 1..8 by their face value and puts the Tiger (9) and the Dragon (10)
after them, so the engine's Tile (Tiger 0, Dragon 9) maps through a table. A tile the receiver
may not see travels as `TIGER_DRAGON_TILE_UNSPECIFIED`; the engine has already redacted it (a
view's face-down tiles, an event's `for_viewer`), so nothing hidden ever reaches this module.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable

from tigerden.v1 import match_pb2
from tigerden.v1 import tiger_dragon_pb2 as pb

from bots.clauses import Clause
from engine.core import Move, Seat
from engine.tiger_dragon import model as m
from engine.tiger_dragon.battlefields import Battlefield
from engine.tiger_dragon.tiles import Tile
from server.codecs.base import PrivateBytes, malformed, wire_value

_TILES: dict[Tile, int] = {
    **{tile: tile.value for tile in Tile if tile not in (Tile.TIGER, Tile.DRAGON)},
    Tile.TIGER: pb.TIGER_DRAGON_TILE_TIGER,
    Tile.DRAGON: pb.TIGER_DRAGON_TILE_DRAGON,
}
_TILES_BACK: dict[int, Tile] = {number: tile for tile, number in _TILES.items()}
_BATTLEFIELDS = {
    field: pb.TigerDragonBattlefield.Value(f"TIGER_DRAGON_BATTLEFIELD_{field.name}")
    for field in Battlefield
}
_PHASES = {phase: number for number, phase in enumerate(m.Phase, start=1)}
_BATTLEFIELD_OF = {number: field for field, number in _BATTLEFIELDS.items()}
_PHASE_OF = {number: phase for phase, number in _PHASES.items()}


def _tile(tile: Tile | None) -> pb.TigerDragonTile.ValueType:
    return pb.TIGER_DRAGON_TILE_UNSPECIFIED if tile is None else _TILES[tile]  # type: ignore[return-value]


def _tiles(tiles: tuple[Tile, ...]) -> list[pb.TigerDragonTile.ValueType]:
    return [_TILES[tile] for tile in tiles]  # type: ignore[misc]


def _battlefield(battlefield: Battlefield) -> pb.TigerDragonBattlefield.ValueType:
    return _BATTLEFIELDS[battlefield]  # type: ignore[return-value]


@functools.cache
def _card(battlefield: Battlefield) -> pb.TigerDragonCard:
    """A battlefield's card: the rules' fixed data, built once per battlefield (every view
    carries one; the view's message copies it)."""
    card = battlefield.card
    return pb.TigerDragonCard(
        battlefield=_battlefield(battlefield),
        title=card.title,
        japanese=card.japanese,
        points=card.points,
        open_points=card.open_points or (),
        wild_points=card.wild_points,
        wild_bonus=card.wild_bonus,
        bonus_per_tile=card.bonus_per_tile,
        bonus_all_players=card.bonus_all_players,
        summary=card.summary(),
        points_by_difference=card.difference,
    )


def _summary(summary: m.RoundSummary) -> pb.TigerDragonRoundSummary:
    return pb.TigerDragonRoundSummary(
        round=summary.round,
        battlefield=_battlefield(summary.battlefield),
        winner=summary.winner,
        winning_tile=_tile(summary.winning_tile),
        open_tile=summary.open_tile,
        card_value=summary.card_value,
        bonus=summary.bonus,
        points=summary.points,
        face_down=[pb.TigerDragonTileRow(tiles=_tiles(row)) for row in summary.face_down],
    )


def _board(board: m.Board) -> pb.TigerDragonBoard:
    return pb.TigerDragonBoard(
        attack=_tiles(board.attack),
        defense=[
            pb.TigerDragonDefenseTile(tile=_tile(space.tile), face_down=space.face_down)
            for space in board.defense
        ],
        hand_count=board.hand_count,
        revealed=_tile(board.revealed),
    )


@functools.lru_cache(maxsize=4096)
def _board_piece(board: m.Board) -> bytes:
    """A view message holding only `board`, serialised: one element of `boards`. Memoised by
    value (a board is frozen, and a move changes one board of the four): the bytes are a
    function of the board as its viewer sees it, so the cache holds nothing a viewer may not
    see that its key does not hold too."""
    return pb.TigerDragonView(boards=[_board(board)]).SerializeToString()


def _tile_of(number: int) -> Tile | None:
    return None if number == pb.TIGER_DRAGON_TILE_UNSPECIFIED else _TILES_BACK[number]


def _tiles_of(numbers: Iterable[int]) -> tuple[Tile, ...]:
    return tuple(_TILES_BACK[number] for number in numbers)


def _board_of(board: pb.TigerDragonBoard) -> m.Board:
    return m.Board(
        attack=_tiles_of(board.attack),
        defense=tuple(
            m.DefenseTile(_tile_of(space.tile), space.face_down) for space in board.defense
        ),
        hand_count=board.hand_count,
        revealed=_tile_of(board.revealed),
    )


def _summary_of(message: pb.TigerDragonRoundSummary) -> m.RoundSummary:
    return m.RoundSummary(
        round=message.round,
        battlefield=_BATTLEFIELD_OF[message.battlefield],
        winner=message.winner,
        winning_tile=_TILES_BACK[message.winning_tile],
        open_tile=message.open_tile,
        card_value=message.card_value,
        bonus=message.bonus,
        face_down=tuple(_tiles_of(row.tiles) for row in message.face_down),
    )


class TigerDragonCodec:
    game_id = "tiger-dragon"
    field = "tiger_dragon"

    def encode_view(self, view: m.TigerDragonView) -> pb.TigerDragonView:
        message = self._table(view)
        message.boards.extend(_board(board) for board in view.boards)
        message.hand.extend(_tiles(view.hand or ()))
        return message

    def decode_view(
        self, message: pb.TigerDragonView, viewer: Seat | None, to_act: Seat | None
    ) -> m.TigerDragonView:
        """`to_act` travels in the message itself."""
        open_attack = None
        if message.HasField("open_attack"):
            attack = message.open_attack
            open_attack = m.OpenAttack(
                attack.attacker, _TILES_BACK[attack.tile], tuple(attack.passed)
            )
        last = message.last_round if message.HasField("last_round") else None
        return m.TigerDragonView(
            viewer=viewer,
            round=message.round,
            battlefield=_BATTLEFIELD_OF[message.battlefield.battlefield],
            new_card_each_round=message.new_card_each_round,
            same_card_may_return=message.same_card_may_return,
            start_player=message.start_player,
            phase=_PHASE_OF[message.phase],
            to_act=message.to_act if message.HasField("to_act") else None,
            boards=tuple(_board_of(board) for board in message.boards),
            hand=None if viewer is None else _tiles_of(message.hand),
            open_attack=open_attack,
            left_out=message.left_out,
            scores=tuple(message.scores),
            teams=tuple(message.teams) or None,
            team_scores=tuple(message.team_scores) or None,
            target=message.target,
            last_round=None if last is None else _summary_of(last),
        )

    def encode_public(self, public: m.TigerDragonView) -> tuple[bytes, ...]:
        """The table, then one piece per seat's board: a seat's private part replaces its own
        board (piece 1 + seat) with the one that shows its face-down tiles."""
        boards = (_board_piece(board) for board in public.boards)
        return (self._table(public).SerializeToString(), *boards)

    def encode_private(
        self, public: m.TigerDragonView, private: m.TigerDragonPrivate
    ) -> PrivateBytes:
        hand = pb.TigerDragonView(hand=_tiles(private.hand)).SerializeToString()
        if not private.face_down:
            return PrivateBytes(hand)
        own = public.boards[private.seat].seen_by_owner(private.face_down)
        return PrivateBytes(hand, {1 + private.seat: _board_piece(own)})

    def _table(self, view: m.TigerDragonView) -> pb.TigerDragonView:
        """Everything of the view but the boards and the hand."""
        message = pb.TigerDragonView(
            round=view.round,
            battlefield=_card(view.battlefield),
            new_card_each_round=view.new_card_each_round,
            same_card_may_return=view.same_card_may_return,
            start_player=view.start_player,
            phase=_PHASES[view.phase],  # type: ignore[arg-type]
            left_out=view.left_out,
            scores=view.scores,
            teams=view.teams or (),
            team_scores=view.team_scores or (),
            target=view.target,
        )
        if view.to_act is not None:
            message.to_act = view.to_act
        if view.open_attack is not None:
            attack = view.open_attack
            message.open_attack.CopyFrom(
                pb.TigerDragonOpenAttack(
                    attacker=attack.attacker, tile=_tile(attack.tile), passed=attack.passed
                )
            )
        if view.last_round is not None:
            message.last_round.CopyFrom(_summary(view.last_round))
        return message

    def encode_event(self, event: m.TigerDragonEvent) -> pb.TigerDragonEvent:
        match event:
            case m.RoundStarted():
                started = pb.TigerDragonRoundStarted(
                    round=event.round,
                    start_player=event.start_player,
                    battlefield=_battlefield(event.battlefield),
                    hand_counts=event.hand_counts,
                    hands=[pb.TigerDragonTileRow(tiles=_tiles(h or ())) for h in event.hands],
                )
                return pb.TigerDragonEvent(round_started=started)
            case m.Attacked(seat, tile, revealed):
                attacked = pb.TigerDragonAttacked(
                    seat=seat, tile=_tile(tile), revealed=_tile(revealed)
                )
                return pb.TigerDragonEvent(attacked=attacked)
            case m.Defended(seat, tile):
                return pb.TigerDragonEvent(
                    defended=pb.TigerDragonDefended(seat=seat, tile=_tile(tile))
                )
            case m.Passed(seat):
                return pb.TigerDragonEvent(passed=pb.TigerDragonPassed(seat=seat))
            case m.PlacedFaceDown(seat, tile):
                return pb.TigerDragonEvent(
                    placed_face_down=pb.TigerDragonPlacedFaceDown(seat=seat, tile=_tile(tile))
                )
            case m.RoundEnded(summary, scores):
                return pb.TigerDragonEvent(
                    round_ended=pb.TigerDragonRoundEnded(summary=_summary(summary), scores=scores)
                )
            case m.MatchEnded(winners, scores):
                return pb.TigerDragonEvent(
                    match_ended=pb.TigerDragonMatchEnded(winners=winners, scores=scores)
                )
        raise TypeError(f"not a Tiger & Dragon event: {event!r}")

    def encode_move(self, move: Move) -> pb.TigerDragonMove:
        match move:
            case m.Attack(tile, reveal):
                return pb.TigerDragonMove(
                    attack=pb.TigerDragonAttack(tile=_tile(tile), reveal=reveal)
                )
            case m.Defend(tile):
                return pb.TigerDragonMove(defend=pb.TigerDragonDefend(tile=_tile(tile)))
            case m.Pass():
                return pb.TigerDragonMove(pass_turn=pb.TigerDragonPass())
            case m.PlaceFaceDown(tile):
                return pb.TigerDragonMove(
                    place_face_down=pb.TigerDragonPlaceFaceDown(tile=_tile(tile))
                )
        raise TypeError(f"not a Tiger & Dragon move: {move!r}")

    def encode_clause(self, clause: Clause, message: match_pb2.HintClause) -> None:
        """A Tiger & Dragon clause names nothing beyond the fields every game's clauses share."""

    def decode_move(self, message: pb.TigerDragonMove) -> Move:
        action = message.WhichOneof("action")
        if action == "attack":
            return m.Attack(
                wire_value(_TILES_BACK, message.attack.tile, "attack.tile"), message.attack.reveal
            )
        if action == "defend":
            return m.Defend(wire_value(_TILES_BACK, message.defend.tile, "defend.tile"))
        if action == "place_face_down":
            return m.PlaceFaceDown(
                wire_value(_TILES_BACK, message.place_face_down.tile, "place_face_down.tile")
            )
        if action == "pass_turn":
            return m.PASS
        raise malformed("TigerDragonMove has no action set")
