"""Doors ↔ protobuf. Engine enums share their numbers with the wire enums, so the mapping is
by number; `None` travels as the `*_UNSPECIFIED` zero."""

from __future__ import annotations

from collections.abc import Iterable
from typing import cast

from tigerden.v1 import doors_pb2 as pb
from tigerden.v1 import match_pb2

from bots.clauses import Clause
from engine.core import Move, Seat
from engine.doors import model as m
from server.codecs.base import History, PrivateBytes, malformed, wire_value

_CARDS = {int(card): card for card in m.Card}
_COLOURS = {int(colour): colour for colour in m.Colour}
_ROLES = {int(role): role for role in m.Role}
_REASONS = {reason: number for number, reason in enumerate(m.ScoreReason, start=1)}
_PHASES = {
    m.Phase.COLLECTOR_TAKE: pb.DOORS_PHASE_COLLECTOR_TAKE,
    m.Phase.GUESSER_DISCARD: pb.DOORS_PHASE_GUESSER_DISCARD,
    m.Phase.GUESSER_ACTION: pb.DOORS_PHASE_GUESSER_ACTION,
    m.Phase.OVER: pb.DOORS_PHASE_OVER,
}
"""By name: DOORS_PHASE_COLLECTOR_SET_DECISION (2) is retired (RULING D1) and never sent."""
_PHASE_OF = {number: phase for phase, number in _PHASES.items()}
_REASON_OF = {number: reason for reason, number in _REASONS.items()}
RETIRED_MOVES = {
    "score_set": "score_set is retired: send take with score_set = true (copy a legal move)",
    "decline_set": "decline_set is retired: a take without score_set keeps a set hidden",
}


def _card(card: m.Card | None) -> int:
    return 0 if card is None else int(card)


def _outcome(outcome: m.ContestOutcome | m.ContestEnded) -> pb.DoorsContestOutcome:
    return pb.DoorsContestOutcome(
        contest=outcome.contest,
        reason=_REASONS[outcome.reason],  # type: ignore[arg-type]
        scorer=outcome.scorer,
        gems=outcome.gems,
        doors=[_card(door) for door in outcome.doors],  # type: ignore[misc]
    )


def _card_of(number: int) -> m.Card | None:
    return None if number == 0 else _CARDS[number]


def _cards_of(numbers: Iterable[int]) -> tuple[m.Card, ...]:
    return tuple(_CARDS[number] for number in numbers)


def _outcome_of(message: pb.DoorsContestOutcome) -> m.ContestOutcome:
    first, second = _cards_of(message.doors)
    return m.ContestOutcome(
        contest=message.contest,
        reason=_REASON_OF[message.reason],
        scorer=message.scorer,
        gems=message.gems,
        doors=(first, second),
    )


def _contest(
    codec: DoorsCodec,
    contest: int,
    collector: Seat,
    played: m.ContestRecord | m.RunningContest,
    outcome: m.ContestOutcome | None = None,
) -> pb.DoorsContestRecord:
    """A contest as the table saw it: finished (a history record, with its outcome) or in
    play so far (`DoorsView.running_contest`, without one)."""
    return pb.DoorsContestRecord(
        contest=contest,
        collector=collector,
        opening_display=[int(card) for card in played.opening_display],  # type: ignore[misc]
        moves=[codec.encode_move(move) for move in played.moves],
        refills=[int(card) for card in played.refills],  # type: ignore[misc]
        outcome=None if outcome is None else _outcome(outcome),
    )


def _record(codec: DoorsCodec, record: m.ContestRecord) -> pb.DoorsContestRecord:
    return _contest(codec, record.contest, record.collector, record, record.outcome)


def _running(codec: DoorsCodec, view: m.DoorsView) -> pb.DoorsContestRecord | None:
    running = view.running_contest
    return None if running is None else _contest(codec, view.contest, view.collector, running)


def _played_of(
    codec: DoorsCodec, message: pb.DoorsContestRecord
) -> tuple[tuple[m.Card, ...], tuple[m.DoorsMove, ...], tuple[m.Card, ...]]:
    """A contest's opening display, moves and refills as the server sent them: its moves
    decode as a client's would (`decode_move`)."""
    moves = tuple(codec.decode_move(move) for move in message.moves)
    return (
        _cards_of(message.opening_display),
        cast(tuple[m.DoorsMove, ...], moves),  # decode_move makes only Doors moves
        _cards_of(message.refills),
    )


def _record_of(codec: DoorsCodec, message: pb.DoorsContestRecord) -> m.ContestRecord:
    outcome = _outcome_of(message.outcome)
    return m.ContestRecord(message.contest, message.collector, *_played_of(codec, message), outcome)


def _running_of(codec: DoorsCodec, message: pb.DoorsView) -> m.RunningContest | None:
    if not message.HasField("running_contest"):
        return None
    return m.RunningContest(*_played_of(codec, message.running_contest))


