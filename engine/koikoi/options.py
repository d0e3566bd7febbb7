"""The match options (koikoi.md §3) and how each value sets `Rules` fields.

One table: each option's spec (for the lobby) sits next to the `Rules` fields its values set,
and its first value is the default, which is Cardavia's (a test checks the defaults build
`Rules()`).
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from engine.core import OptionSpec
from engine.koikoi.rules import (
    CARDAVIA,
    GROUPED,
    NINTENDO,
    BoardFour,
    DealtHand,
    OpponentKoi,
    Rules,
    SakeCup,
    ViewingCancel,
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
    _off_or(
        "viewing_sake",
        "V2: flower- and moon-viewing sake (curtain or moon + sake cup) as yaku worth 3 or 5",
        "viewing_sake_points",
        (3, 5),
    ),
    _enum_option(
        "viewing_cancel",
        "V3, with viewing_sake: rain = the Rain Man voids both viewing yaku; rain_fog = he voids "
        "flower-viewing and any paulownia voids moon-viewing",
        "viewing_cancel",
        ViewingCancel,
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
    _option(
        "deals",
        "V5: deals in the match; a deal's winner deals the next, a drawn deal keeps the dealer",
        {str(n): {"deals": n} for n in (1, 3, 6, 12)},
    ),
    _option(
        "tsuki_fuda",
        "V6: all four cards of the deal's month (deal 1 = January) are a 4-point yaku",
        {"off": {"tsuki_fuda_points": 0}, "on": {"tsuki_fuda_points": 4}},
    ),
    _off_or(
        "oya_ken",
        "V7: the dealer's points when a deal runs out without a stop",
        "oya_ken_points",
        (1, 6),
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


def rules_from_options(options: Mapping[str, str]) -> Rules:
    """The `Rules` for validated options (a missing option takes its default; a value not
    offered raises BadOptions naming the option)."""
    rules = Rules()
    for option in _OPTIONS:
        value = option.spec.parse(options.get(option.spec.name, option.spec.default))
        rules = replace(rules, **option.sets[value])
    return rules
