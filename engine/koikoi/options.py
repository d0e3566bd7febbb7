"""The match options (koikoi.md §3) and how each value sets `Rules` fields.

One table: each option's spec (for the lobby) sits next to the `Rules` fields its values set,
and its first value is the default, which is Cardavia's (a test checks the defaults build
`Rules()`). A second table, `CONFLICTS`, lists the option values that cannot be combined;
every other combination plays.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.core import Conflict, OptionSpec
from engine.koikoi.rules import (
    CARDAVIA,
    GROUPED,
    NINTENDO,
    BoardFour,
    DealtHand,
    FinalTie,
    FirstDealer,
    NextDealer,
    OpponentKoi,
    OwnKoi,
    RainCard,
    Rules,
    SakeCup,
    ViewingCancel,
    ViewingLimit,
)


@dataclass(frozen=True)
class _Option:
    spec: OptionSpec
    sets: Mapping[str, Mapping[str, Any]]  # value -> the Rules fields it sets


def _option(name: str, description: str, sets: dict[str, dict[str, Any]]) -> _Option:
    values = tuple(sets)
    return _Option(OptionSpec(name, description, values, values[0]), sets)


def _enum_option(name: str, description: str, field: str, choices: type[enum.Enum]) -> _Option:
    """An option whose values are those of a rules enum, in the enum's order."""
    return _option(name, description, {str(m.value): {field: m} for m in choices})


def _off_or(name: str, description: str, field: str, on: tuple[int, ...]) -> _Option:
    """An option that is off (the field 0) or one of the numbers in `on`."""
    return _option(name, description, {"off": {field: 0}} | {str(n): {field: n} for n in on})


def _switch(name: str, description: str, field: str) -> _Option:
    """An option that is off or on (a bool field)."""
    return _option(name, description, {"off": {field: False}, "on": {field: True}})


ZERO_SUM_START = 50
"""V5 (BGA): each seat's points at the start of a zero-sum match."""
SEAT_POINTS = tuple(range(7))
"""V7: the seat points an exhausted deal may give (G-SEN offers 0-99; 0-6 covers the tables
we know, up to oya-ken's 6)."""


