"""Text helpers for the panes: the character set (Unicode or ASCII), word wrapping that never
breaks a word, and re-flowing help text written for another width.

A renderer returns fragments with "\n" between logical lines; `wrap_lines` cuts each logical
line at spaces only, continuing on the next row indented under the line's own indent (plus two),
so a card name like `[jul-plain-1]` is never split.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TextIO

from prompt_toolkit.formatted_text import StyleAndTextTuples
from prompt_toolkit.utils import get_cwidth

Line = StyleAndTextTuples


@dataclass(frozen=True)
class Symbols:
    """Every non-letter glyph the client draws, in one place per character set."""

    to_act: str
    dot: str
    rule: str
    more_below: str
    more_above: str
    bright: str
    animal: str
    ribbon: str
    plain: str
    red: str
    blue: str
    wild: str
    changed: str
    clock: str


UNICODE = Symbols(
    to_act="▶",
    dot="·",
    rule="─",
    more_below="▼",
    more_above="▲",
    bright="✦",
    animal="◆",
    ribbon="▬",
    plain="○",
    red="♦",
    blue="♠",
    wild="★",
    changed="•",
    clock="⏱",
)
ASCII = Symbols(
    to_act="=>",  # not ">", which reads as the prompt
    dot="-",
    rule="-",
    more_below="v",
    more_above="^",
    # Never a letter: a card's symbol stands right before its name ("[.feb-plain-2]").
    bright="*",
    animal="@",
    ribbon="=",
    plain=".",
    red="#",
    blue="~",
    wild="*",
    changed="+",
    clock="T-",
)

_symbols = UNICODE

TRANSLITERATION = str.maketrans(
    {
        "ä": "ae",
        "ö": "oe",
        "ü": "ue",
        "Ä": "Ae",
        "Ö": "Oe",
        "Ü": "Ue",
        "ß": "ss",
        "ō": "o",
        "ū": "u",
        "é": "e",
        "…": "...",
        "\N{EN DASH}": "-",
        "\N{EM DASH}": "-",
        "·": "-",
        "\N{MULTIPLICATION SIGN}": "x",
        "\N{UPWARDS ARROW}": "^",
        "\N{DOWNWARDS ARROW}": "v",
    }
)


def symbols() -> Symbols:
    return _symbols


def is_ascii() -> bool:
    return _symbols is ASCII


def plain(text: str) -> str:
    """`text` as the terminal can show it: in ASCII mode, German letters spelt out (ä -> ae)
    and any other non-ASCII character as "?"."""
    if not is_ascii():
        return text
    spelt = text.translate(TRANSLITERATION)
    return spelt.encode("ascii", "replace").decode("ascii")


def marked(style: str, mark_style: str, mark: str, name: str) -> StyleAndTextTuples:
    """`[` mark name `]` (a card) with the mark in its own style: some colours read as a
    symbol's colour but not as the colour of words on every background (client/ui/style.py)."""
    return [(f"class:{style}", "["), (f"class:{mark_style}", mark), (f"class:{style}", f"{name}]")]


def use_ascii(enabled: bool) -> None:
    """Draws only ASCII from now on (`--ascii`, or an output encoding that is not UTF-8)."""
    global _symbols
    _symbols = ASCII if enabled else UNICODE


def wants_ascii(stream: TextIO | None = None, environ: Mapping[str, str] | None = None) -> bool:
    """True when the terminal cannot show the Unicode glyphs: its locale (LC_ALL, LC_CTYPE,
    LANG, the first one set) names no UTF-8 character set (`LANG=C`: Python itself writes
    UTF-8 then, but the terminal is told to expect ASCII), or the output's encoding is not
    UTF-8."""
    environ = os.environ if environ is None else environ
    locale = next((environ[k] for k in ("LC_ALL", "LC_CTYPE", "LANG") if environ.get(k)), "")
    if locale and not _utf8(locale.partition(".")[2].partition("@")[0]):
        return True
    return not _utf8((stream or sys.stdout).encoding or "ascii")


def _utf8(encoding: str) -> bool:
    return encoding.replace("-", "").replace("_", "").lower() in ("utf8", "utf8sig")


def logical_lines(fragments: StyleAndTextTuples) -> list[Line]:
    """Splits fragments at "\n" into lines (without the newline)."""
    lines: list[Line] = [[]]
    for fragment in fragments:
        style, text = fragment[0], fragment[1]
        parts = text.split("\n")
        for index, part in enumerate(parts):
            if index:
                lines.append([])
            if part:
                lines[-1].append((style, part))
    if not lines[-1]:
        lines.pop()
    return lines


