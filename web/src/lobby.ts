/**
 * The lobby page (#/): the server's matches, live through WatchLobby (the full list first,
 * then each changed match), with join, watch and replay; and the create form with every game
 * option the server lists (ListGames), the player count and every seat's kind and bot level.
 * Words as in the terminal lobby (client/ui/lobby_state.py).
 */
import * as api from "./api";
import { h, replace } from "./dom";
import { _, fmt, n_ } from "./i18n";
import { presence } from "./state";
import { MatchStatus, SeatKind, type Game, type MatchInfo, type Seat } from "./gen/tigerden/v1/lobby_pb";

function statusWord(status: MatchStatus): string {
  const words: Record<number, string> = {
    [MatchStatus.WAITING]: _("waiting"),
    [MatchStatus.PLAYING]: _("playing"),
    [MatchStatus.FINISHED]: _("finished"),
  };
  return words[status] ?? "?";
}

function seatLabel(seat: Seat): string {
  if (seat.name) return seat.name;
  return seat.taken ? fmt(_("seat {number}"), { number: seat.seat }) : _("(free)");
}

/** Who the table is waiting for, in words. */
export function waitingFor(match: MatchInfo): string {
  if (match.status === MatchStatus.FINISHED) {
    return match.rematchMatchId ? fmt(_("finished; rematch {match} opened"), { match: match.rematchMatchId }) : _("finished");
  }
  if (match.status === MatchStatus.WAITING) {
    const held = match.seats.filter((s) => s.reserved).map((s) => s.name);
    const free = match.seats.filter((s) => !s.taken && !s.reserved).map((s) => String(s.seat));
    const parts: string[] = [];
    if (free.length) {
      parts.push(fmt(n_("{count} more player (seat {seats})", "{count} more players (seats {seats})", free.length), { count: free.length, seats: free.join(", ") }));
    }
    if (held.length) parts.push(fmt(_("{names} to accept the rematch"), { names: held.join(" & ") }));
    const away = match.seats.filter((s) => s.taken && !s.connected).map((s) => s.name);
    const text = fmt(_("waiting for {whom}"), { whom: parts.join(" & ") });
    return text + (away.length ? fmt(_("; away: {names}"), { names: away.join(", ") }) : "");
  }
  if (match.toAct === undefined) return _("playing");
  const seat = match.seats[match.toAct];
  if (seat.kind === SeatKind.BOT) return fmt(_("waiting for {name} (bot)"), { name: seatLabel(seat) });
  if (seat.connected) return fmt(_("waiting for {whom}"), { whom: seatLabel(seat) });
  return fmt(_("waiting for {name} ({presence})"), { name: seatLabel(seat), presence: presence(seat) });
}

export class LobbyPage {
  readonly root = h("main", { class: "lobby", id: "lobby" });
  private readonly matches = new Map<string, MatchInfo>();
  private stream: AbortController | undefined;
  private stopped = false;
  private connected = false;
  private notice = "";
  private creating = false;
  private gameId: string;
  private players = 0;
  private codes = new Map<string, string>();

  constructor(
    private readonly games: Game[],
    private readonly levels: string[],
  ) {
    this.gameId = games[0]?.gameId ?? "";
  }

  start(): void {
    void this.watchLoop();
    this.render();
  }

  stop(): void {
    this.stopped = true;
    this.stream?.abort();
  }

  private async watchLoop(): Promise<void> {
    let attempt = 0;
    while (!this.stopped) {
      this.stream = new AbortController();
      try {
        for await (const response of api.lobby.watchLobby({ includeFinished: true }, { signal: this.stream.signal })) {
          if (response.full) this.matches.clear();
          for (const match of response.matches) this.matches.set(match.matchId, match);
          this.connected = true;
          attempt = 0;
          this.render();
        }
      } catch {
        // broken or aborted: reopen below
      }
      if (this.stopped) return;
      this.connected = false;
      this.render();
      await new Promise((resolve) => setTimeout(resolve, Math.min(10, 0.5 * 2 ** attempt++) * 1000));
    }
  }

