"""Hanafuda Koi-Koi (Cardavia rules, with the common variants as options): the game as the
lobby sees it, and the `GAME` that makes matches. The rulings live in `rules.py`, the turn
machine in `state.py`, the vocabulary in `model.py`, the cards in `cards.py`."""

from __future__ import annotations

from collections.abc import Mapping

from engine.core import Game, GameInfo
from engine.koikoi.options import CONFLICTS, OPTIONS, rules_from_options
from engine.koikoi.state import KoiKoiState

_HELP = """\
48 flower cards, 12 months of 4. Each player gets 8 cards, 8 lie face up, 24 form the stock.
The dealer (oya), drawn at random, plays first; then turns alternate.
Your turn: play a hand card. No board card of its month: it stays on the board.
  One match: take both. Two: choose which one to take. Three: take all four.
Then the top stock card is turned up and matches the same way (you must take a match).
After both steps your yaku are counted. If your total rose this turn, choose:
  stop: the deal ends, you score all your yaku, your opponent scores 0;
  koi-koi: play on for more, but if your opponent stops first you get nothing.
  On your last turn a higher total stops by itself. Hands run out with no stop: draw, 0-0.
Yaku: five brights 15; four brights 10 (8 with the Rain Man); three brights 6 (not with him).
  Only the best bright yaku counts; all other yaku add up.
  Boar, deer and butterflies 5. Poetry ribbons (pine, plum, cherry) 6. Blue ribbons 6.
  5 animals, 5 ribbons or 10 plains: 1, plus 1 per extra card. The sake cup is animal and plain.
Dealt hands: four of a month or four pairs score 6 at once (both players: redeal).
  Four of a month or four pairs face up on the board: redeal.
Cards: brights jan-crane mar-curtain aug-moon nov-rain-man dec-phoenix; boar jul, deer oct,
  butterflies jun; poetry ribbons jan feb mar; blue ribbons jun sep oct; sake cup sep.
The match options (yaku table, viewing sake, doubling, more deals, ...) can change these:
the house rules of a match are listed atop its table and below this summary."""


class KoiKoiGame(Game):
    """Makes Koi-Koi matches; every option becomes a field of `Rules`."""

    info = GameInfo(
        id="koikoi",
        title="Hanafuda Koi-Koi",
        min_players=2,
        max_players=2,
        summary="Match flower cards by month to build yaku, then stop or press your luck: koi-koi.",
        help=_HELP,
        options=OPTIONS,
        conflicts=CONFLICTS,
    )

    def new(self, players: int, options: Mapping[str, str], seed: int) -> KoiKoiState:
        state = KoiKoiState(rules_from_options(self.info.validate(players, options)), seed)
        state.start()
        return state


GAME = KoiKoiGame()

__all__ = ["GAME", "KoiKoiGame", "KoiKoiState"]
