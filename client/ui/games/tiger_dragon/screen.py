"""Draws a Tiger & Dragon view: the round line, what is to be done, your hand, one row per seat
(hand count, points, team, attack and defence rows), the Battlefield card in one line, the
scores with team totals and the last round; and puts the typed events into words.

It knows no rules: everything shown comes from the view, and what may be played comes from the
snapshot's legal moves. Odd tiles (and the Dragon) are red, even tiles (and the Tiger) blue.
"""

from __future__ import annotations

from collections.abc import Iterable

from prompt_toolkit.formatted_text import StyleAndTextTuples
from tigerden.v1 import match_pb2
from tigerden.v1 import tiger_dragon_pb2 as pb

from client.i18n import _, n_
from client.ui.model import ClientState
from client.ui.text import is_ascii, symbols

MIN_SIZE = (80, 24)

RED = frozenset({pb.TIGER_DRAGON_TILE_DRAGON, *range(1, 9, 2)})
"""Red tiles: the odd numbers and the Dragon; every other known tile is blue."""


def tile_name(tile: int) -> str:
    """ "1".."8", "tiger", "dragon" (the words of the move labels); "?" for a hidden tile."""
    if tile == pb.TIGER_DRAGON_TILE_UNSPECIFIED:
        return "?"
    if tile == pb.TIGER_DRAGON_TILE_TIGER:
        return _("tiger")
    if tile == pb.TIGER_DRAGON_TILE_DRAGON:
        return _("dragon")
    return str(tile)


def tile(number: int, face_down: bool = False, changed: bool = False) -> tuple[str, str]:
    """One tile: `[5]` face up, `(5)` face down and seen, `(?)` face down and hidden."""
    if number == pb.TIGER_DRAGON_TILE_UNSPECIFIED:
        style = "class:tile.hidden"
    else:
        style = "class:tile.red" if number in RED else "class:tile.blue"
    if changed:
        style += " class:changed"
    text = tile_name(number)
    return (style, f"({text})" if face_down else f"[{text}]")


def tiles(numbers: Iterable[int], empty: str = "-") -> StyleAndTextTuples:
    row: StyleAndTextTuples = []
    for number in numbers:
        if row:
            row.append(("", " "))
        row.append(tile(number))
    return row or [("class:dim", empty)]


def defense_row(spaces: Iterable[pb.TigerDragonDefenseTile]) -> StyleAndTextTuples:
    row: StyleAndTextTuples = []
    for space in spaces:
        if row:
            row.append(("", " "))
        row.append(tile(space.tile, space.face_down))
    return row or [("class:dim", "-")]


def battlefield_name(number: int) -> str:
    name: str = pb.TigerDragonBattlefield.Name(number)  # type: ignore[arg-type]
    return name.removeprefix("TIGER_DRAGON_BATTLEFIELD_").lower().replace("_", " ")


def card_line(card: pb.TigerDragonCard) -> StyleAndTextTuples:
    """The Battlefield card in one line: the value of going out with 1..8 and a wild, and the
    face-down bonus."""
    japanese = f" ({card.japanese})" if card.japanese and not is_ascii() else ""
    values = " ".join(map(str, card.points))
    effect = [_("out with 1-8: {values}").format(values=values)]
    if card.points_by_difference:  # the Game Market promo
        effect = [
            _("out with 1: {one}; 2-8: the difference from your last attack").format(
                one=card.points[0]
            )
            + " "
            + _("(after a Tiger or Dragon attack: {wild})").format(wild=card.wild_points)
        ]
    if card.open_points:
        effect.append(
            _("if revealed: {values}").format(values=" ".join(map(str, card.open_points)))
        )
    effect.append(_("tiger/dragon: {points}").format(points=card.wild_points))
    whose = _("every player's") if card.bonus_all_players else _("the winner's")
    bonus = _("+{points} per face-down tile ({whose})").format(
        points=card.bonus_per_tile, whose=whose
    )
    if not card.wild_bonus:
        bonus += ", " + _("none for a Tiger or Dragon finish")
    effect.append(bonus)
    dot = f" {symbols().dot} "
    return [
        ("class:label", _("Battlefield:") + " "),
        ("class:title", f"{_(card.title)}{japanese}"),
        ("", dot + dot.join(effect) + "\n"),
    ]


