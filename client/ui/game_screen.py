"""What a game gives the terminal table: its screen (`client/ui/games/<game>/`, listed in
`client/ui/registry.py`). The table's layout, the log and the hints ask it; it reads the model
(`client/ui/model.py`) and knows no rules: it draws the view and words what the server sent."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from prompt_toolkit.formatted_text import StyleAndTextTuples
from tigerden.v1 import match_pb2

from client.ui.model import ClientState, Described

ClauseWords = Callable[[Mapping[str, int]], str]
"""A hint clause's words in the player's language, given the clause's counts (plural forms)."""


def no_teams(snapshot: match_pb2.Snapshot) -> str:
    return ""


def no_extras(clause: match_pb2.HintClause) -> dict[str, str]:
    return {}


@dataclass(frozen=True)
class GameScreen:
    """One game's part of the table.

    `render` draws the view (logical lines, wrapped by the pane); `describe` puts one of the
    game's typed events into words (None: the log says nothing of it); `summary` is the end of
    a deal, round or contest, held on screen until a key; `move_label` a legal move in the
    player's language ("" for the server's label); `min_size` the smallest terminal (columns,
    rows) the screen fits; `reasons` the words of each hint clause key the server sends for the
    game, `clause_extras` the placeholders only this game's clauses fill (beside the counts,
    the card and the chance); `team_scores` the teams' totals in a result, "" without teams."""

    render: Callable[[ClientState], StyleAndTextTuples]
    describe: Callable[[ClientState, match_pb2.Event], Described | None]
    summary: Callable[[ClientState], StyleAndTextTuples]
    move_label: Callable[[match_pb2.Move], str]
    min_size: tuple[int, int]
    reasons: Mapping[str, ClauseWords]
    clause_extras: Callable[[match_pb2.HintClause], dict[str, str]] = no_extras
    team_scores: Callable[[match_pb2.Snapshot], str] = no_teams
