"""What the terminal table shows, as plain data: the newest snapshot, the log, the banner of what
the others just did, the cards that changed, an overlay held on screen (a deal's summary, a
hint), the review, the seats' names, the legal moves as the player reads them and which of them
a typed text names, and the status line.

The Play reader writes here and calls `invalidate()`; the panes only read. This module draws
nothing and names no game: it imports neither prompt_toolkit nor a game's screen. What it needs
put into words while a snapshot comes in (the events, the move labels, the result) it asks of
the `Words` it is given (`client/ui/words.py`, which asks each game's screen). No rules here:
what can be played is exactly `snapshot.legal_moves`.
"""

from __future__ import annotations

import copy
import re
import time
from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Protocol

from tigerden.v1 import lobby_pb2, match_pb2

from client.i18n import _
from client.ui.presence import away

LOG_LINES = 200
SEAT = re.compile(r"\bseat (\d+)\b")
"""How the server's English event texts name seats (used only for events the client cannot
put into words itself)."""


@dataclass(frozen=True)
class Described:
    """One event in words: who did it (None: nobody in particular) and then `text` (what they
    did, without the name; the whole sentence when `seat` is None), the card/tile names it
    changed (highlighted until your next move), and whether it ends a deal, round or contest
    (the summary is then held on screen until a key is pressed)."""

    text: str
    seat: int | None = None
    changed: tuple[str, ...] = ()
    ends: bool = False


@dataclass(frozen=True)
class HeldSummary:
    """The end of a deal, round or contest, held on screen until a key is pressed: the game's
    screen draws it from the snapshot that ended it (the table may have moved on since)."""

    snapshot: match_pb2.Snapshot


@dataclass(frozen=True)
class HeldHint:
    """A hint held on the table until a key is pressed: every move, as the server weighs it."""

    response: match_pb2.HintResponse


Held = HeldSummary | HeldHint
"""What the table holds on screen in place of the board until a key is pressed."""


@dataclass
class Review:
    """The review of a finished match as it streams in, and which move is shown."""

    reviewed: int = 0
    total: int = 0
    moves: list[match_pb2.ReviewedMove] = field(default_factory=list)
    index: int = 0
    failed: str = ""

    @property
    def done(self) -> bool:
        return self.total > 0 and self.reviewed == self.total

    def browse(self, step: int) -> None:
        if self.moves:
            self.index = max(0, min(len(self.moves) - 1, self.index + step))

    def take(self, message: match_pb2.ReviewMatchResponse) -> None:
        self.reviewed, self.total = message.reviewed, message.total
        if message.HasField("move"):
            self.moves.append(message.move)


class Words(Protocol):
    """What the model asks to have put into words while a snapshot comes in: the wording layer
    (`client/ui/words.py`) implements it by asking the game's screen, so the model names no
    game."""

    def describe(self, state: ClientState, event: match_pb2.Event) -> Described | None:
        """The event in words, or None when the log says nothing of it."""
        ...

    def label(self, state: ClientState, move: match_pb2.LegalMove) -> str:
        """The move as the player reads and types it (in their language)."""
        ...

    def result_words(self, state: ClientState, snapshot: match_pb2.Snapshot) -> str:
        """Who won, with the scores."""
        ...

    def arrivals(self, state: ClientState) -> set[str]:
        """Your own seat's "... is back" and "... sat down" lines, as the log words them."""
        ...


