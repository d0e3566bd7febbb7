"""Tiger & Dragon's typed events in the player's words, with the tiles each placed
(highlighted until your next move)."""

from __future__ import annotations

from tigerden.v1 import match_pb2

from client.i18n import _
from client.ui.games.tiger_dragon.screen import tile_name
from client.ui.model import ClientState, Described


def describe(state: ClientState, event: match_pb2.Event) -> Described | None:
    """A Tiger & Dragon event in words (in the player's language), with the tiles it placed."""
    if not event.HasField("tiger_dragon"):
        return None
    kind = event.tiger_dragon.WhichOneof("kind")
    e = getattr(event.tiger_dragon, kind or "")
    boards = state.snapshot.view.tiger_dragon.boards if state.snapshot else ()

    def last(seat: int, row: str) -> tuple[str, ...]:
        """The key of the newest tile in a seat's row, to highlight it."""
        if seat >= len(boards):
            return ()
        count = len(getattr(boards[seat], row))
        return (f"{seat}:{row}:{count - 1}",) if count else ()

    if kind == "round_started":
        return Described(
            _("round {round} begins; {name} starts").format(
                round=e.round, name=state.actor(e.start_player)
            )
        )
    if kind == "attacked":
        deed = _("attacks with {tile}").format(tile=tile_name(e.tile))
        if e.revealed:
            deed += " " + _("and reveals the last tile {tile}").format(tile=tile_name(e.revealed))
        return Described(deed, seat=e.seat, changed=last(e.seat, "attack"))
    if kind == "defended":
        return Described(
            _("defends with {tile}").format(tile=tile_name(e.tile)),
            seat=e.seat,
            changed=last(e.seat, "defense"),
        )
    if kind == "passed":
        return Described(_("passes"), seat=e.seat)
    if kind == "placed_face_down":
        return Described(_("places a tile face down"), seat=e.seat, changed=last(e.seat, "defense"))
    if kind == "round_ended":
        s = e.summary
        return Described(
            _("round {round} ends: {name} goes out with {tile} and scores {points}").format(
                round=s.round,
                name=state.actor(s.winner),
                tile=tile_name(s.winning_tile),
                points=s.points,
            ),
            ends=True,
        )
    if kind == "match_ended":
        return Described(_("the match is over"), ends=True)
    return None
