"""Draws a Koi-Koi view: the deal line, the board by month, your hand, each player's captured
cards by kind with their yaku, the stop/koi-koi decision or capture choice when one is pending,
and the last deal; and puts Koi-Koi's typed events into words.

No rules here: the piles arrive grouped by kind, yaku and points arrive scored, and what can be
played is the legal moves. Card names come from the wire enum (they are the words of the move
labels); each card carries its kind's symbol and colour.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from prompt_toolkit.formatted_text import StyleAndTextTuples
from tigerden.v1 import koikoi_pb2 as pb
from tigerden.v1 import match_pb2

from client.i18n import N_, _, n_
from client.ui.model import ClientState
from client.ui.text import is_ascii, marked, symbols

MIN_SIZE = (80, 24)

PHASES = {
    pb.KOIKOI_PHASE_DEALING: N_("dealing"),
    pb.KOIKOI_PHASE_HAND: N_("play a hand card"),
    pb.KOIKOI_PHASE_STOCK_CHOICE: N_("choose what the drawn card takes"),
    pb.KOIKOI_PHASE_DECISION: N_("stop or koi-koi"),
    pb.KOIKOI_PHASE_OVER: N_("the match is over"),
}

MONTHS = {
    "jan": N_("jan·pine"),  # the month (as the card names abbreviate it) and its flower
    "feb": N_("feb·plum"),
    "mar": N_("mar·cherry"),
    "apr": N_("apr·wisteria"),
    "may": N_("may·iris"),
    "jun": N_("jun·peony"),
    "jul": N_("jul·clover"),
    "aug": N_("aug·pampas"),
    "sep": N_("sep·chrysanthemum"),
    "oct": N_("oct·maple"),
    "nov": N_("nov·willow"),
    "dec": N_("dec·paulownia"),
}
"""Board group headings: the month with its flower."""

YAKU_NAMES = {
    pb.KOIKOI_YAKU_GOKO: N_("gokō (five brights)"),
    pb.KOIKOI_YAKU_SHIKO: N_("shikō (four brights)"),
    pb.KOIKOI_YAKU_AME_SHIKO: N_("ame-shikō (rainy four brights)"),
    pb.KOIKOI_YAKU_SANKO: N_("sankō (three brights)"),
    pb.KOIKOI_YAKU_INO_SHIKA_CHO: N_("ino-shika-chō (boar, deer, butterflies)"),
    pb.KOIKOI_YAKU_AKATAN: N_("akatan (poetry ribbons)"),
    pb.KOIKOI_YAKU_AOTAN: N_("aotan (blue ribbons)"),
    pb.KOIKOI_YAKU_AKATAN_AOTAN: N_("akatan-aotan (poetry and blue ribbons)"),
    pb.KOIKOI_YAKU_TANE: N_("tane (animals)"),
    pb.KOIKOI_YAKU_TANZAKU: N_("tanzaku (ribbons)"),
    pb.KOIKOI_YAKU_KASU: N_("kasu (plains)"),
    pb.KOIKOI_YAKU_HANAMI_ZAKE: N_("hanami-zake (flower-viewing sake)"),
    pb.KOIKOI_YAKU_TSUKIMI_ZAKE: N_("tsukimi-zake (moon-viewing sake)"),
    pb.KOIKOI_YAKU_TSUKI_FUDA: N_("tsuki-fuda (cards of the month)"),
    pb.KOIKOI_YAKU_TESHI: N_("teshi (four of a month dealt)"),
    pb.KOIKOI_YAKU_KUTTSUKI: N_("kuttsuki (four pairs dealt)"),
    pb.KOIKOI_YAKU_FOUR_ON_BOARD: N_("four of a month on the board"),
    pb.KOIKOI_YAKU_OYA_KEN: N_("oya-ken (dealer's right)"),
}

DEAL_ENDS = {
    pb.KOIKOI_DEAL_END_STOP: N_("stopped"),
    pb.KOIKOI_DEAL_END_LAST_TURN: N_("stopped on the last turn"),
    pb.KOIKOI_DEAL_END_EXHAUSTED: N_("both hands ran out"),
    pb.KOIKOI_DEAL_END_DEALT_HAND: N_("dealt-hand yaku"),
    pb.KOIKOI_DEAL_END_DEALT_HANDS_DRAW: N_("both hands held dealt-hand yaku"),
    pb.KOIKOI_DEAL_END_FOUR_ON_BOARD: N_("four of a month on the board"),
    pb.KOIKOI_DEAL_END_LOCKED: N_("koi-koi lock"),
    pb.KOIKOI_DEAL_END_CALL_LIMIT: N_("koi-koi call limit reached"),
}

DOUBLINGS = {
    pb.KOIKOI_DOUBLING_SEVEN_PLUS: N_("7 or more"),
    pb.KOIKOI_DOUBLING_OPPONENT_KOI_KOI: N_("opponent called koi-koi"),
    pb.KOIKOI_DOUBLING_OWN_KOI_KOI: N_("own koi-koi calls"),
    pb.KOIKOI_DOUBLING_BRIGHTS_ON_BOARD: N_("brights on the dealt board"),
}

MISDEALS = {
    pb.KOIKOI_MISDEAL_BOARD_FOUR: N_("four of a month on the board"),
    pb.KOIKOI_MISDEAL_BOARD_PAIRS: N_("four pairs on the board"),
    pb.KOIKOI_MISDEAL_DEALT_HANDS: N_("both hands held dealt-hand yaku"),
}

BRIGHTS = frozenset({"jan-crane", "mar-curtain", "aug-moon", "nov-rain-man", "dec-phoenix"})


def card_key(card: int) -> str:
    """The card's English name, from the wire enum: "jan-crane"."""
    name: str = pb.KoikoiCard.Name(card)  # type: ignore[arg-type]
    return name.removeprefix("KOIKOI_CARD_").lower().replace("_", "-")


