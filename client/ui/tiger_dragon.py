"""Draws a Tiger & Dragon view: every board, your hand, the open attack, the Battlefield card's
scoring table, the scores (and teams) and the last round's result.

It knows no rules: everything shown comes from the view, and what may be played comes from the
snapshot's legal moves. Odd tiles (and the Dragon) are red, even tiles (and the Tiger) blue.
"""

from __future__ import annotations

from collections.abc import Iterable

from prompt_toolkit.formatted_text import StyleAndTextTuples
from tigerden.v1 import tiger_dragon_pb2 as pb

from client.ui.state import ClientState

RED = frozenset({pb.TIGER_DRAGON_TILE_DRAGON, *range(1, 9, 2)})
"""Red tiles: the odd numbers and the Dragon; every other known tile is blue."""


def tile_name(tile: int) -> str:
    """ "1".."8", "tiger", "dragon" (the words of the move labels); "?" for a hidden tile."""
    if tile == pb.TIGER_DRAGON_TILE_UNSPECIFIED:
        return "?"
    if tile == pb.TIGER_DRAGON_TILE_TIGER:
        return "tiger"
    if tile == pb.TIGER_DRAGON_TILE_DRAGON:
        return "dragon"
    return str(tile)


def tile(number: int, face_down: bool = False) -> tuple[str, str]:
    """One tile: `[5]` face up, `(5)` face down and seen, `(?)` face down and hidden."""
    if number == pb.TIGER_DRAGON_TILE_UNSPECIFIED:
        style = "class:tile.hidden"
    else:
        style = "class:tile.red" if number in RED else "class:tile.blue"
    text = tile_name(number)
    return (style, f"({text})" if face_down else f"[{text}]")


def tiles(numbers: Iterable[int], empty: str = "-") -> StyleAndTextTuples:
    row: StyleAndTextTuples = []
    for number in numbers:
        row += [tile(number), ("", " ")]
    return row or [("class:dim", empty)]


def defense_row(spaces: Iterable[pb.TigerDragonDefenseTile]) -> StyleAndTextTuples:
    row: StyleAndTextTuples = []
    for space in spaces:
        row += [tile(space.tile, space.face_down), ("", " ")]
    return row or [("class:dim", "-")]


def battlefield_name(number: int) -> str:
    name: str = pb.TigerDragonBattlefield.Name(number)  # type: ignore[arg-type]
    return name.removeprefix("TIGER_DRAGON_BATTLEFIELD_").lower().replace("_", " ")


def card_table(card: pb.TigerDragonCard) -> StyleAndTextTuples:
    """The Battlefield card: the value of going out with each tile, and the bonus."""
    lines: StyleAndTextTuples = [
        ("class:label", f"Battlefield: {card.title}"),
        ("", f" ({card.japanese})\n" if card.japanese else "\n"),
        ("class:dim", "  going out with "),
    ]
    for number in range(1, 9):
        lines += [tile(number), ("", " ")]
    lines += [tile(pb.TIGER_DRAGON_TILE_TIGER), ("", "/"), tile(pb.TIGER_DRAGON_TILE_DRAGON)]
    if card.points_by_difference:  # the Game Market promo
        ones = f"{card.points[0]}, 2-8 the difference from your last attack ("
        lines += [("", "\n"), ("class:dim", "  scores         "), ("", ones)]
        lines.append(("", f"a wild one: {card.wild_points}), {card.wild_points}\n"))
    else:
        lines += [("", "\n"), ("class:dim", "  scores         "), ("", values(card.points))]
        lines.append(("", f"{card.wild_points}\n"))
    if card.open_points:
        lines += [("class:dim", "  if revealed    "), ("", values(card.open_points) + "\n")]
    whose = "every player's" if card.bonus_all_players else "the winner's"
    wild = "" if card.wild_bonus else "; none for a Tiger or Dragon finish"
    lines.append(
        ("class:dim", f"  bonus +{card.bonus_per_tile} per face-down tile ({whose}){wild}\n")
    )
    return lines


def values(points: Iterable[int]) -> str:
    """Card values lined up under the tiles 1..8 (each `[n] ` is four wide)."""
    return "".join(f"{p:<4}" for p in points)


def phase_text(state: ClientState, view: pb.TigerDragonView) -> str:
    if view.phase == pb.TIGER_DRAGON_PHASE_OVER or not view.HasField("to_act"):
        return "the match is over"
    who = state.seat_name(view.to_act)
    return {
        pb.TIGER_DRAGON_PHASE_ATTACK: f"{who} to attack",
        pb.TIGER_DRAGON_PHASE_RESPONSE: f"{who} to defend or pass",
        pb.TIGER_DRAGON_PHASE_BONUS: f"{who} to place a tile face down, then attack again",
    }.get(view.phase, "?")


