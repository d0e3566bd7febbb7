"""Build steps of the browser client (web/) that belong to Python: `python -m tools.web catalog`
exports the words the page uses from the gettext catalogs (client/locale/*/tigerden.po) to
web/src/gen/catalog.json, so the page speaks the terminal client's words; `python -m tools.web
stamp` records, after esbuild has bundled web/dist/, the hash of every source the bundle was
built from. `make web` runs both around `buf generate` and esbuild; the test suite recomputes
both (tests/client/test_web_bundle.py), so a bundle older than its sources fails without Node.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

from babel.messages.pofile import read_po

from client.i18n import LANGUAGES
from tools.catalog import WEB_SOURCES, po_path

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "web"
CATALOG = WEB / "src" / "gen" / "catalog.json"
STAMP = WEB / "dist" / "SOURCES.sha256"
SOURCE_FILES = (
    "index.html",
    "style.css",
    "build.mjs",
    "buf.gen.yaml",
    "package.json",
    "package-lock.json",
    "tsconfig.json",
)
"""The files in web/ besides src/ that go into the bundle or decide how it is built."""


def catalog() -> dict[str, dict[str, str | list[str]]]:
    """Each language's translations of the messages the page uses: those the web sources
    mark, and the words that arrive as data (card names, option descriptions, titles)."""
    exported: dict[str, dict[str, str | list[str]]] = {"en": {}}
    for language in LANGUAGES:
        if language == "en":
            continue
        with po_path(language).open("rb") as source:
            po = read_po(source, locale=language)
        words: dict[str, str | list[str]] = {}
        for message in po:
            if not message.id or not any(
                path.startswith(WEB_SOURCES) or path == "(data)"
                for path, _line in message.locations
            ):
                continue
            if isinstance(message.id, str):
                words[message.id] = str(message.string)
            else:
                words[str(message.id[0])] = [str(form) for form in message.string or ()]
        exported[language] = dict(sorted(words.items()))
    return exported


def catalog_text() -> str:
    return json.dumps(catalog(), ensure_ascii=False, indent=0, sort_keys=True) + "\n"


def sources() -> list[Path]:
    """Every file the bundle is built from, in a fixed order: web/src (generated code and the
    exported catalog included), the build files, and the .proto files the code is generated
    from."""
    files = sorted(p for p in (WEB / "src").rglob("*") if p.is_file())
    files += [WEB / name for name in SOURCE_FILES]
    files += sorted((ROOT / "proto" / "tigerden" / "v1").glob("*.proto"))
    return files


def sources_hash() -> str:
    digest = hashlib.sha256()
    for path in sources():
        digest.update(path.relative_to(ROOT).as_posix().encode() + b"\0")
        digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()


def main(argv: list[str]) -> int:
    if argv == ["catalog"]:
        CATALOG.parent.mkdir(parents=True, exist_ok=True)
        CATALOG.write_text(catalog_text(), encoding="utf-8")
        return 0
    if argv == ["stamp"]:
        STAMP.write_text(sources_hash() + "\n", encoding="ascii")
        return 0
    print("usage: python -m tools.web catalog|stamp", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
