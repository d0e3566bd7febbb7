"""Real snapshots of every game from random play: engine states encoded by the server's codecs
exactly as a seat (or a spectator) would receive them, with the events of the last move."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass

from tigerden.v1 import lobby_pb2, match_pb2

from client.ui import words
from client.ui.model import ClientState
from engine import GAMES
from engine.core import Seat, State
from server.codecs import CODECS, wrap_event, wrap_move, wrap_view

NAMES = ("ada", "bea", "cy", "dan", "eve")


@dataclass(frozen=True)
class Setup:
    game: str
    players: int
    options: tuple[tuple[str, str], ...] = ()

    @property
    def label(self) -> str:
        extra = "".join(f" {k}={v}" for k, v in self.options)
        return f"{self.game} {self.players}p{extra}"


SETUPS = (
    Setup("doors", 2),
    Setup("koikoi", 2),
    Setup("koikoi", 2, (("deals", "12"), ("opponent_koi", "per_call"))),
    Setup("tiger-dragon", 2),
    Setup("tiger-dragon", 3),
    Setup("tiger-dragon", 4),
    Setup("tiger-dragon", 4, (("teams", "on"),)),
    Setup("tiger-dragon", 5),
)


def snapshot_of(
    game: str, state: State, viewer: Seat | None, events: list[object], version: int
) -> match_pb2.Snapshot:
    codec = CODECS[game]
    players = len(state.scores())
    over = state.to_act() is None
    snapshot = match_pb2.Snapshot(
        match_id="5eed1e55",
        version=version,
        seats=[
            lobby_pb2.Seat(
                seat=s,
                name=NAMES[s],
                taken=True,
                connected=True,
                kind=lobby_pb2.SEAT_KIND_HUMAN if s == 0 else lobby_pb2.SEAT_KIND_BOT,
                team=state.team(s),
            )
            for s in range(players)
        ],
        scores=state.scores(),
        status=lobby_pb2.MATCH_STATUS_FINISHED if over else lobby_pb2.MATCH_STATUS_PLAYING,
        view=wrap_view(codec, state.view(viewer)),
        events=[wrap_event(codec, e.for_viewer(viewer)) for e in events],  # type: ignore[attr-defined]
    )
    if viewer is not None:
        snapshot.viewer_seat = viewer
    to_act = state.to_act()
    if to_act is not None:
        snapshot.to_act = to_act
        if to_act == viewer:
            snapshot.legal_moves.extend(
                match_pb2.LegalMove(move=wrap_move(codec, m), label=m.label())  # type: ignore[attr-defined]
                for m in state.legal_moves()
            )
    result = state.result()
    if result is not None:
        snapshot.result.CopyFrom(
            match_pb2.MatchResult(scores=result.scores, winners=result.winners)
        )
    return snapshot


def positions(setup: Setup, count: int, seed: int = 1) -> Iterator[tuple[State, list[object]]]:
    """`count` states spread over random matches (every state kept with probability 1/3)."""
    rng = random.Random(seed)
    info = GAMES[setup.game].info
    options = info.validate(setup.players, dict(setup.options))
    made = 0
    while True:
        state = GAMES[setup.game].new(setup.players, options, rng.getrandbits(32))
        while True:
            if rng.random() < 1 / 3:
                yield state.copy(), []
                made += 1
                if made >= count:
                    return
            if state.to_act() is None:
                break
            events = state.apply(rng.choice(state.legal_moves()))
            if rng.random() < 1 / 3:
                yield state.copy(), list(events)
                made += 1
                if made >= count:
                    return


def client_for(
    setup: Setup,
    state: State,
    viewer: Seat | None,
    events: list[object] = (),  # type: ignore[assignment]
) -> ClientState:
    info = GAMES[setup.game].info
    game = lobby_pb2.Game(
        game_id=info.id,
        title=info.title,
        help=info.help,
        options=[
            lobby_pb2.GameOption(name=o.name, default_value=o.default, description=o.description)
            for o in info.options
        ],
    )
    client = ClientState(game, "5eed1e55", options=dict(setup.options))
    client.receive(snapshot_of(setup.game, state, viewer, list(events), 1), words)
    client.held = None  # the summary overlay is tested on its own
    return client
