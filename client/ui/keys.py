"""The table's keys. No letter is a shortcut (any letter can start a move: "red-tiger",
"hirsch"), so the keys are F1-F4, PgUp/PgDn, Tab, Escape, Ctrl-Q and `?` on an empty prompt.
While a summary or a hint is held, any key puts it away; while the review is open, Up/Down
browse it and Escape closes it. Where two bindings match, the later one wins, so the order here
is part of what the keys do."""

from __future__ import annotations

from prompt_toolkit.filters import Condition, has_completions
from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent, merge_key_bindings
from prompt_toolkit.key_binding.key_bindings import KeyBindingsBase

from client.ui.hints import Advice
from client.ui.model import ClientState
from client.ui.prompt import MovePrompt
from client.ui.widgets import TableAndLog


def table_keys(
    state: ClientState, panes: TableAndLog, prompt: MovePrompt | None, advice: Advice, moves: bool
) -> KeyBindingsBase:
    """Every key of the table; `moves`: the prompt takes moves (Tab completes them)."""
    return merge_key_bindings([overlay_keys(state, advice), view_keys(state, panes, prompt, moves)])


def overlay_keys(state: ClientState, advice: Advice) -> KeyBindings:
    """Putting away what is held, asking for a hint or the review, browsing the review."""
    bindings = KeyBindings()
    holding = Condition(lambda: state.held is not None and not state.show_help)
    reviewing = Condition(lambda: state.review is not None and not state.show_help)

    @bindings.add("<any>", filter=holding, eager=True)
    @bindings.add("enter", filter=holding, eager=True)
    @bindings.add("escape", filter=holding, eager=True)
    def release(event: KeyPressEvent) -> None:
        state.held = None
        state.status = state.table_status() or state.status  # not "the hint is on the table"

    @bindings.add("f3", filter=~holding)
    def hint_key(event: KeyPressEvent) -> None:
        advice.ask_hint()

    @bindings.add("f4", filter=~holding)
    def review_key(event: KeyPressEvent) -> None:
        advice.ask_review()

    @bindings.add("down", filter=reviewing, eager=True)
    @bindings.add("up", filter=reviewing, eager=True)
    def browse(event: KeyPressEvent) -> None:
        assert state.review is not None
        state.review.browse(1 if event.key_sequence[0].key == "down" else -1)

    @bindings.add("escape", filter=reviewing & ~has_completions, eager=True)
    def close_review(event: KeyPressEvent) -> None:
        state.review = None  # the review goes on in the background; F4 opens it again

    return bindings


def view_keys(
    state: ClientState, panes: TableAndLog, prompt: MovePrompt | None, moves: bool
) -> KeyBindings:
    """Quitting, the help and the log, scrolling the table, the completion menu."""
    bindings = KeyBindings()

    @bindings.add("c-q", eager=True)
    @bindings.add("c-c", eager=True)
    def quit_(event: KeyPressEvent) -> None:
        event.app.exit()

    @bindings.add("?", filter=Condition(lambda: prompt is None or not prompt.buffer.text))
    @bindings.add("f1")
    def toggle_help(event: KeyPressEvent) -> None:
        state.show_help = not state.show_help
        panes.to_top()

    @bindings.add("f2")
    def toggle_log(event: KeyPressEvent) -> None:
        state.show_log = not state.show_log
        panes.table.at_end = True
        panes.table.scroll = 10**6 if state.show_log else 0

    @bindings.add("pageup", eager=True)
    def page_up(event: KeyPressEvent) -> None:
        panes.table.page(-1)

    @bindings.add("pagedown", eager=True)
    def page_down(event: KeyPressEvent) -> None:
        panes.table.page(1)

    @bindings.add("escape", filter=has_completions, eager=True)
    def close_menu(event: KeyPressEvent) -> None:
        event.app.current_buffer.cancel_completion()

    if prompt is not None and moves:

        @bindings.add("tab", eager=True)
        def complete(event: KeyPressEvent) -> None:
            prompt.complete()

    return bindings
