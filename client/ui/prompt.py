"""The move prompt: a one-line `TextArea` whose completer offers the newest snapshot's legal
moves; Enter sends the move the text names (by number, label, a unique start or its words),
carries out a /command, or says in the status why it cannot; Tab completes."""

from __future__ import annotations

from collections.abc import Callable, Coroutine, Iterable
from typing import Any

from prompt_toolkit.application import get_app
from prompt_toolkit.buffer import Buffer
from prompt_toolkit.completion import CompleteEvent, Completer, Completion
from prompt_toolkit.document import Document
from prompt_toolkit.layout import Container
from prompt_toolkit.widgets import TextArea
from tigerden.v1 import match_pb2

from client.i18n import _
from client.ui.commands import COMMANDS
from client.ui.model import ClientState

Send = Callable[[int, match_pb2.Move], Coroutine[Any, Any, None]]
"""Sends one move chosen at the given version (the seat's Play stream)."""


class MoveCompleter(Completer):
    """Completes the legal moves of the newest snapshot that the typed text names; offers
    nothing for an empty prompt unless asked (Tab), so a late completion after a sent move
    cannot open a menu of stale moves."""

    def __init__(self, state: ClientState) -> None:
        self.state = state

    def get_completions(
        self, document: Document, complete_event: CompleteEvent
    ) -> Iterable[Completion]:
        text = document.text
        if not text.strip():
            if not complete_event.completion_requested:
                return
            found = list(self.state.snapshot.legal_moves) if self.state.snapshot else []
        else:
            found = self.state.matching(text)
        for move in found:
            yield Completion(self.state.label_of(move), start_position=-len(text))


def common_start(labels: list[str]) -> str:
    """The longest text every label starts with (character by character)."""
    if not labels:
        return ""
    start = labels[0]
    for label in labels[1:]:
        while not label.startswith(start):
            start = start[:-1]
    return start


class MovePrompt:
    """The prompt of a table: `send` is None for a spectator (who may still type /commands,
    handed to `run_command`); `sent` is told when a move went off."""

    def __init__(
        self,
        state: ClientState,
        send: Send | None,
        run_command: Callable[[str], None],
        sent: Callable[[], None],
    ) -> None:
        self.state = state
        self.send = send
        self.run_command = run_command
        self.sent = sent
        self.area = TextArea(
            height=1,
            prompt="> ",
            multiline=False,
            completer=MoveCompleter(state),
            complete_while_typing=True,
            accept_handler=self.accept,
        )

    @property
    def buffer(self) -> Buffer:
        return self.area.buffer

    def accept(self, buffer: Buffer) -> bool:
        """Enter: True keeps the text (to correct it), False clears the prompt."""
        state, send, text = self.state, self.send, buffer.text
        if not text.strip():
            if send is not None and state.snapshot is not None and not state.legal_labels():
                state.status = state.refusal("")  # whose turn it is, not silence
            return False
        if text.lstrip().startswith("/"):
            self.run_command(text)
            return False
        if send is None:
            state.status = _("spectators cannot move; {commands}").format(commands=COMMANDS)
            return False
        chosen = state.find_move(text)
        buffer.cancel_completion()
        if chosen is None:
            state.status = state.refusal(text)
            return True  # keep the text to correct it
        if state.snapshot is not None:
            state.acted(state.snapshot.version, state.label_of(chosen))
            self.sent()
            get_app().create_background_task(send(state.snapshot.version, chosen.move))
        return False  # clear the prompt

    def complete(self) -> None:
        """Tab: the next entry of an open menu; else the one move the text names, or the
        start all the moves it names share; else the menu."""
        buffer, state = self.buffer, self.state
        if buffer.complete_state and buffer.complete_state.completions:
            buffer.complete_next()
            return
        found = state.matching(buffer.text) if buffer.text.strip() else []
        labels = [state.label_of(m) for m in found]
        common = common_start(labels)
        if len(labels) == 1 or len(common) > len(buffer.text):
            buffer.document = Document(labels[0] if len(labels) == 1 else common)
            return
        buffer.start_completion(select_first=False)

    def __pt_container__(self) -> Container:
        return self.area.__pt_container__()


def renew_menu(buffer: Buffer, state: ClientState) -> None:
    """After a snapshot: an open completion menu is rebuilt from the new legal moves (closed
    when none of them matches the text)."""
    was_open = buffer.complete_state is not None
    buffer.cancel_completion()
    if was_open and buffer.text.strip() and state.matching(buffer.text):
        buffer.start_completion(select_first=False)
