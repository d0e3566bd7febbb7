"""The lobby's form and its words for a match, from the real games a server lists."""

from __future__ import annotations

from tigerden.v1 import lobby_pb2

from client.api import Server
from client.ui.lobby_state import CreateForm, waiting_for
from client.ui.presence import presence

HUMAN, BOT = lobby_pb2.SEAT_KIND_HUMAN, lobby_pb2.SEAT_KIND_BOT


async def test_the_form_offers_every_option_value_and_a_row_per_seat(client: Server) -> None:
    games = list(await client.games())
    form = CreateForm(games, ["random", "hard"])
    while form.game.game_id != "tiger-dragon":
        form.cursor = 0
        form.change(1)
    game = form.game
    option_rows = [r for r in form.rows if r.key.startswith("option:")]
    assert [(r.label, r.values) for r in option_rows] == [
        (o.name, list(o.values)) for o in game.options
    ]
    assert form.players == game.default_players
    form.cursor = 1
    while form.players != game.max_players:
        form.change(1)
    seat_rows = [r for r in form.rows if r.key.startswith("seat:")]
    assert len(seat_rows) == game.max_players - 1
    assert seat_rows[0].values == ["person", "bot random", "bot hard"]
    seat_rows[0].index = 0
    seat_rows[1].index = 2
    seats = form.seats
    assert seats[:3] == [(HUMAN, ""), (HUMAN, ""), (BOT, "hard")]
    created = await client.create(game.game_id, form.players, form.options, seats, "ada")
    assert len(created.seats) == game.max_players and created.created_by == "ada"


def test_waiting_for_says_whom_in_words() -> None:
    seats = [
        lobby_pb2.Seat(seat=0, kind=HUMAN, name="ada", taken=True, connected=True),
        lobby_pb2.Seat(seat=1, kind=HUMAN, name="bob", taken=True, away_since_unix_ms=1),
        lobby_pb2.Seat(
            seat=2, kind=BOT, name="bot-2", taken=True, connected=True, bot_level="easy"
        ),
        lobby_pb2.Seat(seat=3, kind=HUMAN),
    ]
    waiting = lobby_pb2.MatchInfo(seats=seats, status=lobby_pb2.MATCH_STATUS_WAITING)
    assert waiting_for(waiting) == "waiting for 1 more player (seat 3); away: bob"
    playing = lobby_pb2.MatchInfo(seats=seats[:3], status=lobby_pb2.MATCH_STATUS_PLAYING, to_act=1)
    assert waiting_for(playing).startswith("waiting for bob (away since ")
    playing.to_act = 2
    assert waiting_for(playing) == "waiting for bot-2 (bot)"
    assert [presence(s) for s in seats[::2]] == ["connected", "bot (easy)"]
    assert presence(seats[3]) == "free"
