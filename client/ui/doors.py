"""Draws a Doors view: the display, the collection, the discards, the deck and the gems."""

from __future__ import annotations

from collections.abc import Iterable

from prompt_toolkit.formatted_text import StyleAndTextTuples
from tigerden.v1 import doors_pb2 as pb

from client.ui.state import ClientState

PHASES = {
    pb.DOORS_PHASE_COLLECTOR_TAKE: "the Collector takes a card",
    pb.DOORS_PHASE_COLLECTOR_SET_DECISION: "the Collector may score a set",
    pb.DOORS_PHASE_GUESSER_DISCARD: "the Guesser discards (or guesses first)",
    pb.DOORS_PHASE_GUESSER_ACTION: "the Guesser guesses, matches or passes",
    pb.DOORS_PHASE_OVER: "the match is over",
}


def card_name(card: int) -> str:
    name: str = pb.DoorsCard.Name(card)  # type: ignore[arg-type]
    return name.removeprefix("DOORS_CARD_").lower().replace("_", "-")


def card(card_number: int) -> tuple[str, str]:
    name = card_name(card_number)
    colour = "red" if name.startswith("red") else "blue" if name.startswith("blue") else "wild"
    return (f"class:card.{colour}", f"[{name}]")


def cards(numbers: Iterable[int], empty: str = "(none)") -> StyleAndTextTuples:
    row: StyleAndTextTuples = []
    for number in numbers:
        row += [card(number), ("", " ")]
    return row or [("class:dim", empty)]


def render(state: ClientState) -> StyleAndTextTuples:
    snapshot = state.snapshot
    if snapshot is None:
        return [("", "waiting for the first snapshot...")]
    view = snapshot.view.doors
    viewer = snapshot.viewer_seat if snapshot.HasField("viewer_seat") else None
    guesser = (view.collector + 1) % len(view.gems)
    if viewer is None:
        part = "spectating"
    else:
        part = "Collector" if viewer == view.collector else "Guesser"
    lines: StyleAndTextTuples = [
        ("class:title", f"Contest {view.contest}"),
        ("", f" · first to {view.target_gems} gems · you: {part}\n"),
        ("", f"Collector: {state.seat_name(view.collector)}\n"),
        ("", f"Guesser:   {state.seat_name(guesser)}\n"),
        ("class:decision", f"Now: {PHASES.get(view.phase, '?')}\n\n"),
    ]
    if viewer is not None:
        lines += [("class:label", "Your Door:   "), card(view.own_door), ("", "\n\n")]
    lines += [("class:label", "Display:     "), *cards(view.display), ("", "\n")]
    lines += [("class:label", "Deck:        "), ("", f"{view.deck_count} cards\n\n")]
    lines += [("class:label", "Collection:  "), *cards(view.collection), ("", "\n")]
    lines += [("class:label", "Discards:    "), *cards(view.discards), ("", "\n\n")]
    gems = "   ".join(f"{state.seat_name(s)}: {g}" for s, g in enumerate(view.gems))
    lines += [("class:label", "Gems:        "), ("", gems + "\n")]
    if view.HasField("last_contest"):
        last = view.last_contest
        doors = ", ".join(f"{state.seat_name(s)} {card_name(d)}" for s, d in enumerate(last.doors))
        reason = pb.DoorsScoreReason.Name(last.reason).removeprefix("DOORS_SCORE_REASON_")
        lines += [
            ("class:label", "\nLast contest: "),
            ("", f"{reason.lower().replace('_', ' ')}, {state.seat_name(last.scorer)} "),
            ("", f"+{last.gems} ({doors})\n"),
        ]
    return lines