def card_name(card: int) -> str:
    """The card's name in the player's language (the catalog has every card)."""
    return _(card_key(card))


def picture(name: str) -> str:
    """bright, animal, ribbon or plain: what the card shows, as its English name says."""
    if name in BRIGHTS:
        return "bright"
    if "plain" in name or name.endswith("lightning"):
        return "plain"
    if name.endswith(("-poetry", "-blue", "-ribbon")):
        return "ribbon"
    return "animal"


def pile_name(number: int) -> str:
    """A card as a capture pile lists it: plain cards by their month alone ("mar"), the
    others by name; the pile's kind heading says the rest."""
    name = card_name(number)
    return name.split("-")[0] if "-plain-" in card_key(number) else name


def kind_symbol(kind: str) -> str:
    return str(getattr(symbols(), kind))


def card(state: ClientState | None, number: int) -> StyleAndTextTuples:
    """One card, `[✦jan-crane]`: its kind's symbol and colour (`mark.KIND` colours the symbol,
    `card.KIND` the name); underlined when it changed."""
    name = card_name(number)
    kind = picture(card_key(number))
    changed = " class:changed" if state is not None and name in state.changed else ""
    return marked(f"card.{kind}{changed}", f"mark.{kind}{changed}", kind_symbol(kind), name)


def cards(state: ClientState | None, numbers: Iterable[int], empty: str = "") -> StyleAndTextTuples:
    row: StyleAndTextTuples = []
    for number in numbers:
        if row:
            row.append(("", " "))
        row += card(state, number)
    return row or [("class:dim", empty or _("(none)"))]


def by_month(state: ClientState, numbers: Iterable[int]) -> StyleAndTextTuples:
    """The board's cards grouped by month, each group headed by the month and its flower."""
    groups: dict[str, list[int]] = {}
    for number in numbers:
        groups.setdefault(card_key(number).split("-")[0], []).append(number)
    line: StyleAndTextTuples = [("class:label", _("Board:"))]
    if not groups:
        return [*line, ("class:dim", " " + _("(empty)"))]
    for month, members in groups.items():
        line += [
            ("", "  "),
            ("class:dim", _(MONTHS.get(month, month)).replace("·", symbols().dot)),
            ("", " "),
        ]
        line += cards(state, members)
    return line


def yaku_name(yaku: int) -> str:
    return _(YAKU_NAMES.get(yaku, "?"))  # type: ignore[call-overload]


def short_yaku_name(yaku: int) -> str:
    """The yaku's Japanese name alone: "tanzaku"."""
    return yaku_name(yaku).split(" (")[0]


def yaku_text(yaku: Sequence[pb.KoikoiScoredYaku]) -> str:
    return ", ".join(f"{yaku_name(y.yaku)} {y.points}" for y in yaku)


