"""The Koi-Koi board renderer over real snapshots (built by the server's codec from engine
states) at every phase: what it shows, what it must not show, and that its styles exist."""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator

import pytest
from prompt_toolkit.formatted_text import StyleAndTextTuples, fragment_list_to_text
from tigerden.v1 import lobby_pb2, match_pb2

from client.ui import panes, words
from client.ui.games.koikoi import screen as koikoi
from client.ui.model import ClientState
from client.ui.registry import SCREENS
from client.ui.style import STYLE
from engine.core import Seat
from engine.koikoi import GAME
from engine.koikoi import model as m
from engine.koikoi.cards import Card, cards_in
from engine.koikoi.state import KoiKoiState
from server.codecs import CODECS, wrap_move, wrap_view

CODEC = CODECS["koikoi"]
CARD_NUMBERS = {koikoi.card_name(number): number for number in range(1, 49)}
OPTIONS = {"deals": "3", "opponent_koi": "per_call", "double_seven": "on"}


def snapshot_of(state: KoiKoiState, viewer: Seat | None) -> match_pb2.Snapshot:
    """What the server would send `viewer` (None: a spectator) about `state`."""
    over = state.to_act() is None
    snapshot = match_pb2.Snapshot(
        match_id="m1",
        version=1,
        seats=[
            lobby_pb2.Seat(seat=0, name="ada", taken=True, connected=True),
            lobby_pb2.Seat(seat=1, name="bob", taken=True, connected=True),
        ],
        scores=state.scores(),
        status=lobby_pb2.MATCH_STATUS_FINISHED if over else lobby_pb2.MATCH_STATUS_PLAYING,
        view=wrap_view(CODEC, state.view(viewer)),
    )
    if viewer is not None:
        snapshot.viewer_seat = viewer
    to_act = state.to_act()
    if to_act is not None:
        snapshot.to_act = to_act
        if to_act == viewer:
            snapshot.legal_moves.extend(
                match_pb2.LegalMove(move=wrap_move(CODEC, move), label=move.label())
                for move in state.legal_moves()
            )
    result = state.result()
    if result is not None:
        snapshot.result.CopyFrom(
            match_pb2.MatchResult(scores=result.scores, winners=result.winners)
        )
    return snapshot


def client_for(state: KoiKoiState, viewer: Seat | None) -> ClientState:
    client = ClientState(lobby_pb2.Game(game_id="koikoi", title="Hanafuda Koi-Koi"), "m1")
    client.receive(snapshot_of(state, viewer), words)
    return client


def text(fragments: StyleAndTextTuples) -> str:
    return "".join(fragment[1] for fragment in fragments)


def rendered(state: KoiKoiState, viewer: Seat | None) -> str:
    return text(koikoi.render(client_for(state, viewer)))


def states(seed: int = 1) -> Iterator[KoiKoiState]:
    """Every state of random three-deal matches (koi-koi called often)."""
    rng = random.Random(seed)
    while True:
        state = GAME.new(2, GAME.info.validate(2, OPTIONS), rng.getrandbits(32))
        yield state.copy()
        while state.to_act() is not None:
            keep_going = state.phase is m.Phase.DECISION and rng.random() < 0.6
            state.apply(m.KoiKoi() if keep_going else rng.choice(state.legal_moves()))
            yield state.copy()


def first(condition: Callable[[KoiKoiState], bool]) -> KoiKoiState:
    for count, state in enumerate(states()):
        if condition(state):
            return state
        assert count < 20_000, "no such state in 20000 random states"
    raise AssertionError("unreachable")


def choosing_in_hand(state: KoiKoiState) -> bool:
    return state.phase is m.Phase.HAND and any(
        isinstance(move, m.PlayCard) and move.target is not None for move in state.legal_moves()
    )


def doubled(state: KoiKoiState) -> bool:
    return state.last_deal is not None and bool(state.last_deal.multipliers)


def names(cards: tuple[Card, ...] | None) -> list[str]:
    return [card.text for card in cards or ()]


def test_the_koikoi_renderer_is_registered() -> None:
    state = first(lambda s: s.phase is m.Phase.HAND)
    client = client_for(state, 0)
    assert SCREENS["koikoi"].render is koikoi.render
    assert text(panes.board(client)) == text(koikoi.render(client))