@dataclass
class ClientState:
    game: lobby_pb2.Game
    match_id: str
    snapshot: match_pb2.Snapshot | None = None
    log: deque[str] = field(default_factory=lambda: deque(maxlen=LOG_LINES))
    deeds: deque[bytes] = field(default_factory=lambda: deque(maxlen=LOG_LINES))
    """The events the log told (serialised; not the chat), to match a new stream's recap
    against: by the events themselves, since their words change with the seats' names."""
    status: str = field(default_factory=lambda: _("connecting..."))
    show_help: bool = False
    show_log: bool = False
    acted_at: int = -1
    banner: list[tuple[int | None, str]] = field(default_factory=list)
    """What the others did since your last move, newest last: (seat or None, words)."""
    changed: set[str] = field(default_factory=set)
    """Names of the cards/tiles the others' moves changed, until your next move."""
    held: Held | None = None
    """An end-of-deal/round/contest summary or a hint, shown until a key is pressed."""
    labels: list[str] = field(default_factory=list)
    """The snapshot's legal moves as the player reads and types them, in the same order."""
    outcome: str = ""
    """The snapshot's result in words ("ada won (ada 10, bob 5)"), "" before the end."""
    turn_started: bool = False
    """Set when a snapshot makes it your turn (the UI rings the bell and clears it)."""
    options: dict[str, str] = field(default_factory=dict)
    """The match's options (MatchInfo.options), to name its house rules."""
    review: Review | None = None
    """The post-match review while it is open (F4 or /review after the match)."""
    received_at: float = 0.0
    """`time.monotonic()` when the snapshot arrived: the clock counts down from there."""
    chat_seen: int = 0
    """The number of the last chat line shown (a new stream sends the recent ones again)."""
    play_again: bool = False
    """Set by /again after the match: the caller takes the seat in the rematch."""
    host_help: list[str] = field(default_factory=list)
    """At the host's table: the host's controls, the join code, the host token (the help
    shows them first, the log at the start)."""
    seat_lost: str = ""
    """Why the server ended the stream for good (the host removed you, the seat went to a bot,
    the match is gone): the seat is not kept, so no command can take you back to it."""

    def house_rules(self) -> list[tuple[str, str]]:
        """("name=value", description) for every option of the match that differs from the
        game's default: the house rules in play, as the server describes them (in the player's
        language when the catalog has the description)."""
        return [
            (f"{option.name}={self.options[option.name]}", _(option.description))
            for option in self.game.options
            if self.options.get(option.name, option.default_value) != option.default_value
        ]

    def receive(self, snapshot: match_pb2.Snapshot, words: Words) -> None:
        """A snapshot from the stream: the table shows it, the log and the banner tell its
        events (in `words`), and the end of a deal is held on screen."""
        was_mine = self.snapshot is not None and bool(self.snapshot.legal_moves)
        self.show(snapshot, words)
        self.received_at = time.monotonic()
        viewer = snapshot.viewer_seat if snapshot.HasField("viewer_seat") else None
        if snapshot.events_are_recap:
            self.recap(snapshot, words)
        for event in [] if snapshot.events_are_recap else snapshot.events:
            described = words.describe(self, event)
            if described is None:
                continue
            seat = described.seat
            self.log.append(self.deed(described))
            self.deeds.append(event.SerializeToString(deterministic=True))
            if seat is None or seat != viewer:
                self.banner.append((seat, described.text))
                self.changed.update(described.changed)
            if described.ends:
                self.held = HeldSummary(snapshot)
        if not snapshot.events_are_recap:
            self.hear(snapshot.chat)
        self.turn_started = bool(snapshot.legal_moves) and not was_mine
        self.status = self.table_status() or self.status

    def show(self, snapshot: match_pb2.Snapshot, words: Words) -> None:
        """Makes `snapshot` the one shown, its legal moves and result put into `words` (the
        replay shows its steps this way, without a stream's events)."""
        self.snapshot = snapshot
        self.labels = [words.label(self, move) for move in snapshot.legal_moves]
        self.outcome = words.result_words(self, snapshot) if snapshot.HasField("result") else ""

    def recap(self, snapshot: match_pb2.Snapshot, words: Words) -> None:
        """A new stream's first snapshot (after a reconnection, a server restart, the end of
        the match, a rejoin): its recap of recent events tells what happened meanwhile, without
        banners or held summaries. The log keeps what it showed (its chat, the lines the recap
        no longer holds) and gains the recapped events it did not have. The chat said before
        this stream opened goes before the note that you are back."""
        told = [(e, d) for e in snapshot.events if (d := words.describe(self, e)) is not None]
        keys = [e.SerializeToString(deterministic=True) for e, _d in told]
        shown = _shown_up_to(list(self.deeds), keys)
        new = [self.deed(d) for _e, d in told[shown:]]
        if self.deeds and told and not shown:
            self.log.append("...")  # more happened meanwhile than the recap holds
        heard = self.heard(snapshot.chat)
        arrivals = words.arrivals(self)
        back = [i for i, line in enumerate(new) if line in arrivals]
        cut = back[-1] if back else len(new)
        for line in [*new[:cut], *heard, *new[cut:]]:
            self.log.append(line)
        self.deeds.extend(keys[shown:])
        self.banner.extend((None, line) for line in heard)

    def deed(self, described: Described) -> str:
        """An event as one log line: who did it (when someone did), then what."""
        if described.seat is None:
            return described.text
        return f"{self.actor(described.seat)} {described.text}"

    def table_status(self) -> str:
        """What the newest snapshot asks of you ("your move: ...", "waiting for bob..."), or ""
        when it asks nothing; the status line shows it unless something newer was said."""
        snapshot = self.snapshot
        if snapshot is None:
            return ""
        if snapshot.HasField("result"):
            status = _("match over: {result}").format(result=self.outcome)
            if snapshot.rematch_match_id:
                return status + " · " + _("a rematch is open: /again plays again")
            if snapshot.HasField("viewer_seat"):
                return status + " · " + _("/again to play again")
            return status
        if snapshot.status == lobby_pb2.MATCH_STATUS_WAITING:
            return _("waiting for every seat to be taken...")
        if snapshot.legal_moves:
            return _("your move: type a move (Tab completes) or its number")
        if snapshot.HasField("to_act"):
            return _("waiting for {name}...").format(name=self.player_name(snapshot.to_act))
        return ""

    def hear(self, lines: Iterable[match_pb2.ChatLine]) -> None:
        """Chat lines go to the log and the banner (at 80x24 the log may be hidden), your own
        too, so you see what the table saw."""
        for said in self.heard(lines):
            self.log.append(said)
            self.banner.append((None, said))

    def heard(self, lines: Iterable[match_pb2.ChatLine]) -> list[str]:
        """The chat lines not shown yet, as the log words them."""
        said = []
        for line in lines:
            if line.number <= self.chat_seen:
                continue
            self.chat_seen = line.number
            who = line.name + (" " + _("(watching)") if line.spectator else "")
            said.append(f"{who}: {line.text}")
        return said

    def at(self, snapshot: match_pb2.Snapshot) -> ClientState:
        """The table as it stood when `snapshot` came in (to draw a summary held since): the
        same log and seats, that snapshot's view and names (a shallow copy: nothing is
        built anew)."""
        then = copy.copy(self)
        then.snapshot = snapshot
        return then

    def banner_text(self, deeds: int | None = None) -> str:
        """The banner in one line: "Bea plays apr-cuckoo, takes apr-plain-2; draws jan-plain-2
        to the board" (a name once for a run of its deeds); only the newest `deeds` of them
        when given."""
        kept = self.banner if deeds is None else self.banner[len(self.banner) - deeds :]
        parts: list[str] = []
        previous: int | None = None
        for index, (seat, words) in enumerate(kept):
            same_run = index > 0 and seat is not None and seat == previous
            parts.append(words if same_run or seat is None else f"{self.actor(seat)} {words}")
            previous = seat
        return "; ".join(parts)

    def acted(self, version: int, label: str) -> None:
        """Your move was sent: the banner and the highlights start afresh."""
        self.acted_at = version
        self.banner.clear()
        self.changed.clear()
        self.status = _("sent: {move}").format(move=label)

    def reconnecting(self, attempt: int, delay: float) -> None:
        self.status = _("reconnecting… (attempt {attempt}, next in {delay} s)").format(
            attempt=attempt, delay=f"{delay:g}"
        )

    def clock_text(self, now: float | None = None) -> str:
        """The countdown of the seat to act and, with a bank clock, every seat's bank; "" when
        the match has no clock."""
        return " · ".join(part for part in self.clock_parts(now) if part)

    def clock_parts(self, now: float | None = None) -> tuple[str, str]:
        """(the seat to act's countdown, every seat's bank), each "" when there is none."""
        snapshot = self.snapshot
        if snapshot is None or snapshot.HasField("result"):
            return "", ""
        elapsed = (time.monotonic() if now is None else now) - self.received_at
        acting = snapshot.deadline_unix_ms and snapshot.HasField("to_act")
        running = snapshot.to_act if acting else None
        turn = banks = ""
        if running is not None:
            left = snapshot.turn_remaining_ms / 1000 - elapsed
            turn = _("{name}: {time} to move").format(
                name=self.seat_name(running), time=clock(left)
            )
        if snapshot.bank_remaining_ms:
            each = [
                f"{self.seat_name(seat)} "
                + clock(bank / 1000 - (elapsed if seat == running else 0))
                for seat, bank in enumerate(snapshot.bank_remaining_ms)
            ]
            banks = _("banks: {banks}").format(banks=" · ".join(each))
        return turn, banks

    def receive_result(self, result: match_pb2.MoveResult) -> None:
        if not result.accepted:
            self.status = _("refused: {message}").format(message=result.rejection.message)

    def server_text(self, text: str) -> str:
        """An event text from the server with its seats named."""
        return SEAT.sub(lambda m: self.player_name(int(m[1])), text)

    def player_name(self, seat: int) -> str:
        if self.snapshot is None or seat >= len(self.snapshot.seats):
            return _("seat {number}").format(number=seat)
        entry = self.snapshot.seats[seat]
        if entry.name:
            return entry.name
        return _("seat {number}").format(number=seat) if entry.taken else _("(free)")

    def viewer(self) -> int | None:
        snapshot = self.snapshot
        if snapshot is None or not snapshot.HasField("viewer_seat"):
            return None
        return snapshot.viewer_seat

    def is_you(self, seat: int) -> bool:
        return seat == self.viewer()

    def seat_name(self, seat: int) -> str:
        """The player's name, or "you" for the viewer's own seat."""
        return _("you") if self.is_you(seat) else self.player_name(seat)

    def seat_tallies(self, tallies: Iterable[int]) -> str:
        """One number per seat in seat order, each after the seat's name ("you 3, bob 5")."""
        return ", ".join(f"{self.seat_name(seat)} {n}" for seat, n in enumerate(tallies))

    def actor(self, seat: int) -> str:
        """Who did something, in the log: the player's name, marked "(you)" for your seat."""
        name = self.player_name(seat)
        return name + " " + _("(you)") if self.is_you(seat) else name

    def seat_notes(self, seat: int) -> list[str]:
        """What else a player should know about a seat: a bot, away."""
        if self.snapshot is None or seat >= len(self.snapshot.seats):
            return []
        info = self.snapshot.seats[seat]
        if info.kind == lobby_pb2.SEAT_KIND_BOT:
            return [] if "bot" in info.name.lower() else [_("bot")]
        if info.taken and not info.connected and not self.is_you(seat):
            return [away(info)]
        return []

    def seat_tag(self, seat: int, more: list[str] | None = None) -> str:
        """The seat's name with its notes (and `more`): "bea (bot, start)"."""
        notes = self.seat_notes(seat) + (more or [])
        name = self.seat_name(seat)
        return f"{name} ({', '.join(notes)})" if notes else name

    def legal_labels(self) -> list[str]:
        return list(self.labels) if self.snapshot is not None else []

    def labelled(self) -> list[tuple[match_pb2.LegalMove, str]]:
        """The legal moves, each with its label."""
        moves = self.snapshot.legal_moves if self.snapshot is not None else []
        return list(zip(moves, self.labels, strict=True))

    def label_of(self, move: match_pb2.LegalMove) -> str:
        """The label of one of the snapshot's legal moves."""
        return next(label for legal, label in self.labelled() if legal == move)

    def matching(self, text: str) -> list[match_pb2.LegalMove]:
        """The legal moves `text` names: by number, by the whole label, by a prefix of the
        label or by words that each start a word of the label (all case-insensitive). An exact
        label wins over longer labels it is the prefix of."""
        if self.snapshot is None:
            return []
        text = " ".join(text.split()).lower()
        moves = list(self.snapshot.legal_moves)
        if not text:
            return []
        if text.isdigit():
            number = int(text)
            return [moves[number - 1]] if 1 <= number <= len(moves) else []
        named = [(m, {label.lower(), m.label.lower()}) for m, label in self.labelled()]
        exact = [m for m, labels in named if text in labels]
        if exact:
            return exact
        prefixed = [m for m, labels in named if any(x.startswith(text) for x in labels)]
        if prefixed:
            return prefixed
        typed = text.split()
        return [m for m, labels in named if any(_words_match(typed, x) for x in labels)]

    def find_move(self, text: str) -> match_pb2.LegalMove | None:
        """The one legal move `text` names unambiguously, or None."""
        found = self.matching(text)
        return found[0] if len(found) == 1 else None

    def refusal(self, text: str) -> str:
        """Why `text` is not a move you can send now, in words a player can act on."""
        snapshot = self.snapshot
        typed = text.strip()
        if snapshot is None:
            return _("not connected yet")
        if snapshot.HasField("result"):
            return _("the match is over; Ctrl-Q quits")
        if not snapshot.legal_moves:
            if snapshot.HasField("to_act"):
                return _("not your turn: waiting for {name}").format(
                    name=self.player_name(snapshot.to_act)
                )
            return _("no moves for you now")
        found = self.matching(typed)
        if len(found) > 1:
            shown = ", ".join(self.label_of(m) for m in found[:4])
            more = "..." if len(found) > 4 else ""
            return _("{typed!r} could be {moves}{more}: type more").format(
                typed=typed, moves=shown, more=more
            )
        return _("{typed!r} is not one of your moves now; Tab lists them").format(typed=typed)


