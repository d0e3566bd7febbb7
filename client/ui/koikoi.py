"""Draws a Koi-Koi view: the board by month, the hand, both capture piles by kind with their
yaku, the stop/koi-koi decision or capture choice when one is pending, and the last deal.

No rules here: the piles arrive grouped by kind, yaku and points arrive scored, and what can be
played is the legal moves. Card names come from the wire enum; colours follow the card's
picture (bright, animal, ribbon, plain) as its name shows it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from prompt_toolkit.formatted_text import StyleAndTextTuples
from tigerden.v1 import koikoi_pb2 as pb
from tigerden.v1 import match_pb2

from client.ui.state import ClientState

PHASES = {
    pb.KOIKOI_PHASE_DEALING: "dealing",
    pb.KOIKOI_PHASE_HAND: "play a hand card",
    pb.KOIKOI_PHASE_STOCK_CHOICE: "choose what the drawn card takes",
    pb.KOIKOI_PHASE_DECISION: "stop or koi-koi",
    pb.KOIKOI_PHASE_OVER: "the match is over",
}

YAKU_NAMES = {
    pb.KOIKOI_YAKU_GOKO: "gokō (five brights)",
    pb.KOIKOI_YAKU_SHIKO: "shikō (four brights)",
    pb.KOIKOI_YAKU_AME_SHIKO: "ame-shikō (rainy four brights)",
    pb.KOIKOI_YAKU_SANKO: "sankō (three brights)",
    pb.KOIKOI_YAKU_INO_SHIKA_CHO: "ino-shika-chō (boar, deer, butterflies)",
    pb.KOIKOI_YAKU_AKATAN: "akatan (poetry ribbons)",
    pb.KOIKOI_YAKU_AOTAN: "aotan (blue ribbons)",
    pb.KOIKOI_YAKU_AKATAN_AOTAN: "akatan-aotan (poetry and blue ribbons)",
    pb.KOIKOI_YAKU_TANE: "tane (animals)",
    pb.KOIKOI_YAKU_TANZAKU: "tanzaku (ribbons)",
    pb.KOIKOI_YAKU_KASU: "kasu (plains)",
    pb.KOIKOI_YAKU_HANAMI_ZAKE: "hanami-zake (flower-viewing sake)",
    pb.KOIKOI_YAKU_TSUKIMI_ZAKE: "tsukimi-zake (moon-viewing sake)",
    pb.KOIKOI_YAKU_TSUKI_FUDA: "tsuki-fuda (cards of the month)",
    pb.KOIKOI_YAKU_TESHI: "teshi (four of a month dealt)",
    pb.KOIKOI_YAKU_KUTTSUKI: "kuttsuki (four pairs dealt)",
    pb.KOIKOI_YAKU_FOUR_ON_BOARD: "four of a month on the board",
    pb.KOIKOI_YAKU_OYA_KEN: "oya-ken (dealer's right)",
}

DEAL_ENDS = {
    pb.KOIKOI_DEAL_END_STOP: "stopped",
    pb.KOIKOI_DEAL_END_LAST_TURN: "stopped on the last turn",
    pb.KOIKOI_DEAL_END_EXHAUSTED: "both hands ran out",
    pb.KOIKOI_DEAL_END_DEALT_HAND: "dealt-hand yaku",
    pb.KOIKOI_DEAL_END_DEALT_HANDS_DRAW: "both hands held dealt-hand yaku",
    pb.KOIKOI_DEAL_END_FOUR_ON_BOARD: "four of a month on the board",
    pb.KOIKOI_DEAL_END_LOCKED: "koi-koi lock",
    pb.KOIKOI_DEAL_END_CALL_LIMIT: "koi-koi call limit reached",
}

DOUBLINGS = {
    pb.KOIKOI_DOUBLING_SEVEN_PLUS: "7 or more",
    pb.KOIKOI_DOUBLING_OPPONENT_KOI_KOI: "opponent called koi-koi",
    pb.KOIKOI_DOUBLING_OWN_KOI_KOI: "own koi-koi calls",
    pb.KOIKOI_DOUBLING_BRIGHTS_ON_BOARD: "brights on the dealt board",
}

_BRIGHTS = ("-crane", "-curtain", "-moon", "-rain-man", "-phoenix")
_MONTHS_PER_LINE = 3


def card_name(card: int) -> str:
    """The name people type: KOIKOI_CARD_NOV_RAIN_MAN is "nov-rain-man"."""
    name: str = pb.KoikoiCard.Name(card)  # type: ignore[arg-type]
    return name.removeprefix("KOIKOI_CARD_").lower().replace("_", "-")


def picture(name: str) -> str:
    """The style class of a card, by what its name shows."""
    if name.endswith(_BRIGHTS):
        return "bright"
    if "plain" in name or name.endswith("lightning"):
        return "plain"
    if name.endswith(("-poetry", "-blue", "-ribbon")):
        return "ribbon"
    return "animal"


def card(number: int) -> tuple[str, str]:
    name = card_name(number)
    return (f"class:card.{picture(name)}", f"[{name}]")


def cards(numbers: Iterable[int], empty: str = "(none)") -> StyleAndTextTuples:
    row: StyleAndTextTuples = []
    for number in numbers:
        if row:
            row.append(("", " "))
        row.append(card(number))
    return row or [("class:dim", empty)]


def by_month(numbers: Iterable[int]) -> StyleAndTextTuples:
    """The cards grouped by month (the first word of their names), a few months per line."""
    groups: dict[str, list[int]] = {}
    for number in numbers:
        groups.setdefault(card_name(number).split("-")[0], []).append(number)
    if not groups:
        return [("class:dim", "  (empty)\n")]
    lines: StyleAndTextTuples = []
    for index, (month, members) in enumerate(groups.items()):
        lines += [("", "  " if index % _MONTHS_PER_LINE == 0 else "   "), ("class:label", month)]
        lines += [("", " "), *cards(members)]
        if index % _MONTHS_PER_LINE == _MONTHS_PER_LINE - 1 or index == len(groups) - 1:
            lines.append(("", "\n"))
    return lines


def yaku_text(yaku: Sequence[pb.KoikoiScoredYaku]) -> str:
    return ", ".join(f"{YAKU_NAMES.get(y.yaku, '?')} {y.points}" for y in yaku)


def summary_lines(state: ClientState, summary: pb.KoikoiDealSummary) -> StyleAndTextTuples:
    reason = DEAL_ENDS.get(summary.reason, "?")
    head: StyleAndTextTuples = [("class:label", f"Last deal ({summary.deal}): ")]
    gains = ", ".join(
        f"{state.seat_name(seat)} {gain:+d}" for seat, gain in enumerate(summary.gains) if gain
    )
    if not summary.HasField("winner"):
        scored = f": {gains}" if gains else ", nobody scores"
        return [*head, ("", f"drawn{scored} ({reason})\n")]
    multipliers = "".join(
        f" x{m.factor} ({DOUBLINGS.get(m.reason, '?')})" for m in summary.multipliers
    )
    bonus = f" + {summary.bonus} (own koi-koi calls)" if summary.bonus else ""
    lines: StyleAndTextTuples = [
        *head,
        ("", f"{state.seat_name(summary.winner)} scored {summary.points} ({reason})\n"),
        ("", f"  yaku: {yaku_text(summary.yaku) or 'none'}\n"),
        ("", f"  points: {summary.base}{bonus}{multipliers} = {summary.points}\n"),
    ]
    if gains and list(summary.gains) != [summary.points * (s == summary.winner) for s in (0, 1)]:
        lines.append(("", f"  match points: {gains}\n"))  # a zero-sum transfer
    return lines


def player_lines(
    state: ClientState, view: pb.KoikoiView, seat: int, viewer: int | None
) -> StyleAndTextTuples:
    player = view.players[seat]
    name = state.seat_name(seat)
    facts = [f"{player.hand_count} in hand"]
    if seat == view.dealer:
        facts.insert(0, "dealer")
    if player.koi_koi:
        facts.append(f"koi-koi calls: {player.koi_koi}")
    score = view.scores[seat] if seat < len(view.scores) else 0
    facts.append(f"match {score}")
    style = "class:you" if seat == viewer else "class:title"
    lines: StyleAndTextTuples = [(style, name), ("", f"   {' · '.join(facts)}\n")]
    pile = player.pile
    for label, group in (
        ("brights", pile.brights),
        ("animals", pile.animals),
        ("ribbons", pile.ribbons),
        ("plains", pile.plains),
    ):
        lines.append(("class:label", f"  {label:<8}{len(group):>2}"))
        lines += [("", "  "), *cards(group), ("", "\n")] if group else [("", "\n")]
    if player.yaku:
        lines += [
            ("class:label", "  yaku: "),
            ("", f"{yaku_text(player.yaku)}; total {player.total}"),
        ]
        if player.stop_points != player.total:
            lines.append(("", f" (a stop scores {player.stop_points})"))
        lines.append(("", "\n"))
    else:
        lines += [("class:label", "  yaku: "), ("class:dim", "none yet\n")]
    return lines


def choice_lines(state: ClientState, view: pb.KoikoiView, viewer: int | None) -> StyleAndTextTuples:
    """What the seat to act must decide, when it is more than playing a card."""
    mine = viewer is not None and viewer == view.turn
    who = state.seat_name(view.turn)
    moves: Sequence[match_pb2.LegalMove] = state.snapshot.legal_moves if state.snapshot else ()
    if view.phase == pb.KOIKOI_PHASE_DECISION:
        player = view.players[view.turn]
        if not mine:
            return [
                ("class:decision", f"{who} made yaku worth {player.total}: stop or koi-koi?"),
                ("", "\n"),
            ]
        other = state.seat_name(1 - view.turn)
        return [
            ("class:decision", f"Your yaku are worth {player.total}. Stop or koi-koi?"),
            ("", "\n"),
            ("class:move", "  stop"),
            ("", f"     end the deal now and score {player.stop_points}\n"),
            ("class:move", "  koi-koi"),
            ("", f"  play on for more; if {other} stops first, you score nothing\n"),
        ]
    if view.phase == pb.KOIKOI_PHASE_STOCK_CHOICE:
        lines: StyleAndTextTuples = [
            ("class:decision", "Drawn: "),
            card(view.drawn),
            ("class:decision", " matches two board cards"),
        ]
        if not mine:
            return [*lines, ("", f": {who} chooses which it takes\n")]
        labels = " or ".join(f"'{m.label}'" for m in moves)
        return [*lines, ("", f": type {labels}\n")]
    if view.phase == pb.KOIKOI_PHASE_HAND and mine:
        choices: dict[int, list[str]] = {}
        for move in moves:
            play = move.move.koikoi.play_card
            if play.target:
                choices.setdefault(play.card, []).append(move.label)
        lines = []
        for played, labels_of in choices.items():
            typed = " or ".join(f"'{label}'" for label in labels_of)
            lines += [
                card(played),
                ("", f" matches two board cards; to play it, choose: {typed}\n"),
            ]
        return lines
    return []


def render(state: ClientState) -> StyleAndTextTuples:
    snapshot = state.snapshot
    if snapshot is None:
        return [("", "waiting for the first snapshot...")]
    view = snapshot.view.koikoi
    viewer = snapshot.viewer_seat if snapshot.HasField("viewer_seat") else None
    if view.phase == pb.KOIKOI_PHASE_OVER:
        now = "the match is over"
    else:
        name = state.seat_name(view.turn)
        whose = "your turn" if view.turn == viewer else f"{name}'s turn"
        now = f"{whose}: {PHASES.get(view.phase, '?')}"
    length = f"first to {view.target}" if view.target else f"of {view.deals}"
    lines: StyleAndTextTuples = [
        ("class:title", f"Deal {view.deal} {length}"),
        ("", f"   dealer: {state.seat_name(view.dealer)}   stock: {view.stock_count}\n"),
        ("class:label", "Now: "),
        ("", now + "\n"),
    ]
    if view.dealer_draw and view.deal == 1:
        first, second = view.dealer_draw
        lines += [
            ("class:dim", f"first dealer drawn: {state.seat_name(0)} "),
            card(first),
            ("class:dim", f", {state.seat_name(1)} "),
            card(second),
            ("", "\n"),
        ]
    lines += [
        ("", "\n"),
        ("class:label", "Board\n"),
        *by_month(view.board),
    ]
    if view.HasField("hand"):
        lines += [
            ("class:label", f"\nYour hand ({len(view.hand.cards)}): "),
            *cards(view.hand.cards, "(empty)"),
            ("", "\n"),
        ]
    lines.append(("", "\n"))
    choice = choice_lines(state, view, viewer)
    if choice:
        lines += [*choice, ("", "\n")]
    for seat in sorted(range(len(view.players)), key=lambda seat: seat != viewer):  # yours first
        lines += [*player_lines(state, view, seat, viewer), ("", "\n")]
    if view.HasField("last_deal"):
        lines += summary_lines(state, view.last_deal)
    return lines
