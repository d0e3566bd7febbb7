"""The per-game parts of the UI, by the GameView oneof field name: the table renderer, the
events in words, the summary held at the end of a deal/round/contest, the smallest terminal the
game's screen fits."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from prompt_toolkit.formatted_text import StyleAndTextTuples
from tigerden.v1 import lobby_pb2, match_pb2

from client.i18n import _
from client.ui import doors, koikoi, tiger_dragon
from client.ui.notes import note_words
from client.ui.state import ClientState, Described


@dataclass(frozen=True)
class GameScreen:
    render: Callable[[ClientState], StyleAndTextTuples]
    describe: Callable[[ClientState, match_pb2.Event], Described | None]
    summary: Callable[[ClientState], StyleAndTextTuples]
    move_label: Callable[[match_pb2.Move], str]
    min_size: tuple[int, int]


SCREENS: dict[str, GameScreen] = {
    "doors": GameScreen(
        doors.render, doors.describe, doors.summary, doors.move_label, doors.MIN_SIZE
    ),
    "koikoi": GameScreen(
        koikoi.render, koikoi.describe, koikoi.summary, koikoi.move_label, koikoi.MIN_SIZE
    ),
    "tiger_dragon": GameScreen(
        tiger_dragon.render,
        tiger_dragon.describe,
        tiger_dragon.summary,
        tiger_dragon.move_label,
        tiger_dragon.MIN_SIZE,
    ),
}
DEFAULT_MIN_SIZE = (80, 24)


def screen_of(state: ClientState) -> GameScreen | None:
    if state.snapshot is None:
        return None
    return SCREENS.get(state.snapshot.view.WhichOneof("game") or "")


def describe(state: ClientState, event: match_pb2.Event) -> Described | None:
    if event.HasField("table_note"):
        return Described(table_note(state, event))
    screen = screen_of(state)
    if screen is None or event.WhichOneof("game") is None:
        return Described(state.server_text(event.text)) if event.text else None
    return screen.describe(state, event)


def table_note(state: ClientState, event: match_pb2.Event) -> str:
    """A note about the table in the player's language. The note names the player as they
    were then; your own seat is marked "(you)" as in the rest of the log."""
    note = event.table_note
    name = note.name
    if note.HasField("seat"):
        current = state.player_name(note.seat)
        if not name or (name == current and state.is_you(note.seat)):
            name = state.actor(note.seat)
    move = label(state, note.move) if note.HasField("move") else ""
    yours = note.HasField("seat") and state.is_you(note.seat) and name == state.actor(note.seat)
    return note_words(note, state.server_text(event.text), name, move, yours)


def summary(state: ClientState) -> StyleAndTextTuples:
    screen = screen_of(state)
    return screen.summary(state) if screen else []


def label(state: ClientState, move: match_pb2.LegalMove) -> str:
    """The move's label in the player's language; the server's label when it has none."""
    screen = screen_of(state)
    return (screen.move_label(move.move) if screen else "") or move.label


def min_size(state: ClientState) -> tuple[int, int]:
    screen = screen_of(state)
    return screen.min_size if screen else DEFAULT_MIN_SIZE


def result_words(state: ClientState, snapshot: match_pb2.Snapshot) -> str:
    """Who won, with the scores (and team totals in a team game)."""
    result = snapshot.result
    winners = _(" and ").join(state.seat_name(s) for s in result.winners)
    scores = state.seat_tallies(result.scores)
    view = snapshot.view
    if view.WhichOneof("game") == "tiger_dragon" and view.tiger_dragon.teams:
        td = view.tiger_dragon
        teams = ", ".join(
            _("team {team} {points}").format(team=team, points=points)
            for team, points in enumerate(td.team_scores)
        )
        scores = f"{teams}; {scores}"
    if result.ending == lobby_pb2.MATCH_ENDING_ABORTED:
        return _("aborted by its host, no winner ({scores})").format(scores=scores)
    if result.ending == lobby_pb2.MATCH_ENDING_EXPIRED:
        return _("expired before every seat was taken")
    if not winners:
        return _("a draw ({scores})").format(scores=scores)
    return _("{names} won ({scores})").format(names=winners, scores=scores)
