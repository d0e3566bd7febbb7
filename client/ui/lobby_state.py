"""What the lobby screen shows, as plain data: the servers, the games, the live match list, the
selection, and the create-match form.

The discovery browser and the WatchLobby reader write here and call `invalidate()`; the panes
only read; key handlers change the selection and the form. No rules: player counts, options and
their values, and the bot levels, are what the server's ListGames says.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, field

from tigerden.v1 import lobby_pb2

from client.i18n import _, n_
from client.ui.presence import presence
from discovery import FoundServer

STATUS_ORDER = {
    lobby_pb2.MATCH_STATUS_WAITING: 0,
    lobby_pb2.MATCH_STATUS_PLAYING: 1,
    lobby_pb2.MATCH_STATUS_FINISHED: 2,
}
STATUS_STYLES = {
    lobby_pb2.MATCH_STATUS_WAITING: "waiting",
    lobby_pb2.MATCH_STATUS_PLAYING: "playing",
    lobby_pb2.MATCH_STATUS_FINISHED: "finished",
}


def status_word(match: lobby_pb2.MatchInfo) -> str:
    """Where the match stands, in a word; a finished match that was not played out says how
    it ended (an aborted match is no draw)."""
    endings = {
        lobby_pb2.MATCH_ENDING_ABORTED: _("aborted"),
        lobby_pb2.MATCH_ENDING_FORFEIT: _("forfeit"),
        lobby_pb2.MATCH_ENDING_EXPIRED: _("expired"),
    }
    if match.status == lobby_pb2.MATCH_STATUS_FINISHED and match.ending in endings:
        return endings[match.ending]
    words = {
        lobby_pb2.MATCH_STATUS_WAITING: _("waiting"),
        lobby_pb2.MATCH_STATUS_PLAYING: _("playing"),
        lobby_pb2.MATCH_STATUS_FINISHED: _("finished"),
    }
    return words.get(match.status, "?")


def how_it_ended(match: lobby_pb2.MatchInfo) -> str:
    """A finished match's ending in words."""
    endings = {
        lobby_pb2.MATCH_ENDING_ABORTED: _("aborted by its host: no winners"),
        lobby_pb2.MATCH_ENDING_FORFEIT: _("finished: a seat ran out of time and lost"),
        lobby_pb2.MATCH_ENDING_EXPIRED: _("expired: nobody joined in time"),
    }
    return endings.get(match.ending, _("finished"))


class Action(enum.Enum):
    JOIN = "join"
    WATCH = "watch"
    CREATE = "create"
    QUIT = "quit"


@dataclass(frozen=True)
class LobbyChoice:
    """What the person chose; `match_id` for JOIN and WATCH, `seat` when a seat was named,
    `code` for a private match."""

    action: Action
    match_id: str = ""
    seat: int | None = None
    code: str = ""


PERSON = "person"
DEFAULT_LEVEL = "normal"
"""A new bot seat's level, as for `tigerden play` and `join --bots` (when the server seats it)."""


class Focus(enum.Enum):
    SERVERS = "servers"
    MATCHES = "matches"


def seat_label(seat: lobby_pb2.Seat) -> str:
    if seat.name:
        return seat.name
    return _("(free)") if not seat.taken else _("seat {number}").format(number=seat.seat)


def waiting_for(match: lobby_pb2.MatchInfo) -> str:
    """Who the table is waiting for, in words."""
    if match.status == lobby_pb2.MATCH_STATUS_FINISHED:
        rematch = match.rematch_match_id
        if rematch:
            return _("{ending}; rematch {match} opened").format(
                ending=how_it_ended(match), match=rematch
            )
        return how_it_ended(match)
    if match.status == lobby_pb2.MATCH_STATUS_WAITING:
        held = [s.name for s in match.seats if s.reserved]
        free = [str(s.seat) for s in match.seats if not s.taken and not s.reserved]
        parts = []
        if free:
            parts.append(
                n_(
                    "{count} more player (seat {seats})",
                    "{count} more players (seats {seats})",
                    len(free),
                ).format(count=len(free), seats=", ".join(free))
            )
        if held:
            parts.append(_("{names} to accept the rematch").format(names=" & ".join(held)))
        away = [s.name for s in match.seats if s.taken and not s.connected]
        text = _("waiting for {whom}").format(whom=" & ".join(parts))
        return text + (_("; away: {names}").format(names=", ".join(away)) if away else "")
    if not match.HasField("to_act"):
        return _("playing")
    seat = match.seats[match.to_act]
    if seat.kind == lobby_pb2.SEAT_KIND_BOT:
        return _("waiting for {name} (bot)").format(name=seat_label(seat))
    if seat.connected:
        return _("waiting for {whom}").format(whom=seat_label(seat))
    return _("waiting for {name} ({presence})").format(
        name=seat_label(seat), presence=presence(seat)
    )


FREE_OPTIONS = ("clock", "away")
"""Table options whose listed values are examples: the server takes any number of seconds
(`clock=move:10`, `away=120`), so the form lets the person type one."""


