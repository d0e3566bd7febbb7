"""The replay viewer: a finished match, position by position, through any seat's eyes (the
match is over, so every hand may be shown). Keys: → or n next, ← or p back, Home/End, Tab (or
a seat number) changes whose view is shown, q or Ctrl-Q quits.

It is the spectator's table, fed a step at a time: each step is dressed up as the snapshot
the chosen seat would have had, so the live table's renderers draw it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from prompt_toolkit.application import Application
from prompt_toolkit.input import Input
from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent, merge_key_bindings
from prompt_toolkit.output import Output
from tigerden.v1 import lobby_pb2, match_pb2

from client.ui import words
from client.ui.app import build_app
from client.ui.model import ClientState

PLAYED_BY = {
    match_pb2.PLAYED_BY_CLOCK: " (time ran out: the server played)",
    match_pb2.PLAYED_BY_AWAY_BOT: " (away: a bot played)",
}


@dataclass
class Replay:
    """Where the viewer stands: the step and the seat whose view is shown."""

    header: match_pb2.ReplayHeader
    steps: Sequence[match_pb2.ReplayStep]
    state: ClientState
    step: int = 0
    seat: int = 0
    seats: list[lobby_pb2.Seat] = field(default_factory=list)

    def __post_init__(self) -> None:
        # The match is over: nobody is "away" from it, whatever the seats' last streams did.
        self.seats = [lobby_pb2.Seat() for _ in self.header.match.seats]
        for seat, listed in zip(self.seats, self.header.match.seats, strict=True):
            seat.CopyFrom(listed)
            seat.away_since_unix_ms = 0
        self.show()

    @property
    def players(self) -> int:
        return len(self.header.match.seats)

    def show(self) -> None:
        """Dresses the current step up as the chosen seat's snapshot."""
        step = self.steps[self.step]
        last = self.step == len(self.steps) - 1
        snapshot = match_pb2.Snapshot(
            match_id=self.header.match.match_id,
            version=step.version,
            viewer_seat=self.seat,
            seats=self.seats,
            scores=step.scores,
            status=lobby_pb2.MATCH_STATUS_FINISHED if last else lobby_pb2.MATCH_STATUS_PLAYING,
            view=step.seat_views[self.seat],
        )
        if step.HasField("to_act"):
            snapshot.to_act = step.to_act
        if last:
            snapshot.result.CopyFrom(self.header.result)
        self.state.show(snapshot, words)
        self.state.log.clear()
        for earlier in self.steps[1 : self.step + 1]:
            who = self.state.player_name(earlier.seat)
            self.state.log.append(f"{earlier.version}. {who}: {earlier.label}")
            for event in earlier.events:
                described = words.describe(self.state, event)
                if described is not None:
                    self.state.log.append(f"   {described.text}")
        total = len(self.steps) - 1
        moved = ""
        if step.HasField("seat"):
            played = PLAYED_BY.get(step.played_by, "")
            moved = f" · {self.state.player_name(step.seat)} played {step.label}{played}"
        ending = " · the end" if last else ""
        viewing = self.state.player_name(self.seat)
        self.state.status = (
            f"move {step.version}/{total}{moved}{ending} · {viewing}'s hand · ←/→ Tab q"
        )

    def move(self, by: int) -> None:
        self.step = max(0, min(len(self.steps) - 1, self.step + by))
        self.show()

    def view_of(self, seat: int) -> None:
        self.seat = seat % self.players
        self.show()


def build_replay_app(
    replay: Replay, input: Input | None = None, output: Output | None = None
) -> Application[None]:
    """The spectator's table (no prompt) with the replay's keys added."""
    app = build_app(replay.state, None, input, output)
    bindings = KeyBindings()

    @bindings.add("right")
    @bindings.add("n")
    @bindings.add("space")
    def forward(event: KeyPressEvent) -> None:
        replay.move(1)

    @bindings.add("left")
    @bindings.add("p")
    def back(event: KeyPressEvent) -> None:
        replay.move(-1)

    @bindings.add("home")
    def start(event: KeyPressEvent) -> None:
        replay.move(-len(replay.steps))

    @bindings.add("end")
    def end(event: KeyPressEvent) -> None:
        replay.move(len(replay.steps))

    @bindings.add("tab")
    def next_seat(event: KeyPressEvent) -> None:
        replay.view_of(replay.seat + 1)

    for digit in "0123456789":

        @bindings.add(digit)
        def seat_view(event: KeyPressEvent) -> None:
            number = int(event.data)
            if number < replay.players:
                replay.view_of(number)

    @bindings.add("q")
    def quit_(event: KeyPressEvent) -> None:
        event.app.exit()

    app.key_bindings = merge_key_bindings([app.key_bindings or KeyBindings(), bindings])
    return app