def seat_line(state: ClientState, view: pb.TigerDragonView, seat: int) -> str:
    board = view.boards[seat]
    marker = "▶ " if view.HasField("to_act") and view.to_act == seat else "  "
    start = " (start)" if seat == view.start_player else ""
    team = f", team {view.teams[seat]}" if view.teams else ""
    score = view.scores[seat] if seat < len(view.scores) else 0
    return (
        f"{marker}{state.seat_name(seat)}{start}{team}: "
        f"{board.hand_count} in hand, {score} point{'s' if score != 1 else ''}\n"
    )


def summary_lines(state: ClientState, last: pb.TigerDragonRoundSummary) -> StyleAndTextTuples:
    revealed = " (revealed)" if last.open_tile else ""
    lines: StyleAndTextTuples = [
        ("class:label", f"Last round ({last.round}): "),
        ("", f"{state.seat_name(last.winner)} went out with "),
        tile(last.winning_tile),
        ("", f"{revealed}: card {last.card_value} + bonus {last.bonus} = {last.points}\n"),
    ]
    for seat, row in enumerate(last.face_down):
        if row.tiles:
            lines += [("class:dim", f"  face down, {state.seat_name(seat)}: ")]
            lines += [*tiles(row.tiles), ("", "\n")]
    return lines


def members(state: ClientState, view: pb.TigerDragonView, team: int) -> str:
    return ", ".join(state.seat_name(s) for s, t in enumerate(view.teams) if t == team)


def render(state: ClientState) -> StyleAndTextTuples:
    snapshot = state.snapshot
    if snapshot is None:
        return [("", "waiting for the first snapshot...")]
    view = snapshot.view.tiger_dragon
    viewer = snapshot.viewer_seat if snapshot.HasField("viewer_seat") else None
    goal = f"first team to {view.target}" if view.teams else f"first to {view.target}"
    part = "spectating" if viewer is None else f"you are seat {viewer}"
    if viewer is not None and view.teams:
        part += f", team {view.teams[viewer]}"
    lines: StyleAndTextTuples = [
        ("class:title", f"Round {view.round}"),
        ("", f"   {goal}   {part}\n"),
        ("", f"now: {phase_text(state, view)}   "),
        ("class:dim", f"{view.left_out} tile{'s' if view.left_out != 1 else ''} out of play\n"),
    ]
    if view.new_card_each_round:
        again = " (perhaps the same)" if view.same_card_may_return else ""
        lines.append(("class:dim", f"a new Battlefield card every round{again}\n"))
    if viewer is not None:
        lines += [("class:label", "Your hand:   "), *tiles(view.hand, "(empty)"), ("", "\n")]
    lines.append(("", "\n"))
    if view.HasField("open_attack"):
        attack = view.open_attack
        passed = ", ".join(state.seat_name(s) for s in attack.passed) or "nobody yet"
        lines += [
            ("class:label", "Open attack: "),
            tile(attack.tile),
            ("", f" from {state.seat_name(attack.attacker)}   passed: {passed}\n\n"),
        ]
    for seat, board in enumerate(view.boards):
        style = "class:you" if seat == viewer else "class:label"
        lines.append((style, seat_line(state, view, seat)))
        lines += [("class:dim", "    attack:  "), *tiles(board.attack), ("", "\n")]
        lines += [("class:dim", "    defense: "), *defense_row(board.defense), ("", "\n")]
        if board.revealed != pb.TIGER_DRAGON_TILE_UNSPECIFIED:
            lines += [("class:dim", "    revealed last tile: "), tile(board.revealed), ("", "\n")]
    lines.append(("class:dim", "  [n] face up   (n) face down   (?) face down, hidden\n\n"))
    lines += card_table(view.battlefield)
    if view.teams:
        totals = "   ".join(
            f"team {team} ({members(state, view, team)}): {points}"
            for team, points in enumerate(view.team_scores)
        )
        lines += [("class:label", "\nTeams:       "), ("", totals + "\n")]
    scores = "   ".join(f"{state.seat_name(s)}: {p}" for s, p in enumerate(view.scores))
    lines += [("class:label", "Scores:      " if view.teams else "\nScores:      ")]
    lines.append(("", scores + "\n"))
    if view.HasField("last_round"):
        lines.append(("", "\n"))
        lines += summary_lines(state, view.last_round)
    return lines
