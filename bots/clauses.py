"""A hint's reason as typed clauses, so that every client can say it in its own language.

A reason reads only the seat's view (what a learner sees on the table) and the numbers the
game's heuristics already compute: which yaku a capture builds, how likely the opponent is to
hold a month, how sure the Guesser can be of the Collector's Door, whether anybody can answer
an attack. The search's estimated chance of winning is shown beside it; the reason says what
the move does, so a learner can check it against the table.

A reason is a list of clauses, each a key with what it names (a card or tile, a yaku, a month,
counts, a chance), so that every client can say it in its own language (`HintClause` on the
wire); `Reason.text` says it in English (`MoveHint.reason`). Each game's reasons and their
English words live beside its policy (`bots/<game>/reasons.py`), which gives every clause it
makes its words (`Words`); `bots.reasons` finds them by the view.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, field

MONTHS = (
    "January", "February", "March", "April", "May", "June",
    "July", "August", "September", "October", "November", "December",
)  # fmt: skip


@dataclass(frozen=True)
class Clause:
    """One part of a reason: what it says (`key`, in English `words`) and what it names."""

    key: str
    card: str = ""
    """A card or tile as move labels write it: "jan-crane", "red-lady", "5", "tiger"."""
    yaku: enum.Enum | None = None
    month: int = 0
    counts: tuple[tuple[str, int], ...] = ()
    """Named counts, in the order the words use them: (("held", 2), ("need", 3))."""
    chance: float | None = None
    traits: float | None = None
    words: str = field(kw_only=True)
    """The key's English words, with its counts by name (`{s}` makes the noun of its first
    count plural)."""

    @property
    def text(self) -> str:
        return self.words.format(
            **dict(self.counts),
            card=self.card,
            yaku=self.yaku.value if self.yaku else "",
            month=MONTHS[self.month - 1] if self.month else "",
            chance=percent(self.chance) if self.chance is not None else "",
            traits=f"{self.traits:.1f}" if self.traits is not None else "",
            s="s" * (not self.counts or self.counts[0][1] != 1),
        )


@dataclass(frozen=True)
class Reason:
    """A move's reason: what it does (the first clause), then why, clause by clause."""

    clauses: tuple[Clause, ...]

    @property
    def text(self) -> str:
        """In English: "captures the jan-crane: sankō (three brights) 2 of 3; it keeps ..."."""
        first, *rest = (clause.text for clause in self.clauses)
        return first + (": " + "; ".join(rest) if rest else "")


@dataclass(frozen=True)
class Words:
    """One game's clause keys with their English words: `words(key, ...)` is that clause."""

    english: Mapping[str, str]

    def __call__(
        self,
        key: str,
        card: str = "",
        *,
        yaku: enum.Enum | None = None,
        month: int = 0,
        counts: tuple[tuple[str, int], ...] = (),
        chance: float | None = None,
        traits: float | None = None,
    ) -> Clause:
        return Clause(key, card, yaku, month, counts, chance, traits, words=self.english[key])


def percent(chance: float) -> str:
    return f"{round(100 * chance)}%"
