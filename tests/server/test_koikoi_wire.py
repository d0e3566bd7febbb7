"""Koi-Koi on the wire: the codec maps every move, event and view faithfully, views carry
nothing a seat may not know, and complete matches (with variant options) play over a real
server while malformed moves and bad options are refused precisely."""

from __future__ import annotations

import asyncio
import enum
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import grpc
import pytest
from tigerden.v1 import koikoi_pb2 as pb
from tigerden.v1 import lobby_pb2, match_pb2

from client.api import SeatHandle, Server, connect
from client.bot import play_seat, random_chooser
from client.selfplay import selfplay
from engine.core import Event, Seat
from engine.koikoi import GAME
from engine.koikoi import model as m
from engine.koikoi.cards import CARDS, SAME_MONTH, Card, indices
from engine.koikoi.options import OPTIONS
from engine.koikoi.state import KoiKoiState
from server.codecs import CODECS, unwrap_move, wrap_event, wrap_move
from server.codecs.koikoi import KoikoiCodec
from server.errors import Reason, Refusal
from server.main import start_server
from tests.engine.koikoi.koikoi_scenarios import playable
from tests.server.helpers import (
    HUMAN,
    deciding_seed,
    first_snapshot,
    moves_first,
    refused,
    to_act,
)

CODEC = KoikoiCodec()


def every_move() -> Iterator[m.KoiKoiMove]:
    for card in CARDS:
        yield m.PlayCard(card)
        for target in indices(SAME_MONTH[card] & ~(1 << card)):
            yield m.PlayCard(card, CARDS[target])
        yield m.ChooseCapture(card)
    yield m.Stop()
    yield m.KoiKoi()


def random_options(rng: random.Random) -> dict[str, str]:
    return playable({spec.name: rng.choice(spec.values) for spec in OPTIONS})


def random_play(
    state: KoiKoiState, rng: random.Random
) -> Iterator[tuple[KoiKoiState, list[Event]]]:
    """Plays to the end, calling koi-koi often so that deals run long; yields each state (a
    copy) with the events that led to it."""
    yield state.copy(), []
    while state.to_act() is not None:
        moves = state.legal_moves()
        keep_going = state.phase is m.Phase.DECISION and rng.random() < 0.7
        events = state.apply(m.KoiKoi() if keep_going else rng.choice(moves))
        yield state.copy(), events


def random_matches(count: int, seed: int) -> Iterator[tuple[KoiKoiState, list[Event]]]:
    rng = random.Random(seed)
    for _ in range(count):
        options = random_options(rng)
        state = GAME.new(2, GAME.info.validate(2, options), rng.getrandbits(32))
        yield from random_play(state, rng)


# The codec ---------------------------------------------------------------------------------


def test_the_codec_is_registered() -> None:
    assert isinstance(CODECS["koikoi"], KoikoiCodec)
    assert CODECS["koikoi"].field == "koikoi" == CODECS["koikoi"].game_id


def test_every_move_kind_round_trips() -> None:
    kinds = set()
    for move in every_move():
        message = CODEC.encode_move(move)
        kinds.add(message.WhichOneof("action"))
        assert CODEC.decode_move(message) == move
        wire = match_pb2.Move.FromString(wrap_move(CODEC, move).SerializeToString())
        assert unwrap_move(CODEC, wire) == move
    assert kinds == {"play_card", "choose_capture", "stop", "koi_koi"}


def test_wire_card_numbers_follow_the_deck_order() -> None:
    for card in Card:
        message = CODEC.encode_move(m.ChooseCapture(card))
        assert message.choose_capture.target == int(card) + 1
        assert pb.KoikoiCard.Name(message.choose_capture.target) == f"KOIKOI_CARD_{card.name}"
    assert len(pb.KoikoiCard.values()) == len(CARDS) + 1


