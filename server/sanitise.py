"""The one sanitiser for text one client sends and others see: names, chat lines.

Such text ends up on other people's terminals, so it must not be able to move their cursor,
recolour their screen, reverse the reading direction or break a line. `clean_line` drops whole
escape sequences (not just their ESC byte, which would leave debris like "[31m"), turns tabs and
line breaks into spaces, and drops every other character that is not printable (control,
format — bidi overrides included — surrogate, private-use and unassigned code points).
"""

from __future__ import annotations

import re

ESCAPE_SEQUENCE = re.compile(
    r"\x1b\[[0-?]*[ -/]*[@-~]"  # CSI: ESC [ parameters intermediates final
    r"|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)?"  # OSC: ESC ] ... BEL or ST
    r"|\x1b[ -/]*[0-~]"  # two-byte escapes: ESC 7, ESC (B, ...
    r"|\x9b[0-?]*[ -/]*[@-~]"  # 8-bit CSI
)
LINE_BREAKS = re.compile(r"[\t\n\r\v\f\u2028\u2029\x85]+")


def clean_line(text: str) -> str:
    """`text` as one line of printable characters, without escape sequences, trimmed."""
    text = ESCAPE_SEQUENCE.sub("", text)
    text = LINE_BREAKS.sub(" ", text)
    return "".join(ch for ch in text if ch.isprintable()).strip()