def _words(line: Line) -> list[tuple[str, str]]:
    """The line as runs of spaces and runs of non-spaces, keeping styles; a fragment styled
    `nowrap` is never cut (its spaces do not end a word)."""
    runs: list[tuple[str, str]] = []
    for fragment in line:
        style, text = fragment[0], fragment[1]
        if "class:nowrap" in style.split():
            runs.append((style, text.replace(" ", "\N{NO-BREAK SPACE}")))
            continue
        current = ""
        for char in text:
            if current and (char == " ") != (current[-1] == " "):
                runs.append((style, current))
                current = ""
            current += char
        if current:
            runs.append((style, current))
    return runs


def width_of(line: Line) -> int:
    return sum(get_cwidth(fragment[1]) for fragment in line)


def wrap_line(line: Line, width: int) -> list[Line]:
    """One logical line cut at spaces into rows of at most `width` cells."""
    if width <= 0:
        return [line]
    text = "".join(fragment[1] for fragment in line)
    indent = len(text) - len(text.lstrip(" "))
    hanging = min(indent + 2, max(0, width // 3))
    rows: list[Line] = []
    row: Line = []
    row_width = 0
    pending: Line = []  # a word being assembled from several styled runs
    pending_width = 0

    def flush_word() -> None:
        nonlocal row, row_width, pending, pending_width
        if not pending:
            return
        if row_width + pending_width > width and row_width > hanging:
            while row and row[-1][1].isspace():  # no trailing spaces
                row.pop()
            rows.append(row)
            row = [("", " " * hanging)] if hanging else []
            row_width = hanging
        while pending_width > width - row_width and row_width == hanging and pending:
            # a single word wider than the row: cut it (nothing else can be done)
            cut = _split_at_width(pending, width - row_width)
            rows.append(row + cut[0])
            row = [("", " " * hanging)] if hanging else []
            row_width = hanging
            pending = cut[1]
            pending_width = width_of(pending)
        row += pending
        row_width += pending_width
        pending, pending_width = [], 0

    for style, text in _words(line):
        if text.isspace() and "\N{NO-BREAK SPACE}" not in text:
            flush_word()
            if row_width == hanging and rows:
                continue  # no leading spaces on a continuation row
            row.append((style, text))
            row_width += get_cwidth(text)
        else:
            pending.append((style, text))
            pending_width += get_cwidth(text)
    flush_word()
    while row and row[-1][1].isspace() and len(row) > 1:
        row.pop()  # no trailing spaces on the last row either
    rows.append(row)
    return rows


def unjoined(row: Line) -> Line:
    """A wrapped row as it is shown: the no-break spaces that held a word group together
    (a move's label) become plain spaces."""
    return [(style, text.replace("\N{NO-BREAK SPACE}", " ")) for style, text, *_ in row]


def _split_at_width(word: Line, width: int) -> tuple[Line, Line]:
    head: Line = []
    tail: Line = []
    used = 0
    for style, text, *_ in word:
        for char in text:
            w = get_cwidth(char)
            if not tail and used + w <= max(1, width):
                head.append((style, char))
                used += w
            else:
                tail.append((style, char))
    return head, tail


def wrap(fragments: StyleAndTextTuples, width: int, shown: bool = True) -> list[Line]:
    """Every logical line of `fragments` wrapped at `width`; with `shown` False the no-break
    spaces are kept, for a caller that cuts rows further (`unjoined` shows them)."""
    rows: list[Line] = []
    if is_ascii():
        fragments = [(fragment[0], plain(fragment[1])) for fragment in fragments]
    for line in logical_lines(fragments):
        rows += wrap_line(line, width)
    return [unjoined(row) for row in rows] if shown else rows


def cut_at_word(row: Line, width: int) -> Line:
    """The row shortened to at most `width` cells, ending at a space between words (a word
    group joined by no-break spaces counts as one word); empty when not even its first word
    fits (scrolling shows it whole)."""
    if width_of(row) <= width:
        return row
    text = "".join(fragment[1] for fragment in row)
    end = text.rfind(" ", 0, width + 1)
    if end <= 0:
        return []
    kept: Line = []
    for style, piece, *_ in row:
        if end <= 0:
            break
        kept.append((style, piece[:end]))
        end -= len(piece)
    while kept and kept[-1][1].isspace():
        kept.pop()
    return kept if width_of(kept) <= width else []


def reflow(text: str) -> str:
    """Help text hard-wrapped for some other width, as logical lines: a line that starts with a
    lower-case letter or a digit continues the one before it; indented lines stay lines."""
    lines: list[str] = []
    for raw in text.splitlines():
        starts = raw[:1]
        if lines and lines[-1] and (starts.islower() or starts.isdigit()):
            lines[-1] += " " + raw.strip()
        else:
            lines.append(raw.rstrip())
    return "\n".join(lines)