@pytest.mark.parametrize(
    ("wire", "engine", "prefix"),
    [
        (pb.KoikoiPhase, m.Phase, "KOIKOI_PHASE_"),
        (pb.KoikoiStep, m.Step, "KOIKOI_STEP_"),
        (pb.KoikoiYaku, m.Yaku, "KOIKOI_YAKU_"),
        (pb.KoikoiMisdeal, m.Misdeal, "KOIKOI_MISDEAL_"),
        (pb.KoikoiDealEnd, m.DealEnd, "KOIKOI_DEAL_END_"),
        (pb.KoikoiDoubling, m.Doubling, "KOIKOI_DOUBLING_"),
    ],
)
def test_every_wire_enum_value_names_an_engine_member(
    wire: Any, engine: type[enum.Enum], prefix: str
) -> None:
    """The codec maps engine members by name (checked at import); this checks the other way:
    the contract has no value the engine cannot produce."""
    names = [value.name.removeprefix(prefix) for value in wire.DESCRIPTOR.values]
    assert names[0] == "UNSPECIFIED"
    assert names[1:] == [member.name for member in engine]


SUMMARY = m.DealSummary(
    deal=2,
    reason=m.DealEnd.STOP,
    winner=1,
    yaku=(m.ScoredYaku(m.Yaku.SANKO, 6), m.ScoredYaku(m.Yaku.TANE, 2)),
    base=8,
    multipliers=(
        m.Multiplier(m.Doubling.SEVEN_PLUS, 2),
        m.Multiplier(m.Doubling.OPPONENT_KOI_KOI, 4),
    ),
    points=64,
    koi_koi=(2, 1),
    cards=(Card.JAN_CRANE, Card.MAR_CURTAIN, Card.AUG_MOON),
    bonus=0,
    gains=(-64, 64),
)

ONE_OF_EACH: list[tuple[m.KoiKoiEvent, str]] = [
    (
        m.Dealt(
            1,
            0,
            (Card.JAN_CRANE, Card.FEB_POETRY),
            ((Card.MAR_CURTAIN,), (Card.DEC_PLAIN_3,)),
            24,
        ),
        "dealt",
    ),
    (m.Redealt(1, m.Misdeal.BOARD_PAIRS), "redealt"),
    (m.BoardFourTaken(0, tuple(CARDS[:4]), (Card.MAY_BRIDGE,)), "board_four_taken"),
    (m.Played(1, Card.NOV_RAIN_MAN, (Card.NOV_SWALLOW,), m.Step.STOCK), "played"),
    (m.Played(0, Card.APR_CUCKOO, (), m.Step.HAND), "played"),
    (m.Drew(0, Card.SEP_SAKE_CUP), "drew"),
    (m.YakuMade(1, (m.ScoredYaku(m.Yaku.AKATAN, 6),), 6), "yaku_made"),
    (m.KoiKoiCalled(1, 2), "koi_koi_called"),
    (m.DealEnded(SUMMARY, (0, 64)), "deal_ended"),
    (
        m.DealEnded(m.DealSummary(1, m.DealEnd.EXHAUSTED, None, (), 0, (), 0, (0, 0), ()), (0, 0)),
        "deal_ended",
    ),
    (m.MatchEnded((3, 64), (1,)), "match_ended"),
    (m.MatchEnded((0, 0), ()), "match_ended"),
    (m.DealerDrawn((Card.MAR_PLAIN_1, Card.MAR_CURTAIN), 1), "dealer_drawn"),
    (m.DealerDrawn((Card.MAR_PLAIN_1, Card.MAR_PLAIN_2), None), "dealer_drawn"),
]


@pytest.mark.parametrize(("event", "field"), ONE_OF_EACH)
def test_every_event_kind_encodes(event: m.KoiKoiEvent, field: str) -> None:
    message = CODEC.encode_event(event)
    assert message.WhichOneof("kind") == field
    envelope = wrap_event(CODEC, event)
    assert envelope.text == event.describe()
    assert envelope.WhichOneof("game") == "koikoi"
    assert pb.KoikoiEvent.FromString(message.SerializeToString()) == message


def test_event_fields_arrive_as_sent() -> None:
    ended = CODEC.encode_event(m.DealEnded(SUMMARY, (0, 64))).deal_ended
    summary = ended.summary
    assert summary.winner == 1 and summary.HasField("winner")
    assert [(y.yaku, y.points) for y in summary.yaku] == [
        (pb.KOIKOI_YAKU_SANKO, 6),
        (pb.KOIKOI_YAKU_TANE, 2),
    ]
    assert [(x.reason, x.factor) for x in summary.multipliers] == [
        (pb.KOIKOI_DOUBLING_SEVEN_PLUS, 2),
        (pb.KOIKOI_DOUBLING_OPPONENT_KOI_KOI, 4),
    ]
    assert (summary.base, summary.points, list(summary.koi_koi)) == (8, 64, [2, 1])
    assert list(ended.scores) == [0, 64]
    drawn = CODEC.encode_event(ONE_OF_EACH[9][0]).deal_ended.summary
    assert not drawn.HasField("winner")
    played = CODEC.encode_event(ONE_OF_EACH[3][0]).played
    assert played.step == pb.KOIKOI_STEP_STOCK
    assert list(played.captured) == [pb.KOIKOI_CARD_NOV_SWALLOW]


