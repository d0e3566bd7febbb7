"""A pane that wraps its text at words and scrolls (PgUp/PgDn, the mouse wheel) when it holds
more rows than it has; markers on its first and last rows say how much more there is. A marker
stands in a row's free space at its right end, or takes a row of its own, so it never hides
text that scrolling would not show either (the help read "you may  ▲ 14 rows up (PgUp)" in
place of "you may not pass without discarding"); a pane of items the keys list elsewhere (the
move list: Tab) may let it take the place of the items that do not fit."""

from __future__ import annotations

from collections.abc import Callable

from prompt_toolkit.formatted_text import StyleAndTextTuples
from prompt_toolkit.layout.controls import UIContent, UIControl
from prompt_toolkit.mouse_events import MouseEvent, MouseEventType

from client.i18n import N_, _, n_
from client.ui.text import Line, cut_at_word, plain, symbols, unjoined, width_of, wrap

PAGE_KEYS = (N_("PgUp"), N_("PgDn"))


class ScrollPane(UIControl):
    """Shows `text()` wrapped to the window's width, from row `scroll` on.

    `follow_end` keeps the newest (last) rows in view until the user scrolls up (the log)."""

    def __init__(
        self,
        text: Callable[[], StyleAndTextTuples],
        follow_end: bool = False,
        keys: tuple[str, str] | None = PAGE_KEYS,
        covers: bool = False,
    ) -> None:
        """`keys` name the keys that scroll the pane in its "more" markers (None: no markers,
        e.g. for a pane only the mouse wheel scrolls); with `covers` a marker takes the place
        of the words that do not fit beside it (a list whose key shows every item)."""
        self.text = text
        self.follow_end = follow_end
        self.keys = keys
        self.covers = covers
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
        most = max(0, len(rows) - height)
        while most < len(rows) and self._layout(rows, most, width, height)[1] < len(rows):
            most += 1  # the up marker took a row of its own: one more row to scroll
        if self.follow_end and self.at_end:
            self.scroll = most
        self.scroll = max(0, min(self.scroll, most))
        self.at_end = self.scroll >= most
        shown, end = self._layout(rows, self.scroll, width, height)
        self.rows_shown = max(1, end - self.scroll)  # the text's rows, not the markers'
        shown = [unjoined(row) for row in shown]

        def line(index: int) -> StyleAndTextTuples:
            return shown[index] if index < len(shown) else []

        return UIContent(get_line=line, line_count=len(shown), show_cursor=False)

    def _layout(
        self, rows: list[Line], scroll: int, width: int, height: int
    ) -> tuple[list[Line], int]:
        """The rows shown from `scroll` on, with their markers, and the end of what they show."""
        if self.keys is None or height <= 0:
            return rows[scroll : scroll + height], min(len(rows), scroll + height)
        up_key, down_key = (plain(_(key)) for key in self.keys)
        top: Line | None = None  # the up marker's own row, when it needs one
        first = scroll
        if scroll > 0:
            up = n_("%d row up", "%d rows up", scroll) % scroll
            tag = f" {symbols().more_above} {up} ({up_key})"
            if self.covers or height == 1 or self._fits(rows[scroll], width, tag):
                rows = [*rows[:scroll], self._marker(rows[scroll], width, tag), *rows[scroll + 1 :]]
            else:
                top = self._marker([], width, tag)
        room = height - (top is not None)
        end = min(len(rows), first + room)
        if end < len(rows):
            below = len(rows) - end
            more = n_("%d more row", "%d more rows", below) % below
            tag = f" {symbols().more_below} {more} ({down_key})"
            if not (self.covers or room == 1 or self._fits(rows[end - 1], width, tag)):
                end -= 1  # the marker takes the last row; recount what is below
                below = len(rows) - end
                more = n_("%d more row", "%d more rows", below) % below
                tag = f" {symbols().more_below} {more} ({down_key})"
                shown = [*rows[first:end], self._marker([], width, tag)]
            else:
                shown = [*rows[first : end - 1], self._marker(rows[end - 1], width, tag)]
        else:
            shown = rows[first:end]
        return ([top] if top is not None else []) + shown, end

    @staticmethod
    def _fits(row: Line, width: int, tag: str) -> bool:
        """Whether `tag` fits in the row's free space at its right end."""
        return width_of(row) + len(tag) <= width

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
