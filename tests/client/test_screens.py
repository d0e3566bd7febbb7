"""Everything a seat may see is on its screen: every game, player count and seat, drawn by the
real layout at 80x24 (and 100x30, 120x40) from random positions, checked item by item against
the snapshot's view. An item is a card, a tile or a fact (a count, a score, a name); the share
of items found as text must be at least 99% in every position."""

from __future__ import annotations

import os
import random
from collections.abc import Callable, Iterable

import pytest
from prompt_toolkit.formatted_text import fragment_list_to_text
from prompt_toolkit.utils import get_cwidth
from tigerden.v1 import koikoi_pb2

from client.ui.games.doors import screen as doors
from client.ui.games.koikoi import screen as koikoi
from client.ui.games.tiger_dragon import screen as tiger_dragon
from client.ui.model import ClientState
from client.ui.style import TABLE_WIDTH, WIDE
from client.ui.text import symbols
from tests.client.positions import SETUPS, Setup, client_for, positions
from tests.client.screen import screen_text

Item = tuple[str, int, bool]
"""What was looked for, how many things it stands for, whether it is on the screen."""


def norm(text: str) -> str:
    return " ".join(text.split())


def block(rows: list[str], starts: Callable[[str], bool]) -> str:
    """The first row that `starts` accepts and the indented rows that continue it."""
    for index, row in enumerate(rows):
        if starts(row):
            taken = [row]
            for following in rows[index + 1 :]:
                if not following.startswith("  ") or not following.strip():
                    break
                taken.append(following)
            return norm(" ".join(taken))
    return ""


def crop(row: str, width: int) -> str:
    """The first `width` cells of a row (a wide character takes two)."""
    used = 0
    for index, char in enumerate(row):
        used += get_cwidth(char)
        if used > width:
            return row[:index]
    return row


def find(where: str, what: str, weight: int = 1) -> Item:
    return (what, weight, norm(what) in where)


def koikoi_items(client: ClientState, rows: list[str]) -> list[Item]:
    assert client.snapshot is not None
    view = client.snapshot.view.koikoi
    whole = norm(" ".join(rows))
    dot = symbols().dot
    items = [
        find(whole, f"Deal {view.deal} of {view.deals}"),
        find(whole, f"dealer: {client.seat_name(view.dealer)}"),
        find(whole, f"stock: {view.stock_count}"),
    ]
    board = block(rows, lambda r: r.startswith("Board:"))
    for number in view.board:
        items.append(find(board, fragment_list_to_text(koikoi.card(None, number))))
    if view.HasField("hand"):
        hand = block(rows, lambda r: r.startswith("Your hand"))
        items.append(find(hand, f"Your hand ({len(view.hand.cards)}):"))
        for number in view.hand.cards:
            items.append(find(hand, fragment_list_to_text(koikoi.card(None, number))))
    if view.phase == koikoi_pb2.KOIKOI_PHASE_STOCK_CHOICE:
        items.append(find(whole, "Drawn: " + fragment_list_to_text(koikoi.card(None, view.drawn))))
    for seat, player in enumerate(view.players):
        tag = client.seat_tag(seat)
        section = block(rows, lambda r, tag=tag: r.startswith(f"{tag} {dot} "))  # type: ignore[misc]
        points = view.scores[seat]
        items.append(find(section, f"{player.hand_count} in hand"))
        items.append(find(section, f"{points} point{'s' if points != 1 else ''}"))
        if seat == view.dealer:
            items.append(find(section, f"{dot} dealer {dot}"))
        if player.koi_koi:
            items.append(find(section, f"{player.koi_koi} koi-koi call"))
        pile = player.counted_pile  # as the rules count the cards: what the client shows
        if not any((pile.brights, pile.animals, pile.ribbons, pile.plains)):
            items.append(find(section, "nothing captured yet"))
        for kind, label, group in (
            ("bright", "brights", pile.brights),
            ("animal", "animals", pile.animals),
            ("ribbon", "ribbons", pile.ribbons),
            ("plain", "plains", pile.plains),
        ):
            listed = " ".join(koikoi.pile_name(number) for number in group)
            heading = f"{koikoi.kind_symbol(kind)}{label} {len(group)}"
            if any((pile.brights, pile.animals, pile.ribbons, pile.plains)):
                shown = f"{heading}: {listed}" if group else heading
                items.append(find(section, shown, len(group) or 1))
        for scored in player.yaku:
            items.append(find(section, f"{koikoi.short_yaku_name(scored.yaku)} {scored.points}"))
        if player.yaku:
            items.append(find(section, f"total {player.total}"))
        for progress in player.progress:
            towards = f"{koikoi.short_yaku_name(progress.yaku)} {progress.have}/{progress.need}"
            items.append(find(section, towards))
    if view.HasField("last_deal"):
        last = view.last_deal
        items.append(find(whole, f"Last deal ({last.deal}):"))
        if last.HasField("winner"):
            items.append(find(whole, f"{client.actor(last.winner)} scored {last.points}"))
    return items