  private title(gameId: string): string {
    const title = this.games.find((g) => g.gameId === gameId)?.title;
    return title ? _(title) : gameId;
  }

  private async join(match: MatchInfo): Promise<void> {
    const name = (this.root.querySelector<HTMLInputElement>("#player-name")?.value ?? "").trim();
    api.keepPlayerName(name);
    try {
      const joined = await api.lobby.joinMatch({ matchId: match.matchId, playerName: name, joinCode: this.codes.get(match.matchId) ?? "" });
      api.keepSeat(match.matchId, { seat: joined.seat, token: joined.token });
      location.hash = `#/match/${match.matchId}`;
    } catch (error) {
      this.notice = api.errorText(error);
      this.render();
    }
  }

  private async create(form: HTMLFormElement): Promise<void> {
    const data = new FormData(form);
    const game = this.games.find((g) => g.gameId === this.gameId)!;
    const players = Number(data.get("players")) || game.defaultPlayers;
    const options: Record<string, string> = {};
    for (const option of game.options) {
      const value = String(data.get(`option:${option.name}`) ?? option.defaultValue);
      if (value !== option.defaultValue) options[option.name] = value;
    }
    const seats = [{ kind: SeatKind.HUMAN, botLevel: "" }];
    for (let seat = 1; seat < players; seat++) {
      const value = String(data.get(`seat:${seat}`) ?? "");
      seats.push(value === "person" ? { kind: SeatKind.HUMAN, botLevel: "" } : { kind: SeatKind.BOT, botLevel: value });
    }
    const name = (this.root.querySelector<HTMLInputElement>("#player-name")?.value ?? "").trim();
    api.keepPlayerName(name);
    try {
      const created = await api.lobby.createMatch({ gameId: this.gameId, players, options, seats, creatorName: name });
      const matchId = created.match!.matchId;
      api.keepHost(matchId, created.hostToken);
      const joined = await api.lobby.joinMatch({ matchId, playerName: name, seat: 0 });
      api.keepSeat(matchId, { seat: joined.seat, token: joined.token });
      location.hash = `#/match/${matchId}`;
    } catch (error) {
      this.notice = api.errorText(error);
      this.render();
    }
  }

  render(): void {
    const rows = [...this.matches.values()].sort((a, b) => Number(a.status === MatchStatus.FINISHED) - Number(b.status === MatchStatus.FINISHED));
    replace(
      this.root,
      h("h2", {}, _("matches")),
      this.connected ? null : h("p", { class: "reconnecting", role: "status" }, _("reconnecting…")),
      this.notice ? h("p", { class: "notice", role: "alert" }, this.notice) : null,
      h(
        "div",
        { class: "name-row" },
        h("label", { for: "player-name" }, _("your name")),
        h("input", { id: "player-name", "data-key": "player-name", value: api.playerName(), maxlength: 40, autocomplete: "nickname", onchange: (e: Event) => api.keepPlayerName((e.target as HTMLInputElement).value.trim()) }),
      ),
      this.creating ? this.form() : h("button", { type: "button", class: "primary", "data-key": "new", onclick: () => { this.creating = true; this.render(); } }, _("new match")),
      rows.length ? h("ul", { class: "match-list" }, rows.map((m) => this.matchRow(m))) : h("p", { class: "dim" }, _("no matches yet")),
    );
  }

