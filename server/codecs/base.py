"""The codec contract: how one game's engine values map to and from its protobuf messages.

One codec per game. The server reads engine state only through `State.view` (or its two parts,
`State.public_view` and `State.private_view`) and `Event.for_viewer`, and turns those into
protobuf only here, so this package (with `server/outbound.py`) is the single path from game
state to the wire.

A snapshot's view is sent as its public part, serialised once per revision for every viewer,
joined with the receiver's private part: protobuf parses concatenated serialised messages as
one merged message, so the joined bytes are the receiver's whole view message (`encode_view`
of its `State.view`), and no receiver is sent a part that is not its own.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Mapping
from typing import Any, Generic, NamedTuple, Protocol, TypeVar

from google.protobuf.message import Message
from tigerden.v1 import match_pb2

from bots.clauses import Clause
from engine.core import Event, Move, Seat, View
from server.errors import Reason, Refusal


class Codec(Protocol):
    """Maps one game's views, events and moves; `field` names its slot in the oneofs."""

    game_id: str
    field: str

    def __hash__(self) -> int:
        """One instance per game (`CODECS`): a key of the memoised encodings."""
        ...

    def encode_view(self, view: Any) -> Message: ...

    def decode_view(self, message: Any, viewer: Seat | None, to_act: Seat | None) -> View:
        """The view `encode_view` made `message` of, back in the engine's words, for `viewer`
        (None: a spectator), with `to_act` from the snapshot: decode(encode(view)) == view."""
        ...

    def encode_public(self, public: Any) -> tuple[bytes, ...]:
        """The public view (a spectator's, `State.public_view`) as the game's view message,
        serialised in pieces whose concatenation parses as `encode_view(public)`."""
        ...

    def encode_private(self, public: Any, private: Any) -> PrivateBytes:
        """What turns the pieces of `public` into the view message of `private.seat`: the
        bytes of its private part (`State.private_view`) and the pieces it replaces."""
        ...

    def encode_event(self, event: Any) -> Message: ...

    def encode_move(self, move: Any) -> Message: ...

    def decode_move(self, message: Any) -> Move:
        """Raises Refusal(MALFORMED_MOVE) when the message names no valid move."""
        ...

    def encode_clause(self, clause: Clause, message: match_pb2.HintClause) -> None:
        """Sets the fields of a hint's reason clause that name the game's own things (Koi-Koi:
        the yaku); server/outbound.py sets the others."""
        ...


class PrivateBytes(NamedTuple):
    """A seat's private part, serialised: `extra` follows the public pieces, and a piece whose
    index is in `replaced` (a public fact the seat sees more of, such as its own defense row
    with its face-down tiles) is sent as that instead, in its place: the elements of a repeated
    field join in the order they are sent."""

    extra: bytes
    replaced: Mapping[int, bytes] = {}


def joined(public: tuple[bytes, ...], private: PrivateBytes) -> bytes:
    """The serialised view message of `private`'s seat, from the public pieces."""
    pieces = public
    if private.replaced:
        pieces = tuple(private.replaced.get(at, piece) for at, piece in enumerate(public))
    return b"".join(pieces) + private.extra


E = TypeVar("E")


class History(Generic[E]):
    """A view's public history (Koi-Koi's hand plays, Doors' earlier contests), serialised as
    the elements of its repeated field, memoised by prefix.

    The engine's history only grows within a match (`history += (entry,)`, the entries shared
    from revision to revision), and serialising all of it again each revision was most of the
    cost of Koi-Koi's and Doors' public part. A repeated field's bytes are its elements' bytes
    joined, so a revision's history is an earlier revision's bytes and the new entries'. An
    earlier history is found by its length and the identity of its last entry (kept alive by
    the memo, so the identity is not reused while it is known), then confirmed equal, entry
    by entry: what is sent is always exactly the history of the view being encoded."""

    def __init__(self, piece: Callable[[E], bytes], size: int = 2048, reach: int = 8) -> None:
        """`piece`: the view message holding one entry, serialised. `size`: histories known
        (the latest of each match is what the next revision needs). `reach`: how many entries
        back an earlier revision's history is looked for (a move appends one or two)."""
        self._piece = piece
        self._size = size
        self._reach = reach
        self._known: OrderedDict[tuple[int, int], tuple[tuple[E, ...], bytes]] = OrderedDict()

    def encode(self, history: tuple[E, ...]) -> bytes:
        count = len(history)
        done, encoded = 0, b""
        for length in range(count, max(count - self._reach, 0), -1):
            key = (length, id(history[length - 1]))
            known = self._known.get(key)
            if known is not None and known[0] == history[:length]:
                self._known.move_to_end(key)
                done, encoded = length, known[1]
                break
        if done == count:
            return encoded
        encoded += b"".join(self._piece(entry) for entry in history[done:])
        self._known[(count, id(history[-1]))] = (history, encoded)
        if len(self._known) > self._size:
            self._known.popitem(last=False)
        return encoded


def malformed(message: str) -> Refusal:
    return Refusal(Reason.MALFORMED_MOVE, f"malformed move: {message}")


V = TypeVar("V")


def wire_value(table: Mapping[int, V], number: int, what: str) -> V:
    """The engine value a move's wire enum number stands for, or a MALFORMED_MOVE refusal
    (for the unset zero, and for numbers this server does not know)."""
    if number == 0:
        raise malformed(f"{what} is not set; copy one of the snapshot's legal_moves")
    if number not in table:
        raise malformed(f"{what} {number} is not a known value")
    return table[number]


def wrap_move(codec: Codec, move: Move) -> match_pb2.Move:
    envelope = match_pb2.Move()
    getattr(envelope, codec.field).CopyFrom(codec.encode_move(move))
    return envelope


def unwrap_move(codec: Codec, envelope: match_pb2.Move) -> Move:
    which = envelope.WhichOneof("game")
    if which is None:
        raise malformed("no game's move is set in Move; copy one of the snapshot's legal_moves")
    if which != codec.field:
        raise Refusal(
            Reason.WRONG_GAME,
            f"this match plays {codec.game_id}, but the move is a {which} move",
        )
    return codec.decode_move(getattr(envelope, which))


def wrap_view(codec: Codec, view: View) -> match_pb2.GameView:
    envelope = match_pb2.GameView()
    getattr(envelope, codec.field).CopyFrom(codec.encode_view(view))
    return envelope


def unwrap_view(
    codec: Codec, envelope: match_pb2.GameView, viewer: Seat | None, to_act: Seat | None
) -> View:
    return codec.decode_view(getattr(envelope, codec.field), viewer, to_act)


def wrap_event(codec: Codec, event: Event) -> match_pb2.Event:
    envelope = match_pb2.Event(text=event.describe())
    getattr(envelope, codec.field).CopyFrom(codec.encode_event(event))
    return envelope
