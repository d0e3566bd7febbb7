"""The bot levels, in one table, and the level text a seat carries ("hard", "hard:0.5").

A level is a strategy and, for the searching levels, a thinking budget and how the search
plays its worlds out. `normal` and `hard` think for a time by default; "LEVEL:SECONDS" sets
another time for one seat (the lobby validates it through `parse_level`), so a match can have a
quick `hard` and a slow one. Tests and benchmarks pass an iteration budget to `decide` instead,
because a time budget makes a decision depend on the machine.
"""

from __future__ import annotations

import enum
import math
from dataclasses import dataclass, replace

from bots.ismcts import Budget


class Strategy(enum.Enum):
    RANDOM = "a uniformly random legal move"
    GREEDY = "the game's one-step heuristic"
    SEARCH = "information-set Monte Carlo tree search"


class Rollout(enum.Enum):
    """How a search plays a sampled world out to the end of the segment."""

    QUICK = "rules of thumb from the legal moves alone"
    INFORMED = "the one-step heuristic on the acting seat's view of the world"


@dataclass(frozen=True)
class Level:
    """`belief`: sample worlds weighted by what the seat infers beyond the public facts (e.g.
    the Doors Guesser's reading of the Collector's takes)."""

    name: str
    strategy: Strategy
    budget: Budget | None = None
    rollout: Rollout = Rollout.QUICK
    belief: bool = False
    summary: str = ""
    """How the level plays, for people (ListGames sends it)."""


LEVELS: dict[str, Level] = {
    level.name: level
    for level in (
        Level("random", Strategy.RANDOM, summary="any legal move"),
        Level("easy", Strategy.GREEDY, summary="the best move by the game's rules of thumb"),
        Level(
            "normal",
            Strategy.SEARCH,
            Budget(seconds=0.5),
            summary="information-set Monte Carlo tree search with quick playouts",
        ),
        Level(
            "hard",
            Strategy.SEARCH,
            Budget(seconds=1.0),
            Rollout.INFORMED,
            belief=True,
            summary="the same search, playouts by the rules of thumb, worlds weighed by what it "
            "has read",
        ),
    )
}

MAX_SECONDS = 30.0
"""The longest a seat may be told to think per decision."""

MAX_LEVEL_TEXT = 32
"""The longest level text accepted ("normal:0.125" is 12 characters)."""


def parse_level(text: str) -> Level:
    """The level named by `text`: "NAME" or, for a searching level, "NAME:SECONDS".
    Raises ValueError with a message for people."""
    if len(text) > MAX_LEVEL_TEXT:
        raise ValueError(
            f"a bot level is a name or name:seconds of at most {MAX_LEVEL_TEXT} characters, "
            f"not {len(text)} (levels: {', '.join(LEVELS)}; e.g. hard:2)"
        )
    name, sep, seconds = text.strip().partition(":")
    level = LEVELS.get(name)
    if level is None:
        raise ValueError(f"no bot level {name!r} (levels: {', '.join(LEVELS)})")
    if not sep:
        return level
    if level.strategy is not Strategy.SEARCH:
        raise ValueError(f"level {name!r} does not think, so it takes no time (e.g. hard:0.5)")
    try:
        time = float(seconds)
    except ValueError:
        raise ValueError(f"{seconds!r} is not a number of seconds (e.g. hard:0.5)") from None
    if not (math.isfinite(time) and 0 < time <= MAX_SECONDS):
        raise ValueError(f"a bot thinks for more than 0 and at most {MAX_SECONDS:g} seconds")
    return replace(level, budget=Budget(seconds=time))


def level_text(level: Level) -> str:
    """The canonical text of `level`: its name, with ":SECONDS" only when it thinks for other
    than its default time ("hard:1.0" is "hard", "normal:2.50" is "normal:2.5")."""
    if level.budget == LEVELS[level.name].budget or level.budget is None:
        return level.name
    return f"{level.name}:{level.budget.seconds:g}"


def canonical_level(text: str) -> str:
    """`text` as `level_text` writes it; raises ValueError like `parse_level`."""
    return level_text(parse_level(text))