  private matchRow(match: MatchInfo): HTMLElement {
    const held = api.seatToken(match.matchId);
    const open = match.status !== MatchStatus.FINISHED;
    const canJoin = open && !held && match.seats.some((s) => !s.taken && !s.reserved && s.kind === SeatKind.HUMAN);
    const people = match.seats
      .map((s) => (s.kind === SeatKind.BOT && s.name ? seatLabel(s) : `${seatLabel(s)} (${presence(s)})`))
      .join(", ");
    return h(
      "li",
      { class: `match ${statusWord(match.status)}`, "data-match": match.matchId, "data-game": match.gameId },
      h("div", { class: "match-head" }, h("strong", {}, this.title(match.gameId)), ` ${match.matchId} · ${statusWord(match.status)}`, match.private ? " · 🔒 " + _("private") : ""),
      h("div", { class: "dim" }, waitingFor(match)),
      h("div", { class: "seats-line" }, people),
      match.createdBy ? h("div", { class: "dim" }, fmt(_("created by {name}"), { name: match.createdBy })) : null,
      h(
        "div",
        { class: "actions" },
        canJoin && match.private
          ? h("input", { "aria-label": _("join code"), placeholder: _("join code"), "data-key": `code:${match.matchId}`, maxlength: 6, class: "code", oninput: (e: Event) => this.codes.set(match.matchId, (e.target as HTMLInputElement).value) })
          : null,
        canJoin ? h("button", { type: "button", class: "primary", "data-key": `join:${match.matchId}`, onclick: () => void this.join(match) }, _("join")) : null,
        held && open ? h("a", { class: "button primary", href: `#/match/${match.matchId}` }, _("back to your seat")) : null,
        open && !held ? h("a", { class: "button", href: `#/match/${match.matchId}` }, _("watch")) : null,
        !open ? h("a", { class: "button", href: `#/match/${match.matchId}` }, _("result")) : null,
        !open ? h("a", { class: "button", href: `#/replay/${match.matchId}` }, _("replay")) : null,
      ),
    );
  }

  private form(): HTMLElement {
    const game = this.games.find((g) => g.gameId === this.gameId) ?? this.games[0];
    const players = Math.min(Math.max(this.players || game.defaultPlayers, game.minPlayers), game.maxPlayers);
    // Fields that lay the form out again (game, players) take their value from this page's
    // state; the others keep what was chosen across a redraw.
    const select = (name: string, label: string, values: Array<[string, string]>, chosen: string, onchange?: (value: string) => void) =>
      h(
        "div",
        { class: "field" },
        h("label", { for: `f-${name}` }, label),
        h(
          "select",
          { id: `f-${name}`, name, "data-state": onchange ? "" : undefined, onchange: onchange ? (e: Event) => onchange((e.target as HTMLSelectElement).value) : undefined },
          values.map(([value, text]) => h("option", { value, selected: value === chosen }, text)),
        ),
      );
    const seatValues: Array<[string, string]> = [["person", _("person")], ...this.levels.map((l): [string, string] => [l, fmt(_("bot ({level})"), { level: l })])];
    return h(
      "form",
      { class: "create", "aria-label": _("new match"), onsubmit: (e: Event) => { e.preventDefault(); void this.create(e.target as HTMLFormElement); } },
      h("h3", {}, _("new match")),
      select("game", _("game"), this.games.map((g) => [g.gameId, _(g.title)]), game.gameId, (v) => { this.gameId = v; this.players = 0; this.render(); }),
      h("p", { class: "dim" }, _(game.summary)),
      select("players", _("players"), Array.from({ length: game.maxPlayers - game.minPlayers + 1 }, (_x, i) => { const n = String(game.minPlayers + i); return [n, n]; }), String(players), (v) => { this.players = Number(v); this.render(); }),
      game.options.map((o) => h("div", { class: "option" }, select(`option:${o.name}`, o.name, o.values.map((v) => [v, v]), o.defaultValue), h("p", { class: "dim help" }, _(o.description)))),
      h("p", {}, fmt(_("seat {number}"), { number: 0 }) + ": " + _("you")),
      Array.from({ length: players - 1 }, (_x, i) => select(`seat:${i + 1}`, fmt(_("seat {number}"), { number: i + 1 }), seatValues, this.levels[0] ?? "person")),
      h("div", { class: "actions" }, h("button", { type: "submit", class: "primary" }, _("create and sit in seat 0")), h("button", { type: "button", onclick: () => { this.creating = false; this.render(); } }, _("cancel"))),
    );
  }
}