def test_a_dealt_event_shows_each_hand_to_its_owner_only() -> None:
    dealt = ONE_OF_EACH[0][0]
    for viewer in (0, 1, None):
        seen = dealt.for_viewer(viewer)
        assert isinstance(seen, m.Dealt)
        hands = CODEC.encode_event(seen).dealt.hands
        assert [hand.shown for hand in hands] == [viewer == 0, viewer == 1]
        for seat, hand in enumerate(hands):
            assert bool(hand.cards) == (seat == viewer)


def test_events_of_random_matches_encode_every_kind() -> None:
    seen: set[str | None] = set()
    for _, events in random_matches(40, seed=11):
        for event in events:
            for viewer in (0, 1, None):
                shown = event.for_viewer(viewer)
                assert isinstance(shown, m.KoiKoiEvent)
                seen.add(CODEC.encode_event(shown).WhichOneof("kind"))
    assert seen >= {
        "dealt",
        "played",
        "drew",
        "yaku_made",
        "koi_koi_called",
        "deal_ended",
        "match_ended",
    }


def test_legal_move_labels_are_short_unique_and_decode_to_their_move() -> None:
    for state, _ in random_matches(25, seed=5):
        moves = state.legal_moves()
        labels = [move.label() for move in moves]
        assert len(set(labels)) == len(labels), labels
        for move, label in zip(moves, labels, strict=True):
            assert len(label) <= 40 and label == label.strip().lower() and label.isascii()
            assert CODEC.decode_move(CODEC.encode_move(move)) == move


def test_views_encode_hand_pile_and_last_deal() -> None:
    for state, _ in random_matches(15, seed=3):
        for viewer in (0, 1, None):
            view = state.view(viewer)
            message = CODEC.encode_view(view)
            assert message.HasField("hand") == (viewer is not None)
            assert len(message.players) == 2
            for seat, player in enumerate(message.players):
                pile = player.pile
                grouped = [*pile.brights, *pile.animals, *pile.ribbons, *pile.plains]
                assert sorted(grouped) == [int(card) + 1 for card in view.piles[seat]]
                assert player.hand_count == view.hand_counts[seat]
            assert message.HasField("last_deal") == (view.last_deal is not None)
            assert message.drawn == (0 if view.drawn is None else int(view.drawn) + 1)


def test_koikoi_encoded_view_depends_only_on_what_the_seat_may_know() -> None:
    rng = random.Random(2026)
    states = [state for state, _ in random_matches(30, seed=17)]
    assert len(states) > 300
    phases = set()
    for state in states:
        phases.add(state.phase)
        viewers: list[Seat | None] = [0, 1, None]
        for viewer in viewers:
            real = CODEC.encode_view(state.view(viewer)).SerializeToString()
            resamplers = [viewer] if viewer is not None else [0, 1]
            for resampler in resamplers:
                other = state.determinize(resampler, random.Random(rng.getrandbits(32)))
                sampled = CODEC.encode_view(other.view(viewer)).SerializeToString()
                assert real == sampled, f"viewer {viewer} sees hidden state: {state!r}"
    assert phases >= {m.Phase.HAND, m.Phase.STOCK_CHOICE, m.Phase.DECISION, m.Phase.OVER}


@pytest.mark.parametrize(
    "move",
    [
        pb.KoikoiMove(),
        pb.KoikoiMove(play_card=pb.KoikoiPlayCard()),
        pb.KoikoiMove(play_card=pb.KoikoiPlayCard(card=99)),  # type: ignore[arg-type]
        pb.KoikoiMove(play_card=pb.KoikoiPlayCard(target=pb.KOIKOI_CARD_JAN_CRANE)),
        pb.KoikoiMove(play_card=pb.KoikoiPlayCard(card=1, target=49)),  # type: ignore[arg-type]
        pb.KoikoiMove(choose_capture=pb.KoikoiChooseCapture()),
        pb.KoikoiMove(choose_capture=pb.KoikoiChooseCapture(target=-3)),  # type: ignore[arg-type]
    ],
)
def test_decode_refuses_malformed_moves(move: pb.KoikoiMove) -> None:
    with pytest.raises(Refusal) as caught:
        CODEC.decode_move(move)
    assert caught.value.reason is Reason.MALFORMED_MOVE