_OPTIONS: tuple[_Option, ...] = (
    _option(
        "yaku_table",
        "V1: yaku values: cardavia (15/10/8/6, all other yaku add up), grouped (15/8/7/6, best "
        "per animal/ribbon group, +1 per extra card), nintendo (as grouped, 10 and 5 brights)",
        {
            "cardavia": {"values": CARDAVIA},
            "grouped": {"values": GROUPED},
            "nintendo": {"values": NINTENDO},
        },
    ),
    _option(
        "viewing_sake",
        "V2: flower- and moon-viewing sake (curtain or moon + sake cup) as yaku worth 3 or 5, "
        "or 1_3 (KoiKoi-Japan): 1 each, 3 once the holder has called koi-koi",
        {
            "off": {"viewing_sake_points": 0},
            "3": {"viewing_sake_points": 3},
            "5": {"viewing_sake_points": 5},
            "1_3": {"viewing_sake_points": 1, "viewing_sake_called_points": 3},
        },
    ),
    _enum_option(
        "viewing_cancel",
        "V3, with viewing_sake: rain = rain voids both viewing yaku; rain_fog = rain voids "
        "flower-viewing and any paulownia moon-viewing; fog = only paulownia voids moon-viewing",
        "viewing_cancel",
        ViewingCancel,
    ),
    _enum_option(
        "rain_card",
        "V3, with viewing_cancel=rain or rain_fog: the captured card that is rain: the Rain Man, "
        "the Lightning card, or any willow card",
        "rain_card",
        RainCard,
    ),
    _enum_option(
        "viewing_limit",
        "V13, with viewing_sake: the viewing yaku count only beside another yaku, double in "
        "their season (the deal's month: March, August), or only in their season",
        "viewing_limit",
        ViewingLimit,
    ),
    _option(
        "double_seven",
        "V4a: a stop worth 7 or more points scores double",
        {"off": {"double_from": 0}, "on": {"double_from": 7}},
    ),
    _enum_option(
        "opponent_koi",
        "V4b: the stopper's score doubles if the opponent called koi-koi (once, or per call)",
        "opponent_koi",
        OpponentKoi,
    ),
    _enum_option(
        "own_koi",
        "V4c: the stopper's own koi-koi calls multiply the score: plus_one (x2, x3, ...), "
        "double (x2, x4, ...), koikoi_japan (+1 per call for three, then x(calls - 2))",
        "own_koi",
        OwnKoi,
    ),
    _switch(
        "bright_base",
        "V4c (BGA): a stop is multiplied by the brights face up on the dealt board (2 or more)",
        "bright_base",
    ),
    _switch(
        "koi_koi_lock",
        "V4d: once anyone called koi-koi, the next yaku by either player ends the deal; off = "
        "showdown, counter-calls allowed",
        "koi_koi_lock",
    ),
    _off_or(
        "koi_koi_limit",
        "V4d showdown: koi-koi calls per player per deal; after them a higher total stops",
        "koi_koi_limit",
        (1, 2, 3),
    ),
    _option(
        "deals",
        "V5: deals in the match (see next_dealer for who deals)",
        {str(n): {"deals": n} for n in (1, 3, 6, 12)},
    ),
    _option(
        "first_to",
        "V5: the match ends after the deal in which a player reaches this many points",
        {"off": {"target_points": 0}}
        | {str(n): {"target_points": n, "deals": 0} for n in (30, 50, 100)},
    ),
    _option(
        "zero_sum",
        f"V5 (BGA): both start with {ZERO_SUM_START} points and a deal's points are taken from "
        "the other player; the match also ends when a player has none",
        {
            "off": {"zero_sum": False, "starting_points": 0},
            "on": {"zero_sum": True, "starting_points": ZERO_SUM_START},
        },
    ),
    _enum_option(
        "next_dealer",
        "V5: who deals the next deal: the winner or the loser (a drawn deal keeps the dealer), "
        "or alternate",
        "next_dealer",
        NextDealer,
    ),
    _enum_option(
        "final_tie",
        "V5: equal match totals: a draw, the last dealer wins, or extra deals until unequal",
        "final_tie",
        FinalTie,
    ),
    _enum_option(
        "first_dealer",
        "D2: the first dealer at random, or by a draw: each draws a card, the earlier month "
        "deals (same month: the higher card)",
        "first_dealer",
        FirstDealer,
    ),
    _option(
        "tsuki_fuda",
        "V6: all four cards of the deal's month (deal 1 = January) are a 4-point yaku",
        {"off": {"tsuki_fuda_points": 0}, "on": {"tsuki_fuda_points": 4}},
    ),
    _off_or(
        "oya_ken",
        "V7: the dealer wins this many points when a deal runs out without a stop",
        "oya_ken_points",
        (1, 6),
    ),
    _option(
        "exhausted_dealer",
        "V7 seat points: the dealer's points when a deal runs out without a stop (still drawn)",
        {str(n): {"exhausted_dealer_points": n} for n in SEAT_POINTS},
    ),
    _option(
        "exhausted_other",
        "V7 seat points: the non-dealer's points when a deal runs out without a stop",
        {str(n): {"exhausted_other_points": n} for n in SEAT_POINTS},
    ),
    _enum_option(
        "sake_cup",
        "V8: the sake cup counts as animal and plain, or as only one of them",
        "sake_cup",
        SakeCup,
    ),
    _enum_option(
        "dealt_hand",
        "V9: teshi/kuttsuki in a dealt hand: score 6 (both: redeal / draw / play on), "
        "redeal, or ignore",
        "dealt_hand",
        DealtHand,
    ),
    _switch(
        "dealt_hand_stack",
        "V9: a dealt hand with teshi and kuttsuki scores both (12), not 6",
        "dealt_hand_stack",
    ),
    _option(
        "hand_size",
        "V12: cards per hand: 8, or 10 (the board still gets 8, the stock 20)",
        {"8": {"hand_size": 8}, "10": {"hand_size": 10}},
    ),
    _enum_option(
        "board_four",
        "V10: four of a month on the dealt board: redeal, the dealer takes them (board refilled), "
        "or the dealer wins 6",
        "board_four",
        BoardFour,
    ),
    _option(
        "board_pairs",
        "V10: four pairs on the dealt board: redeal, or play",
        {"redeal": {"board_pairs_redeal": True}, "play": {"board_pairs_redeal": False}},
    ),
    _option(
        "forced_matching",
        "V11: a player holding a card that matches the board must play one",
        {"off": {"forced_matching": False}, "on": {"forced_matching": True}},
    ),
)

