"""Doors' hint reasons: what a take shares with the Collector's Door, how sure a guess is from
the reading of the takes, and what a discard keeps away (`bots.clauses`)."""

from __future__ import annotations

from bots.clauses import Clause, Words
from bots.doors.policy import (
    FULL,
    TRAIT,
    WRONG,
    careless_chance,
    collector_odds,
    deck_cards,
    shared,
)
from engine.core import Move
from engine.doors.model import TRAITS, Discard, DoorsView, Guess, MatchSet, ScoreReason, Take
from engine.doors.traits import has_set, judge_guess

ENGLISH: dict[str, str] = {
    "doors.takes": "takes the {card}",
    "doors.completes_set": "it completes a set of your Door",
    "doors.shares": "it shares {shared} trait{s} with your Door ({colour} of its colour, {role} of "
    "its role collected), and the more it shares, the more it tells the Guesser",
    "doors.right_with": "right with chance {chance}",
    "doors.pays": "pays {gems} gem{s}, wrong gives {wrong} away",
    "doors.reading": "the takes point to {card} ({chance})",
    "doors.match_set": "a set of your own trait lies in the Collector's cards: it scores at once",
    "doors.keeps_away": "keeps the {card} from the Collector",
    "doors.fits": "it fits the likely Doors by {traits} traits",
    "doors.deck_left": "{cards} card{s} left in the deck",
    "doors.pass": "lets the Collector take again, to learn more before guessing",
}
"""Every clause's English words (`Clause.words`); docs/protocol.md lists the same table for
other clients."""

_clause = Words(ENGLISH)


def explain(view: DoorsView, move: Move) -> list[Clause]:
    if isinstance(move, Take):
        door = view.own_door
        assert door is not None, "a Collector knows their Door"
        collection = (*view.collection, move.card)
        takes = _clause("doors.takes", move.card.text)
        if has_set(collection, door):
            return [takes, _clause("doors.completes_set")]
        colours, roles = TRAITS[door]
        colour = sum(1 for c in collection if TRAITS[c][0] & colours)
        role = sum(1 for c in collection if TRAITS[c][1] & roles)
        return [
            takes,
            _clause(
                "doors.shares",
                counts=(("shared", shared(move.card, door)), ("colour", colour), ("role", role)),
            ),
        ]
    odds = collector_odds(view, careless_chance(view))  # as `hard`'s belief reads the takes
    likeliest, suspect = max(odds.items(), key=lambda item: item[1].odds)
    reading = _clause("doors.reading", likeliest.text, chance=suspect.odds)
    if isinstance(move, Guess):
        right = sum(
            s.odds for d, s in odds.items() if judge_guess(move, d) is not ScoreReason.WRONG_GUESS
        )
        gain = FULL if move.colour is not None and move.role is not None else TRAIT
        return [
            _clause("doors.right_with", chance=right),
            _clause("doors.pays", counts=(("gems", gain), ("wrong", WRONG))),
            reading,
        ]
    if isinstance(move, MatchSet):
        return [_clause("doors.match_set")]
    if isinstance(move, Discard):
        wanted = sum(s.odds * shared(move.card, d) for d, s in odds.items())
        left = sum(deck_cards(view).values())
        return [
            _clause("doors.keeps_away", move.card.text),
            _clause("doors.fits", traits=wanted),
            _clause("doors.deck_left", counts=(("cards", left),)),
            reading,
        ]
    return [_clause("doors.pass"), reading]
