"""Hint reasons reach the client as typed clauses (`MoveHint.reason_clauses`) and are worded in
the player's language: in English as the server words them, in German through the catalog with
the table's German card, tile and yaku names; the server's English line stays for other clients
and for a clause this client does not know."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator

import pytest
from tigerden.v1 import koikoi_pb2, lobby_pb2, match_pb2

from bots.hints import Advice
from bots.reasons import ENGLISH, MONTHS, Clause, reason
from client.api import Server
from client.i18n import set_language
from client.ui.games.koikoi.screen import MONTHS as BOARD_MONTHS
from client.ui.reasons import reason_words
from client.ui.registry import SCREENS
from engine import GAMES
from engine.koikoi.model import Yaku
from server import outbound
from server.codecs import CODECS
from tests.client.test_advice import hinted_table
from tests.client.test_ui import wait_for

HUMAN = lobby_pb2.SEAT_KIND_HUMAN
BOT = lobby_pb2.SEAT_KIND_BOT
PLAYERS = {"doors": 2, "koikoi": 2, "tiger-dragon": 4}


@pytest.fixture
def german() -> Iterator[None]:
    set_language("de")
    yield
    set_language("en")


def hints(seed: int = 5, per_game: int = 6) -> Iterator[tuple[match_pb2.MoveHint, str]]:
    """Every legal move's hint (as the server sends it) with its English reason, along random
    matches of every game."""
    rng = random.Random(seed)
    for game_id, game in GAMES.items():
        codec = CODECS[game_id]
        for _ in range(per_game):
            state = game.new(PLAYERS[game_id], {}, rng.getrandbits(32))
            while state.result() is None:
                view = state.view(state.to_act())
                for move in state.legal_moves():
                    why = reason(view, move)
                    yield outbound.move_hint(codec, Advice(move, 0.5, 1, why)), why.text
                state.apply(rng.choice(state.legal_moves()))


def every_clause() -> Iterator[tuple[Clause, match_pb2.HintClause]]:
    """Each clause key the server has, with every argument its words use (the server's clause
    and the same on the wire)."""
    for key, words in ENGLISH.items():
        names = [name for name in re.findall(r"\{(\w+)\}", words) if name not in ARGUMENTS]
        clause = Clause(
            key,
            card="red-lady" if "{card}" in words else "",
            yaku=Yaku.SANKO if "{yaku}" in words else None,
            month=3 if "{month}" in words else 0,
            counts=tuple((name, 2) for name in dict.fromkeys(names)),
            chance=0.5 if "{chance}" in words else None,
            traits=1.5 if "{traits}" in words else None,
            words=words,
        )
        yield clause, outbound.hint_clause(CLAUSE_CODECS[key.split(".")[0]], clause)


CLAUSE_CODECS = {codec.field: codec for codec in CODECS.values()}
"""The codec of each game, by the prefix of its clause keys ("koikoi.captures")."""

ARGUMENTS = {"card", "yaku", "month", "chance", "traits", "s"}
"""The placeholders that are not counts."""


def test_every_clause_the_server_has_is_worded_by_the_client_in_both_languages() -> None:
    worded = {key for screen in SCREENS.values() for key in screen.reasons}
    assert worded == set(ENGLISH)
    for clause, wire in every_clause():
        hint = match_pb2.MoveHint(reason=clause.text, reason_clauses=[wire])
        assert reason_words(hint) == clause.text.replace("March", "mar·cherry")
        set_language("de")
        try:
            german = reason_words(hint)
        finally:
            set_language("en")
        assert german != clause.text and "{" not in german, (clause.key, german)
        assert "mar·cherry" not in german and "sankō (three" not in german
    seen = {clause.key for hint, _text in hints() for clause in hint.reason_clauses}
    assert len(seen) >= len(ENGLISH) - 4  # most occur in a few random matches


def test_in_english_the_client_words_a_reason_as_the_server_does() -> None:
    """Equal but for the month, which the client names as its board headings do ("mar·cherry"
    for the server's "March")."""
    headings = list(BOARD_MONTHS.values())
    for hint, english in hints():
        for clause in hint.reason_clauses:
            if clause.month:
                english = english.replace(MONTHS[clause.month - 1], headings[clause.month - 1])
        assert reason_words(hint) == english


def test_in_german_every_reason_is_german(german: None) -> None:
    english_words = {"with chance", "the takes", "captures", "nothing towards", "of your Door"}
    for hint, english in hints(per_game=3):
        shown = reason_words(hint)
        assert shown != english and "{" not in shown
        assert not [word for word in english_words if word in shown], shown


def test_german_reasons_name_cards_yaku_and_months_as_the_table_does(german: None) -> None:
    clause = match_pb2.HintClause
    koikoi_yaku = match_pb2.MoveHint(
        reason="captures the jan-crane: sankō (three brights) 2 of 3",
        reason_clauses=[
            clause(key="koikoi.captures", card="jan-crane"),
            clause(
                key="koikoi.yaku_progress",
                yaku=koikoi_pb2.KOIKOI_YAKU_SANKO,
                counts={"held": 2, "need": 3},
            ),
        ],
    )
    assert reason_words(koikoi_yaku) == "fängt jan-kranich: sankō (drei Lichter) 2 von 3"
    risk = match_pb2.MoveHint(
        reason_clauses=[
            clause(key="koikoi.lays_down", card="mar-plain-1"),
            clause(key="koikoi.month_risk", month=3, counts={"unseen": 1}, chance=0.25),
        ]
    )
    assert reason_words(risk) == (
        "legt mär-kasu-1 aufs Brett (nichts zu fangen): 1 ungesehene Karte von "
        "Mär·Kirsche: dein Gegner hat sie mit Chance 25%"
    )
    discard = match_pb2.MoveHint(
        reason_clauses=[
            clause(key="doors.keeps_away", card="red-lady"),
            clause(key="doors.fits", traits=1.25),
        ]
    )
    assert reason_words(discard) == (
        "hält rot-dame vom Sammler fern: sie passt zu den wahrscheinlichen Türen mit 1,2 Merkmalen"
    )
    attack = match_pb2.MoveHint(
        reason_clauses=[
            clause(key="tiger_dragon.attacks", card="tiger"),
            clause(key="tiger_dragon.unanswered", chance=0.5),
        ]
    )
    assert reason_words(attack) == (
        "greift mit tiger an: die Chance, dass niemand antworten kann, ist 50%"
    )


def test_a_clause_this_client_does_not_know_shows_the_servers_line(german: None) -> None:
    newer = match_pb2.MoveHint(
        reason="does something new",
        reason_clauses=[match_pb2.HintClause(key="koikoi.newer_idea")],
    )
    assert reason_words(newer) == "does something new"
    missing = match_pb2.MoveHint(
        reason="stops and scores 3 points",
        reason_clauses=[match_pb2.HintClause(key="koikoi.stops")],
    )
    assert reason_words(missing) == "stops and scores 3 points"
    assert reason_words(match_pb2.MoveHint(reason="an old server")) == "an old server"


async def test_a_hint_at_a_german_table_gives_the_reasons_in_german(
    quick_client: Server, german: None
) -> None:
    """Through a real server and a real prompt-toolkit pipe: the German hint showed the
    server's English reasons before."""
    async with hinted_table(quick_client, "koikoi") as (_seat, state, pipe, shown):
        assert "Tipp" in shown
        assert "legt" in shown or "fängt" in shown or "hört auf" in shown or "spielt" in shown
        for english in ("captures the", "lays down the", "unseen card", "nothing towards"):
            assert english not in shown, shown
        pipe.send_text(" ")
        await wait_for(lambda: state.held is None, state=state)
