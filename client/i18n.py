"""Every string the client shows goes through `_` (or `n_` for plurals) from here.

Catalogs are gettext `.po` files in `client/locale/LANG/LC_MESSAGES/tigerden.po`, compiled to the
`.mo` beside them (`make i18n` extracts, merges and compiles with Babel; the compiled `.mo` is
committed so a clean clone works, and a test fails when it is stale). The language is chosen
once per process by `set_language` (`--lang`, else LANGUAGE/LC_ALL/LC_MESSAGES/LANG).
"""

from __future__ import annotations

import gettext
import os
from pathlib import Path

DOMAIN = "tigerden"
LOCALE_DIR = Path(__file__).parent / "locale"
LANGUAGES = ("en", "de")
"""The languages with a catalog; English is the source language (no catalog needed)."""

_translation: gettext.NullTranslations = gettext.NullTranslations()
_language = "en"


def language_from_env(environ: dict[str, str] | None = None) -> str:
    """The first supported language named by LANGUAGE, LC_ALL, LC_MESSAGES or LANG."""
    env = os.environ if environ is None else environ
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(variable, "")
        for part in value.split(":"):
            code = part.split(".")[0].split("_")[0].lower()
            if code in LANGUAGES:
                return code
        if value and value not in ("C", "POSIX"):
            return "en"  # the first variable that is set decides, as gettext does
    return "en"


def set_language(language: str | None = None) -> str:
    """Switches every later `_` call to `language` (default: from the environment); returns
    the language chosen."""
    global _translation, _language
    chosen = language or language_from_env()
    if chosen not in LANGUAGES:
        raise ValueError(f"no catalog for language {chosen!r}; choose one of {LANGUAGES}")
    _language = chosen
    _translation = (
        gettext.NullTranslations()
        if chosen == "en"
        else gettext.translation(DOMAIN, LOCALE_DIR, languages=[chosen])
    )
    return chosen


def language() -> str:
    return _language


def _(message: str) -> str:
    """`message` in the current language."""
    return _translation.gettext(message)


def n_(singular: str, plural: str, count: int) -> str:
    """The singular or plural form for `count` in the current language (format it after)."""
    return _translation.ngettext(singular, plural, count)


def N_(message: str) -> str:
    """Marks `message` for the catalog without translating it: it is translated where it is
    shown (tables of phases, key names), after the language is chosen."""
    return message