def phase_text(state: ClientState, view: pb.TigerDragonView) -> str:
    if view.phase == pb.TIGER_DRAGON_PHASE_OVER or not view.HasField("to_act"):
        return _("the match is over")
    if state.is_you(view.to_act):
        mine = {
            pb.TIGER_DRAGON_PHASE_ATTACK: _("you to attack"),
            pb.TIGER_DRAGON_PHASE_RESPONSE: _("you to defend or pass"),
            pb.TIGER_DRAGON_PHASE_BONUS: _("you to place a tile face down, then attack again"),
        }
        return mine.get(view.phase, "?")
    who = state.player_name(view.to_act)
    if view.phase == pb.TIGER_DRAGON_PHASE_ATTACK:
        return _("{name} to attack").format(name=who)
    if view.phase == pb.TIGER_DRAGON_PHASE_RESPONSE:
        return _("{name} to defend or pass").format(name=who)
    if view.phase == pb.TIGER_DRAGON_PHASE_BONUS:
        return _("{name} to place a tile face down, then attack again").format(name=who)
    return "?"


def seat_row(state: ClientState, view: pb.TigerDragonView, seat: int) -> StyleAndTextTuples:
    """`▶ ada (start, team 0): 5 in hand, 3 points · attack [1] [2] · defence [3] (?)`"""
    board = view.boards[seat]
    arrow = symbols().to_act
    marker = arrow if view.HasField("to_act") and view.to_act == seat else " " * len(arrow)
    notes = []
    if seat == view.start_player:
        notes.append(_("start"))
    if view.teams:
        notes.append(_("team {team}").format(team=view.teams[seat]))
    score = view.scores[seat] if seat < len(view.scores) else 0
    facts = ", ".join(
        [
            n_("{count} in hand", "{count} in hand", board.hand_count).format(
                count=board.hand_count
            ),
            n_("{count} point", "{count} points", score).format(count=score),
        ]
    )
    style = "class:you" if state.is_you(seat) else "class:label"
    dot = f" {symbols().dot} "
    row: StyleAndTextTuples = [
        ("", marker + " "),
        (style, f"{state.seat_tag(seat, notes)}:"),
        ("", f" {facts}{dot}"),
        ("class:dim", _("attack") + " "),
    ]
    changed = state.changed
    for index, number in enumerate(board.attack):
        row += [("", " ")] if index else []
        row.append(tile(number, changed=f"{seat}:attack:{index}" in changed))
    if not board.attack:
        row.append(("class:dim", "-"))
    row += [("", dot), ("class:dim", _("defence") + " ")]
    for index, space in enumerate(board.defense):
        row += [("", " ")] if index else []
        row.append(tile(space.tile, space.face_down, f"{seat}:defense:{index}" in changed))
    if not board.defense:
        row.append(("class:dim", "-"))
    if board.revealed != pb.TIGER_DRAGON_TILE_UNSPECIFIED:
        row += [("", dot), ("class:dim", _("revealed last tile") + " "), tile(board.revealed)]
    return [*row, ("", "\n")]


def summary_lines(state: ClientState, last: pb.TigerDragonRoundSummary) -> StyleAndTextTuples:
    revealed = " " + _("(revealed)") if last.open_tile else ""
    # The tile stands where the language puts it: "went out with [8]", "ging mit [8] aus".
    went_out = _("{name} went out with {tile}").format(name=state.actor(last.winner), tile="\0")
    before, _tile, after = went_out.partition("\0")
    lines: StyleAndTextTuples = [
        ("class:label", _("Last round ({round}):").format(round=last.round) + " "),
        ("", before),
        tile(last.winning_tile),
        (
            "",
            after
            + revealed
            + ": "
            + _("card {value} + bonus {bonus} = {points}").format(
                value=last.card_value, bonus=last.bonus, points=last.points
            ),
        ),
    ]
    for seat, row in enumerate(last.face_down):
        if row.tiles:
            lines += [
                (
                    "class:dim",
                    "; " + _("face down, {name}:").format(name=state.seat_name(seat)) + " ",
                )
            ]
            lines += tiles(row.tiles)
    return [*lines, ("", "\n")]


def members(state: ClientState, view: pb.TigerDragonView, team: int) -> str:
    return ", ".join(state.seat_name(s) for s, t in enumerate(view.teams) if t == team)


