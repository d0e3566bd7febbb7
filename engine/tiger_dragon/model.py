"""Tiger & Dragon as data: rulings, settings, moves, events and the per-seat view.

These types are the vocabulary shared by the rules (`state.py`), the server's codec and the
bots. Every number and ruling of `shared/rules/tiger-dragon.md` that is not a Battlefield value
lives in `RULES` below (the card values live in `battlefields.py`), so each changes in one edit.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, replace

from engine.core import PublicEvent, Seat
from engine.tiger_dragon.battlefields import Battlefield
from engine.tiger_dragon.tiles import TILES, Tile


@dataclass(frozen=True)
class Rules:
    """Every number and ruling of tiger-dragon.md outside the card table, in one place.

    Rulings about the order of play are the shape of `state.py` itself and are marked there by
    their ids: R5 (one chance per attack, clockwise), R7 (the reveal comes only with the attack
    that leaves one tile), R9 (the defender attacks at once), R11 (the marker passes left).
    """

    # §1.2: a normal hand per player count; the start player takes `start_extra` more.
    hand_sizes: tuple[tuple[int, int], ...] = ((2, 13), (3, 11), (4, 9), (5, 7))
    start_extra: int = 1
    target: int = 10  # §1.6: a player with 10 or more after a round wins
    team_target: int = 15  # §1.7 / R6: a team with 15 or more after a round wins
    # §1.7 / R6: the team of each seat in the 4-player team game; partners sit opposite.
    team_of_seat: tuple[int, ...] = (0, 1, 0, 1)
    # R2: a last tile placed face down is turned up and scored; it is not also a bonus tile.
    last_face_down_is_bonus: bool = False
    # §1.2 / R10: the recommended first-game card, the default of the `battlefield` option.
    default_battlefield: Battlefield = Battlefield.DOJO

    def hand_size(self, players: int) -> int:
        """A normal (non-start) hand for `players` players."""
        return dict(self.hand_sizes)[players]


RULES = Rules()


@dataclass(frozen=True)
class Settings:
    """A match's options, parsed. `battlefield` None means a random card (R10)."""

    battlefield: Battlefield | None = RULES.default_battlefield
    new_card_each_round: bool = False  # R10's house rule
    teams: bool = False  # §1.7, 4 players only
    same_card_may_return: bool = False  # R10's house rule: the draw may repeat the card
    with_promo: bool = False  # random draws include the Game Market promo (§3)


class Phase(enum.Enum):
    """Where a round stands (§4's state machine); rounds are set up and scored inside apply."""

    ATTACK = "attack"
    RESPONSE = "defend or pass"
    BONUS = "place a tile face down"
    OVER = "match over"


# Moves ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Attack:
    """Place a tile face up in the attack row (§1.3). With `reveal` (Clifftop only, R7) the one
    tile left in hand is shown to everyone."""

    tile: Tile
    reveal: bool = False

    def label(self) -> str:
        return f"attack {self.tile.text}" + (" and reveal" if self.reveal else "")


@dataclass(frozen=True)
class Defend:
    """Answer the open attack with a matching tile in the defense row (§1.3)."""

    tile: Tile

    def label(self) -> str:
        return f"defend {self.tile.text}"


@dataclass(frozen=True)
class Pass:
    """Let the open attack go by (§1.3, R5); allowed even when holding a defense."""

    def label(self) -> str:
        return "pass"


@dataclass(frozen=True)
class PlaceFaceDown:
    """The round bonus: every other player passed, so place any tile face down (§1.3, R8)."""

    tile: Tile

    def label(self) -> str:
        return f"face-down {self.tile.text}"


TigerDragonMove = Attack | Defend | Pass | PlaceFaceDown

ATTACKS: tuple[Attack, ...] = tuple(Attack(t) for t in TILES)
REVEALING_ATTACKS: tuple[Attack, ...] = tuple(Attack(t, reveal=True) for t in TILES)
DEFENSES: tuple[Defend, ...] = tuple(Defend(t) for t in TILES)
FACE_DOWNS: tuple[PlaceFaceDown, ...] = tuple(PlaceFaceDown(t) for t in TILES)
PASS = Pass()
"""Every move, built once and indexed by tile, so listing legal moves allocates no moves."""


# Round results ----------------------------------------------------------------------------


@dataclass(frozen=True)
class RoundSummary:
    """A finished round, public: who went out with what, and what it scored (§1.5).

    `open_tile`: the winning tile had been revealed by an attack (Clifftop, R7). `face_down`
    holds each seat's face-down tiles, turned up at the end of the round (§1.6, R12); a last
    tile placed face down to go out is the winning tile, not one of them (R2).
    """

    round: int
    battlefield: Battlefield
    winner: Seat
    winning_tile: Tile
    open_tile: bool
    card_value: int
    bonus: int
    face_down: tuple[tuple[Tile, ...], ...]

    @property
    def points(self) -> int:
        return self.card_value + self.bonus

    def describe(self) -> str:
        tiles = ", ".join(
            f"seat {s}: {' '.join(t.text for t in row)}"
            for s, row in enumerate(self.face_down)
            if row
        )
        shown = f"; face-down tiles {tiles}" if tiles else ""
        opened = " (revealed)" if self.open_tile else ""
        return (
            f"round {self.round}: seat {self.winner} goes out with {self.winning_tile.text}"
            f"{opened}, {self.card_value} + bonus {self.bonus} = {self.points} points{shown}"
        )