def test_before_the_first_snapshot() -> None:
    client = ClientState(lobby_pb2.Game(game_id="koikoi"), "m1")
    assert "waiting" in text(koikoi.render(client))


def test_a_hand_turn_shows_the_board_by_month_the_hand_and_both_piles() -> None:
    state = first(lambda s: s.phase is m.Phase.HAND and all(s.piles))
    seat = state.turn
    view = state.view(seat)
    shown = rendered(state, seat)
    assert "your turn: play a hand card" in shown
    assert "Deal 1 of 3" in shown
    (board_line,) = [line for line in shown.splitlines() if line.startswith("Board:")]
    groups = dict(re.findall(r"(\w+)·\w+ ((?:\[[^\]]+\] ?)+)", board_line))
    for card in view.board:  # each card sits in its month's group
        month = card.text.split("-")[0]
        assert fragment_list_to_text(koikoi.card(None, CARD_NUMBERS[card.text])) in groups[month]
    hand_line = next(line for line in shown.splitlines() if line.startswith("Your hand"))
    assert all(f"{name}]" in hand_line for name in names(view.hand))
    for seat, pile in enumerate(view.piles):
        tag = "you" if seat == state.turn else ("ada", "bob")[seat]
        lines = shown.splitlines()
        (header,) = [i for i, line in enumerate(lines) if line.startswith(f"{tag} · ")]
        kinds = dict(
            (kind, members.split())
            for kind, members in re.findall(
                r"(brights|animals|ribbons|plains) \d+(?:: ([a-z0-9 -]+?))?"
                r"(?= \S?(?:brights|animals|ribbons|plains)|$)",
                lines[header + 1],
            )
        )
        for card in pile:
            listed = koikoi.pile_name(CARD_NUMBERS[card.text])
            assert listed in kinds[card.kind.value + "s"], (card.text, lines[header + 1])
    assert shown.count("in hand") == 2 and "dealer" in shown


def test_a_spectator_sees_no_hand() -> None:
    state = first(lambda s: s.phase is m.Phase.HAND and s.deal_no == 1)
    shown = rendered(state, None)
    assert "Your hand" not in shown
    for hand in state.hands:
        for name in names(cards_in(hand)):
            assert f"[{name}]" not in shown
    assert "ada" in shown and "bob" in shown and "8 in hand" in shown


def test_the_other_seat_waits_without_seeing_the_hand_of_the_player_to_act() -> None:
    state = first(lambda s: s.phase is m.Phase.HAND and bool(s.deal_no))
    other = 1 - state.turn
    shown = rendered(state, other)
    for name in names(cards_in(state.hands[state.turn])):
        assert f"[{name}]" not in shown
    assert "'s turn: play a hand card" in shown


def test_a_pending_koikoi_decision_is_shown_clearly() -> None:
    state = first(lambda s: s.phase is m.Phase.DECISION)
    seat = state.turn
    view = state.view(seat)
    shown = rendered(state, seat)
    assert f"Your yaku are worth {view.totals[seat]}: stop scores" in shown
    assert f"scores {view.stop_points[seat]} now, koi-koi plays on (" in shown
    for scored in view.yaku[seat]:
        assert f"{scored.yaku.value.split(' (')[0]} {scored.points}" in shown
    fragments = koikoi.render(client_for(state, seat))
    assert any(style == "class:decision" for style, *_ in fragments)
    waiting = rendered(state, 1 - seat)
    assert f"made yaku worth {view.totals[seat]}: stop or koi-koi?" in waiting
    assert "Your yaku are worth" not in waiting


def test_a_stock_capture_choice_names_the_drawn_card_and_the_moves() -> None:
    state = first(lambda s: s.phase is m.Phase.STOCK_CHOICE)
    seat = state.turn
    drawn = state.view(seat).drawn
    assert drawn is not None
    shown = rendered(state, seat)
    shown_card = fragment_list_to_text(koikoi.card(None, CARD_NUMBERS[drawn.text]))
    assert f"Drawn: {shown_card} matches two board cards: type" in shown
    for move in state.legal_moves():
        assert f"'{move.label()}'" in shown
    assert "chooses which it takes" in rendered(state, None)