OPTIONS: tuple[OptionSpec, ...] = tuple(option.spec for option in _OPTIONS)
"""The options the lobby offers, defaults first (Cardavia)."""

_SPECS = {spec.name: spec for spec in OPTIONS}


def _not(name: str, *values: str) -> frozenset[str]:
    """Every value of option `name` but `values` (by default, all but the default)."""
    excluded = values or (_SPECS[name].default,)
    return frozenset(_SPECS[name].values) - set(excluded)


CONFLICTS: tuple[Conflict, ...] = (
    Conflict(
        "rain_card",
        _not("rain_card"),
        "viewing_sake",
        frozenset({"off"}),
        "there are no viewing yaku to void",
    ),
    Conflict(
        "viewing_cancel",
        _not("viewing_cancel"),
        "viewing_sake",
        frozenset({"off"}),
        "there are no viewing yaku to void",
    ),
    Conflict(
        "viewing_limit",
        _not("viewing_limit"),
        "viewing_sake",
        frozenset({"off"}),
        "there are no viewing yaku to limit",
    ),
    Conflict(
        "rain_card",
        _not("rain_card"),
        "viewing_cancel",
        frozenset({"off", "fog"}),
        "no rain rule is on",
    ),
    Conflict(
        "koi_koi_limit",
        _not("koi_koi_limit"),
        "koi_koi_lock",
        frozenset({"on"}),
        "the lock already ends the deal at the next yaku after a call",
    ),
    Conflict(
        "first_to",
        _not("first_to"),
        "deals",
        _not("deals"),
        "first_to is the match length; leave deals at 1",
    ),
    Conflict(
        "zero_sum",
        frozenset({"on"}),
        "first_to",
        _not("first_to"),
        f"zero-sum matches start at {ZERO_SUM_START} points; use deals",
    ),
    Conflict(
        "exhausted_dealer",
        _not("exhausted_dealer"),
        "oya_ken",
        _not("oya_ken"),
        "oya_ken already scores the exhausted deal (the dealer wins it)",
    ),
    Conflict(
        "exhausted_other",
        _not("exhausted_other"),
        "oya_ken",
        _not("oya_ken"),
        "oya_ken already scores the exhausted deal (the dealer wins it)",
    ),
    Conflict(
        "dealt_hand_stack",
        frozenset({"on"}),
        "dealt_hand",
        frozenset({"redeal", "ignore"}),
        "no dealt-hand yaku scores",
    ),
    Conflict(
        "hand_size",
        frozenset({"10"}),
        "board_four",
        frozenset({"dealer_takes"}),
        "with 10-card hands the stock has no cards to spare to refill the board",
    ),
)
"""The one table of option values that cannot be combined; every other combination plays."""


def rules_from_options(options: Mapping[str, str]) -> Rules:
    """The `Rules` for validated options (a missing option takes its default; a value not
    offered, or a combination in `CONFLICTS`, raises BadOptions naming the option)."""
    chosen: dict[str, str] = {}
    fields: dict[str, Any] = {}
    for option in _OPTIONS:  # in table order: a later option's fields win (first_to's deals)
        value = chosen[option.spec.name] = option.spec.parse(
            options.get(option.spec.name, option.spec.default)
        )
        fields.update(option.sets[value])
    for conflict in CONFLICTS:
        conflict.check(chosen)
    return Rules(**fields)
