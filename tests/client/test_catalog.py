"""German and English: every string the client shows has a German translation with the same
placeholders, the committed `.mo` is what the `.po` compiles to, plural forms are right, the
language follows --lang or the environment, and the German screens show German names."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po
from prompt_toolkit.formatted_text import fragment_list_to_text

from client.i18n import _, language_from_env, n_, set_language
from client.ui import doors, koikoi
from tests.client.positions import SETUPS, client_for, positions
from tests.client.screen import screen_text
from tools.catalog import compiled, po_path, template, untranslated

PLACEHOLDER = re.compile(r"\{[a-z_]+(?:![a-z])?\}|%d")


@pytest.fixture
def german() -> Iterator[None]:
    set_language("de")
    yield
    set_language("en")


def german_catalog() -> Catalog:
    with po_path("de").open("rb") as source:
        return read_po(source, locale="de")


def test_every_message_has_a_german_translation() -> None:
    catalog = german_catalog()
    wanted = {
        message.id if isinstance(message.id, str) else tuple(message.id)
        for message in template()
        if message.id
    }
    have = {
        message.id if isinstance(message.id, str) else tuple(message.id)
        for message in catalog
        if message.id
    }
    assert not wanted - have, f"not in de.po (run `make i18n`): {sorted(map(str, wanted - have))}"
    assert not untranslated(catalog), [m.id for m in untranslated(catalog)]


def test_translations_keep_their_placeholders() -> None:
    for message in german_catalog():
        if not message.id:
            continue
        ids = [message.id] if isinstance(message.id, str) else list(message.id)
        strings = (
            [message.string] if isinstance(message.string, str) else list(message.string or ())
        )
        wanted = sorted(PLACEHOLDER.findall(ids[-1]))
        for string in strings:
            assert sorted(PLACEHOLDER.findall(string)) == wanted, (message.id, string)


def test_the_committed_mo_is_the_compiled_po() -> None:
    assert po_path("de").with_suffix(".mo").read_bytes() == compiled("de"), "run `make i18n`"


@pytest.mark.usefixtures("german")
def test_plural_forms_in_german() -> None:
    assert n_("{count} card", "{count} cards", 1).format(count=1) == "1 Karte"
    assert n_("{count} card", "{count} cards", 2).format(count=2) == "2 Karten"
    assert n_("{count} card", "{count} cards", 0).format(count=0) == "0 Karten"
    assert _("jan-crane") == "jan-kranich"


def test_plural_forms_in_english() -> None:
    assert n_("{count} card", "{count} cards", 1).format(count=1) == "1 card"
    assert n_("{count} card", "{count} cards", 0).format(count=0) == "0 cards"


def test_the_language_follows_the_environment() -> None:
    assert language_from_env({"LANG": "de_DE.UTF-8"}) == "de"
    assert language_from_env({"LC_ALL": "en_GB.UTF-8", "LANG": "de_DE.UTF-8"}) == "en"
    assert language_from_env({"LANGUAGE": "fr:de", "LANG": "en_US"}) == "de"
    assert language_from_env({"LANG": "C"}) == "en"
    assert language_from_env({}) == "en"
    with pytest.raises(ValueError, match="no catalog"):
        set_language("fr")


@pytest.mark.usefixtures("german")
def test_german_screens_name_every_card_in_german() -> None:
    for state, events in positions(SETUPS[1], 12, seed=4):
        client = client_for(SETUPS[1], state, 0, events)
        shown = " ".join(screen_text(client, 80, 24).split())
        view = client.snapshot.view.koikoi  # type: ignore[union-attr]
        assert "Brett:" in shown and ("Lichter" in shown or "noch nichts genommen" in shown)
        for number in [*view.board, *view.hand.cards]:
            assert fragment_list_to_text(koikoi.card(None, number)) in shown
        assert "Board:" not in shown and "in hand" not in shown
    for state, events in positions(SETUPS[0], 8, seed=4):
        client = client_for(SETUPS[0], state, 1, events)
        shown = " ".join(screen_text(client, 80, 24).split())
        view = client.snapshot.view.doors  # type: ignore[union-attr]
        assert (
            "Auslage: " + " ".join(fragment_list_to_text(doors.card(None, n)) for n in view.display)
            in shown
        )
        assert "Edelsteine:" in shown
    for state, _events in positions(SETUPS[6], 8, seed=4):
        shown = screen_text(client_for(SETUPS[6], state, 2), 80, 24)
        assert shown.count("auf der Hand") == 4 and "Wertungskarte:" in shown
