"""The rules of Tiger & Dragon: one match from the first deal to 10 (or 15 team) points.

The state follows §4's state machine. Hands are count lists indexed by tile kind and rows are
lists of small ints, so a copy is a handful of list slices; bots run thousands of random rounds
a second through `copy`, `legal_moves` and `apply`. Seats go round clockwise as `(p + k) % n`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypeVar

from mypy_extensions import mypyc_attr

from engine.chance import choice, seeded, shuffle
from engine.core import Event, Move, Result, Seat, State, require_legal
from engine.tiger_dragon.battlefields import BOX, Battlefield
from engine.tiger_dragon.deal import deal, require_box
from engine.tiger_dragon.model import (
    ATTACKS,
    DEFENSES,
    FACE_DOWN_HIDDEN,
    FACE_DOWN_SEEN,
    FACE_DOWNS,
    FACE_UP,
    PASS,
    REVEALING_ATTACKS,
    RULES,
    Attack,
    Attacked,
    Board,
    Defend,
    Defended,
    DefenseTile,
    MatchEnded,
    OpenAttack,
    Passed,
    Phase,
    PlacedFaceDown,
    PlaceFaceDown,
    RoundEnded,
    RoundStarted,
    RoundSummary,
    Settings,
    TigerDragonMove,
    TigerDragonPrivate,
    TigerDragonView,
)
from engine.tiger_dragon.tiles import COPIES, DECK, DEFENDERS, KINDS, TILES, Tile

FACE_DOWN = 16
"""Flag on a defense-row entry: the tile (`entry & KIND`) lies face down as a round bonus."""
KIND = FACE_DOWN - 1

_RUNS = tuple(tuple((tile,) * count for count in range(COPIES[tile] + 1)) for tile in TILES)
"""`_RUNS[kind][count]`: `count` tiles of `kind`, so a hand's tiles are a few concatenations."""

_SEATS = range(max(players for players, _ in RULES.hand_sizes))
_ATTACKED = tuple(tuple(Attacked(seat, tile) for tile in TILES) for seat in _SEATS)
_DEFENDED = tuple(tuple(Defended(seat, tile) for tile in TILES) for seat in _SEATS)
_PLACED = tuple(tuple(PlacedFaceDown(seat, tile) for tile in TILES) for seat in _SEATS)
_PASSED = tuple(Passed(seat) for seat in _SEATS)
"""The events of every move (but a revealing attack), built once per seat and tile: events
are frozen values, and building a frozen dataclass costs a playout more than the move does."""

_M = TypeVar("_M", bound=TigerDragonMove)


def _by_held(moves: Sequence[_M]) -> tuple[tuple[_M, ...], ...]:
    """`table[held]`: the moves of the kinds in `held` (bit k: kind k is in hand), in Tile
    order — a seat's legal moves looked up by what it holds instead of listed move by move."""
    table: list[tuple[_M, ...]] = [()]
    for kind in KINDS:  # the masks with `kind` as their highest bit: those below, plus `kind`
        table += [(*below, moves[kind]) for below in table]
    return tuple(table)


_ATTACKS_HELD = _by_held(ATTACKS)
_REVEALING_HELD = tuple(
    plain + revealing
    for plain, revealing in zip(_ATTACKS_HELD, _by_held(REVEALING_ATTACKS), strict=True)
)
_ANSWERS_HELD: tuple[tuple[TigerDragonMove, ...], ...] = tuple(
    (*defenses, PASS) for defenses in _by_held(DEFENSES)
)
_FACE_DOWNS_HELD = _by_held(FACE_DOWNS)
_DEFENDS = tuple(sum(1 << d for d in DEFENDERS[a]) for a in TILES)
"""`_DEFENDS[attack]`: the kinds that defend `attack`, as a `held` mask."""
_ATTACK, _RESPONSE, _BONUS, _OVER = Phase.ATTACK, Phase.RESPONSE, Phase.BONUS, Phase.OVER