def tile_text(number: int, face_down: bool = False) -> str:
    return tiger_dragon.tile(number, face_down)[1]


def tiger_dragon_items(client: ClientState, rows: list[str]) -> list[Item]:
    assert client.snapshot is not None
    view = client.snapshot.view.tiger_dragon
    whole = norm(" ".join(rows))
    dot = symbols().dot
    goal = "first team to" if view.teams else "first to"
    items = [
        find(whole, f"Round {view.round}"),
        find(whole, f"{goal} {view.target}"),
        find(whole, f"{view.left_out} tile{'s' if view.left_out != 1 else ''} out of play"),
        find(whole, f"Battlefield: {view.battlefield.title}"),
        find(whole, "out with 1-8: " + " ".join(map(str, view.battlefield.points))),
        find(whole, f"tiger/dragon: {view.battlefield.wild_points}"),
        find(whole, f"+{view.battlefield.bonus_per_tile} per face-down tile"),
    ]
    if view.battlefield.open_points:
        items.append(
            find(whole, "if revealed: " + " ".join(map(str, view.battlefield.open_points)))
        )
    if client.viewer() is not None:
        hand = block(rows, lambda r: r.startswith("Your hand"))
        shown = " ".join(tile_text(t) for t in view.hand) or "(empty)"
        items.append(find(hand, f"Your hand ({len(view.hand)}): {shown}", max(1, len(view.hand))))
    if view.HasField("open_attack"):
        attack = view.open_attack
        opened = f"open attack {tile_text(attack.tile)} from {client.seat_name(attack.attacker)}"
        items.append(find(whole, opened))
    for seat, board in enumerate(view.boards):
        tag = client.seat_name(seat)
        section = block(
            rows,
            lambda r, tag=tag: r[2:].startswith((f"{tag}:", f"{tag} (")),  # type: ignore[misc]
        )
        points = view.scores[seat]
        items.append(find(section, f"{board.hand_count} in hand"))
        items.append(find(section, f"{points} point{'s' if points != 1 else ''}"))
        if seat == view.start_player:
            items.append(find(section, "start)" if not view.teams else "start, team"))
        if view.teams:
            items.append(find(section, f"team {view.teams[seat]}"))
        if view.HasField("to_act") and view.to_act == seat:
            items.append(find(section, f"{symbols().to_act} {tag}"))
        if client.seat_notes(seat):
            items.append(find(section, f"{tag} ({client.seat_notes(seat)[0]}"))
        attacks = " ".join(tile_text(t) for t in board.attack) or "-"
        defence = " ".join(tile_text(s.tile, s.face_down) for s in board.defense) or "-"
        items.append(find(section, f"attack {attacks} {dot}", max(1, len(board.attack))))
        items.append(find(section, f"defence {defence}", max(1, len(board.defense))))
    if view.teams:
        for team, total in enumerate(view.team_scores):
            members = ", ".join(client.seat_name(s) for s, t in enumerate(view.teams) if t == team)
            items.append(find(whole, f"team {team} ({members}): {total}"))
    if view.HasField("last_round"):
        last = view.last_round
        items.append(find(whole, f"Last round ({last.round}):"))
        items.append(find(whole, f"card {last.card_value} + bonus {last.bonus} = {last.points}"))
    return items


