"""Hints and the post-match review: the `hard` search's working, shown to the seat it serves.

Whether a match gives hints is its `hints` option, which lives beside the game's options but
is the server's, not the game's: "on" by default when a bot plays (people learning against
the AI), "off" when every seat is a person (a hint would be a third player at the table).

The search runs in the bot workers (`BotDriver.think`), on a world made by `determinize(seat)`
as a bot's decision is, so no hidden card leaves the server process and a hint knows only what
the seat knows. One hint or review per seat, and `Limits.hints_per_peer` per client address,
are thought at a time (`HINT_BUSY` otherwise: one address held 30 seats asking nonstop, issue
20, 8b), and each decision thinks at most the server's `max_bot_seconds`.
"""

from __future__ import annotations

import functools
import random
from collections.abc import AsyncIterator, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass

from bots.hints import HINT_LEVEL, Advice, hint
from bots.ismcts import Budget
from engine.core import Move, OptionSpec, Seat, State, View
from server.bots import BotDriver
from server.errors import Reason, Refusal
from server.room import Room, Status, check_version
from server.seats import SeatKind

HINTS = OptionSpec(
    "hints",
    "hints (F3) and a post-match review (F4) from the hard bot's search: auto = on when a bot "
    "plays, off when every seat is a person",
    ("auto", "on", "off"),
    "auto",
)
"""The match option (ListGames lists it with the table's options); `auto` lets the seats
decide (`hints_on`)."""

REVIEW_SECONDS = 0.25
"""How long the review thinks about each decision: a Koi-Koi match has some sixty, so a review
takes a quarter of a minute rather than a whole one."""


def hints_on(raw: str | None, kinds: Sequence[SeatKind]) -> bool:
    """Whether a match with seats of `kinds` gives hints, its option given as `raw` (None when
    not given). Raises BadOptions for a value other than auto, on or off."""
    chosen = HINTS.parse(HINTS.default if raw is None else raw.strip())
    if chosen == "auto":
        return any(kind is SeatKind.BOT for kind in kinds)
    return chosen == "on"


def split_options(options: Mapping[str, str]) -> tuple[dict[str, str], str | None]:
    """The game's options, and the `hints` option (None when not given)."""
    game = dict(options)
    return game, game.pop(HINTS.name, None)


def with_hints(options: Mapping[str, str], on: bool) -> dict[str, str]:
    """The options as the store keeps them: the game's, and `hints` (split again on restore)."""
    return {**options, HINTS.name: "on" if on else "off"}


@dataclass(frozen=True)
class Review:
    """One decision where the search would have played another move."""

    version: int
    played: Advice
    best: Advice
    loss: float
    view: View
    """What the seat saw when it decided."""


def capped(seconds: float, max_seconds: float) -> Budget:
    return Budget(seconds=min(seconds, max_seconds))


