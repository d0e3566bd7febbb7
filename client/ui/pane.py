"""A pane that wraps its text at words and scrolls (PgUp/PgDn, the mouse wheel) when it holds
more rows than it has; a marker on its last row says how much more there is."""

from __future__ import annotations

from collections.abc import Callable

from prompt_toolkit.formatted_text import StyleAndTextTuples
from prompt_toolkit.layout.controls import UIContent, UIControl
from prompt_toolkit.mouse_events import MouseEvent, MouseEventType

from client.i18n import n_
from client.ui.text import Line, cut_at_word, symbols, unjoined, width_of, wrap


class ScrollPane(UIControl):
    """Shows `text()` wrapped to the window's width, from row `scroll` on.

    `follow_end` keeps the newest (last) rows in view until the user scrolls up (the log)."""

    def __init__(
        self,
        text: Callable[[], StyleAndTextTuples],
        follow_end: bool = False,
        keys: tuple[str, str] | None = ("PgUp", "PgDn"),
    ) -> None:
        """`keys` name the keys that scroll the pane in its "more" markers (None: no markers,
        e.g. for a pane only the mouse wheel scrolls)."""
        self.text = text
        self.follow_end = follow_end
        self.keys = keys
        self.scroll = 0
        self.at_end = True
        self.rows_total = 0
        self.rows_shown = 0

    def rows(self, width: int) -> list[Line]:
        """The text wrapped, word groups still joined (a marker must not split one)."""
        return wrap(self.text(), width, shown=False)

    def preferred_width(self, max_available_width: int) -> int | None:
        return max_available_width

    def preferred_height(
        self,
        width: int,
        max_available_height: int,
        wrap_lines: bool,
        get_line_prefix: object,
    ) -> int | None:
        return len(self.rows(width))

    def is_focusable(self) -> bool:
        return False

    def page(self, pages: float) -> None:
        """Scrolls by `pages` screens (negative: up)."""
        self.scroll += int(pages * max(1, self.rows_shown - 1)) or (1 if pages > 0 else -1)
        self.at_end = False

    def create_content(self, width: int, height: int | None) -> UIContent:
        rows = self.rows(width)
        self.rows_total = len(rows)
        if height is None:
            height = len(rows)
        self.rows_shown = height
        most = max(0, len(rows) - height)
        if self.follow_end and self.at_end:
            self.scroll = most
        self.scroll = max(0, min(self.scroll, most))
        self.at_end = self.scroll >= most
        shown = rows[self.scroll : self.scroll + height]
        below = len(rows) - self.scroll - len(shown)
        if self.keys is not None and below > 0 and shown:
            more = n_("%d more row", "%d more rows", below) % below
            key = self.keys[1]
            shown[-1] = self._marker(shown[-1], width, f" {symbols().more_below} {more} ({key})")
        if self.keys is not None and self.scroll > 0 and shown:
            up = n_("%d row up", "%d rows up", self.scroll) % self.scroll
            key = self.keys[0]
            shown[0] = self._marker(shown[0], width, f" {symbols().more_above} {up} ({key})")

        shown = [unjoined(row) for row in shown]

        def line(index: int) -> StyleAndTextTuples:
            return shown[index] if index < len(shown) else []

        return UIContent(get_line=line, line_count=len(shown), show_cursor=False)

    def _marker(self, row: Line, width: int, tag: str) -> Line:
        """The row with `tag` ("▼ 3 more rows (PgDn)") at its right end, in place of the
        words that do not fit beside it (never half a word)."""
        kept = cut_at_word(row, width - len(tag))
        pad = max(0, width - len(tag) - width_of(kept))
        return [*kept, ("", " " * pad), ("class:more", tag)]

    def mouse_handler(self, mouse_event: MouseEvent) -> object:
        if mouse_event.event_type == MouseEventType.SCROLL_UP:
            self.scroll -= 3
            self.at_end = False
            return None
        if mouse_event.event_type == MouseEventType.SCROLL_DOWN:
            self.scroll += 3
            return None
        return NotImplemented
