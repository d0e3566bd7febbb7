"""Tiger & Dragon on the wire: the codec, and whole matches over a real server.

Every move kind survives the round trip; every event kind encodes, with a face-down tile hidden
from everyone but its owner; malformed moves and a bad option get their precise status; scripted
random clients finish 3-player and 2-vs-2 team matches; and the encoded view depends only on
what its receiver may know.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Iterator
from typing import Any

import grpc
import pytest
from tigerden.v1 import doors_pb2, lobby_pb2, match_pb2
from tigerden.v1 import tiger_dragon_pb2 as pb

from client.api import SeatHandle, Server, error_reason
from client.bot import play_seat, random_chooser
from engine import GAMES
from engine.core import Event, Seat
from engine.tiger_dragon import model as m
from engine.tiger_dragon.battlefields import Battlefield
from engine.tiger_dragon.info import settings
from engine.tiger_dragon.state import TigerDragonState
from engine.tiger_dragon.tiles import TILES, Tile
from server.codecs import CODECS, unwrap_move, wrap_event, wrap_move, wrap_view
from server.codecs.tiger_dragon import TigerDragonCodec
from server.errors import Refusal
from tests.server.helpers import HUMAN, first_snapshot, refused

GAME_ID = "tiger-dragon"
CODEC = TigerDragonCodec()
HIDDEN = pb.TIGER_DRAGON_TILE_UNSPECIFIED

EVERY_MOVE: tuple[m.TigerDragonMove, ...] = (
    *m.ATTACKS,
    *m.REVEALING_ATTACKS,
    *m.DEFENSES,
    *m.FACE_DOWNS,
    m.PASS,
)


def new_state(
    players: int, seed: int, *, battlefield: str = "dojo", teams: bool = False
) -> TigerDragonState:
    options = {"battlefield": battlefield, "teams": "on" if teams else "off"}
    return TigerDragonState(players, settings(players, options), seed)


def random_play(state: TigerDragonState, rng: random.Random, moves: int) -> Iterator[Event]:
    """Plays up to `moves` random legal moves, yielding every event."""
    for _ in range(moves):
        if state.to_act() is None:
            return
        yield from state.apply(rng.choice(state.legal_moves()))


# The codec ----------------------------------------------------------------------------------


def test_the_codec_is_registered_for_the_game() -> None:
    assert isinstance(CODECS[GAME_ID], TigerDragonCodec)
    assert (CODEC.game_id, CODEC.field) == (GAME_ID, "tiger_dragon")
    assert GAME_ID in GAMES


def test_every_move_kind_round_trips_through_the_wire() -> None:
    kinds = set()
    for move in EVERY_MOVE:
        data = wrap_move(CODEC, move).SerializeToString()
        envelope = match_pb2.Move.FromString(data)
        kinds.add(envelope.tiger_dragon.WhichOneof("action"))
        assert unwrap_move(CODEC, envelope) == move
    assert kinds == {"attack", "defend", "pass_turn", "place_face_down"}


def test_tiles_use_face_values_on_the_wire() -> None:
    def wire(tile: Tile) -> int:
        return CODEC.encode_move(m.Attack(tile)).attack.tile

    assert [wire(Tile(n)) for n in range(1, 9)] == list(range(1, 9))
    assert wire(Tile.TIGER) == pb.TIGER_DRAGON_TILE_TIGER
    assert wire(Tile.DRAGON) == pb.TIGER_DRAGON_TILE_DRAGON
    assert m.Attack(Tile.EIGHT, reveal=True).label() == "attack 8 and reveal"
    assert CODEC.encode_move(m.Attack(Tile.EIGHT, reveal=True)).attack.reveal


def collect_events() -> dict[type, list[tuple[int, Event]]]:
    """At least one event of every kind, from random matches (Clifftop for the reveals)."""
    found: dict[type, list[tuple[int, Event]]] = {}
    rng = random.Random(5)
    seed = 0
    while len(found) < 7 or not any(
        isinstance(e, m.Attacked) and e.revealed for _, e in found[m.Attacked]
    ):
        seed += 1
        players = rng.randint(2, 5)
        state = new_state(players, seed, battlefield="clifftop")
        for event in random_play(state, rng, 5000):
            found.setdefault(type(event), []).append((players, event))
    return found


def test_every_event_kind_encodes_and_hides_what_the_receiver_may_not_see() -> None:
    found = collect_events()
    assert set(found) == {
        m.RoundStarted,
        m.Attacked,
        m.Defended,
        m.Passed,
        m.PlacedFaceDown,
        m.RoundEnded,
        m.MatchEnded,
    }
    kinds = set()
    for events in found.values():
        for players, event in events[:40]:
            for viewer in [None, *range(players)]:
                seen = event.for_viewer(viewer)
                assert seen is not None
                envelope = match_pb2.Event.FromString(wrap_event(CODEC, seen).SerializeToString())
                assert envelope.text == seen.describe()
                message = envelope.tiger_dragon
                kind = message.WhichOneof("kind")
                kinds.add(kind)
                if isinstance(event, m.PlacedFaceDown):
                    placed = message.placed_face_down
                    assert placed.seat == event.seat
                    assert (placed.tile != HIDDEN) == (viewer == event.seat)
                if isinstance(event, m.RoundStarted):
                    started = message.round_started
                    assert len(started.hands) == len(event.hands)
                    for seat, row in enumerate(started.hands):
                        assert bool(row.tiles) == (seat == viewer)
                    assert list(started.hand_counts) == list(event.hand_counts)
                if isinstance(event, m.Attacked):
                    attacked = message.attacked
                    assert (attacked.revealed != HIDDEN) == (event.revealed is not None)
                if isinstance(event, m.RoundEnded):
                    summary = message.round_ended.summary
                    assert summary.points == summary.card_value + summary.bonus
                    face_down = [len(row.tiles) for row in summary.face_down]
                    assert face_down == [len(row) for row in event.summary.face_down]
                    assert all(t != HIDDEN for row in summary.face_down for t in row.tiles)
    assert kinds == {
        "round_started",
        "attacked",
        "defended",
        "passed",
        "placed_face_down",
        "round_ended",
        "match_ended",
    }


def test_the_view_carries_the_battlefield_cards_scoring_table() -> None:
    for battlefield in Battlefield:
        state = new_state(3, 1, battlefield=battlefield.value)
        card = CODEC.encode_view(state.view(0)).battlefield
        assert card.title == battlefield.card.title
        assert list(card.points) == list(battlefield.card.points)
        assert list(card.open_points) == list(battlefield.card.open_points or ())
        assert card.bonus_per_tile == battlefield.card.bonus_per_tile
        assert card.summary
    clifftop = CODEC.encode_view(new_state(2, 1, battlefield="clifftop").view(None)).battlefield
    assert list(clifftop.open_points) == [10, 6, 6, 6, 6, 6, 6, 6]


def test_the_view_hides_other_hands_and_face_down_tiles() -> None:
    rng = random.Random(3)
    state = new_state(3, 3)
    while not any(space.face_down for board in state.view(None).boards for space in board.defense):
        list(random_play(state, rng, 1))
    for viewer in (None, 0, 1, 2):
        view = CODEC.encode_view(state.view(viewer))
        assert len(view.hand) == (0 if viewer is None else view.boards[viewer].hand_count)
        for seat, board in enumerate(view.boards):
            for space in board.defense:
                if space.face_down:
                    assert (space.tile != HIDDEN) == (seat == viewer)
                else:
                    assert space.tile != HIDDEN


def test_decoding_refuses_empty_and_unknown_values() -> None:
    for message in (
        pb.TigerDragonMove(),
        pb.TigerDragonMove(attack=pb.TigerDragonAttack()),
        pb.TigerDragonMove(attack=pb.TigerDragonAttack(tile=11)),  # type: ignore[arg-type]
        pb.TigerDragonMove(defend=pb.TigerDragonDefend()),
        pb.TigerDragonMove(defend=pb.TigerDragonDefend(tile=-1)),  # type: ignore[arg-type]
        pb.TigerDragonMove(place_face_down=pb.TigerDragonPlaceFaceDown()),
        pb.TigerDragonMove(place_face_down=pb.TigerDragonPlaceFaceDown(tile=99)),  # type: ignore[arg-type]
    ):
        try:
            CODEC.decode_move(message)
        except Refusal as refusal:
            assert refusal.reason.name == "MALFORMED_MOVE"
        else:
            raise AssertionError(f"{message} decoded")


def test_tiger_dragon_encoded_view_depends_only_on_what_the_seat_may_know() -> None:
    rng = random.Random(2027)
    for n in range(160):
        players = 2 + n % 4
        battlefield = rng.choice([*(b.value for b in Battlefield), "random"])
        teams = players == 4 and rng.random() < 0.5
        state = new_state(players, rng.getrandbits(32), battlefield=battlefield, teams=teams)
        list(random_play(state, rng, rng.randint(0, 200)))
        viewers: list[Seat | None] = [*range(players), None]
        for viewer in viewers:
            resampler = viewer if viewer is not None else rng.randrange(players)
            other = state.determinize(resampler, random.Random(rng.getrandbits(32)))
            real = wrap_view(CODEC, state.view(viewer)).SerializeToString()
            sampled = wrap_view(CODEC, other.view(viewer)).SerializeToString()
            assert real == sampled, f"viewer {viewer} sees hidden state of {state!r}"


def test_seats_report_their_team() -> None:
    assert [new_state(4, 1, teams=True).team(s) for s in range(4)] == [0, 1, 0, 1]
    assert [new_state(4, 1).team(s) for s in range(4)] == [0, 1, 2, 3]
    assert [new_state(3, 1).team(s) for s in range(3)] == [0, 1, 2]


# Over a real server ---------------------------------------------------------------------------


async def humans(
    client: Server, players: int, options: dict[str, str] | None = None
) -> list[SeatHandle]:
    match = await client.create(GAME_ID, players, options, seats=[(HUMAN, "")] * players)
    return [await client.join(match.match_id, f"p{n}", n) for n in range(players)]


async def seat_to_act(seats: list[SeatHandle]) -> tuple[SeatHandle, match_pb2.Snapshot]:
    for seat in seats:
        snapshot = await first_snapshot(seat)
        if snapshot.legal_moves:
            return seat, snapshot
    raise AssertionError("nobody is to act")


async def test_malformed_moves_are_invalid_argument(client: Server) -> None:
    seats = await humans(client, 3)
    seat, snapshot = await seat_to_act(seats)
    assert all(legal.move.HasField("tiger_dragon") for legal in snapshot.legal_moves)
    assert all(legal.label.startswith("attack ") for legal in snapshot.legal_moves)

    def move(**action: object) -> match_pb2.Move:
        return match_pb2.Move(tiger_dragon=pb.TigerDragonMove(**action))  # type: ignore[arg-type]

    for bad in (
        match_pb2.Move(),
        move(),
        move(attack=pb.TigerDragonAttack()),
        move(attack=pb.TigerDragonAttack(tile=42)),  # type: ignore[arg-type]
        move(defend=pb.TigerDragonDefend()),
        move(place_face_down=pb.TigerDragonPlaceFaceDown(tile=11)),  # type: ignore[arg-type]
    ):
        await refused(seat.act(0, bad), grpc.StatusCode.INVALID_ARGUMENT, "MALFORMED_MOVE")
    doors = match_pb2.Move(doors=doors_pb2.DoorsMove(pass_turn=doors_pb2.DoorsPass()))
    await refused(seat.act(0, doors), grpc.StatusCode.INVALID_ARGUMENT, "WRONG_GAME")
    details = await refused(
        seat.act(0, move(pass_turn=pb.TigerDragonPass())),
        grpc.StatusCode.FAILED_PRECONDITION,
        "ILLEGAL_MOVE",
    )
    assert "attack" in details
    assert (await first_snapshot(seat)).version == 0


def error_metadata(error: grpc.aio.AioRpcError) -> dict[str, str]:
    """The ErrorInfo metadata of a failed call."""
    from google.rpc import error_details_pb2, status_pb2

    metadata: Any = error.trailing_metadata() or ()
    for key, value in metadata:
        if key == "grpc-status-details-bin" and isinstance(value, bytes):
            for detail in status_pb2.Status.FromString(value).details:
                info = error_details_pb2.ErrorInfo()
                if detail.Unpack(info):
                    return dict(info.metadata)
    return {}


async def test_bad_team_option_is_invalid_argument_naming_teams(client: Server) -> None:
    for players, options, option in (
        (3, {"teams": "on"}, "teams"),
        (5, {"teams": "on"}, "teams"),
        (4, {"battlefield": "moon"}, "battlefield"),
    ):
        with pytest.raises(grpc.aio.AioRpcError) as caught:
            await client.create(GAME_ID, players, options)
        assert caught.value.code() == grpc.StatusCode.INVALID_ARGUMENT
        assert error_reason(caught.value) == "BAD_OPTIONS"
        assert error_metadata(caught.value) == {"option": option}
    assert await client.matches() == []


async def record(stream: object, into: list[match_pb2.Snapshot]) -> None:
    async for snapshot in stream:  # type: ignore[attr-defined]
        into.append(snapshot)


async def test_three_scripted_clients_play_a_complete_match(client: Server) -> None:
    seats = await humans(client, 3)
    match_id = seats[0].match_id
    watched: dict[Seat | None, list[match_pb2.Snapshot]] = {s: [] for s in (None, 0, 1, 2)}
    streams = {seat.seat: seat.watch() for seat in seats} | {None: client.watch(match_id)}
    for viewer, stream in streams.items():  # everyone watches before the first move
        watched[viewer].append(await anext(stream))
    watchers = [asyncio.create_task(record(s, watched[v])) for v, s in streams.items()]
    finals = await asyncio.gather(
        *(play_seat(seat, random_chooser(random.Random(n))) for n, seat in enumerate(seats))
    )
    await asyncio.wait_for(asyncio.gather(*watchers), 10)
    for final in finals:
        assert final.status == lobby_pb2.MATCH_STATUS_FINISHED
        assert final.result == finals[0].result
        assert max(final.result.scores) >= 10 and len(final.result.winners) == 1
        assert final.view.tiger_dragon.phase == pb.TIGER_DRAGON_PHASE_OVER
        assert not final.view.tiger_dragon.HasField("to_act")
    assert [s.team for s in finals[0].seats] == [0, 1, 2]
    placed = 0
    rounds_ended: dict[int | None, int] = {}
    for viewer, snapshots in watched.items():
        assert snapshots[-1].HasField("result")
        kinds = set()
        rounds_ended[viewer] = 0
        for snapshot in snapshots:
            view = snapshot.view.tiger_dragon
            assert len(view.hand) == (0 if viewer is None else view.boards[viewer].hand_count)
            if view.phase != pb.TIGER_DRAGON_PHASE_OVER:
                for seat, board in enumerate(view.boards):
                    for space in board.defense:
                        assert (space.tile == HIDDEN) == (space.face_down and seat != viewer)
            for event in snapshot.events:
                game = event.tiger_dragon
                kinds.add(game.WhichOneof("kind"))
                rounds_ended[viewer] += game.HasField("round_ended")
                if game.HasField("placed_face_down"):
                    placed += 1
                    mine = game.placed_face_down.seat == viewer
                    assert (game.placed_face_down.tile != HIDDEN) == mine
                    if not mine:
                        assert "face down" in event.text and "a tile" in event.text
                if game.HasField("round_started"):
                    rows = game.round_started.hands
                    assert [bool(r.tiles) for r in rows] == [s == viewer for s in range(3)]
        assert {"attacked", "round_ended", "match_ended"} <= kinds
        # The first round starts with the match, before any stream; a later one is an event.
        if rounds_ended[viewer] > 1:
            assert "round_started" in kinds
    assert placed > 0


async def test_a_four_player_team_match_seats_partners_opposite(client: Server) -> None:
    seats = await humans(client, 4, {"teams": "on", "battlefield": "volcano"})
    first = await first_snapshot(seats[0])
    assert [s.team for s in first.seats] == [0, 1, 0, 1]
    assert list(first.view.tiger_dragon.teams) == [0, 1, 0, 1]
    assert first.view.tiger_dragon.target == 15
    assert first.view.tiger_dragon.battlefield.title == "Volcano"
    finals = await asyncio.gather(
        *(play_seat(seat, random_chooser(random.Random(n))) for n, seat in enumerate(seats))
    )
    result = finals[0].result
    assert all(final.result == result for final in finals)
    winners = list(result.winners)
    assert winners in ([0, 2], [1, 3])
    assert sum(result.scores[s] for s in winners) >= 15
    view = finals[0].view.tiger_dragon
    assert list(view.team_scores) == [
        result.scores[0] + result.scores[2],
        result.scores[1] + result.scores[3],
    ]
    (listed,) = await client.matches(include_finished=True)
    assert [s.team for s in listed.seats] == [0, 1, 0, 1]


def test_every_tile_has_a_wire_value() -> None:
    numbers = {CODEC.encode_move(m.Defend(t)).defend.tile for t in TILES}
    assert len(numbers) == len(TILES) and HIDDEN not in numbers