def _held(hand: Sequence[int]) -> int:
    """The kinds a hand (counts by kind) holds, as a mask: bit k for kind k."""
    return sum(1 << k for k in KINDS if hand[k])


@mypyc_attr(allow_interpreted_subclasses=True)  # see State
class TigerDragonState(State):
    """One node of a match. Build it with `Game.new`, or directly to fix the first deal: `deck`
    is the tile order fed to `deal` and `start_player` the first start player (else R11 picks
    one at random from the seed)."""

    def __init__(
        self,
        players: int,
        settings: Settings,
        seed: int,
        *,
        start_player: Seat | None = None,
        deck: Sequence[Tile] | None = None,
    ) -> None:
        rng = random.Random(seed)
        self.players = players
        self._settings = settings
        self._teams = RULES.team_of_seat if settings.teams else None
        self._target = RULES.team_target if settings.teams else RULES.target
        self._scores = [0] * players
        self._winners: tuple[Seat, ...] | None = None
        self._last_round: RoundSummary | None = None
        self._round = 0
        self._start = rng.randrange(players) if start_player is None else start_player
        chosen = settings.battlefield  # None: R10's random card, fixed for the match
        self._cards = (*BOX, Battlefield.GAME_MARKET) if settings.with_promo else BOX
        self._battlefield = rng.choice(self._cards) if chosen is None else chosen
        # Future deals come from this seed, so a copy carries its future in one int and
        # `determinize` replaces that future with one draw.
        self._next_seed = rng.getrandbits(64)
        self._start_round(deck)

    # Setting up and scoring rounds -----------------------------------------------------------

    def _start_round(self, order: Sequence[Tile] | None) -> RoundStarted:
        """SETUP_ROUND: deal (from `order`, else a shuffle) and give the start player the turn."""
        rng = seeded(self._next_seed)
        if order is None:
            order = list(DECK)
            shuffle(rng, order)
        else:
            require_box(order)
        if self._round and self._settings.new_card_each_round:  # R10's house rule
            if self._settings.same_card_may_return:
                self._battlefield = choice(rng, self._cards)
            else:
                self._battlefield = choice(
                    rng, [b for b in self._cards if b is not self._battlefield]
                )
        self._next_seed = rng.getrandbits(64)
        self._round += 1
        n = self.players
        hands, self._left_out = deal(order, n, self._start)
        self.hold_hands(hands)
        self._attacks: list[list[Tile]] = [[] for _ in range(n)]
        self._defenses: list[list[int]] = [[] for _ in range(n)]
        self._revealed: list[Tile | None] = [None] * n
        self._phase = Phase.ATTACK
        self._actor = self._attacker = self._start
        self._attack_tile = Tile.ONE  # no attack is open in ATTACK; set by the first attack
        return RoundStarted(
            round=self._round,
            start_player=self._start,
            battlefield=self._battlefield,
            hand_counts=tuple(self._sizes),
            hands=tuple(self._hand_tiles(s) for s in range(n)),
        )

    def _end_round(self, winner: Seat, tile: Tile, went_out_face_down: bool) -> list[Event]:
        """END_ROUND: score the winner by the battlefield card, then end the match or deal the
        next round with the start marker passed left (§1.5, §1.6, R11)."""
        face_down = tuple(
            tuple(TILES[entry & KIND] for entry in row if entry & FACE_DOWN)
            for row in self._defenses
        )
        extra = int(went_out_face_down and RULES.last_face_down_is_bonus)  # R2
        open_tile = self._revealed[winner] is not None
        self._revealed[winner] = None  # R7: the revealed tile was the one just played
        attacks = self._attacks[winner]
        value, bonus = self._battlefield.card.score(
            tile,
            open_tile=open_tile,
            own_face_down=len(face_down[winner]) + extra,
            all_face_down=sum(map(len, face_down)) + extra,
            last_attack=attacks[-1] if attacks else None,
        )
        summary = RoundSummary(
            round=self._round,
            battlefield=self._battlefield,
            winner=winner,
            winning_tile=tile,
            open_tile=open_tile,
            card_value=value,
            bonus=bonus,
            face_down=face_down,
        )
        self._last_round = summary
        self._scores[winner] += summary.points
        events: list[Event] = [RoundEnded(summary, tuple(self._scores))]
        side = self._side(winner)
        if sum(self._scores[s] for s in side) >= self._target:
            self._winners = side
            self._phase = Phase.OVER
            events.append(MatchEnded(side, tuple(self._scores)))
        else:
            self._start = (self._start + 1) % self.players
            events.append(self._start_round(None))
        return events

    def _side(self, seat: Seat) -> tuple[Seat, ...]:
        """The seats whose points count together with `seat`'s: its team, or itself alone."""
        teams = self._teams
        if teams is None:
            return (seat,)
        return tuple(s for s in range(self.players) if teams[s] == teams[seat])

    def hold_hands(self, hands: list[list[int]]) -> None:
        """Gives each seat its hand (counts by kind) with what is kept in step with the hands
        and never recounted: their sizes and the kinds each holds (`_held`, which the legal
        moves are looked up by). The deal and a world rebuilt from a view
        (`bots/tiger_dragon/world.py`) both come through here."""
        self._hands = hands
        self._sizes = [sum(hand) for hand in hands]
        self._holding = [_held(hand) for hand in hands]

    # The contract ----------------------------------------------------------------------------

    def to_act(self) -> Seat | None:
        return None if self._phase is _OVER else self._actor

    def legal_moves(self) -> tuple[TigerDragonMove, ...]:
        """Looked up by the kinds the seat to act holds: the same tuple for the same holding,
        so `apply` finds the search's move in it by identity."""
        phase = self._phase
        held = self._holding[self._actor]
        if phase is _RESPONSE:
            return _ANSWERS_HELD[held & _DEFENDS[self._attack_tile]]
        if phase is _ATTACK:
            # R7: on Clifftop the attack that leaves one tile in hand may reveal that tile.
            if self._sizes[self._actor] == 2 and self._battlefield.card.open_points is not None:
                return _REVEALING_HELD[held]
            return _ATTACKS_HELD[held]
        if phase is _BONUS:  # R8: any tile may go face down
            return _FACE_DOWNS_HELD[held]
        return ()

    def apply(self, move: Move) -> list[Event]:
        require_legal(self, move)  # so `move` is one of this state's legal moves
        seat = self._actor
        if isinstance(move, Attack):
            return [self._attack(seat, move)]
        if isinstance(move, Defend):
            return self._defend(seat, move.tile)
        if isinstance(move, PlaceFaceDown):
            return self._place_face_down(seat, move.tile)
        return [self._pass(seat)]

    # Moves -----------------------------------------------------------------------------------

    def _take(self, seat: Seat, tile: Tile) -> int:
        """Takes `tile` from `seat`'s hand; returns how many tiles the hand has left."""
        hand = self._hands[seat]
        hand[tile] -= 1
        if not hand[tile]:
            self._holding[seat] &= ~(1 << tile)
        self._sizes[seat] -= 1
        return self._sizes[seat]

    def _attack(self, seat: Seat, move: Attack) -> Attacked:
        """ATTACK: the tile goes face up; answers start at the attacker's left (§1.3)."""
        self._take(seat, move.tile)
        self._attacks[seat].append(move.tile)
        revealed = None
        if move.reveal:
            hand = self._hands[seat]
            revealed = self._revealed[seat] = next(TILES[k] for k in KINDS if hand[k])
        self._phase = Phase.RESPONSE
        self._attacker = seat
        self._attack_tile = move.tile
        self._actor = (seat + 1) % self.players
        return (
            _ATTACKED[seat][move.tile] if revealed is None else Attacked(seat, move.tile, revealed)
        )

    def _defend(self, seat: Seat, tile: Tile) -> list[Event]:
        """DEFEND: an empty hand goes out; otherwise the defender attacks at once (R9)."""
        left = self._take(seat, tile)
        self._defenses[seat].append(tile)
        events: list[Event] = [_DEFENDED[seat][tile]]
        if left == 0:
            events += self._end_round(seat, tile, went_out_face_down=False)
        else:
            self._phase = Phase.ATTACK
        return events

    def _pass(self, seat: Seat) -> Passed:
        """PASS: the next seat clockwise answers; back at the attacker, the round bonus (R5)."""
        following = (seat + 1) % self.players
        if following == self._attacker:
            self._phase = Phase.BONUS
        self._actor = following
        return _PASSED[seat]

    def _place_face_down(self, seat: Seat, tile: Tile) -> list[Event]:
        """BONUS: the tile goes face down and its owner attacks again; a last tile is turned
        face up and wins the round instead (R2)."""
        left = self._take(seat, tile)
        events: list[Event] = [_PLACED[seat][tile]]
        if left == 0:
            self._defenses[seat].append(tile)
            events += self._end_round(seat, tile, went_out_face_down=True)
        else:
            self._defenses[seat].append(tile | FACE_DOWN)
            self._phase = Phase.ATTACK
        return events

    # What each seat knows --------------------------------------------------------------------

    def _hand_tiles(self, seat: Seat) -> tuple[Tile, ...]:
        tiles: tuple[Tile, ...] = ()
        for kind, count in enumerate(self._hands[seat]):
            if count:
                tiles += _RUNS[kind][count]
        return tiles

    def _defense_row(self, seat: Seat, sees_face_down: bool) -> tuple[DefenseTile, ...]:
        return tuple(
            (FACE_DOWN_SEEN[entry & KIND] if sees_face_down else FACE_DOWN_HIDDEN)
            if entry & FACE_DOWN
            else FACE_UP[entry]
            for entry in self._defenses[seat]
        )

    def view(self, viewer: Seat | None) -> TigerDragonView:
        """R12: hand sizes and face-up tiles are public; face-down tiles only to their owner
        until the round ends; the tiles left out only as a count."""
        over = self._phase is Phase.OVER  # the last round's face-down tiles were turned up
        boards = tuple(
            Board(
                attack=tuple(self._attacks[s]),
                defense=self._defense_row(s, over or s == viewer),
                hand_count=self._sizes[s],
                revealed=self._revealed[s],
            )
            for s in range(self.players)
        )
        open_attack = None
        if self._phase in (Phase.RESPONSE, Phase.BONUS):
            attacker = self._attacker
            passes = (self._actor - attacker) % self.players or self.players
            open_attack = OpenAttack(
                attacker=attacker,
                tile=self._attack_tile,
                passed=tuple((attacker + k) % self.players for k in range(1, passes)),
            )
        return TigerDragonView(
            viewer=viewer,
            round=self._round,
            battlefield=self._battlefield,
            new_card_each_round=self._settings.new_card_each_round,
            same_card_may_return=self._settings.same_card_may_return,
            start_player=self._start,
            phase=self._phase,
            to_act=self.to_act(),
            boards=boards,
            hand=None if viewer is None else self._hand_tiles(viewer),
            open_attack=open_attack,
            left_out=len(self._left_out),
            scores=tuple(self._scores),
            teams=self._teams,
            team_scores=self._team_scores(),
            target=self._target,
            last_round=self._last_round,
        )

    def private_view(self, seat: Seat) -> TigerDragonPrivate:
        hidden = self._phase is not Phase.OVER  # the last round's face-down tiles were turned up
        face_down = tuple(
            TILES[entry & KIND] for entry in self._defenses[seat] if hidden and entry & FACE_DOWN
        )
        return TigerDragonPrivate(seat, self._hand_tiles(seat), face_down)

    def _team_scores(self) -> tuple[int, ...] | None:
        teams = self._teams
        if teams is None:
            return None
        totals = [0] * (max(teams) + 1)
        for seat, points in enumerate(self._scores):
            totals[teams[seat]] += points
        return tuple(totals)

    def determinize(self, viewer: Seat, rng: random.Random) -> TigerDragonState:
        """Resamples what `viewer` cannot see: the other hands (except a Clifftop-revealed
        tile), the other players' face-down tiles (while the round runs), the tiles left out
        of play, and the seed of every later deal."""
        copy = self.copy()
        others = [s for s in range(self.players) if s != viewer]
        hide_face_down = self._phase is not Phase.OVER
        unseen = list(copy._left_out)
        for s in others:
            unseen += copy._hand_tiles(s)
            shown = copy._revealed[s]
            if shown is not None:
                unseen.remove(shown)
            if hide_face_down:
                unseen += [TILES[e & KIND] for e in copy._defenses[s] if e & FACE_DOWN]
        unseen.sort()  # the shuffle must not depend on the hidden order it replaces
        shuffle(rng, unseen)
        copy._left_out = [unseen.pop() for _ in copy._left_out]
        for s in others:
            hand = copy._hands[s] = [0] * len(KINDS)
            held = 0
            shown = copy._revealed[s]
            if shown is not None:
                hand[shown] += 1
                held = 1 << shown
            for _ in range(copy._sizes[s] - (shown is not None)):
                tile = unseen.pop()
                hand[tile] += 1
                held |= 1 << tile
            copy._holding[s] = held
            if hide_face_down:
                row = copy._defenses[s]
                copy._defenses[s] = [unseen.pop() | FACE_DOWN if e & FACE_DOWN else e for e in row]
        copy._next_seed = rng.getrandbits(64)
        return copy

    def result(self) -> Result | None:
        if self._winners is None:
            return None
        detail = {"rounds": self._round, "team_scores": self._team_scores()}
        return Result(scores=tuple(self._scores), winners=self._winners, detail=detail)

    def scores(self) -> tuple[int, ...]:
        return tuple(self._scores)

    def team(self, seat: Seat) -> int:
        """The seat's team in the team game (partners sit opposite, §1.7); else the seat."""
        teams = self._teams
        return seat if teams is None else teams[seat]

    def copy(self) -> TigerDragonState:
        copy = TigerDragonState.__new__(TigerDragonState)
        copy.players = self.players
        copy._settings = self._settings
        copy._teams = self._teams
        copy._target = self._target
        copy._winners = self._winners
        copy._last_round = self._last_round
        copy._round = self._round
        copy._start = self._start
        copy._cards = self._cards
        copy._battlefield = self._battlefield
        copy._next_seed = self._next_seed
        copy._phase = self._phase
        copy._actor = self._actor
        copy._attacker = self._attacker
        copy._attack_tile = self._attack_tile
        copy._scores = self._scores[:]
        copy._hands = [hand[:] for hand in self._hands]
        copy._sizes = self._sizes[:]
        copy._holding = self._holding[:]
        copy._attacks = [row[:] for row in self._attacks]
        copy._defenses = [row[:] for row in self._defenses]
        copy._revealed = self._revealed[:]
        copy._left_out = self._left_out[:]
        return copy

    def __repr__(self) -> str:
        """Everything, hidden tiles included: for debugging only, never sent to a client."""
        hands = " | ".join(
            " ".join(t.text for t in self._hand_tiles(s)) for s in range(self.players)
        )
        return (
            f"<TigerDragonState round {self._round} {self._phase.name} actor {self._actor} "
            f"battlefield {self._battlefield.value} scores {self._scores} hands [{hands}] "
            f"defenses {self._defenses} left out {[t.text for t in self._left_out]}>"
        )
