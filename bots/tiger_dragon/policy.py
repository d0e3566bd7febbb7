"""Tiger & Dragon: count the tiles, attack with what nobody can answer, defend to keep the
initiative, and keep the 1 or a wild for the finish.

Counting: every tile on the boards is public, so a seat knows how many copies of each kind are
still unseen — in the other hands, under face-down tiles or out of play. An attack goes round
unanswered when no other hand holds a tile that defends it; with `u` unseen defenders spread over
a pool of which the other hands hold `h`, that chance is hypergeometric.

Finishing: a hand empties only through a defence or a last face-down tile (§1.4), so the last
tile kept is the one that scores. The 1 scores 10 but goes out only face down, after an attack
nobody answered; a wild scores 1 but defends any attack of its parity.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from bots.policy import Belief, Judge, race, winners_rewards
from engine.core import Move, State
from engine.tiger_dragon.model import (
    PASS,
    Attack,
    Defend,
    PlaceFaceDown,
    RoundEnded,
    TigerDragonView,
)
from engine.tiger_dragon.tiles import COPIES, DEFENDERS, KINDS, TILES, WILDS, Tile

KEEP_ONE = 1.5
"""What spending the 1 before the finish costs, in the attack/defence values below."""
KEEP_WILD = 0.8
"""What spending a wild early costs; nothing once the hand is down to three tiles."""
REVEAL = 0.3
"""What a Clifftop reveal costs: the table learns which attacks to avoid."""

ATTACKERS: tuple[tuple[Tile, ...], ...] = tuple(
    tuple(a for a in TILES if d in DEFENDERS[a]) for d in TILES
)
"""`ATTACKERS[tile]`: the attacks `tile` can answer."""


def plain(tile: Tile) -> bool:
    """A tile to spend freely: neither the 1 (the finisher) nor a wild."""
    return tile is not Tile.ONE and tile not in WILDS


class Count:
    """One seat's tile count: its hand, the unseen copies of each kind and who might hold
    them."""

    def __init__(self, view: TigerDragonView) -> None:
        me = view.viewer
        assert me is not None, "a seat counts tiles, a spectator does not play"
        self.view = view
        self.me = me
        self.hand = [0] * len(KINDS)
        for tile in view.hand or ():
            self.hand[tile] += 1
        seen = self.hand[:]
        self.shown: list[Tile] = []  # tiles the other hands revealed (Clifftop)
        self.held = 0  # hidden tiles in the other hands
        for seat, board in enumerate(view.boards):
            for tile in board.attack:
                seen[tile] += 1
            for space in board.defense:
                if space.tile is not None:
                    seen[space.tile] += 1
            if seat != me:
                self.held += board.hand_count
                if board.revealed is not None:
                    seen[board.revealed] += 1
                    self.shown.append(board.revealed)
                    self.held -= 1
        self.unseen = [COPIES[k] - seen[k] for k in KINDS]
        self.pool = sum(self.unseen)
        self.size = view.boards[me].hand_count
        self.card = view.battlefield.card
        attacks = view.boards[me].attack
        self.last_attack = attacks[-1] if attacks else None

    def finish(self, tile: Tile, last_attack: Tile | None) -> int:
        """The card value of going out with `tile` after attacking last with `last_attack`
        (the Game Market promo scores the difference of the two)."""
        return self.card.value(tile, last_attack=last_attack)

    def answered(self, attack: Tile) -> float:
        """The chance some other hand can defend `attack`."""
        if any(tile in DEFENDERS[attack] for tile in self.shown):
            return 1.0
        defenders = sum(self.unseen[d] for d in DEFENDERS[attack])
        miss = 1.0
        for i in range(defenders):
            miss *= max(self.pool - self.held - i, 0) / (self.pool - i)
        return 1.0 - miss

    def reach(self, tile: Tile) -> float:
        """How many of the unseen tiles `tile` could answer, as a share of the pool."""
        return sum(self.unseen[a] for a in ATTACKERS[tile]) / max(self.pool, 1)

    def keep_cost(self, tile: Tile) -> float:
        if tile is Tile.ONE:
            return KEEP_ONE
        return KEEP_WILD if tile in WILDS and self.size > 3 else 0.0

    def attack(self, move: Attack) -> float:
        free = 1.0 - self.answered(move.tile)
        cost = REVEAL * move.reveal
        if self.size == 2:  # the tile kept is the one that goes out
            kept = next(TILES[k] for k in KINDS if self.hand[k] - (k == move.tile))
            return free * (1 + self.finish(kept, move.tile)) + 0.5 * self.reach(kept) - cost
        spare = 0.3 * (self.hand[move.tile] >= 2)  # a copy left to defend the same number
        return free + spare - self.keep_cost(move.tile) - cost

    def defend(self, move: Move) -> float:
        view = self.view
        attacker = view.open_attack.attacker if view.open_attack else self.me
        partner = view.teams is not None and view.teams[attacker] == view.teams[self.me]
        if isinstance(move, Defend):
            if self.size == 1:
                return 100.0 + self.finish(move.tile, self.last_attack)  # going out
            return (0.5 if partner else 1.0) - self.keep_cost(move.tile)
        return 1.0 if partner else 0.3  # Pass: a partner's unanswered attack earns a bonus

    def bury(self, move: PlaceFaceDown) -> float:
        """The face-down tile is out of play: bury what would serve worst."""
        tile = move.tile
        use = (1.0 - self.answered(tile)) + 0.5 * self.reach(tile) + self.keep_cost(tile)
        return -use - 2.0 * (tile is Tile.ONE)

    def value(self, move: Move) -> float:
        if isinstance(move, Attack):
            return self.attack(move)
        if isinstance(move, PlaceFaceDown):
            return self.bury(move)
        return self.defend(move)


class TigerDragonPolicy:
    segment_end = RoundEnded
    temperature = 0.5

    def surprise(self, view: TigerDragonView) -> float:
        return 0.1

    def values(self, view: TigerDragonView, legal: Sequence[Move]) -> list[float]:
        count = Count(view)
        return [count.value(move) for move in legal]

    def quick(self, legal: Sequence[Move], rng: random.Random) -> Move:
        """Defend with a plain tile, a wild half the time, else pass; attack and bury plain
        tiles first; never reveal."""
        if PASS in legal:
            defences = [m for m in legal if isinstance(m, Defend)]
            plain_ones = [m for m in defences if plain(m.tile)]
            if plain_ones:
                return rng.choice(plain_ones)
            return rng.choice(defences) if defences and rng.random() < 0.5 else PASS
        tiles = [
            m
            for m in legal
            if isinstance(m, PlaceFaceDown) or (isinstance(m, Attack) and not m.reveal)
        ]
        preferred = [m for m in tiles if plain(m.tile)]
        return rng.choice(preferred or tiles)

    def judge(self, view: TigerDragonView) -> Judge:
        players = len(view.boards)
        target = view.target
        teams = view.teams

        def rewards(world: State) -> Sequence[float]:
            result = world.result()
            if result is not None:
                return winners_rewards(players, result.winners)
            scores = world.scores()
            if teams is None:
                return race(scores, target)
            sides = [0] * (max(teams) + 1)
            for seat, points in enumerate(scores):
                sides[teams[seat]] += points
            chances = race(sides, target)
            return [chances[team] for team in teams]

        return rewards

    def twin(self, move: Move) -> object:
        return move  # the engine already offers one move per kind of tile

    def belief(self, view: TigerDragonView) -> Belief | None:
        return None


POLICY: TigerDragonPolicy = TigerDragonPolicy()
