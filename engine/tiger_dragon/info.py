"""The lobby's description of Tiger & Dragon: options, help text, and parsing options into
`Settings`."""

from __future__ import annotations

from collections.abc import Mapping

from engine.core import BadOptions, GameInfo, OptionSpec
from engine.tiger_dragon.battlefields import CARDS, Battlefield
from engine.tiger_dragon.model import RULES, Settings

RANDOM, RANDOM_WITH_PROMO = "random", "random_with_promo"
ON, OFF, ANY = "on", "off", "any"
TEAM_PLAYERS = len(RULES.team_of_seat)

OPTIONS = (
    OptionSpec(
        "battlefield",
        "the Battlefield card that scores the match (game_market: the promo), or a random one "
        "of the ten, or of the eleven with the promo (R10)",
        (*(b.value for b in Battlefield), RANDOM, RANDOM_WITH_PROMO),
        RULES.default_battlefield.value,
    ),
    OptionSpec(
        "new_card_each_round",
        "house rule: draw a Battlefield card at random every round after the first: on = a "
        "different one, any = perhaps the same again (with the promo if it is in play)",
        (ON, OFF, ANY),
        OFF,
    ),
    OptionSpec(
        "teams",
        f"2 vs 2 team game to {RULES.team_target}, partners opposite ({TEAM_PLAYERS} players)",
        (ON, OFF),
        OFF,
    ),
)

HELP = "\n".join(
    [
        "38 tiles: one 1, two 2s ... eight 8s; the Tiger is an even wild, the Dragon an odd one.",
        "Hands of 13/11/9/7 for 2/3/4/5 players, one more for the start player; the rest stay",
        "out of play unseen. attack X: any tile, face up. From the attacker's left, each other",
        "player once defends or passes. defend X: the same number; the Dragon takes 1/3/5/7 and",
        "the Tiger 2/4/6/8; any odd number takes the Dragon, any even one the Tiger. The defender",
        "attacks next. face-down X: when all passed, the attacker hides a tile and attacks again.",
        "Empty your hand to win the round. Only you score: the card value of your last tile, plus",
        "1 per face-down tile (none for a Tiger/Dragon finish); a last tile placed face down is",
        "turned up and scored. The start marker passes left each round. First to 10 wins; team",
        "game (4 players, partners opposite): first team to 15.",
        "Battlefields, one per match: the value of going out with 1..8 (Tiger/Dragon: 1).",
        *(f"  {card.summary()}" for card in CARDS.values()),
        "  (Clifftop: the attack that leaves you one tile may reveal it: 'attack X and reveal'.)",
    ]
)


class TigerDragonInfo(GameInfo):
    """The static description, which also checks the one rule linking options and the player
    count: the team game needs exactly four players (§1.7)."""

    def validate(self, players: int, raw: Mapping[str, str]) -> dict[str, str]:
        options = super().validate(players, raw)
        if options["teams"] == ON and players != TEAM_PLAYERS:
            raise BadOptions("teams", f"the team game is for {TEAM_PLAYERS} players, not {players}")
        return options


INFO = TigerDragonInfo(
    id="tiger-dragon",
    title="Tiger & Dragon",
    min_players=2,
    max_players=5,
    default_players=4,
    summary="Goita-style tile shedding: attack, defend by number or parity wild, go out first.",
    help=HELP,
    options=OPTIONS,
)


def settings(players: int, options: Mapping[str, str]) -> Settings:
    """Validates `options` for `players` (BadOptions names the culprit) and parses them."""
    checked = INFO.validate(players, options)
    card, redraw = checked["battlefield"], checked["new_card_each_round"]
    return Settings(
        battlefield=None if card in (RANDOM, RANDOM_WITH_PROMO) else Battlefield(card),
        new_card_each_round=redraw != OFF,
        teams=checked["teams"] == ON,
        same_card_may_return=redraw == ANY,
        with_promo=card in (RANDOM_WITH_PROMO, Battlefield.GAME_MARKET.value),
    )