def option_label(name: str) -> str:
    """An option's name in the person's language (the English name is what --option takes)."""
    return _(name)


def option_value(name: str, value: str) -> str:
    """An option's value in the person's language. The catalog holds `name=value` (one word
    can mean two things: `final_tie=draw` is a drawn match, `first_dealer=draw` drawing
    cards); a value without a translation (a number, a clock) is shown as it is."""
    key = f"{name}={value}"
    words = _(key)
    return value if words == key else words


def changed_options(
    game: lobby_pb2.Game | None, options: Mapping[str, str]
) -> list[tuple[str, str]]:
    """The (name, value) of each option that differs from the game's default, in the game's
    order: the house rules of a match, without the thirty that are as usual."""
    chosen = dict(options)
    if game is None:
        return sorted(chosen.items())
    return [
        (o.name, chosen[o.name])
        for o in game.options
        if chosen.get(o.name, o.default_value) != o.default_value
    ]


@dataclass
class FormRow:
    """One line of the create-match form: a label and the values it cycles through; a free
    row also takes what the person types (`typed`), a clock like move:10 or a match name."""

    key: str
    label: str
    values: list[str]
    index: int = 0
    free: bool = False
    typed: str | None = None

    @property
    def value(self) -> str:
        return self.typed if self.typed is not None else self.values[self.index]

    def type(self, text: str) -> None:
        """Typing replaces a listed value, then adds to what was typed."""
        self.typed = (self.typed or "") + text

    def erase(self) -> None:
        self.typed = self.value[:-1]


@dataclass
class CreateForm:
    """The create-match form: game, players, private or not, every option, every seat but the
    creator's."""

    games: list[lobby_pb2.Game]
    levels: list[str]
    rows: list[FormRow] = field(default_factory=list)
    cursor: int = 0

    def __post_init__(self) -> None:
        self.rebuild(self.games[0].game_id)

    @property
    def game(self) -> lobby_pb2.Game:
        game_id = self.rows[0].value
        return next(g for g in self.games if g.game_id == game_id)

    def rebuild(self, game_id: str, players: int | None = None) -> None:
        """Lays the rows out for `game_id` with `players` seats, keeping what still applies."""
        kept = {row.key: row for row in self.rows}
        game = next(g for g in self.games if g.game_id == game_id)
        counts = [str(n) for n in range(game.min_players, game.max_players + 1)]
        old_players = kept["players"].value if "players" in kept else "0"
        players = players or int(old_players) or game.default_players
        players = min(max(players, game.min_players), game.max_players)
        rows = [
            FormRow("game", _("game"), [g.game_id for g in self.games]),
            FormRow("players", _("players"), counts),
            FormRow("private", _("private"), ["off", "on"]),
            FormRow("name", _("match name"), [""], free=True),
        ]
        rows[0].index = rows[0].values.index(game_id)
        rows[1].index = counts.index(str(players))
        for option in game.options:
            free = option.name in FREE_OPTIONS
            rows.append(
                FormRow(
                    f"option:{option.name}", option_label(option.name), list(option.values), 0, free
                )
            )
            rows[-1].index = rows[-1].values.index(option.default_value)
        seat_values = [PERSON] + [f"bot {level}" for level in self.levels]
        for seat in range(1, players):
            row = FormRow(f"seat:{seat}", _("seat {number}").format(number=seat), seat_values)
            default = f"bot {DEFAULT_LEVEL}"
            row.index = (
                seat_values.index(default) if default in seat_values else len(seat_values) - 1
            )
            rows.append(row)
        rows.append(FormRow("create", "", [_("[ create and sit in seat 0 ]")]))
        for row in rows[2:]:  # what was chosen before, where it still applies
            old = kept.get(row.key)
            if old is not None and old.value in row.values:
                row.index, row.typed = row.values.index(old.value), None
            elif old is not None and row.free:
                row.typed = old.typed
        self.rows = rows
        self.cursor = min(self.cursor, len(rows) - 1)

    @property
    def row(self) -> FormRow:
        return self.rows[self.cursor]

    def move(self, step: int) -> None:
        self.cursor = (self.cursor + step) % len(self.rows)

    def change(self, step: int) -> None:
        """Cycles the value under the cursor; a new game or player count lays the form out
        again."""
        row = self.row
        if row.typed is not None and row.typed in row.values:
            row.index = row.values.index(row.typed)
        row.typed = None
        row.index = (row.index + step) % len(row.values)
        if row.key == "game":
            self.rows = []
            self.rebuild(row.value)
        elif row.key == "players":
            self.rebuild(self.game.game_id, int(row.value))

    @property
    def players(self) -> int:
        return int(self.rows[1].value)

    @property
    def private(self) -> bool:
        return self.rows[2].value == "on"

    @property
    def name(self) -> str:
        return self.rows[3].value.strip()

    @property
    def options(self) -> dict[str, str]:
        return {
            r.key.split(":", 1)[1]: r.value.strip()
            for r in self.rows
            if r.key.startswith("option:")
        }

    @property
    def seats(self) -> list[tuple[int, str]]:
        """(SeatKind, bot level) per seat; seat 0 is the creator's."""
        seats = [(int(lobby_pb2.SEAT_KIND_HUMAN), "")]
        for row in self.rows:
            if row.key.startswith("seat:"):
                if row.value == PERSON:
                    seats.append((int(lobby_pb2.SEAT_KIND_HUMAN), ""))
                else:
                    seats.append((int(lobby_pb2.SEAT_KIND_BOT), row.value.removeprefix("bot ")))
        return seats


