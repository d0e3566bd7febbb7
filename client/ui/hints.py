"""Asking for advice at the table: F3 or /hint at your turn, F4 or /review after the match. The
seat asks the server (`Advisor`), and the answer goes into the model: a hint is held on the
table (`HeldHint`), the review streams into the table's one `Review`; `client/ui/advice.py`
words both."""

from __future__ import annotations

from collections.abc import Callable

import grpc
from prompt_toolkit.application import Application, get_app

from client.i18n import _
from client.ui.advice import Advisor, refusal
from client.ui.model import ClientState, HeldHint, Review


class Advice:
    """The hint and the review of one table, asked of `advisor` (None: a spectator's table,
    which gets neither); `to_top` scrolls the table pane to the top when one is shown."""

    def __init__(
        self, state: ClientState, advisor: Advisor | None, to_top: Callable[[], None]
    ) -> None:
        self.state = state
        self.advisor = advisor
        self.to_top = to_top
        self.review: Review | None = None
        """The one review of this table (a failed one is asked again)."""

    def ask_hint(self, _words: str = "") -> None:
        state, snapshot = self.state, self.state.snapshot
        if self.advisor is None:
            state.status = _("hints and the review are for the players")
        elif snapshot is None or not snapshot.legal_moves:
            state.status = _("a hint comes at your turn")
        else:
            state.status = _("thinking about a hint...")
            app = get_app()
            app.create_background_task(self.show_hint(app, self.advisor, snapshot.version))

    async def show_hint(self, app: Application[None], advisor: Advisor, version: int) -> None:
        state = self.state
        try:
            response = await advisor.hint(version)
        except grpc.aio.AioRpcError as error:
            state.status = refusal(error)
        else:
            state.held = HeldHint(response)
            state.status = _("the hint is on the table; any key goes on")
            self.to_top()
        app.invalidate()

    def ask_review(self, _words: str = "") -> None:
        state, snapshot = self.state, self.state.snapshot
        if self.advisor is None:
            state.status = _("hints and the review are for the players")
            return
        if snapshot is None or not snapshot.HasField("result"):
            state.status = _("the review comes after the match")
            return
        if self.review is None or self.review.failed:
            self.review = Review()
            app = get_app()
            app.create_background_task(self.follow_review(app, self.advisor, self.review))
        state.review = self.review
        self.to_top()

    async def follow_review(self, app: Application[None], advisor: Advisor, review: Review) -> None:
        try:
            async for message in advisor.review():
                review.take(message)
                app.invalidate()
        except grpc.aio.AioRpcError as error:
            review.failed = refusal(error)
            app.invalidate()
