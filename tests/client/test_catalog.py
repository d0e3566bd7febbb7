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
from tigerden.v1 import lobby_pb2

from client.i18n import _, language_from_env, n_, set_language
from client.ui.games.doors import screen as doors
from client.ui.games.koikoi import screen as koikoi
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


@pytest.mark.usefixtures("german")
def test_german_words_agree_and_every_move_label_is_an_imperative() -> None:
    """`ada (du): 1 Punkte (gestoppt)`, `ging aus mit [8]`, and labels in three forms: `wirf
    blau-dame` without its "ab", the noun `abwehr 7`, the infinitive `passen`."""
    from tigerden.v1 import doors_pb2, koikoi_pb2, match_pb2
    from tigerden.v1 import tiger_dragon_pb2 as td

    from client.ui.games.tiger_dragon import screen as tiger_dragon
    from client.ui.model import ClientState

    state = ClientState(lobby_pb2.Game(game_id="koikoi"), "m1")
    state.snapshot = match_pb2.Snapshot(
        viewer_seat=0, seats=[lobby_pb2.Seat(seat=0, name="ada"), lobby_pb2.Seat(seat=1, name="bo")]
    )
    deal = koikoi_pb2.KoikoiDealSummary(deal=1, winner=0, points=1)
    assert "ada (du): 1 Punkt (" in fragment_list_to_text(koikoi.summary_lines(state, deal))
    last = td.TigerDragonRoundSummary(
        round=2, winner=0, winning_tile=td.TIGER_DRAGON_TILE_EIGHT, points=3
    )
    line = fragment_list_to_text(tiger_dragon.summary_lines(state, last))
    assert "ada (du) ging mit [8] aus" in line, line
    labels = [
        doors.move_label(match_pb2.Move(doors=doors_pb2.DoorsMove(discard=doors_pb2.DoorsDiscard(card=doors_pb2.DOORS_CARD_RED_LADY)))),
        doors.move_label(match_pb2.Move(doors=doors_pb2.DoorsMove(pass_turn=doors_pb2.DoorsPass()))),
        tiger_dragon.move_label(match_pb2.Move(tiger_dragon=td.TigerDragonMove(defend=td.TigerDragonDefend(tile=td.TIGER_DRAGON_TILE_SEVEN)))),
        tiger_dragon.move_label(match_pb2.Move(tiger_dragon=td.TigerDragonMove(attack=td.TigerDragonAttack(tile=td.TIGER_DRAGON_TILE_FIVE)))),
        tiger_dragon.move_label(match_pb2.Move(tiger_dragon=td.TigerDragonMove(place_face_down=td.TigerDragonPlaceFaceDown(tile=td.TIGER_DRAGON_TILE_TWO)))),
    ]  # fmt: skip
    assert labels == [
        "wirf rot-dame ab",
        "passe",
        "wehr mit 7 ab",
        "greif mit 5 an",
        "leg 2 verdeckt",
    ]


def test_the_doors_winner_s_gems_come_first() -> None:
    """`bob wins the match 5-10`: the winner's score came second."""
    from tigerden.v1 import doors_pb2, match_pb2

    from client.ui.games.doors.events import describe
    from client.ui.model import ClientState

    state = ClientState(lobby_pb2.Game(game_id="doors"), "m1")
    state.snapshot = match_pb2.Snapshot(
        viewer_seat=0,
        seats=[lobby_pb2.Seat(seat=0, name="ada"), lobby_pb2.Seat(seat=1, name="bob")],
    )
    ended = doors_pb2.DoorsEvent(match_ended=doors_pb2.DoorsMatchEnded(winner=1, gems=[5, 10]))
    described = describe(state, match_pb2.Event(doors=ended))
    assert described is not None and described.text == "bob wins the match 10-5"