@dataclass
class ServerEntry:
    """A server in the servers pane: found on the LAN, or given on the command line."""

    name: str
    target: str
    games: tuple[str, ...] = ()
    web: str = ""
    """HOST:PORT of the server's browser client (from its LAN record), "" when unknown."""

    @classmethod
    def found(cls, server: FoundServer) -> ServerEntry:
        return cls(server.name, server.target, server.games, server.web)


@dataclass
class Asking:
    """The lobby asks for a line of text: a private match's join code before joining it."""

    question: str
    match_id: str
    seat: int | None = None
    text: str = ""


@dataclass
class LobbyState:
    player_name: str
    levels: list[str] = field(default_factory=list)
    """The bot levels the server seats, from its ListGames."""
    servers: list[ServerEntry] = field(default_factory=list)
    server_cursor: int = 0
    connected_to: ServerEntry | None = None
    games: list[lobby_pb2.Game] = field(default_factory=list)
    matches: dict[str, lobby_pb2.MatchInfo] = field(default_factory=dict)
    newest_first: list[str] = field(default_factory=list)
    match_cursor: int = 0
    focus: Focus = Focus.MATCHES
    form: CreateForm | None = None
    status: str = field(default_factory=lambda: _("looking for servers on the LAN..."))
    my_seats: dict[str, int] = field(default_factory=dict)
    """Seats this person holds a token for, by match id (shown as "you")."""
    older_finished: int = 0
    """Finished matches in the server's archive beyond the newest page the list was sent."""
    asking: Asking | None = None
    """A question on the status line awaiting typed words (a private match's join code)."""
    confirmed: str = ""
    """The match whose name clash the person has seen and joins anyway (Enter again)."""

    def clash(self, match: lobby_pb2.MatchInfo) -> lobby_pb2.Seat | None:
        """A taken human seat of `match` carrying this person's name, when they hold none of
        its seats: most often themselves from another terminal, so not taken twice unasked."""
        if match.match_id in self.my_seats:
            return None
        name = self.player_name.strip().casefold()
        return next(
            (
                s
                for s in match.seats
                if s.taken and s.kind == lobby_pb2.SEAT_KIND_HUMAN and s.name.casefold() == name
            ),
            None,
        )

    def set_servers(self, servers: list[ServerEntry]) -> None:
        chosen = self.servers[self.server_cursor].target if self.servers else None
        self.servers = servers
        targets = [s.target for s in servers]
        self.server_cursor = targets.index(chosen) if chosen in targets else 0

    def receive(self, response: lobby_pb2.WatchLobbyResponse) -> None:
        """Applies one WatchLobby message: the whole list, or the matches that changed."""
        selected = self.selected_match
        if response.full:
            self.matches = {m.match_id: m for m in response.matches}
            self.newest_first = [m.match_id for m in response.matches]
            sent = sum(m.status == lobby_pb2.MATCH_STATUS_FINISHED for m in response.matches)
            self.older_finished = max(response.finished_count - sent, 0)
        else:
            for match in response.matches:
                if match.match_id not in self.matches:
                    self.newest_first.insert(0, match.match_id)
                self.matches[match.match_id] = match
        rows = self.rows()
        if selected is not None and selected.match_id in [m.match_id for m in rows]:
            self.match_cursor = [m.match_id for m in rows].index(selected.match_id)
        self.match_cursor = min(self.match_cursor, max(len(rows) - 1, 0))

    def rows(self) -> list[lobby_pb2.MatchInfo]:
        """The matches as listed: waiting, then playing, then finished; newest first in each."""
        order = {match_id: n for n, match_id in enumerate(self.newest_first)}
        return sorted(
            self.matches.values(),
            key=lambda m: (STATUS_ORDER.get(m.status, 3), order.get(m.match_id, 0)),
        )

    @property
    def selected_match(self) -> lobby_pb2.MatchInfo | None:
        rows = self.rows()
        return rows[self.match_cursor] if 0 <= self.match_cursor < len(rows) else None

    def game(self, game_id: str) -> lobby_pb2.Game | None:
        return next((g for g in self.games if g.game_id == game_id), None)

    def title(self, game_id: str) -> str:
        game = self.game(game_id)
        return game.title if game is not None else game_id

    def move(self, step: int) -> None:
        if self.focus is Focus.SERVERS:
            if self.servers:
                self.server_cursor = (self.server_cursor + step) % len(self.servers)
        else:
            count = len(self.matches)
            if count:
                self.match_cursor = (self.match_cursor + step) % count
