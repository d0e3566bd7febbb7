"""Doors (The Lady and the Tiger): the game as the lobby sees it, and the `GAME` that makes
matches. The rules live in `state.py`, the vocabulary in `model.py`."""

from __future__ import annotations

from collections.abc import Mapping

from engine.core import Game, GameInfo, OptionSpec
from engine.doors.model import RULES
from engine.doors.state import DoorsState

_HELP = """\
Two players: each contest one is the Collector, the other the Guesser; roles swap every contest.
Each holds a secret Door: Red Lady, Blue Lady, Red Tiger or Blue Tiger (two are set aside).
Four clue cards lie face up (the display); the deck holds the other ten.
Collector: take one display card into your collection; the deck refills the display.
  4+ collected cards sharing your colour or your role are a set: +6 gems, scored at once
  (with the option collector_set=optional a take that makes or keeps a set is offered twice:
  "take X and score the set", or "take X" to keep the set hidden and play on).
Guesser: discard one display card (refilled), then guess, match a set or pass.
  You may guess or match before discarding instead; you may not pass without discarding.
  Guess a colour, a role or a whole Door: one trait right +1, both right +5;
  anything wrong gives the Collector +4.
  Match a set: 4+ of the Collector's cards share a trait of YOUR Door: +2.
  Emptying the deck (your 5th discard) scores you +3.
Wilds: the red-and-blue tree is both colours and no role; lady-and-tiger is both roles, no colour.
A contest ends as soon as anyone scores; both Doors are shown and everything is re-dealt.
First to 10 gems wins."""


class DoorsGame(Game):
    """Makes Doors matches; the option chooses ruling Q1 (automatic or optional set scoring)."""

    info = GameInfo(
        id="doors",
        title="Doors (The Lady and the Tiger)",
        min_players=2,
        max_players=2,
        summary="Bluff and deduce: collect clues to your secret Door, or guess your opponent's.",
        help=_HELP,
        options=(
            OptionSpec(
                "collector_set",
                "score the Collector's set at once (BGA) or let them choose (rulebook)",
                ("automatic", "optional"),
                "optional" if RULES.collector_set_optional_default else "automatic",
            ),
        ),
    )

    def new(self, players: int, options: Mapping[str, str], seed: int) -> DoorsState:
        chosen = self.info.validate(players, options)
        return DoorsState(seed, collector_set_optional=chosen["collector_set"] == "optional")


GAME = DoorsGame()

__all__ = ["GAME", "DoorsGame", "DoorsState"]