# Events -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class RoundStarted:
    """A deal (§1.2): each seat sees only its own hand; `hands` holds None for the others."""

    round: int
    start_player: Seat
    battlefield: Battlefield
    hand_counts: tuple[int, ...]
    hands: tuple[tuple[Tile, ...] | None, ...]

    def for_viewer(self, viewer: Seat | None) -> RoundStarted:
        return replace(
            self, hands=tuple(h if s == viewer else None for s, h in enumerate(self.hands))
        )

    def describe(self) -> str:
        line = (
            f"round {self.round}: seat {self.start_player} has the start marker; "
            f"battlefield {self.battlefield.card.title}"
        )
        own = [" ".join(t.text for t in h) for h in self.hands if h is not None]
        return line + "".join(f"; your hand: {h}" for h in own)


@dataclass(frozen=True)
class Attacked(PublicEvent):
    seat: Seat
    tile: Tile
    revealed: Tile | None = None  # R7: the last tile in hand, shown with this attack

    def describe(self) -> str:
        line = f"seat {self.seat} attacks with {self.tile.text}"
        if self.revealed is not None:
            line += f" and reveals their last tile: {self.revealed.text}"
        return line


@dataclass(frozen=True)
class Defended(PublicEvent):
    seat: Seat
    tile: Tile

    def describe(self) -> str:
        return f"seat {self.seat} defends with {self.tile.text}"


@dataclass(frozen=True)
class Passed(PublicEvent):
    seat: Seat

    def describe(self) -> str:
        return f"seat {self.seat} passes"


@dataclass(frozen=True)
class PlacedFaceDown:
    """The round bonus tile (R8): only its owner sees `tile`; others get None."""

    seat: Seat
    tile: Tile | None

    def for_viewer(self, viewer: Seat | None) -> PlacedFaceDown:
        return self if viewer == self.seat else replace(self, tile=None)

    def describe(self) -> str:
        what = "a tile" if self.tile is None else self.tile.text
        return f"seat {self.seat} places {what} face down"


@dataclass(frozen=True)
class RoundEnded(PublicEvent):
    """A player went out (§1.4); the scoring and every face-down tile are public (R12)."""

    summary: RoundSummary
    scores: tuple[int, ...]

    def describe(self) -> str:
        return self.summary.describe()


@dataclass(frozen=True)
class MatchEnded(PublicEvent):
    winners: tuple[Seat, ...]
    scores: tuple[int, ...]

    def describe(self) -> str:
        seats = " and ".join(f"seat {s}" for s in self.winners)
        return f"{seats} win{'s' if len(self.winners) == 1 else ''} the match: " + " ".join(
            map(str, self.scores)
        )


TigerDragonEvent = (
    RoundStarted | Attacked | Defended | Passed | PlacedFaceDown | RoundEnded | MatchEnded
)


# The view ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class DefenseTile:
    """One defense-row space. `tile` is None for a face-down tile the viewer may not see."""

    tile: Tile | None
    face_down: bool


FACE_UP: tuple[DefenseTile, ...] = tuple(DefenseTile(t, False) for t in TILES)
FACE_DOWN_SEEN: tuple[DefenseTile, ...] = tuple(DefenseTile(t, True) for t in TILES)
FACE_DOWN_HIDDEN = DefenseTile(None, True)
"""Every defense-row space a view can show, built once."""


@dataclass(frozen=True)
class Board:
    """A player's board as the viewer sees it, and their public hand size (R12).

    `revealed`: the last tile in hand, shown by a Clifftop reveal (R7), else None.
    """

    attack: tuple[Tile, ...]
    defense: tuple[DefenseTile, ...]
    hand_count: int
    revealed: Tile | None

    def seen_by_owner(self, face_down: tuple[Tile, ...]) -> Board:
        """This board as its owner sees it: the face-down tiles hidden here are `face_down`,
        in row order."""
        tiles = iter(face_down)
        defense = tuple(
            DefenseTile(next(tiles), True) if space == FACE_DOWN_HIDDEN else space
            for space in self.defense
        )
        return replace(self, defense=defense)


@dataclass(frozen=True)
class OpenAttack:
    """The attack awaiting answers (§2 d) and the seats that have passed on it, in order."""

    attacker: Seat
    tile: Tile
    passed: tuple[Seat, ...]


@dataclass(frozen=True)
class TigerDragonView:
    """All that one seat (or, with viewer None, a spectator) may know.

    `hand` is the viewer's own hand, sorted; None for a spectator. `teams` gives each seat's
    team in the team game (None otherwise), and `team_scores` each team's total. `left_out` is
    how many tiles sit out of play unseen this round.
    """

    viewer: Seat | None
    round: int
    battlefield: Battlefield
    new_card_each_round: bool
    start_player: Seat
    phase: Phase
    to_act: Seat | None
    boards: tuple[Board, ...]
    hand: tuple[Tile, ...] | None
    open_attack: OpenAttack | None
    left_out: int
    scores: tuple[int, ...]
    teams: tuple[int, ...] | None
    team_scores: tuple[int, ...] | None
    target: int
    last_round: RoundSummary | None
    same_card_may_return: bool = False

    def joined(self, private: TigerDragonPrivate) -> TigerDragonView:
        """The seat's view: this public one with its hand and its own face-down tiles."""
        seat, boards = private.seat, self.boards
        if private.face_down:
            own = boards[seat].seen_by_owner(private.face_down)
            boards = (*boards[:seat], own, *boards[seat + 1 :])
        return replace(self, viewer=seat, hand=private.hand, boards=boards)


@dataclass(frozen=True)
class TigerDragonPrivate:
    """What one seat alone knows (R12): its hand, sorted, and the tiles it placed face down in
    its defense row, in row order, while the round runs (once it is over they are public)."""

    seat: Seat
    hand: tuple[Tile, ...]
    face_down: tuple[Tile, ...]
