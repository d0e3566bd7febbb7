"""The committed browser bundle (web/dist/) is built from the sources as they are: a change to
web/src, the build files or proto/ without `make web` fails here, and so does a catalog whose
exported words (web/src/gen/catalog.json) no longer match client/locale — without Node, like
the message catalog test. The lockfile names no registry, so `npm ci` uses whichever the
machine is set up for."""

from __future__ import annotations

import json
import re

from tools.catalog import WEB_SOURCES, template
from tools.web import CATALOG, STAMP, WEB, catalog_text, sources_hash


def test_the_bundle_is_built_from_the_current_sources() -> None:
    assert STAMP.read_text(encoding="ascii").strip() == sources_hash(), (
        "web/dist/ is older than its sources: run `make web` and commit web/"
    )


def test_the_exported_catalog_matches_client_locale() -> None:
    assert CATALOG.read_text(encoding="utf-8") == catalog_text(), (
        "web/src/gen/catalog.json differs from client/locale: run `make web`"
    )


def test_the_page_has_german_for_its_own_words() -> None:
    german = json.loads(CATALOG.read_text(encoding="utf-8"))["de"]
    for word in ("reconnecting…", "your move", "take {card}", "jan-crane", "{name} sat down"):
        assert german.get(word), word


def test_the_lockfile_names_no_registry() -> None:
    lock = json.loads((WEB / "package-lock.json").read_text(encoding="utf-8"))
    packages = lock["packages"]
    assert len(packages) > 3
    assert not [name for name, entry in packages.items() if "resolved" in entry]
    assert (WEB / ".npmrc").read_text().strip() == "omit-lockfile-registry-resolved=true"


def test_every_word_the_page_marks_reaches_the_catalog() -> None:
    """Babel's JavaScript extractor does not look inside template literals: a `_("...")` there
    would never be translated, so the sources keep every marked word outside them."""
    extracted = {
        m.id if isinstance(m.id, str) else m.id[0]
        for m in template()
        if m.id and any(path.startswith(WEB_SOURCES) for path, _line in m.locations)
    }
    marked = re.compile(r'\b(?:_|n_|N_)\("((?:[^"\\]|\\.)*)"')
    missed = [
        (path.name, word)
        for path in sorted((WEB / "src").glob("*.ts"))
        for word in marked.findall(path.read_text(encoding="utf-8"))
        if word not in extracted
    ]
    assert not missed, f"marked for the catalog but not extracted (inside a template?): {missed}"
