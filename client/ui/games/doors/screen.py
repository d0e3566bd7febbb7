"""Draws a Doors view: the contest line, your Door, the display, the collection, the discards,
the deck, both players' gems and roles and the last contest; and puts Doors' typed events into
words."""

from __future__ import annotations

from collections.abc import Iterable

from prompt_toolkit.formatted_text import StyleAndTextTuples
from tigerden.v1 import doors_pb2 as pb
from tigerden.v1 import match_pb2

from client.i18n import N_, _, n_
from client.ui.model import ClientState
from client.ui.text import marked, symbols

MIN_SIZE = (64, 18)

PHASES = {
    pb.DOORS_PHASE_COLLECTOR_TAKE: N_("the Collector takes a card"),
    pb.DOORS_PHASE_GUESSER_DISCARD: N_("the Guesser discards (or guesses first)"),
    pb.DOORS_PHASE_GUESSER_ACTION: N_("the Guesser guesses, matches or passes"),
    pb.DOORS_PHASE_OVER: N_("the match is over"),
}

REASONS = {
    pb.DOORS_SCORE_REASON_COLLECTOR_SET: N_("the Collector scored a set"),
    pb.DOORS_SCORE_REASON_WRONG_GUESS: N_("a wrong guess"),
    pb.DOORS_SCORE_REASON_FULL_GUESS: N_("the whole Door guessed"),
    pb.DOORS_SCORE_REASON_DECK_EMPTY: N_("the deck ran out"),
    pb.DOORS_SCORE_REASON_MATCHED_SET: N_("a matched set"),
    pb.DOORS_SCORE_REASON_TRAIT_GUESS: N_("one trait guessed"),
}


def card_key(card: int) -> str:
    """The card's English name, from the wire enum: "red-lady"."""
    name: str = pb.DoorsCard.Name(card)  # type: ignore[arg-type]
    return name.removeprefix("DOORS_CARD_").lower().replace("_", "-")


def card_name(card: int) -> str:
    """The card's name in the player's language."""
    return _(card_key(card))


def colour_of(key: str) -> str:
    return "red" if key.startswith("red") else "blue" if key.startswith("blue") else "wild"


def card(state: ClientState | None, number: int) -> StyleAndTextTuples:
    """One card, `[♦red-lady]`: a colour symbol and colour (`mark.COLOUR` colours the symbol,
    `card.COLOUR` the name); underlined when it changed."""
    name = card_name(number)
    colour = colour_of(card_key(number))
    changed = " class:changed" if state is not None and name in state.changed else ""
    mark = str(getattr(symbols(), colour))
    return marked(f"card.{colour}{changed}", f"mark.{colour}{changed}", mark, name)


def cards(state: ClientState | None, numbers: Iterable[int]) -> StyleAndTextTuples:
    row: StyleAndTextTuples = []
    for number in numbers:
        if row:
            row.append(("", " "))
        row += card(state, number)
    return row or [("class:dim", _("(none)"))]


def guess_words(colour: int, role: int) -> str:
    parts = []
    if colour:
        parts.append(_("red") if colour == pb.DOORS_COLOUR_RED else _("blue"))
    if role:
        parts.append(_("lady") if role == pb.DOORS_ROLE_LADY else _("tiger"))
    return "-".join(parts)


def last_contest_line(state: ClientState, last: pb.DoorsContestOutcome) -> StyleAndTextTuples:
    doors = ", ".join(
        _("{name}: {door}").format(name=state.seat_name(s), door=card_name(d))
        for s, d in enumerate(last.doors)
    )
    gains = n_("{name} +{count} gem", "{name} +{count} gems", last.gems).format(
        name=state.seat_name(last.scorer), count=last.gems
    )
    return [
        ("class:label", _("Last contest ({number}):").format(number=last.contest) + " "),
        ("", f"{_(REASONS.get(last.reason, '?'))}, {gains} ({doors})\n"),
    ]


def render(state: ClientState) -> StyleAndTextTuples:
    snapshot = state.snapshot
    if snapshot is None:
        return [("", _("waiting for the first snapshot...") + "\n")]
    view = snapshot.view.doors
    viewer = state.viewer()
    guesser = (view.collector + 1) % len(view.gems)
    dot = f" {symbols().dot} "
    roles = dot.join(
        [
            _("Collector: {name}").format(name=state.seat_tag(view.collector)),
            _("Guesser: {name}").format(name=state.seat_tag(guesser)),
        ]
    )
    lines: StyleAndTextTuples = [
        ("class:title", _("Contest {number}").format(number=view.contest)),
        (
            "",
            dot
            + n_("first to {count} gem", "first to {count} gems", view.target_gems).format(
                count=view.target_gems
            ),
        ),
        ("", dot + roles + "\n"),
        ("class:decision", _("Now: {phase}").format(phase=_(PHASES.get(view.phase, "?")))),
        ("", "\n"),
    ]
    if viewer is not None:
        lines += [("class:label", _("Your Door:") + " "), *card(state, view.own_door)]
        lines.append(("", dot))
    lines += [
        ("class:label", _("Deck:") + " "),
        ("", n_("{count} card", "{count} cards", view.deck_count).format(count=view.deck_count)),
        ("", dot),
        ("class:label", _("Gems:") + " "),
        ("", ", ".join(f"{state.seat_name(s)} {g}" for s, g in enumerate(view.gems)) + "\n"),
    ]
    lines += [("class:label", _("Display:") + " "), *cards(state, view.display), ("", "\n")]
    lines += [("class:label", _("Collection:") + " "), *cards(state, view.collection)]
    lines.append(("", "\n"))
    lines += [("class:label", _("Discards:") + " "), *cards(state, view.discards), ("", "\n")]
    if view.HasField("last_contest"):
        lines += last_contest_line(state, view.last_contest)
    return lines


def move_label(move: match_pb2.Move) -> str:
    """A legal move in the player's language (in English, the server's own label)."""
    doors = move.doors
    action = doors.WhichOneof("action")
    if action == "take":
        if doors.take.score_set:  # optional set scoring: the take that also scores (D1)
            return _("take {card} and score the set").format(card=card_name(doors.take.card))
        return _("take {card}").format(card=card_name(doors.take.card))
    if action == "discard":
        return _("discard {card}").format(card=card_name(doors.discard.card))
    if action == "guess":
        return _("guess {guess}").format(guess=guess_words(doors.guess.colour, doors.guess.role))
    words = {
        "match_set": N_("match-set"),
        "pass_turn": N_("pass"),
    }
    return _(words[action]) if action in words else ""


def summary(state: ClientState) -> StyleAndTextTuples:
    """The end of a contest (held on screen until a key): what scored, both Doors, the gems."""
    assert state.snapshot is not None
    view = state.snapshot.view.doors
    gems = state.seat_tallies(view.gems)
    lines = last_contest_line(state, view.last_contest) if view.HasField("last_contest") else []
    return [*lines, ("class:label", _("Gems:") + " "), ("", gems + "\n")]
