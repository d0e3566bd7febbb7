"""F3 (or /hint) shows a hint at your turn and F4 (or /review) reviews the finished match, through
a real prompt-toolkit pipe against a real server (whose hints think 0.05 s)."""

from __future__ import annotations

import asyncio
import contextlib
import random
from collections.abc import AsyncIterator

from prompt_toolkit.input import PipeInput, create_pipe_input
from prompt_toolkit.output import DummyOutput
from tigerden.v1 import lobby_pb2

from client.api import SeatHandle, Server
from client.bot import play_seat, random_chooser
from client.ui.advice import review_text
from client.ui.app import run_table
from client.ui.model import ClientState
from client.ui.panes import held_body
from tests.client.test_ui import wait_for
from tests.server.helpers import moves_first

HUMAN = lobby_pb2.SEAT_KIND_HUMAN
BOT = lobby_pb2.SEAT_KIND_BOT


def text_of(parts: object) -> str:
    return "".join(text for _style, text, *_ in parts)  # type: ignore[attr-defined]


@contextlib.asynccontextmanager
async def hinted_table(
    client: Server, game_id: str
) -> AsyncIterator[tuple[SeatHandle, ClientState, PipeInput, str]]:
    """ada's table against a random bot, at her first turn, after `h`: the seat, the table's
    state, its input pipe and the hint as shown. Ctrl-Q closes the table on leaving."""
    games = {game.game_id: game for game in await client.games()}
    seats = [(HUMAN, ""), (BOT, "random")]
    match = await client.create(game_id, 2, moves_first(game_id), seats=seats)
    seat = await client.join(match.match_id, "ada", 0)
    state = ClientState(games[game_id], match.match_id)
    with create_pipe_input() as pipe:
        table = asyncio.create_task(run_table(seat, state, input=pipe, output=DummyOutput()))
        await wait_for(lambda: state.snapshot is not None and bool(state.snapshot.legal_moves))
        pipe.send_text("\x1bOR")  # F3
        await wait_for(lambda: state.held is not None, state=state)
        yield seat, state, pipe, text_of(held_body(state))
        pipe.send_text("\x11")
        await asyncio.wait_for(table, 10)


async def test_f3_shows_a_hint_and_f4_reviews_the_match(quick_client: Server) -> None:
    async with hinted_table(quick_client, "doors") as (seat, state, pipe, shown):
        assert "Hint: your moves as the hard bot weighs them" in shown
        for label in state.legal_labels():
            assert label in shown
        pipe.send_text(" ")  # any key puts the hint away, and the status says your move again
        await wait_for(lambda: state.held is None, state=state)
        assert state.status.startswith("your move:")

        pipe.send_text("/review\r")  # not over yet: says so
        await wait_for(lambda: "after the match" in state.status, state=state)

        # The rest of the match is played by a second stream of the same seat.
        await play_seat(seat, random_chooser(random.Random(3)))
        await wait_for(lambda: state.snapshot.HasField("result"), state=state)  # type: ignore[union-attr]
        state.held = None
        pipe.send_text("\x1bOS")  # F4
        await wait_for(lambda: state.review is not None and state.review.done, 30, state)
        review = state.review
        assert review is not None and review.total > 0
        shown = text_of(review_text(state, review))
        if review.moves:
            assert "you played:" in shown and "hard plays:" in shown
            pipe.send_text("\x1b[B")  # Down
            await wait_for(lambda: review.index == min(1, len(review.moves) - 1), state=state)
        else:
            assert "agrees with every move" in shown
        pipe.send_text("\x1b")  # Escape closes it
        await wait_for(lambda: state.review is None, state=state)


def test_the_hint_lists_moves_by_their_chance_and_the_review_names_each_side() -> None:
    """The hint showed the moves in the server's order (51, 47, 37, 42, 36%); the review's list
    printed `10. play may-plain-1 · play jun-plain-1 (--2)` for a move the search, on a second
    look, rated higher than its own choice."""
    from tigerden.v1 import match_pb2

    from client.ui.advice import hint_text
    from client.ui.model import Review

    state = ClientState(lobby_pb2.Game(game_id="doors", title="Doors"), "m1")

    def hint(label: str, chance: float | None = None) -> match_pb2.MoveHint:
        move = match_pb2.LegalMove(label=label)
        if chance is None:
            return match_pb2.MoveHint(move=move)
        return match_pb2.MoveHint(move=move, win_chance=chance)

    chances = [0.51, 0.47, 0.37, 0.42, 0.36]
    response = match_pb2.HintResponse(
        moves=[hint("untried"), *(hint(f"move-{c}", c) for c in chances)]
    )
    shown = text_of(hint_text(state, response))
    order = [shown.index(f"move-{c}") for c in sorted(chances, reverse=True)]
    assert order == sorted(order) and shown.index("untried") > order[-1], shown

    review = Review(reviewed=1, total=1)
    review.moves.append(
        match_pb2.ReviewedMove(
            version=9, played=hint("play may-plain-1", 0.4), best=hint("play jun-plain-1", 0.38)
        )
    )
    review.moves[0].loss = -0.02
    text = text_of(review_text(state, review))
    assert "--" not in text, text
    assert "10. you: play may-plain-1 · hard: play jun-plain-1 (+2)" in text
    assert "estimated loss: none (your move rates 2 points higher)" in text
