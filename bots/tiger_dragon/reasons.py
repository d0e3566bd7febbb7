"""Tiger & Dragon's hint reasons: whether anybody can answer an attack, and what a defence or
a face-down tile does with the initiative (`bots.clauses`)."""

from __future__ import annotations

from bots.clauses import Clause, Words
from bots.tiger_dragon.policy import Count
from engine.core import Move
from engine.tiger_dragon.model import Attack, Defend, PlaceFaceDown, TigerDragonView

ENGLISH: dict[str, str] = {
    "tiger_dragon.attacks": "attacks with the {card}",
    "tiger_dragon.unanswered": "the chance that nobody can answer it is {chance}",
    "tiger_dragon.reveal": "revealing tells the table which attacks to avoid",
    "tiger_dragon.goes_out": "defends with the {card}, your last tile: you go out",
    "tiger_dragon.defends": "defends with the {card} and takes the initiative to attack",
    "tiger_dragon.buries": "buries the {card}, which would go unanswered only with chance {chance}",
    "tiger_dragon.lets_go": "lets the attack go by and keeps your tiles for later",
}
"""Every clause's English words (`Clause.words`); docs/protocol.md lists the same table for
other clients."""

_clause = Words(ENGLISH)


def explain(view: TigerDragonView, move: Move) -> list[Clause]:
    count = Count(view)
    if isinstance(move, Attack):
        free = 1.0 - count.answered(move.tile)
        clauses = [
            _clause("tiger_dragon.attacks", move.tile.text),
            _clause("tiger_dragon.unanswered", chance=free),
        ]
        return clauses + ([_clause("tiger_dragon.reveal")] if move.reveal else [])
    if isinstance(move, Defend):
        if count.size == 1:
            return [_clause("tiger_dragon.goes_out", move.tile.text)]
        return [_clause("tiger_dragon.defends", move.tile.text)]
    if isinstance(move, PlaceFaceDown):
        use = 1.0 - count.answered(move.tile)
        return [_clause("tiger_dragon.buries", move.tile.text, chance=use)]
    return [_clause("tiger_dragon.lets_go")]
