"""Table notes: the news about the table beside the game (a player sat down, left, came back, a
bot took over, the match was aborted, a player went on to the rematch).

A note is typed, so that each client can say it in its own language (`TableNote` on the wire);
`text` is the English line older clients show. The recap keeps notes among the game's events
(`TableEvent`), so a stream that opens later reads them too.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, replace

from engine.core import Move, Seat


class NoteKind(enum.Enum):
    SAT_DOWN = "sat_down"
    LEFT = "left"
    AWAY = "away"
    BACK = "back"
    GAVE_UP = "gave_up"
    REMOVED = "removed"
    BOT_TAKES_OVER = "bot_takes_over"
    CLOCK_PLAYED = "clock_played"
    FORFEIT = "forfeit"
    ABORTED = "aborted"
    EXPIRED = "expired"
    WENT_TO_REMATCH = "went_to_rematch"


ENGLISH = {
    NoteKind.SAT_DOWN: "{name} sat down",
    NoteKind.LEFT: "{name} left the table",
    NoteKind.AWAY: "{name} is away — a bot plays for them",
    NoteKind.BACK: "{name} is back",
    NoteKind.GAVE_UP: "{name} gave up their seat",
    NoteKind.REMOVED: "{name} was removed by the host",
    NoteKind.BOT_TAKES_OVER: "a bot ({level}) now plays for {name}",
    NoteKind.CLOCK_PLAYED: "{name}'s time ran out: the server played {move}",
    NoteKind.FORFEIT: "{name}'s time ran out: {name} loses the match",
    NoteKind.ABORTED: "the host aborted the match",
    NoteKind.EXPIRED: "nobody joined in time: the match expired",
    NoteKind.WENT_TO_REMATCH: "{name} went to the rematch",
}
"""Each kind's English line: the `text` every Event carries for clients that do not read the
typed note."""

PLAYED_FOR = "{name}'s time ran out: the server played for them"
"""CLOCK_PLAYED's line for everyone but the seat it was played for, who alone is told the move."""


@dataclass(frozen=True)
class TableNote:
    """One note: its kind, the seat and the name it is about (the name as it was then), and
    the bot level or the move the server played where the kind has one."""

    kind: NoteKind
    seat: Seat | None = None
    name: str = ""
    bot_level: str = ""
    move: Move | None = None

    def for_viewer(self, viewer: Seat | None) -> TableNote:
        """The note as `viewer` may read it. The move the server played for a seat was chosen
        from that seat's hand (a face-down tile, a card nobody else has seen), so only that
        seat is told which; everyone else reads the move in the game's own events, as the
        rules let them see it."""
        if self.move is None or viewer == self.seat:
            return self
        return replace(self, move=None)

    @property
    def text(self) -> str:
        name = self.name or (f"seat {self.seat}" if self.seat is not None else "")
        if self.kind is NoteKind.CLOCK_PLAYED and self.move is None:
            return PLAYED_FOR.format(name=name)
        move = self.move.label() if self.move is not None else ""
        return ENGLISH[self.kind].format(name=name, level=self.bot_level, move=move)


@dataclass(frozen=True)
class TableEvent:
    """A table note as the recap keeps it among the game's events, filtered like them."""

    note: TableNote

    def for_viewer(self, viewer: Seat | None) -> TableEvent:
        seen = self.note.for_viewer(viewer)
        return self if seen is self.note else TableEvent(seen)

    def describe(self) -> str:
        return self.note.text