def summary_lines(
    state: ClientState, summary: pb.KoikoiDealSummary, compact: bool = False
) -> StyleAndTextTuples:
    """The deal's end: who scored what and why; `compact`: in one line, for the table."""
    reason = _(DEAL_ENDS.get(summary.reason, "?"))
    head: StyleAndTextTuples = [
        ("class:label", _("Last deal ({deal}):").format(deal=summary.deal) + " ")
    ]
    gains = ", ".join(
        f"{state.seat_name(seat)} {gain:+d}" for seat, gain in enumerate(summary.gains) if gain
    )
    if not summary.HasField("winner"):
        if gains:  # seat points for an exhausted deal
            drawn = _("drawn: {gains} ({reason})").format(gains=gains, reason=reason)
        else:
            drawn = _("drawn, nobody scores ({reason})").format(reason=reason)
        return [*head, ("", drawn + "\n")]
    multipliers = "".join(
        f" x{m.factor} ({_(DOUBLINGS.get(m.reason, '?'))})" for m in summary.multipliers
    )
    bonus = f" + {summary.bonus}" if summary.bonus else ""
    scored = n_(
        "{name} scored {points} ({reason})", "{name} scored {points} ({reason})", summary.points
    ).format(name=state.actor(summary.winner), points=summary.points, reason=reason)
    if compact:
        points = _("points: {base}{multipliers} = {points}").format(
            base=f"{summary.base}{bonus}", multipliers=multipliers, points=summary.points
        )
        named = ", ".join(f"{short_yaku_name(y.yaku)} {y.points}" for y in summary.yaku)
        line = f"{scored}: {named or _('none')}; {points}"
        if list(summary.gains) != [summary.points * (s == summary.winner) for s in (0, 1)]:
            line += "; " + _("match points: {gains}").format(gains=gains)
        return [*head, ("", line + "\n")]
    lines: StyleAndTextTuples = [
        *head,
        ("", scored + "\n"),
        ("", "  " + _("yaku: {yaku}").format(yaku=yaku_text(summary.yaku) or _("none")) + "\n"),
        (
            "",
            "  "
            + _("points: {base}{multipliers} = {points}").format(
                base=f"{summary.base}{bonus}", multipliers=multipliers, points=summary.points
            )
            + "\n",
        ),
    ]
    if list(summary.gains) != [summary.points * (s == summary.winner) for s in (0, 1)]:
        lines.append(("", "  " + _("match points: {gains}").format(gains=gains) + "\n"))
    return lines


PILE_KINDS = (
    ("bright", N_("brights")),
    ("animal", N_("animals")),
    ("ribbon", N_("ribbons")),
    ("plain", N_("plains")),
)


def player_lines(
    state: ClientState, view: pb.KoikoiView, seat: int, viewer: int | None
) -> StyleAndTextTuples:
    """Two or three lines: name and facts, the captured cards by kind, the yaku."""
    player = view.players[seat]
    facts = [
        n_("{count} in hand", "{count} in hand", player.hand_count).format(count=player.hand_count)
    ]
    if seat == view.dealer:
        facts.insert(0, _("dealer"))
    if player.koi_koi:
        facts.append(
            n_("{count} koi-koi call", "{count} koi-koi calls", player.koi_koi).format(
                count=player.koi_koi
            )
        )
    score = view.scores[seat] if seat < len(view.scores) else 0
    facts.append(n_("{count} point", "{count} points", score).format(count=score))
    style = "class:you" if seat == viewer else "class:title"
    dot = f" {symbols().dot} "
    lines: StyleAndTextTuples = [(style, state.seat_tag(seat)), ("", dot + dot.join(facts))]
    if player.yaku:
        named = ", ".join(f"{short_yaku_name(y.yaku)} {y.points}" for y in player.yaku)
        total = _("{yaku}; total {total}").format(yaku=named, total=player.total)
        lines += [("", dot), ("class:label", _("yaku:") + " "), ("", total)]
        if player.stop_points != player.total:
            lines.append(
                ("", " " + _("(a stop scores {points})").format(points=player.stop_points))
            )
    lines.append(("", "\n"))
    # As the rules count the cards (the sake cup where it counts), from servers that say so.
    pile = player.counted_pile if player.HasField("counted_pile") else player.pile
    groups = (pile.brights, pile.animals, pile.ribbons, pile.plains)
    if not any(groups):
        return [*lines[:-1], ("class:dim", dot + _("nothing captured yet")), ("", "\n")]
    line: StyleAndTextTuples = [("", " ")]
    for (kind, label), group in zip(PILE_KINDS, groups, strict=True):
        line += [
            ("", " "),
            # In ASCII a space keeps the symbol off the word (".plains", not "oplains").
            (f"class:mark.{kind} class:nowrap", kind_symbol(kind) + " " * is_ascii()),
            (
                f"class:card.{kind} class:nowrap",
                f"{_(label)} {len(group)}" + (":" if group else ""),
            ),
        ]
        if group:
            line += [("", " ")]
            for number in group:
                name = card_name(number)
                changed = " class:changed" if name in state.changed else ""
                shown = pile_name(number)
                line += [(f"class:card.{kind}{changed}", shown), ("", " ")]
            line.pop()
    lines += [*line, ("", "\n")]
    if player.progress:
        towards = ", ".join(f"{short_yaku_name(p.yaku)} {p.have}/{p.need}" for p in player.progress)
        lines += [("class:label", "  " + _("towards:") + " "), ("class:dim", towards + "\n")]
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
                (
                    "class:decision",
                    _("{name} made yaku worth {total}: stop or koi-koi?").format(
                        name=who, total=player.total
                    ),
                ),
                ("", "\n"),
            ]
        other = state.player_name(1 - view.turn)
        return [
            ("class:decision", _("Your yaku are worth {total}:").format(total=player.total)),
            ("", " "),
            ("class:move", _("stop")),
            ("", " " + _("scores {points} now,").format(points=player.stop_points) + " "),
            ("class:move", _("koi-koi")),
            ("", " " + _("plays on ({name} may stop first)").format(name=other) + "\n"),
        ]
    if view.phase == pb.KOIKOI_PHASE_STOCK_CHOICE:
        lines: StyleAndTextTuples = [
            ("class:decision", _("Drawn:") + " "),
            *card(state, view.drawn),
            ("class:decision", " " + _("matches two board cards")),
        ]
        if not mine:
            return [*lines, ("", ": " + _("{name} chooses which it takes").format(name=who) + "\n")]
        labels = _(" or ").join(f"'{move_label(m.move)}'" for m in moves)
        return [*lines, ("", ": " + _("type {moves}").format(moves=labels) + "\n")]
    return []