def test_a_hand_card_matching_two_board_cards_lists_each_choice_as_a_move() -> None:
    state = first(choosing_in_hand)
    shown = text(panes.legal_moves(client_for(state, state.turn)))
    choices = [
        move.label()
        for move in state.legal_moves()
        if isinstance(move, m.PlayCard) and move.target is not None
    ]
    assert all(f":{label}" in shown for label in choices)


def test_the_last_deal_summary_shows_yaku_points_and_multipliers() -> None:
    state = first(doubled)
    summary = state.last_deal
    assert summary is not None and summary.winner is not None
    table = rendered(state, 0)
    shown = text(koikoi.summary(client_for(state, 0)))  # held on screen at the deal's end
    for where in (table, shown):
        assert f"Last deal ({summary.deal}):" in where
        winner = "ada (you)" if summary.winner == 0 else "bob"
        assert f"{winner} scored {summary.points}" in where
    for scored in summary.yaku:
        assert f"{scored.yaku.value} {scored.points}" in shown
        assert f"{scored.yaku.value.split(' (')[0]} {scored.points}" in table
    (points,) = [line for line in shown.splitlines() if line.strip().startswith("points:")]
    assert points.startswith(f"  points: {summary.base} x")
    assert points.endswith(f" = {summary.points}")
    assert [int(f) for f in re.findall(r" x(\d+) \(", points)] == [
        x.factor for x in summary.multipliers
    ]


def test_a_drawn_deal_and_the_end_of_the_match() -> None:
    drawn = first(lambda s: s.last_deal is not None and s.last_deal.winner is None)
    assert "drawn, nobody scores" in rendered(drawn, 1)
    over = first(lambda s: s.phase is m.Phase.OVER)
    shown = rendered(over, None)
    assert "the match is over" in shown and "Last deal (3)" in shown
    client = client_for(over, 0)
    assert client.status.startswith("match over")


@pytest.mark.parametrize("viewer", [0, 1, None])
def test_every_style_class_used_is_defined(viewer: Seat | None) -> None:
    defined = {rule for rule, _ in STYLE.style_rules}
    for count, state in enumerate(states(seed=9)):
        for style, *_ in koikoi.render(client_for(state, viewer)):
            for part in style.split():
                if part.startswith("class:"):
                    assert part.removeprefix("class:") in defined, part
        if count > 300:
            break


def test_house_rules_on_the_table_first_to_dealer_draw_and_zero_sum_transfer() -> None:
    """first_to shows the target instead of a deal count, a drawn first dealer shows both
    cards in deal 1, and a zero-sum deal shows what each match score changed by."""
    options = {"first_to": "50", "first_dealer": "draw"}
    state = GAME.new(2, GAME.info.validate(2, options), 3)
    shown = rendered(state, 0)
    assert shown.startswith("Deal 1, first to 50") and "of 0" not in shown
    first, second = (c.text for c in state.view(0).dealer_draw or ())
    assert f"first dealer drawn: you {first}, bob {second}" in shown
    zero_sum = GAME.new(2, GAME.info.validate(2, {"zero_sum": "on", "deals": "6"}), 4)
    rng = random.Random(4)
    while zero_sum.last_deal is None or zero_sum.last_deal.winner is None:
        zero_sum.apply(rng.choice(zero_sum.legal_moves()))
    gains = zero_sum.last_deal.gains
    shown = rendered(zero_sum, None)
    assert f"ada {gains[0]:+d}, bob {gains[1]:+d}" in shown


def test_a_pile_lists_the_sake_cup_where_the_rules_count_it() -> None:
    """Issue 20: `plains 6` beside `kasu 7/10`, the sake cup counting as a plain (V8 `both`)
    but listed with the animals alone. Each group now lists what its yaku count."""
    cup = Card.SEP_SAKE_CUP
    state = first(lambda s: any(cup in pile for pile in s.view(None).piles))
    view = state.view(None)
    groups = next(g for g, pile in zip(view.groups, view.piles, strict=True) if cup in pile)
    assert cup in groups.animals and cup in groups.plains  # the default rules: both
    lines = rendered(state, None).splitlines()
    (line,) = [line for line in lines if "sep-sake-cup" in line]
    assert f"plains {len(groups.plains)}:" in line and line.count("sep-sake-cup") == 2