# Over a real server ------------------------------------------------------------------------


async def two_koikoi_humans(
    client: Server, options: dict[str, str] | None = None
) -> tuple[SeatHandle, SeatHandle]:
    match = await client.create("koikoi", 2, options, seats=[(HUMAN, ""), (HUMAN, "")])
    return (
        await client.join(match.match_id, "ada", 0),
        await client.join(match.match_id, "bob", 1),
    )


async def play_out(
    client: Server, options: dict[str, str] | None = None
) -> list[match_pb2.Snapshot]:
    seats = await two_koikoi_humans(client, options)
    return list(
        await asyncio.gather(
            *(play_seat(seat, random_chooser(random.Random(n))) for n, seat in enumerate(seats))
        )
    )


async def test_two_scripted_clients_play_a_complete_koikoi_match(client: Server) -> None:
    finals = await play_out(client)
    for final in finals:
        assert final.status == lobby_pb2.MATCH_STATUS_FINISHED
        assert final.view.koikoi.phase == pb.KOIKOI_PHASE_OVER
        assert final.view.koikoi.HasField("last_deal")
        assert list(final.result.scores) == list(final.view.koikoi.scores)
    assert finals[0].result == finals[1].result


async def test_a_variant_match_plays_to_the_end(client: Server) -> None:
    options = {"deals": "3", "yaku_table": "nintendo", "opponent_koi": "per_call"}
    finals = await play_out(client, options)
    for final in finals:
        assert final.HasField("result")
        view = final.view.koikoi
        assert view.deals == 3 and view.deal == 3 and view.last_deal.deal == 3
    (info,) = await client.matches(include_finished=True)
    assert info.options["yaku_table"] == "nintendo" and info.options["deals"] == "3"


async def test_a_bad_option_is_invalid_argument_naming_it(client: Server) -> None:
    details = await refused(
        client.create("koikoi", options={"yaku_table": "klingon"}),
        grpc.StatusCode.INVALID_ARGUMENT,
        "BAD_OPTIONS",
    )
    assert "yaku_table" in details
    details = await refused(
        client.create("koikoi", options={"jokers": "on"}),
        grpc.StatusCode.INVALID_ARGUMENT,
        "BAD_OPTIONS",
    )
    assert "jokers" in details
    details = await refused(
        client.create("koikoi", options={"koi_koi_lock": "on", "koi_koi_limit": "2"}),
        grpc.StatusCode.INVALID_ARGUMENT,
        "BAD_OPTIONS",
    )
    assert "koi_koi_limit=2" in details and "koi_koi_lock=on" in details
    assert await client.matches() == []


async def test_a_house_rule_match_plays_to_the_end_and_lists_its_options(client: Server) -> None:
    """First to 30, loser deals, a drawn first dealer: the view carries the target and the
    draw, and MatchInfo every option (for the client's house-rule list)."""
    options = {"first_to": "30", "next_dealer": "loser", "first_dealer": "draw"}
    finals = await play_out(client, options)
    for final in finals:
        assert final.HasField("result")
        view = final.view.koikoi
        assert view.target == 30 and view.deals == 0 and len(view.dealer_draw) == 2
        assert max(view.scores) >= 30
    (info,) = await client.matches(include_finished=True)
    assert {name: info.options[name] for name in options} == options


async def deal_under_way(client: Server) -> tuple[SeatHandle, SeatHandle]:
    """Two seats of a match whose first deal waits for its first card (no dealt hand decides
    it: the tests of a fresh deal are not about those hands, which tests/engine/koikoi and
    test_a_match_its_deal_decided_* cover)."""
    return await two_koikoi_humans(client, moves_first("koikoi"))