class HintDesk:
    """Thinks hints and reviews for the seats, one at a time per seat, in the bot workers."""

    def __init__(self, bots: BotDriver, per_address: int) -> None:
        self.bots = bots
        self.per_address = per_address
        self._busy: set[tuple[str, Seat]] = set()
        self._addresses: dict[str, int] = {}
        self._rng = random.Random()
        hard = HINT_LEVEL.budget
        assert hard is not None and hard.seconds is not None, "hard thinks for a time"
        self.hint_budget = capped(hard.seconds, bots.max_seconds)
        self.review_budget = capped(REVIEW_SECONDS, bots.max_seconds)

    @contextmanager
    def _one_at_a_time(self, room: Room, seat: Seat, address: str) -> Iterator[None]:
        key = (room.match_id, seat)
        if key in self._busy:
            raise Refusal(
                Reason.HINT_BUSY,
                "your previous hint or review is still being thought; wait for it, then ask again",
            )
        if self._addresses.get(address, 0) >= self.per_address:
            raise Refusal(
                Reason.HINT_BUSY,
                f"{address} has {self.per_address} hints or reviews being thought, the most one "
                "client address may; wait for one, then ask again",
                limit="hints_per_peer",
            )
        self._busy.add(key)
        self._addresses[address] = self._addresses.get(address, 0) + 1
        try:
            yield
        finally:
            self._busy.discard(key)
            self._addresses[address] -= 1
            if not self._addresses[address]:
                del self._addresses[address]

    async def _think(self, room: Room, state: State, seat: Seat, budget: Budget) -> list[Advice]:
        """The hint for `seat` to act in `state`, thought on a world from `determinize(seat)`:
        the worker is sent nothing the seat may not know."""
        world = state.determinize(seat, random.Random(self._rng.getrandbits(63)))
        work = functools.partial(hint, world, seat, self._rng.getrandbits(63), budget)
        return await self.bots.think(room.match_id, work)

    async def hint(
        self, room: Room, seat: Seat, version: int | None, address: str
    ) -> tuple[int, list[Advice]]:
        """The ranked moves of `seat` at the room's current version (which must be `version`
        when given), asked for from client `address`."""
        if version is not None:
            check_version(version, "a hint's")  # first, as for a move
        _require_hints(room)
        status = room.status
        if status is Status.FINISHED:
            raise Refusal(Reason.MATCH_OVER, "the match is over; ReviewMatch reviews it")
        if status is Status.WAITING:
            raise Refusal(
                Reason.MATCH_NOT_STARTED, "the match starts when every seat is taken; no hints yet"
            )
        current = room.version
        if version is not None and version != current:
            raise _stale(version, current)
        acting = room.state.to_act()
        if acting != seat:
            raise Refusal(
                Reason.NOT_YOUR_TURN,
                f"it is seat {acting}'s turn, not seat {seat}'s; ask for a hint when you are "
                "to act",
            )
        with self._one_at_a_time(room, seat, address):
            advice = await self._think(room, room.state, seat, self.hint_budget)
        if room.version != current:
            raise _stale(current, room.version, "the match moved on while the hint was thought")
        return current, advice

    async def review(
        self, room: Room, seat: Seat, address: str
    ) -> AsyncIterator[tuple[int, int, Review | None]]:
        """(reviewed, total, a decision the search would have made otherwise or None) for each
        of `seat`'s decisions with a choice in the finished match."""
        _require_hints(room)
        if room.status is not Status.FINISHED:
            raise Refusal(
                Reason.MATCH_NOT_OVER,
                f"match {room.match_id} is not over yet; the review comes after the last move",
            )
        with self._one_at_a_time(room, seat, address):
            decisions = _decisions(room, seat)
            yield 0, len(decisions), None
            for number, (version, state, played) in enumerate(decisions, 1):
                advice = await self._think(room, state, seat, self.review_budget)
                review = _compare(version, advice, played, state.view(seat))
                yield number, len(decisions), review


def _require_hints(room: Room) -> None:
    if not room.hints:
        raise Refusal(
            Reason.HINTS_OFF,
            "this match was created with hints=off (the default when every seat is a person); "
            "create one with hints=on to get hints and a review",
        )


def _stale(version: int, current: int, why: str = "") -> Refusal:
    return Refusal(
        Reason.STALE_VERSION,
        (why or f"the hint was asked for at version {version}")
        + f"; the match is at version {current}; ask again from the newest snapshot",
        version=str(version),
        current_version=str(current),
    )


def _decisions(room: Room, seat: Seat) -> list[tuple[int, State, Move]]:
    """(version, state before, move played) for each of `seat`'s moves that had an
    alternative, replayed from the match's seed and history."""
    state = room.game.new(room.players, room.game_options(), room.seed)
    found = []
    for version, (mover, move) in enumerate(room.history):
        if mover == seat and len(state.legal_moves()) > 1:
            found.append((version, state.copy(), move))
        state.apply(move)
    return found


def _compare(version: int, advice: list[Advice], played: Move, view: View) -> Review | None:
    best = advice[0]
    if best.move == played:
        return None
    mine = next(a for a in advice if a.move == played)
    known = best.chance is not None and mine.chance is not None
    loss = (best.chance or 0.0) - (mine.chance or 0.0) if known else 0.0
    return Review(version, mine, best, loss, view)