def doors_items(client: ClientState, rows: list[str]) -> list[Item]:
    assert client.snapshot is not None
    view = client.snapshot.view.doors
    whole = norm(" ".join(rows))
    guesser = (view.collector + 1) % 2

    def cards(numbers: Iterable[int]) -> str:
        return " ".join(fragment_list_to_text(doors.card(None, n)) for n in numbers) or "(none)"

    items = [
        find(whole, f"Contest {view.contest}"),
        find(whole, f"first to {view.target_gems} gems"),
        find(whole, f"Collector: {client.seat_tag(view.collector)}"),
        find(whole, f"Guesser: {client.seat_tag(guesser)}"),
        find(whole, f"Deck: {view.deck_count} card{'s' if view.deck_count != 1 else ''}"),
        find(
            whole,
            "Gems: " + ", ".join(f"{client.seat_name(s)} {g}" for s, g in enumerate(view.gems)),
            2,
        ),
        find(whole, f"Display: {cards(view.display)}", max(1, len(view.display))),
        find(whole, f"Collection: {cards(view.collection)}", max(1, len(view.collection))),
        find(whole, f"Discards: {cards(view.discards)}", max(1, len(view.discards))),
    ]
    if client.viewer() is not None:
        items.append(
            find(whole, f"Your Door: {fragment_list_to_text(doors.card(None, view.own_door))}")
        )
    if view.HasField("last_contest"):
        last = view.last_contest
        items.append(find(whole, f"Last contest ({last.contest}):"))
        items.append(find(whole, f"{client.seat_name(last.scorer)} +{last.gems} gem"))
    return items


ITEMS = {"doors": doors_items, "koikoi": koikoi_items, "tiger-dragon": tiger_dragon_items}


def coverage(setup: Setup, count: int, columns: int, rows: int, seed: int) -> tuple[float, str]:
    """The smallest share of items on screen over `count` positions, and what was missing."""
    rng = random.Random(seed)
    worst, missing = 1.0, ""
    for state, events in positions(setup, count, seed):
        viewers: list[int | None] = [*range(setup.players), None]
        viewer = rng.choice(viewers)
        client = client_for(setup, state, viewer, events)
        screen = screen_text(client, columns, rows).splitlines()
        assert len(screen) == rows and all(len(r) <= columns for r in screen)
        table = [crop(row, TABLE_WIDTH) for row in screen] if columns >= WIDE else screen
        items = ITEMS[setup.game](client, table)
        total = sum(weight for _, weight, _ in items)
        found = sum(weight for _, weight, present in items if present)
        share = found / total
        if share < worst:
            lost = [what for what, _, present in items if not present]
            worst, missing = share, f"{lost} in\n" + "\n".join(screen)
    return worst, missing


POSITIONS = int(os.environ.get("TIGERDEN_SCREEN_POSITIONS", "60"))
"""Positions per game setup (set more to measure: TIGERDEN_SCREEN_POSITIONS=1000)."""


@pytest.mark.parametrize("setup", SETUPS, ids=lambda s: s.label)
def test_everything_a_seat_may_see_is_on_an_80x24_screen(setup: Setup) -> None:
    worst, missing = coverage(setup, POSITIONS, 80, 24, seed=11)
    print(f"{setup.label} 80x24: worst {worst:.1%}")
    assert worst >= 0.99, missing


@pytest.mark.parametrize("size", [(100, 30), (120, 40)])
@pytest.mark.parametrize("setup", SETUPS, ids=lambda s: s.label)
def test_and_on_larger_screens(setup: Setup, size: tuple[int, int]) -> None:
    worst, missing = coverage(setup, 12, *size, seed=5)
    assert worst >= 0.99, missing
