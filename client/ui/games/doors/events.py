"""Doors' typed events in the player's words, with the cards each moved (highlighted until
your next move)."""

from __future__ import annotations

from tigerden.v1 import match_pb2

from client.i18n import _, n_
from client.ui.games.doors.screen import REASONS, card_name, guess_words
from client.ui.model import ClientState, Described


def describe(state: ClientState, event: match_pb2.Event) -> Described | None:
    """A Doors event in words (in the player's language), with the cards it moved."""
    if not event.HasField("doors"):
        return None
    kind = event.doors.WhichOneof("kind")
    e = getattr(event.doors, kind or "")
    if kind == "contest_started":
        return Described(
            _("contest {number} begins; {name} collects").format(
                number=e.contest, name=state.actor(e.collector)
            )
        )
    if kind == "took":
        name = card_name(e.card)
        return Described(_("takes {card}").format(card=name), seat=e.seat, changed=(name,))
    if kind == "discarded":
        name = card_name(e.card)
        return Described(_("discards {card}").format(card=name), seat=e.seat, changed=(name,))
    if kind == "refilled":
        left = n_("{count} card left", "{count} cards left", e.deck_left).format(count=e.deck_left)
        return Described(
            _("{card} refills the display ({left})").format(card=card_name(e.card), left=left),
            changed=(card_name(e.card),),
        )
    if kind == "guessed":
        verdict = _("right") if e.correct else _("wrong")
        return Described(
            _("guesses {guess}: {verdict}").format(
                guess=guess_words(e.colour, e.role), verdict=verdict
            ),
            seat=e.seat,
        )
    if kind == "passed":
        return Described(_("passes"), seat=e.seat)
    if kind == "contest_ended":
        gains = n_("{name} gains {count} gem", "{name} gains {count} gems", e.gems).format(
            name=state.actor(e.scorer), count=e.gems
        )
        return Described(f"{_(REASONS.get(e.reason, '?'))}: {gains}", ends=True)
    if kind == "match_ended":
        # The winner's gems first: "bob wins the match 10-5", not "5-10".
        gems = [e.gems[e.winner], *(g for s, g in enumerate(e.gems) if s != e.winner)]
        return Described(
            _("{name} wins the match {gems}").format(
                name=state.actor(e.winner), gems="-".join(map(str, gems))
            ),
            ends=True,
        )
    return None
