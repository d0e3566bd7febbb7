"""What the lobby screen shows, as plain data: the servers, the games, the live match list, the
selection, and the create-match form.

The discovery browser and the WatchLobby reader write here and call `invalidate()`; the panes
only read; key handlers change the selection and the form. No rules: player counts, options and
their values, and the bot levels, are what the server's ListGames says.
"""

from __future__ import annotations

import enum
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


def status_word(status: lobby_pb2.MatchStatus.ValueType) -> str:
    words = {
        lobby_pb2.MATCH_STATUS_WAITING: _("waiting"),
        lobby_pb2.MATCH_STATUS_PLAYING: _("playing"),
        lobby_pb2.MATCH_STATUS_FINISHED: _("finished"),
    }
    return words.get(status, "?")


PERSON = "person"


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
            return _("finished; rematch {match} opened").format(match=rematch)
        return _("finished")
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


@dataclass
class FormRow:
    """One line of the create-match form: a label and the values it cycles through."""

    key: str
    label: str
    values: list[str]
    index: int = 0

    @property
    def value(self) -> str:
        return self.values[self.index]


@dataclass
class CreateForm:
    """The create-match form: game, players, every option, every seat but the creator's."""

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
        kept = {row.key: row.value for row in self.rows}
        game = next(g for g in self.games if g.game_id == game_id)
        counts = [str(n) for n in range(game.min_players, game.max_players + 1)]
        players = players or int(kept.get("players", 0)) or game.default_players
        players = min(max(players, game.min_players), game.max_players)
        rows = [
            FormRow("game", _("game"), [g.game_id for g in self.games]),
            FormRow("players", _("players"), counts),
        ]
        rows[0].index = rows[0].values.index(game_id)
        rows[1].index = counts.index(str(players))
        for option in game.options:
            row = FormRow(f"option:{option.name}", option.name, list(option.values))
            chosen = kept.get(row.key, option.default_value)
            row.index = row.values.index(chosen) if chosen in row.values else 0
            rows.append(row)
        seat_values = [PERSON] + [f"bot {level}" for level in self.levels]
        for seat in range(1, players):
            row = FormRow(f"seat:{seat}", _("seat {number}").format(number=seat), seat_values)
            chosen = kept.get(row.key, seat_values[min(1, len(seat_values) - 1)])
            row.index = seat_values.index(chosen) if chosen in seat_values else 0
            rows.append(row)
        rows.append(FormRow("create", "", [_("[ create and sit in seat 0 ]")]))
        self.rows = rows
        self.cursor = min(self.cursor, len(rows) - 1)

    def move(self, step: int) -> None:
        self.cursor = (self.cursor + step) % len(self.rows)

    def change(self, step: int) -> None:
        """Cycles the value under the cursor; a new game or player count lays the form out
        again."""
        row = self.rows[self.cursor]
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
    def options(self) -> dict[str, str]:
        return {r.key.split(":", 1)[1]: r.value for r in self.rows if r.key.startswith("option:")}

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
    """Seats this lobby holds a token for, by match id (shown as "you")."""

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