class DoorsCodec:
    game_id = "doors"
    field = "doors"

    def __init__(self) -> None:
        self._history = History(self._history_piece)

    def encode_view(self, view: m.DoorsView) -> pb.DoorsView:
        message = self._table(view)
        message.history.extend(_record(self, record) for record in view.history)
        return message

    def _table(self, view: m.DoorsView) -> pb.DoorsView:
        """Everything of the view but the history of earlier contests (the running one included)."""
        message = pb.DoorsView(
            contest=view.contest,
            collector=view.collector,
            phase=_PHASES[view.phase],  # type: ignore[arg-type]
            display=[int(card) for card in view.display],  # type: ignore[misc]
            deck_count=view.deck_count,
            collection=[int(card) for card in view.collection],  # type: ignore[misc]
            discards=[int(card) for card in view.discards],  # type: ignore[misc]
            gems=view.gems,
            own_door=_card(view.own_door),  # type: ignore[arg-type]
            target_gems=view.target_gems,
            collector_set_optional=view.collector_set_optional,
        )
        if view.last_contest is not None:
            message.last_contest.CopyFrom(_outcome(view.last_contest))
        if (running := _running(self, view)) is not None:
            message.running_contest.CopyFrom(running)
        return message

    def decode_view(
        self, message: pb.DoorsView, viewer: Seat | None, to_act: Seat | None
    ) -> m.DoorsView:
        last = message.last_contest if message.HasField("last_contest") else None
        return m.DoorsView(
            viewer=viewer,
            contest=message.contest,
            collector=message.collector,
            phase=_PHASE_OF[message.phase],
            to_act=to_act,
            display=_cards_of(message.display),
            deck_count=message.deck_count,
            collection=_cards_of(message.collection),
            discards=_cards_of(message.discards),
            gems=(message.gems[0], message.gems[1]),
            own_door=_card_of(message.own_door),
            last_contest=None if last is None else _outcome_of(last),
            target_gems=message.target_gems,
            collector_set_optional=message.collector_set_optional,
            history=tuple(_record_of(self, record) for record in message.history),
            running_contest=_running_of(self, message),
        )

    def encode_public(self, public: m.DoorsView) -> tuple[bytes, ...]:
        return (self._table(public).SerializeToString() + self._history.encode(public.history),)

    def _history_piece(self, record: m.ContestRecord) -> bytes:
        return pb.DoorsView(history=[_record(self, record)]).SerializeToString()

    def encode_private(self, public: m.DoorsView, private: m.DoorsPrivate) -> PrivateBytes:
        own = pb.DoorsView(own_door=_card(private.door))  # type: ignore[arg-type]
        return PrivateBytes(own.SerializeToString())

    def encode_event(self, event: m.DoorsEvent) -> pb.DoorsEvent:
        match event:
            case m.ContestStarted(contest, collector):
                return pb.DoorsEvent(
                    contest_started=pb.DoorsContestStarted(contest=contest, collector=collector)
                )
            case m.Took(seat, card):
                return pb.DoorsEvent(took=pb.DoorsTook(seat=seat, card=int(card)))  # type: ignore[arg-type]
            case m.Discarded(seat, card):
                return pb.DoorsEvent(discarded=pb.DoorsDiscarded(seat=seat, card=int(card)))  # type: ignore[arg-type]
            case m.Refilled(card, deck_left):
                return pb.DoorsEvent(
                    refilled=pb.DoorsRefilled(card=int(card), deck_left=deck_left)  # type: ignore[arg-type]
                )
            case m.Guessed(seat, colour, role, correct):
                guessed = pb.DoorsGuessed(
                    seat=seat,
                    colour=0 if colour is None else int(colour),  # type: ignore[arg-type]
                    role=0 if role is None else int(role),  # type: ignore[arg-type]
                    correct=correct,
                )
                return pb.DoorsEvent(guessed=guessed)
            case m.Passed(seat):
                return pb.DoorsEvent(passed=pb.DoorsPassed(seat=seat))
            case m.ContestEnded():
                return pb.DoorsEvent(contest_ended=_outcome(event))
            case m.MatchEnded(winner, gems):
                return pb.DoorsEvent(match_ended=pb.DoorsMatchEnded(winner=winner, gems=gems))
        raise TypeError(f"not a Doors event: {event!r}")

    def encode_move(self, move: Move) -> pb.DoorsMove:
        match move:
            case m.Take(card, score_set):
                return pb.DoorsMove(take=pb.DoorsTake(card=int(card), score_set=score_set))  # type: ignore[arg-type]
            case m.Discard(card):
                return pb.DoorsMove(discard=pb.DoorsDiscard(card=int(card)))  # type: ignore[arg-type]
            case m.Guess(colour, role):
                guess = pb.DoorsGuess(
                    colour=0 if colour is None else int(colour),  # type: ignore[arg-type]
                    role=0 if role is None else int(role),  # type: ignore[arg-type]
                )
                return pb.DoorsMove(guess=guess)
            case m.MatchSet():
                return pb.DoorsMove(match_set=pb.DoorsMatchSet())
            case m.Pass():
                return pb.DoorsMove(pass_turn=pb.DoorsPass())
        raise TypeError(f"not a Doors move: {move!r}")

    def encode_clause(self, clause: Clause, message: match_pb2.HintClause) -> None:
        """A Doors clause names nothing beyond the fields every game's clauses share."""

    def decode_move(self, message: pb.DoorsMove) -> Move:
        action = message.WhichOneof("action")
        if action == "take":
            card = wire_value(_CARDS, message.take.card, "take.card")
            return m.Take(card, message.take.score_set)
        if action == "discard":
            return m.Discard(wire_value(_CARDS, message.discard.card, "discard.card"))
        if action == "guess":
            colour = message.guess.colour
            role = message.guess.role
            if colour == 0 and role == 0:
                raise malformed("a guess names a colour, a role, or both")
            return m.Guess(
                None if colour == 0 else wire_value(_COLOURS, colour, "guess.colour"),
                None if role == 0 else wire_value(_ROLES, role, "guess.role"),
            )
        if action in RETIRED_MOVES:
            raise malformed(RETIRED_MOVES[action])
        simple: dict[str | None, Move] = {"match_set": m.MatchSet(), "pass_turn": m.Pass()}
        if action not in simple:
            raise malformed("DoorsMove has no action set")
        return simple[action]
