"""Builds the client's message catalogs with Babel: `python -m tools.catalog` (= `make i18n`).

The template holds every string the client passes to `_`, `n_` or `N_`, and the words that
reach the client as data: card names (from the wire enums), Battlefield titles, game titles,
the descriptions of the game and table options (as ListGames sends them) and the games' help
lines (as the client re-flows them). Each language's `.po` is merged with the template and
compiled to the `.mo` beside it; both are committed, so a clean clone needs no build step. This
is a build tool: it may read the engine and the server, the client never does.
"""

from __future__ import annotations

import io
import sys
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from client.i18n import DOMAIN, LANGUAGES, LOCALE_DIR
from client.ui.text import reflow

ROOT = Path(__file__).resolve().parent.parent
KEYWORDS = {"_": None, "n_": (1, 2), "N_": None}


def data_words() -> list[str]:
    """The English words the client shows that arrive as data rather than code."""
    from tigerden.v1 import doors_pb2, koikoi_pb2

    from engine import GAMES
    from engine.tiger_dragon.battlefields import CARDS
    from server.clock import TABLE_OPTIONS
    from server.hints import HINTS

    words: list[str] = []
    for enum, prefix in (
        (koikoi_pb2.KoikoiCard, "KOIKOI_CARD_"),
        (doors_pb2.DoorsCard, "DOORS_CARD_"),
    ):
        for value in enum.DESCRIPTOR.values:
            name = value.name
            if not name.endswith("UNSPECIFIED"):
                words.append(name.removeprefix(prefix).lower().replace("_", "-"))
    words += [card.title for card in CARDS.values()]
    options = [*TABLE_OPTIONS, HINTS]
    for game in GAMES.values():
        words.append(game.info.title)
        options += game.info.options
        words += [line for line in reflow(game.info.help).splitlines() if line.strip()]
    for option in options:
        # The create form and the match detail name options and their values in words
        # (client/ui/lobby_state.py option_label, option_value); values that are numbers or
        # clocks are shown as they are.
        words += [option.description, option.name]
        words += [f"{option.name}={v}" for v in option.values if not any(c.isdigit() for c in v)]
    return words


SOURCES = ("client", "cli")
"""The packages whose strings people read: the client and the `tigerden` command."""

WEB_SOURCES = "web/src"
"""The browser client's TypeScript (web/): its `_`, `n_` and `N_` calls join the same catalog,
so the page and the terminal share one set of words (`tools.web` exports them to the page);
its generated code (`gen/`) holds none."""
WEB_METHODS = [("gen/**", "ignore"), ("**.ts", "javascript")]


def template() -> Catalog:
    catalog = Catalog(project="tigerden", domain=DOMAIN, fuzzy=False)
    for package in SOURCES:
        found = extract_from_dir(
            str(ROOT / package), method_map=[("**.py", "python")], keywords=KEYWORDS
        )
        for filename, lineno, message, comments, _context in found:
            location = (f"{package}/{filename}", lineno)
            catalog.add(message, locations=[location], auto_comments=comments)
    for filename, lineno, message, comments, _context in extract_from_dir(
        str(ROOT / WEB_SOURCES), method_map=WEB_METHODS, keywords=KEYWORDS
    ):
        location = (f"{WEB_SOURCES}/{filename}", lineno)
        catalog.add(message, locations=[location], auto_comments=comments)
    for word in data_words():
        catalog.add(word, locations=[("(data)", 0)])
    return catalog


def po_path(language: str) -> Path:
    return LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def compiled(language: str) -> bytes:
    """The `.mo` the language's `.po` compiles to."""
    with po_path(language).open("rb") as source:
        catalog = read_po(source, locale=language)
    out = io.BytesIO()
    write_mo(out, catalog, use_fuzzy=False)
    return out.getvalue()


def messages(catalog: Catalog) -> list[tuple[object, object, object]]:
    """What a catalog says, without its header: (id, translation, locations) in order."""
    return [(m.id, m.string, tuple(m.locations)) for m in catalog if m.id]


def untranslated(catalog: Catalog) -> list[Message]:
    """Messages with an empty translation (any plural form empty) or marked fuzzy."""
    found = []
    for message in catalog:
        if not message.id:
            continue
        forms = message.string if isinstance(message.string, (list, tuple)) else [message.string]
        if message.fuzzy or not all(forms):
            found.append(message)
    return found


def update() -> None:
    """Merges the template into every language's `.po` and compiles it."""
    fresh = template()
    for language in LANGUAGES:
        if language == "en":
            continue
        path = po_path(language)
        path.parent.mkdir(parents=True, exist_ok=True)
        if path.exists():
            with path.open("rb") as source:
                catalog = read_po(source, locale=language)
        else:
            catalog = Catalog(locale=language, project="tigerden", domain=DOMAIN, fuzzy=False)
        before = messages(catalog)
        catalog.update(fresh, no_fuzzy_matching=True)
        if not (path.exists() and messages(catalog) == before):  # else only the date changes
            with path.open("wb") as out:
                write_po(
                    out,
                    catalog,
                    width=100,
                    omit_header=False,
                    sort_output=False,
                    ignore_obsolete=True,
                )
        path.with_suffix(".mo").write_bytes(compiled(language))
        missing = [m.id for m in untranslated(catalog)]
        print(f"{path.relative_to(ROOT)}: {len(catalog)} messages, {len(missing)} untranslated")


if __name__ == "__main__":
    update()
    sys.exit(0)
