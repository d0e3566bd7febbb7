"""The one sanitiser for text one client shows another."""

from __future__ import annotations

import pytest

from server.sanitise import clean_line


@pytest.mark.parametrize(
    ("raw", "clean"),
    [
        ("\x1b[31mred\x1b[0m", "red"),  # CSI colour: gone whole, no "[31m" debris
        ("\x1b]0;title\x07hi", "hi"),  # OSC window title
        ("\x1b]8;;http://x\x1b\\link", "link"),  # OSC hyperlink ended by ST
        ("a\x1b7b\x1b8c", "abc"),  # cursor save/restore
        ("\x9b2Jboom", "boom"),  # 8-bit CSI: clear screen
        ("two\nlines\r\there", "two lines here"),  # one line
        ("bell\x07 and \x00nul", "bell and nul"),
        ("\u202eevil", "evil"),  # bidi override
        ("  Grüße, 花札!  ", "Grüße, 花札!"),  # printable text stays
    ],
)
def test_clean_line_keeps_printable_text_only(raw: str, clean: str) -> None:
    assert clean_line(raw) == clean