async def test_the_first_snapshot_shows_a_fresh_deal(client: Server) -> None:
    seats = await deal_under_way(client)
    seat, snapshot = await to_act(seats)
    view = snapshot.view.koikoi
    assert view.phase == pb.KOIKOI_PHASE_HAND and view.deal == 1
    assert view.turn == view.dealer == snapshot.to_act == seat.seat
    assert len(view.hand.cards) == 8 and len(view.board) == 8 and view.stock_count == 24
    labels = [move.label for move in snapshot.legal_moves]
    assert labels and all(label.startswith("play ") for label in labels)
    assert len(set(labels)) == len(labels)
    other = seats[1 - seats.index(seat)]
    watched = await first_snapshot(other)
    assert not watched.legal_moves
    assert set(watched.view.koikoi.hand.cards).isdisjoint(view.hand.cards)


async def test_malformed_koikoi_moves_are_refused_and_change_nothing(client: Server) -> None:
    seats = await deal_under_way(client)
    seat, snapshot = await to_act(seats)
    before = snapshot.SerializeToString()
    for move in (
        pb.KoikoiMove(),
        pb.KoikoiMove(play_card=pb.KoikoiPlayCard()),
        pb.KoikoiMove(play_card=pb.KoikoiPlayCard(card=77)),  # type: ignore[arg-type]
        pb.KoikoiMove(play_card=pb.KoikoiPlayCard(card=1, target=77)),  # type: ignore[arg-type]
        pb.KoikoiMove(choose_capture=pb.KoikoiChooseCapture()),
    ):
        await refused(
            seat.act(0, match_pb2.Move(koikoi=move)),
            grpc.StatusCode.INVALID_ARGUMENT,
            "MALFORMED_MOVE",
        )
    await refused(seat.act(0, match_pb2.Move()), grpc.StatusCode.INVALID_ARGUMENT, "MALFORMED_MOVE")
    after = await first_snapshot(seat)
    assert after.version == 0
    del after.seats[:]
    copy = match_pb2.Snapshot.FromString(before)
    del copy.seats[:]
    assert after == copy
    # A well-formed move the rules do not allow is a different refusal.
    stop = match_pb2.Move(koikoi=pb.KoikoiMove(stop=pb.KoikoiStop()))
    await refused(seat.act(0, stop), grpc.StatusCode.FAILED_PRECONDITION, "ILLEGAL_MOVE")


@pytest.mark.parametrize("options", [{}, {"viewing_sake": "5"}], ids=["default", "viewing_sake"])
async def test_a_match_its_deal_decided_is_played_to_its_result(
    tmp_path: Path, options: dict[str, str]
) -> None:
    """Issue 20: the match waits for its players like any other, is over once the last seat is
    taken, and each seat's Play and Watch deliver the final snapshot with the deal's summary
    (JoinMatch refused it as over, so `tigerden play` and selfplay met an error)."""
    seed = deciding_seed("koikoi", options)
    running = await start_server("127.0.0.1:0", tmp_path / "db.sqlite", new_seed=lambda: seed)
    try:
        async with connect(f"127.0.0.1:{running.port}") as client:
            match = await client.create("koikoi", 2, options, seats=[(HUMAN, ""), (HUMAN, "")])
            assert match.status == lobby_pb2.MATCH_STATUS_WAITING
            ada = await client.join(match.match_id, "ada", 0)
            bob = await client.join(match.match_id, "bob", 1)
            listed = await client.find_match(match.match_id)
            assert listed is not None and listed.status == lobby_pb2.MATCH_STATUS_FINISHED
            finals = [
                await play_seat(seat, random_chooser(random.Random(0))) for seat in (ada, bob)
            ]
            watched = await first_snapshot(bob)
            for final in (*finals, watched):
                assert final.status == lobby_pb2.MATCH_STATUS_FINISHED and final.version == 0
                summary = final.view.koikoi.last_deal
                assert summary.reason == pb.KOIKOI_DEAL_END_DEALT_HAND
                dealt = {pb.KOIKOI_YAKU_TESHI, pb.KOIKOI_YAKU_KUTTSUKI}
                assert {y.yaku for y in summary.yaku} <= dealt and summary.points > 0
                assert list(final.result.winners) == [summary.winner]
            # selfplay counts such matches as played: every one of these is one.
            assert await selfplay(client, "koikoi", 3, options=options, parallel=1) == 0
    finally:
        await running.stop(grace=0.1)