def scores_line(state: ClientState, view: pb.TigerDragonView) -> StyleAndTextTuples:
    if view.teams:
        line: StyleAndTextTuples = [("class:label", _("Teams:"))]
        for team, points in enumerate(view.team_scores):
            total = _("team {team} ({members}): {points}").format(
                team=team, members=members(state, view, team), points=points
            )
            line += [("", "   " if team else " "), ("class:nowrap", total)]  # a team whole
        return [*line, ("", "\n")]
    scores = state.seat_tallies(view.scores)
    return [("class:label", _("Scores:") + " "), ("", scores + "\n")]


def render(state: ClientState) -> StyleAndTextTuples:
    snapshot = state.snapshot
    if snapshot is None:
        return [("", _("waiting for the first snapshot...") + "\n")]
    view = snapshot.view.tiger_dragon
    viewer = state.viewer()
    goal = (_("first team to {target}") if view.teams else _("first to {target}")).format(
        target=view.target
    )
    part = _("spectating") if viewer is None else _("you are seat {seat}").format(seat=viewer)
    if viewer is not None and view.teams:
        part += ", " + _("team {team}").format(team=view.teams[viewer])
    dot = f" {symbols().dot} "
    out = n_("{count} tile out of play", "{count} tiles out of play", view.left_out).format(
        count=view.left_out
    )
    head = [goal, part, out]
    if view.new_card_each_round and view.same_card_may_return:
        head.append(_("a Battlefield card drawn every round (the same may return)"))
    elif view.new_card_each_round:
        head.append(_("a new Battlefield card every round"))
    lines: StyleAndTextTuples = [
        ("class:title", _("Round {round}").format(round=view.round)),
        ("", dot + dot.join(head) + "\n"),
        ("class:decision", _("Now: {what}").format(what=phase_text(state, view))),
    ]
    if view.HasField("open_attack"):
        attack = view.open_attack
        passed = ", ".join(state.seat_name(s) for s in attack.passed) or _("nobody yet")
        lines += [
            ("", dot + _("open attack") + " "),
            tile(attack.tile),
            ("", " " + _("from {name}").format(name=state.seat_name(attack.attacker))),
            ("", dot + _("passed: {names}").format(names=passed)),
        ]
    lines.append(("", "\n"))
    if viewer is not None:
        lines += [
            ("class:label", _("Your hand ({count}):").format(count=len(view.hand)) + " "),
            *tiles(view.hand, _("(empty)")),
            ("", "\n"),
        ]
    for seat in range(len(view.boards)):
        lines += seat_row(state, view, seat)
    lines += card_line(view.battlefield)
    lines += scores_line(state, view)
    if view.HasField("last_round"):
        lines += summary_lines(state, view.last_round)
    return lines


def move_label(move: match_pb2.Move) -> str:
    """A legal move in the player's language (in English, the server's own label)."""
    td = move.tiger_dragon
    action = td.WhichOneof("action")
    if action == "attack":
        label = _("attack {tile}").format(tile=tile_name(td.attack.tile))
        return label + " " + _("and reveal") if td.attack.reveal else label
    if action == "defend":
        return _("defend {tile}").format(tile=tile_name(td.defend.tile))
    if action == "pass_turn":
        return _("pass")
    if action == "place_face_down":
        return _("face-down {tile}").format(tile=tile_name(td.place_face_down.tile))
    return ""


def summary(state: ClientState) -> StyleAndTextTuples:
    """The end of a round (held on screen until a key): the Battlefield breakdown, the scores."""
    assert state.snapshot is not None
    view = state.snapshot.view.tiger_dragon
    lines = summary_lines(state, view.last_round) if view.HasField("last_round") else []
    if view.teams:
        lines += scores_line(state, view)
        scores = state.seat_tallies(view.scores)
        lines += [("class:label", _("Scores:") + " "), ("", scores + "\n")]
    else:
        lines += scores_line(state, view)
    return lines


def team_scores(snapshot: match_pb2.Snapshot) -> str:
    """The teams' totals of a team match's result ("team 0 12, team 1 8"), "" without teams."""
    view = snapshot.view.tiger_dragon
    if not view.teams:
        return ""
    return ", ".join(
        _("team {team} {points}").format(team=team, points=points)
        for team, points in enumerate(view.team_scores)
    )