def clock(seconds: float) -> str:
    """M:SS, never below zero."""
    whole = max(0, int(seconds + 0.999))
    return f"{whole // 60}:{whole % 60:02d}"


def _shown_up_to(known: list[bytes], recap: list[bytes]) -> int:
    """How many of the recap's first lines the log has shown already: the longest start of the
    recap that the log holds in order (a restarted server recaps without the notes it forgot,
    so the log may hold more between them)."""
    shown = 0
    for line in known:  # the longest start that is a subsequence, found greedily in one pass
        if shown < len(recap) and recap[shown] == line:
            shown += 1
    return shown


def _words_match(typed: list[str], label: str) -> bool:
    """Each typed word starts a word of the label (words split at spaces and hyphens; a typed
    hyphenated word may also start a whole hyphenated word), in the label's order."""
    label_words = [w for w in re.split(r"[\s]+", label) if w]
    parts = [p for w in label_words for p in w.split("-") if p]
    candidates = label_words + parts
    position = 0
    ordered = [w for w in re.split(r"[\s-]+", label) if w]
    for word in typed:
        if "-" in word:
            if not any(c.startswith(word) for c in candidates):
                return False
            continue
        while position < len(ordered) and not ordered[position].startswith(word):
            position += 1
        if position == len(ordered):
            return False
        position += 1
    return True