def render(state: ClientState) -> StyleAndTextTuples:
    snapshot = state.snapshot
    if snapshot is None:
        return [("", _("waiting for the first snapshot...") + "\n")]
    view = snapshot.view.koikoi
    viewer = state.viewer()
    if view.phase == pb.KOIKOI_PHASE_OVER:
        now = _("the match is over")
    else:
        phase = _(PHASES.get(view.phase, "?"))
        now = (
            _("your turn: {phase}").format(phase=phase)
            if view.turn == viewer
            else _("{name}'s turn: {phase}").format(name=state.player_name(view.turn), phase=phase)
        )
    dot = f" {symbols().dot} "
    head = dot.join(
        [
            _("dealer: {name}").format(name=state.seat_name(view.dealer)),
            _("stock: {count}").format(count=view.stock_count),
        ]
    )
    length = (
        _("Deal {deal}, first to {target}").format(deal=view.deal, target=view.target)
        if view.target
        else _("Deal {deal} of {deals}").format(deal=view.deal, deals=view.deals)
    )
    lines: StyleAndTextTuples = [
        ("class:title", length),
        ("", dot + head + dot),
        ("class:decision", now),
        ("", "\n"),
    ]
    if view.dealer_draw and view.deal == 1:
        first, second = (card_name(c) for c in view.dealer_draw)
        drew = _("first dealer drawn: {first} {card1}, {second} {card2}").format(
            first=state.seat_name(0), card1=first, second=state.seat_name(1), card2=second
        )
        lines.append(("class:dim", drew + "\n"))
    lines += [
        *by_month(state, view.board),
        ("", "\n"),
    ]
    if view.HasField("hand"):
        lines += [
            ("class:label", _("Your hand ({count}):").format(count=len(view.hand.cards)) + " "),
            *cards(state, view.hand.cards, _("(empty)")),
            ("", "\n"),
        ]
    lines += choice_lines(state, view, viewer)
    for seat in sorted(range(len(view.players)), key=lambda seat: seat != viewer):  # yours first
        lines += player_lines(state, view, seat, viewer)
    if view.HasField("last_deal"):
        lines += summary_lines(state, view.last_deal, compact=True)
    return lines


def move_label(move: match_pb2.Move) -> str:
    """A legal move in the player's language (in English, the server's own label)."""
    koikoi = move.koikoi
    action = koikoi.WhichOneof("action")
    if action == "play_card":
        play = koikoi.play_card
        if play.target:
            return _("play {card} take {target}").format(
                card=card_name(play.card), target=card_name(play.target)
            )
        return _("play {card}").format(card=card_name(play.card))
    if action == "choose_capture":
        return _("take {card}").format(card=card_name(koikoi.choose_capture.target))
    if action == "stop":
        return _("stop")
    if action == "koi_koi":
        return _("koi-koi")
    return ""


def summary(state: ClientState) -> StyleAndTextTuples:
    """The end of a deal (held on screen until a key): the deal's summary and the scores."""
    assert state.snapshot is not None
    view = state.snapshot.view.koikoi
    scores = state.seat_tallies(view.scores)
    lines = summary_lines(state, view.last_deal) if view.HasField("last_deal") else []
    return [*lines, ("class:label", _("Scores:") + " "), ("", scores + "\n")]
