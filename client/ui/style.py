"""The table's sizes and colours: how wide the table is, where the log moves beside it, and one
`Style` of named classes (`class:card.red`) that every game's screen and pane draws with."""

from __future__ import annotations

from prompt_toolkit.styles import Style

WIDE = 110
"""From this many columns on, the log stands beside an 80-column table instead of below it."""
TABLE_WIDTH = 80
MOVE_ROWS = 3

STYLE = Style.from_dict(
    {
        # ANSI colour names: the terminal's theme picks the shade. Words are coloured only red or
        # magenta, which read at 3:1 or better on white and on black in the xterm and Tango
        # palettes, normal and bright (tests/client/test_terminals.py measures it); blue, yellow
        # and green do not everywhere, so they colour a symbol (`mark.*`) and its words are bold.
        "title": "bold",
        "label": "bold",
        "dim": "",
        "header": "reverse",
        "banner": "bold",
        "more": "reverse",
        "changed": "underline",
        "card.red": "ansired bold",
        "mark.red": "ansired bold",
        "card.blue": "bold",
        "mark.blue": "ansiblue bold",
        "card.wild": "ansimagenta bold",
        "mark.wild": "ansimagenta bold",
        "tile.red": "ansired bold",
        "tile.blue": "bold",
        "tile.hidden": "",
        "card.bright": "bold",
        "mark.bright": "ansiyellow bold",
        "card.animal": "ansimagenta bold",
        "mark.animal": "ansimagenta bold",
        "card.ribbon": "ansired bold",
        "mark.ribbon": "ansired bold",
        "card.plain": "",
        "mark.plain": "",
        "decision": "bold",
        "status": "reverse",
        "move": "bold",
        "you": "bold underline",
        "held": "bold reverse",
        "nowrap": "",  # a marker for the word wrapper: this fragment is never cut
    }
)
