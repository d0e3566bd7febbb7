"""Table notes in the player's language: the server sends what happened at the table (someone sat
down, left, came back, went to the rematch, a bot took over, the match was aborted) as a typed
`TableNote`; the client puts it into words here. A kind this client does not know is shown as the
server's English `text`."""

from __future__ import annotations

from collections.abc import Callable

from tigerden.v1 import match_pb2

from client.i18n import _

K = match_pb2.TableNoteKind

SENTENCES: dict[int, Callable[[], str]] = {
    K.TABLE_NOTE_KIND_SAT_DOWN: lambda: _("{name} sat down"),
    K.TABLE_NOTE_KIND_LEFT: lambda: _("{name} left the table"),
    K.TABLE_NOTE_KIND_AWAY: lambda: _("{name} is away — a bot plays for them"),
    K.TABLE_NOTE_KIND_BACK: lambda: _("{name} is back"),
    K.TABLE_NOTE_KIND_GAVE_UP: lambda: _("{name} gave up their seat"),
    K.TABLE_NOTE_KIND_REMOVED: lambda: _("{name} was removed by the host"),
    K.TABLE_NOTE_KIND_BOT_TAKES_OVER: lambda: _("a bot ({level}) now plays for {name}"),
    K.TABLE_NOTE_KIND_CLOCK_PLAYED: lambda: _("{name}'s time ran out: the server played {move}"),
    K.TABLE_NOTE_KIND_FORFEIT: lambda: _("{name}'s time ran out: {name} loses the match"),
    K.TABLE_NOTE_KIND_ABORTED: lambda: _("the host aborted the match"),
    K.TABLE_NOTE_KIND_EXPIRED: lambda: _("nobody joined in time: the match expired"),
    K.TABLE_NOTE_KIND_WENT_TO_REMATCH: lambda: _("{name} went to the rematch"),
}
"""Each kind's sentence, looked up when shown (the language is chosen at start-up)."""


def played_for() -> str:
    """CLOCK_PLAYED as every seat but the one played for reads it: the server tells only that
    seat the move (the others see it in the game's own events, as far as the rules show it)."""
    return _("{name}'s time ran out: the server played for them")


def played_for_you() -> str:
    return _("your time ran out: the server played for you")


YOURS: dict[int, Callable[[], str]] = {
    K.TABLE_NOTE_KIND_BOT_TAKES_OVER: lambda: _("a bot ({level}) now plays for you"),
    K.TABLE_NOTE_KIND_CLOCK_PLAYED: lambda: _("your time ran out: the server played {move}"),
    K.TABLE_NOTE_KIND_FORFEIT: lambda: _("your time ran out: you lose the match"),
}
"""The sentences that name your own seat by "you"/"your" (not "eve (you)'s time ran out")."""


def note_words(
    note: match_pb2.TableNote, fallback: str, name: str, move: str, yours: bool = False
) -> str:
    """The note as one line about `name` (and the `move` the server played for a seat), or
    about you when it is `yours`; `fallback` (the server's English text) for a kind this client
    does not know."""
    sentence = (YOURS if yours else {}).get(note.kind) or SENTENCES.get(note.kind)
    if note.kind == K.TABLE_NOTE_KIND_CLOCK_PLAYED and not note.HasField("move"):
        sentence = played_for_you if yours else played_for
    unheld = not note.name or note.name.startswith("bot-")  # a free seat, or a bot's
    if note.kind == K.TABLE_NOTE_KIND_BOT_TAKES_OVER and not yours and unheld:
        sentence = bot_for_seat
    if sentence is None:
        return fallback
    return sentence().format(name=name, level=note.bot_level, move=move, seat=note.seat)


def bot_for_seat() -> str:
    """BOT_TAKES_OVER for a seat nobody held, or a bot did ("a bot (easy) now plays for
    bot-1 (random)" said nothing)."""
    return _("a bot ({level}) now plays seat {seat}")
