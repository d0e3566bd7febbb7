"""The table's events, moves and results in the player's words, for the model (`ClientState`
takes this module as its `Words`: mypy checks it against the protocol). Each game's own words
come from its screen (`client/ui/registry.py`); what every game shares is worded here: table
notes, the server's own texts, who won."""

from __future__ import annotations

from tigerden.v1 import lobby_pb2, match_pb2

from client.i18n import _
from client.ui.model import ClientState, Described
from client.ui.notes import SENTENCES, note_words
from client.ui.registry import screen_for, screen_of


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


def label(state: ClientState, move: match_pb2.LegalMove) -> str:
    """The move's label in the player's language; the server's label when it has none."""
    screen = screen_of(state)
    return (screen.move_label(move.move) if screen else "") or move.label


def arrivals(state: ClientState) -> set[str]:
    """Your own seat's "... is back" and "... sat down" lines, as the log words them."""
    seat = state.viewer()
    if seat is None:
        return set()
    name = state.actor(seat)
    kinds = (match_pb2.TABLE_NOTE_KIND_BACK, match_pb2.TABLE_NOTE_KIND_SAT_DOWN)
    return {SENTENCES[kind]().format(name=name) for kind in kinds}


def result_words(state: ClientState, snapshot: match_pb2.Snapshot) -> str:
    """Who won, with the scores (and, in a team game, the teams' totals first)."""
    outcome = snapshot.result
    winners = _(" and ").join(state.seat_name(s) for s in outcome.winners)
    scores = state.seat_tallies(outcome.scores)
    screen = screen_for(snapshot)
    teams = screen.team_scores(snapshot) if screen is not None else ""
    if teams:
        scores = f"{teams}; {scores}"
    if outcome.ending == lobby_pb2.MATCH_ENDING_ABORTED:
        return _("aborted by its host, no winner ({scores})").format(scores=scores)
    if outcome.ending == lobby_pb2.MATCH_ENDING_EXPIRED:
        return _("expired before every seat was taken")
    if not winners:
        return _("a draw ({scores})").format(scores=scores)
    return _("{names} won ({scores})").format(names=winners, scores=scores)
