"""The lobby's keys, by what is on screen: browsing the lists (arrows or j/k, Enter or a seat's
digit joins, w watches, n opens the form, Tab switches to the servers, q quits), a question on
the status line (a private match's join code), or the create-match form (arrows choose and
change, typing fills a free line, Enter creates, Esc goes back). A choice ends the app with a
`LobbyChoice` for the session to carry out."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from prompt_toolkit.filters import Condition, Filter
from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent, merge_key_bindings
from prompt_toolkit.key_binding.key_bindings import KeyBindingsBase
from tigerden.v1 import lobby_pb2

from client.i18n import _
from client.ui.lobby_state import (
    Action,
    Asking,
    CreateForm,
    Focus,
    LobbyChoice,
    LobbyState,
    ServerEntry,
)


@dataclass(frozen=True)
class Modes:
    """What the lobby is doing: asking a question, browsing the lists, filling the form (and
    typing on a free line of it)."""

    asking: Filter
    browsing: Filter
    creating: Filter
    typing: Filter

    @classmethod
    def of(cls, state: LobbyState) -> Modes:
        asking = Condition(lambda: state.asking is not None)
        creating = Condition(lambda: state.form is not None) & ~asking
        return cls(
            asking=asking,
            browsing=Condition(lambda: state.form is None) & ~asking,
            creating=creating,
            typing=creating & Condition(lambda: state.form is not None and state.form.row.free),
        )


def lobby_keys(
    state: LobbyState, modes: Modes, connect: Callable[[ServerEntry], None]
) -> KeyBindingsBase:
    """Every key of the lobby; `connect` switches to another server (the session does it)."""
    return merge_key_bindings(
        [
            browse_keys(state, modes.browsing, connect),
            ask_keys(state, modes.asking),
            watch_keys(state, modes.browsing),
            form_keys(state, modes.creating, modes.typing),
        ]
    )


def join(
    event: KeyPressEvent, state: LobbyState, match: lobby_pb2.MatchInfo, seat: int | None
) -> None:
    """Joins `match` (at `seat`), or takes this person's seat in it back; a second seat of a
    match they sit in is not offered, and a private match asks for its code."""
    mine = state.my_seats.get(match.match_id)
    if mine is not None:
        if seat is not None and seat != mine:
            state.status = _(
                "you hold seat {seat} of this match, and one seat is a person's: "
                "Enter takes yours back"
            ).format(seat=mine)
            return
        event.app.exit(result=LobbyChoice(Action.JOIN, match.match_id, mine))
        return
    clash = state.clash(match)
    if clash is not None and state.confirmed != match.match_id:
        state.confirmed = match.match_id
        state.status = _(
            "{name} already sits in seat {seat}: if that is you, go back to it with its "
            "--token; Enter again joins as a second {name}"
        ).format(name=clash.name, seat=clash.seat)
        return
    if match.private:
        question = _("match {id} is private: its join code? ").format(id=match.match_id)
        state.asking = Asking(question, match.match_id, seat)
        return
    event.app.exit(result=LobbyChoice(Action.JOIN, match.match_id, seat))


def enter(event: KeyPressEvent, state: LobbyState, connect: Callable[[ServerEntry], None]) -> None:
    """Enter on the servers connects to the selected one; on a match, joins it (or says why
    not: it is over, it has no free seat)."""
    if state.focus is Focus.SERVERS:
        if state.servers:
            connect(state.servers[state.server_cursor])
            state.focus = Focus.MATCHES
        return
    match = state.selected_match
    if match is None:
        state.status = _("no match selected: press n to create one")
    elif match.match_id in state.my_seats:
        join(event, state, match, None)
    elif match.status == lobby_pb2.MATCH_STATUS_FINISHED:
        state.status = _("match {id} is over: w shows how it ended").format(id=match.match_id)
    elif not any(not s.taken and not s.reserved for s in match.seats):
        state.status = _("match {id} has no free seat: w watches it").format(id=match.match_id)
    else:
        join(event, state, match, None)


def take_seat(event: KeyPressEvent, state: LobbyState) -> None:
    """A digit takes that seat of the selected match (to sit with a partner)."""
    match = state.selected_match
    number = int(event.key_sequence[0].key)
    if match is None or number >= len(match.seats):
        state.status = _("no seat {number} in this match").format(number=number)
    elif state.my_seats.get(match.match_id) == number:
        join(event, state, match, number)
    elif match.seats[number].taken or match.seats[number].reserved:
        state.status = _("seat {number} is not free").format(number=number)
    else:
        join(event, state, match, number)


def browse_keys(
    state: LobbyState, browsing: Filter, connect: Callable[[ServerEntry], None]
) -> KeyBindings:
    bindings = KeyBindings()

    @bindings.add("c-q")
    @bindings.add("c-c")
    @bindings.add("q", filter=browsing)
    def quit_(event: KeyPressEvent) -> None:
        event.app.exit(result=LobbyChoice(Action.QUIT))

    @bindings.add("up", filter=browsing)
    @bindings.add("k", filter=browsing)
    def up(event: KeyPressEvent) -> None:
        state.move(-1)

    @bindings.add("down", filter=browsing)
    @bindings.add("j", filter=browsing)
    def down(event: KeyPressEvent) -> None:
        state.move(1)

    @bindings.add("tab", filter=browsing)
    def switch(event: KeyPressEvent) -> None:
        state.focus = Focus.SERVERS if state.focus is Focus.MATCHES else Focus.MATCHES

    bindings.add("enter", filter=browsing)(lambda event: enter(event, state, connect))
    for digit in "0123456789":
        bindings.add(digit, filter=browsing)(lambda event: take_seat(event, state))
    return bindings


def ask_keys(state: LobbyState, asking: Filter) -> KeyBindings:
    """Typing the answer to the question on the status line."""
    bindings = KeyBindings()

    @bindings.add("<any>", filter=asking)
    def ask_type(event: KeyPressEvent) -> None:
        assert state.asking is not None
        if event.data.isprintable():
            state.asking.text += event.data

    @bindings.add("backspace", filter=asking)
    def ask_erase(event: KeyPressEvent) -> None:
        assert state.asking is not None
        state.asking.text = state.asking.text[:-1]

    @bindings.add("enter", filter=asking)
    def ask_done(event: KeyPressEvent) -> None:
        question, state.asking = state.asking, None
        assert question is not None
        if question.text.strip():
            choice = LobbyChoice(Action.JOIN, question.match_id, question.seat, question.text)
            event.app.exit(result=choice)

    @bindings.add("escape", filter=asking)
    def ask_cancel(event: KeyPressEvent) -> None:
        state.asking = None

    return bindings


def watch_keys(state: LobbyState, browsing: Filter) -> KeyBindings:
    """w watches the selected match; n opens the create-match form."""
    bindings = KeyBindings()

    @bindings.add("w", filter=browsing)
    def watch(event: KeyPressEvent) -> None:
        match = state.selected_match
        if match is not None:
            event.app.exit(result=LobbyChoice(Action.WATCH, match.match_id))

    @bindings.add("n", filter=browsing)
    def new(event: KeyPressEvent) -> None:
        if not state.games:
            state.status = _("not connected to a server yet")
            return
        state.form = CreateForm(list(state.games), state.levels)

    return bindings


def form_keys(state: LobbyState, creating: Filter, typing: Filter) -> KeyBindings:
    """The create-match form: choose a line, change its value, type, create, go back."""
    bindings = KeyBindings()

    def form() -> CreateForm:
        assert state.form is not None
        return state.form

    bindings.add("up", filter=creating)(lambda event: form().move(-1))
    bindings.add("down", filter=creating)(lambda event: form().move(1))
    bindings.add("left", filter=creating)(lambda event: form().change(-1))
    bindings.add("right", filter=creating)(lambda event: form().change(1))
    bindings.add("space", filter=creating & ~typing)(lambda event: form().change(1))

    @bindings.add("<any>", filter=typing)
    def form_type(event: KeyPressEvent) -> None:
        if event.data.isprintable():
            form().row.type(event.data)

    bindings.add("backspace", filter=typing)(lambda event: form().row.erase())

    @bindings.add("enter", filter=creating)
    def form_enter(event: KeyPressEvent) -> None:
        """Enter creates the match from any line, as the footer says."""
        event.app.exit(result=LobbyChoice(Action.CREATE))

    @bindings.add("escape", filter=creating)
    @bindings.add("q", filter=creating & ~typing)
    def form_cancel(event: KeyPressEvent) -> None:
        state.form = None

    return bindings
