"""Hints (F3 or /hint at your turn) and the post-match review (F4 or /review after the match), as
the table shows them. The server thinks (Hint, ReviewMatch); this module only asks and puts the
answers into words: a hint is held on the table like a deal's summary, the review is a list
browsed with the arrow keys. The reasons come from the server as typed clauses, worded in the
player's language by `client/ui/reasons.py`; the review's progress is the model's `Review`."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable, Iterable
from typing import Protocol

import grpc
from prompt_toolkit.formatted_text import StyleAndTextTuples
from tigerden.v1 import match_pb2

from client.api import error_reason
from client.i18n import _, n_
from client.ui.model import ClientState, Review
from client.ui.reasons import reason_words
from client.ui.text import symbols
from client.ui.words import label


class Advisor(Protocol):
    """What the table asks for advice: a seat (`client.api.SeatHandle`)."""

    async def hint(self, version: int | None = None) -> match_pb2.HintResponse: ...

    def review(self) -> AsyncIterator[match_pb2.ReviewMatchResponse]: ...


REFUSALS: dict[str, Callable[[], str]] = {
    "HINTS_OFF": lambda: _("this match gives no hints: it was created with hints=off"),
    "NOT_YOUR_TURN": lambda: _("a hint comes at your turn"),
    "HINT_BUSY": lambda: _("still thinking about your last hint or review"),
    "STALE_VERSION": lambda: _("the table moved on; press F3 again"),
    "MATCH_NOT_OVER": lambda: _("the review comes after the match"),
}
"""What a refused hint or review means for the player, by the server's stable reason."""


def refusal(error: grpc.aio.AioRpcError) -> str:
    words = REFUSALS.get(error_reason(error))
    return words() if words else _("no hint: {reason}").format(reason=error.details())


def chance(hint: match_pb2.MoveHint) -> str:
    """ "62%", or "?" when the search did not try the move."""
    return f"{round(100 * hint.win_chance)}%" if hint.HasField("win_chance") else "?"


def hint_text(state: ClientState, response: match_pb2.HintResponse) -> StyleAndTextTuples:
    """The hint as held on the table: every move, best first, its chance and why."""
    lines: StyleAndTextTuples = [
        ("class:title", _("Hint: your moves as the hard bot weighs them") + "\n"),
        ("class:dim", _("(it knows what you can see, nothing more)") + "\n"),
        ("class:dim", _("chance = its estimate of your chance to win the match") + "\n"),
    ]
    for number, hint in enumerate(best_first(response.moves), start=1):
        lines += [("class:dim", f"{number:>2}. "), *weighed(state, hint)]
    return lines


def best_first(hints: Iterable[match_pb2.MoveHint]) -> list[match_pb2.MoveHint]:
    """The moves by their chance, best first; those the search did not try ("?") last, each
    group in the server's order."""
    return sorted(hints, key=lambda h: -h.win_chance if h.HasField("win_chance") else 1.0)


def loss_words(loss: float) -> str:
    """What the move shown gave away, in words."""
    given = round(100 * loss)
    if given < 0:
        return _("estimated loss: none (your move rates {points} points higher)").format(
            points=-given
        )
    return _("estimated loss: {points} points of winning chance").format(points=given)


def points(loss: float) -> str:
    """The chance a move gave away, in points: "-12"; "+3" where the search, on a second look,
    rated the move played higher than its own choice."""
    return f"{-round(100 * loss):+d}" if round(100 * loss) else "0"


def weighed(state: ClientState, hint: match_pb2.MoveHint) -> StyleAndTextTuples:
    """A move as the search weighs it: its label and chance, then why on the next line."""
    return [
        ("class:move", label(state, hint.move)),
        ("", f"  {chance(hint)}\n"),
        ("class:dim", f"    {reason_words(hint)}\n"),
    ]


def review_text(state: ClientState, review: Review) -> StyleAndTextTuples:
    """The review: progress, the move shown in full, and the list of moves to browse."""
    arrow = symbols().to_act
    lines: StyleAndTextTuples = [
        ("class:title", _("Review of your moves (Up/Down browse, Escape closes)") + "\n")
    ]
    if review.failed:
        return [*lines, ("", review.failed + "\n")]
    if not review.done:
        progress = _("thinking: {done} of {total} decisions reviewed...")
        lines.append(("class:dim", progress.format(done=review.reviewed, total=review.total)))
        lines.append(("", "\n"))
    elif not review.moves:
        lines.append(("", _("The hard search agrees with every move you made.") + "\n"))
        return lines
    else:
        found = n_(
            "The hard search would have played otherwise {count} time in {total} decisions.",
            "The hard search would have played otherwise {count} times in {total} decisions.",
            len(review.moves),
        )
        lines.append(("", found.format(count=len(review.moves), total=review.total) + "\n"))
    if not review.moves:
        return lines
    shown = review.moves[review.index]
    lines += [
        ("", "\n"),
        (
            "class:label",
            _("{number} of {count}: move {move} of the match").format(
                number=review.index + 1, count=len(review.moves), move=shown.version + 1
            )
            + "\n",
        ),
        ("", _("you played:") + " "),
        *weighed(state, shown.played),
        ("", _("hard plays:") + " "),
        *weighed(state, shown.best),
        ("", loss_words(shown.loss) + "\n\n"),
    ]
    for number, move in enumerate(review.moves):
        mark = arrow if number == review.index else " " * len(arrow)
        lines.append(
            (
                "class:you" if number == review.index else "",
                f"{mark} {move.version + 1:>3}. "
                + _("you: {played} {dot} hard: {best} ({points})").format(
                    played=label(state, move.played.move),
                    dot=symbols().dot,
                    best=label(state, move.best.move),
                    points=points(move.loss),
                )
                + "\n",
            )
        )
    return lines
