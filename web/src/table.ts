/**
 * The table page (#/match/ID): the board of the game, the legal moves as buttons, the banner of
 * what the others just did, the turn clock, the log with chat, the seats with their presence,
 * and, where the match allows them, hints, the review, the rematch and the host's controls.
 *
 * It plays by Watch (with the seat's token: the seat's own view and legal moves) and Act, the
 * pair for clients without bidirectional streams (docs/protocol.md). The stream is reopened
 * with backoff when it breaks, when the page becomes visible again and when the network comes
 * back; the first snapshot of every stream carries the recap that refills the log.
 */
import { Code } from "@connectrpc/connect";
import * as api from "./api";
import { h, replace } from "./dom";
import * as doors from "./doors";
import { _, fmt } from "./i18n";
import * as koikoi from "./koikoi";
import { presence, TableState, type GameWords } from "./state";
import { reasonWords } from "./reasons";
import * as tigerDragon from "./tiger_dragon";
import { MatchStatus, SeatKind, type Game, type MatchInfo } from "./gen/tigerden/v1/lobby_pb";
import type { LegalMove, MoveHint, ReviewMatchResponse, Snapshot } from "./gen/tigerden/v1/match_pb";

const WORDS: Record<string, GameWords> = {
  doors: doors.words,
  koikoi: koikoi.words,
  tigerDragon: tigerDragon.words,
};

export interface TableContext {
  games: Game[];
  botLevels: string[];
}

export class TablePage {
  readonly root = h("main", { class: "table", id: "table" });
  private readonly state: TableState;
  private info: MatchInfo | undefined;
  private stream: AbortController | undefined;
  private stopped = false;
  private connected = false;
  private attempt = 0;
  private sending = false;
  private notice = "";
  private hints: MoveHint[] | undefined;
  private review: ReviewMatchResponse[] | undefined;
  private joinCode = "";
  /** Whether the host's controls are unfolded (a redraw keeps them so). */
  private hostOpen = false;
  private timer: number | undefined;
  private readonly onWake = () => this.reconnectNow();

  constructor(
    private readonly matchId: string,
    private readonly context: TableContext,
  ) {
    this.state = new TableState(() => {
      const game = this.state.snapshot?.view?.game.case;
      return game ? WORDS[game] : undefined;
    });
  }

  private get seat(): api.SeatToken | undefined {
    return api.seatToken(this.matchId);
  }

  start(): void {
    window.addEventListener("online", this.onWake);
    document.addEventListener("visibilitychange", this.onVisible);
    this.timer = window.setInterval(() => this.tick(), 1000);
    void this.loadInfo();
    void this.watchLoop();
    this.render();
  }

  stop(): void {
    this.stopped = true;
    this.stream?.abort();
    window.removeEventListener("online", this.onWake);
    document.removeEventListener("visibilitychange", this.onVisible);
    window.clearInterval(this.timer);
  }

  private readonly onVisible = () => {
    if (document.visibilityState === "visible") this.reconnectNow();
  };

  /** A phone woke up or the network changed: the old stream may be dead without knowing it. */
  private reconnectNow(): void {
    this.attempt = 0;
    this.stream?.abort();
  }

  private async loadInfo(): Promise<void> {
    try {
      let pageToken = "";
      do {
        const page = await api.lobby.listMatches({ includeFinished: true, pageSize: 200, pageToken });
        const found = page.matches.find((m) => m.matchId === this.matchId);
        if (found) {
          this.setInfo(found);
          return;
        }
        pageToken = page.nextPageToken;
      } while (pageToken);
    } catch (error) {
      this.notice = api.errorText(error);
      this.render();
    }
  }

  private setInfo(info: MatchInfo): void {
    this.info = info;
    this.state.options = info.options;
    this.state.gameOptions = this.context.games.find((g) => g.gameId === info.gameId)?.options ?? [];
    this.render();
  }

  private async watchLoop(): Promise<void> {
    while (!this.stopped) {
      const controller = new AbortController();
      this.stream = controller;
      const held = this.seat;
      try {
        const options = held ? { ...api.bearer(held.token), signal: controller.signal } : { signal: controller.signal };
        for await (const response of api.match.watch({ matchId: this.matchId, stayAfterFinish: true }, options)) {
          if (!response.snapshot) continue;
          this.connected = true;
          this.attempt = 0;
          this.receive(response.snapshot);
        }
      } catch (error) {
        if (this.stopped) return;
        if (api.isCode(error, Code.Unauthenticated) && held) {
          api.forgetSeat(this.matchId); // given up or freed by the host: watch as a spectator
          this.notice = api.errorText(error);
        } else if (api.isCode(error, Code.NotFound)) {
          this.notice = api.errorText(error);
          this.connected = false;
          this.render();
          return;
        }
      }
      if (this.stopped) return;
      this.connected = false;
      const delay = Math.min(10, 0.5 * 2 ** this.attempt);
      this.attempt += 1;
      this.render();
      await new Promise((resolve) => setTimeout(resolve, controller.signal.aborted && this.attempt === 1 ? 0 : delay * 1000));
    }
  }

  private receive(snapshot: Snapshot): void {
    const before = this.state.snapshot?.version;
    this.state.receive(snapshot);
    if (before !== snapshot.version) {
      this.hints = undefined;
      this.notice = "";
    }
    if (snapshot.status === MatchStatus.FINISHED && this.info?.status !== MatchStatus.FINISHED) {
      void this.loadInfo();
    }
    this.render();
  }

  private tick(): void {
    const clock = this.root.querySelector(".clock");
    if (clock) clock.textContent = this.state.clockText();
  }

  private async act(move: LegalMove): Promise<void> {
    const held = this.seat;
    const snapshot = this.state.snapshot;
    if (!held || !snapshot || this.sending || !move.move) return;
    this.sending = true;
    this.state.acted();
    this.notice = fmt(_("sent: {move}"), { move: this.state.label(move) });
    this.render();
    try {
      await api.match.act({ version: snapshot.version, move: move.move }, api.bearer(held.token));
    } catch (error) {
      if (api.errorReason(error) !== "STALE_VERSION") {
        this.notice = fmt(_("refused: {message}"), { message: api.errorText(error) });
      }
    } finally {
      this.sending = false;
      this.render();
    }
  }

  private async join(seat: number): Promise<void> {
    const name = (this.root.querySelector<HTMLInputElement>("#join-name")?.value ?? "").trim();
    api.keepPlayerName(name);
    try {
      const joined = await api.lobby.joinMatch({ matchId: this.matchId, playerName: name, seat, joinCode: this.joinCode });
      api.keepSeat(this.matchId, { seat: joined.seat, token: joined.token });
      if (joined.match) this.setInfo(joined.match);
      this.notice = "";
      this.reconnectNow();
    } catch (error) {
      this.notice = api.errorText(error);
      this.render();
    }
  }

  private async say(form: HTMLFormElement): Promise<void> {
    const input = form.querySelector<HTMLInputElement>("input")!;
    const text = input.value.trim();
    if (!text) return;
    const held = this.seat;
    try {
      await api.match.sendChat(
        { matchId: this.matchId, text, spectatorName: held ? "" : api.playerName() || _("guest") },
        held ? api.bearer(held.token) : {},
      );
      input.value = "";
    } catch (error) {
      this.notice = api.errorText(error);
      this.render();
    }
  }

  private async hint(): Promise<void> {
    const held = this.seat;
    if (!held) return;
    this.notice = _("thinking...");
    this.render();
    try {
      const answer = await api.match.hint({ version: this.state.snapshot?.version }, api.bearer(held.token));
      this.hints = answer.moves;
      this.notice = "";
    } catch (error) {
      this.notice = api.errorText(error);
    }
    this.render();
  }

  private async startReview(): Promise<void> {
    const held = this.seat;
    if (!held) return;
    this.review = [];
    this.render();
    try {
      for await (const step of api.match.reviewMatch({}, api.bearer(held.token))) {
        this.review.push(step);
        this.render();
      }
    } catch (error) {
      this.notice = api.errorText(error);
      this.render();
    }
  }

  private async rematch(): Promise<void> {
    const held = this.seat;
    if (!held) return;
    try {
      const answer = await api.lobby.rematch({}, api.bearer(held.token));
      const id = answer.match?.matchId ?? "";
      api.keepSeat(id, { seat: answer.seat, token: answer.token });
      location.hash = `#/match/${id}`;
    } catch (error) {
      this.notice = api.errorText(error);
      this.render();
    }
  }

  private async host(call: () => Promise<{ match?: MatchInfo; joinCode?: string }>): Promise<void> {
    try {
      const answer = await call();
      if (answer.match) this.setInfo(answer.match);
      this.notice = answer.joinCode ? fmt(_("join code: {code}"), { code: answer.joinCode }) : "";
    } catch (error) {
      this.notice = api.errorText(error);
    }
    this.render();
  }

  render(): void {
    const snapshot = this.state.snapshot;
    const game = snapshot?.view?.game;
    let board: HTMLElement | null = null;
    if (game?.case === "doors") board = doors.render(this.state, game.value);
    else if (game?.case === "koikoi") board = koikoi.render(this.state, game.value);
    else if (game?.case === "tigerDragon") board = tigerDragon.render(this.state, game.value);
    const reconnecting = !this.connected && !this.stopped;
    replace(
      this.root,
      h(
        "header",
        { class: "table-head" },
        h("a", { href: "#/", class: "back" }, "← " + _("lobby")),
        h("h2", {}, this.title()),
        h("span", { class: "clock", role: "timer", "aria-live": "off" }, this.state.clockText()),
      ),
      reconnecting && snapshot ? h("p", { class: "reconnecting", role: "status" }, _("reconnecting…")) : null,
      h("p", { class: "status", role: "status", "aria-live": "polite" }, this.state.status(), this.notice ? h("span", { class: "notice" }, " · " + this.notice) : null),
      this.bannerBlock(),
      this.state.held ? this.heldBlock() : null,
      h("div", { class: "layout" }, h("div", { class: "main-col" }, board ?? h("p", {}, reconnecting ? _("reconnecting…") : _("waiting for the first snapshot...")), this.movesBlock()), h("aside", { class: "side-col" }, this.seatsBlock(), this.afterBlock(), this.hostBlock(), this.logBlock())),
    );
  }

  private title(): string {
    const gameId = this.info?.gameId;
    const title = this.context.games.find((g) => g.gameId === gameId)?.title;
    return `${title ? _(title) : ""} ${this.matchId}`.trim();
  }

  private bannerBlock(): HTMLElement | null {
    const banner = this.state.banner.slice(-4);
    if (!banner.length) return null;
    let previous: number | undefined;
    const parts = banner.map((entry, index) => {
      const same = index > 0 && entry.seat !== undefined && entry.seat === previous;
      previous = entry.seat;
      return same || entry.seat === undefined ? entry.text : `${this.state.actor(entry.seat)} ${entry.text}`;
    });
    return h("p", { class: "banner", role: "log", "aria-label": _("what the others just did") }, parts.join("; "));
  }

  private heldBlock(): HTMLElement {
    return h(
      "section",
      { class: "held", role: "dialog", "aria-label": _("summary") },
      this.state.held!,
      h("button", { type: "button", class: "primary", "data-key": "dismiss", onclick: () => { this.state.held = undefined; this.render(); } }, _("continue")),
    );
  }

  private movesBlock(): HTMLElement | null {
    const snapshot = this.state.snapshot;
    if (!snapshot) return null;
    const moves = snapshot.legalMoves;
    if (!moves.length) return null;
    const canHint = this.info?.hints && moves.length > 1 && !!this.seat;
    const hinted = new Map<string, MoveHint>();
    for (const hint of this.hints ?? []) if (hint.move) hinted.set(hint.move.label, hint);
    return h(
      "section",
      { class: "moves", "aria-label": _("Moves:") },
      moves.length ? h("h3", {}, _("Moves:")) : null,
      h(
        "div",
        { class: "move-list" },
        moves.map((move, index) => {
          const hint = hinted.get(move.label);
          const chance = hint?.winChance !== undefined ? ` ${Math.round(hint.winChance * 100)}%` : "";
          return h(
            "button",
            { type: "button", class: `move${index === 0 && this.hints ? " best" : ""}`, "data-key": `move:${move.label}`, "data-label": move.label, "aria-disabled": this.sending ? "true" : undefined, onclick: () => void this.act(move) },
            this.state.label(move) + chance,
          );
        }),
      ),
      canHint ? h("button", { type: "button", class: "secondary", "data-key": "hint", onclick: () => void this.hint() }, _("hint")) : null,
      this.hints
        ? h("ol", { class: "hints" }, this.hints.map((hint) => h("li", {}, `${hint.move ? this.state.label(hint.move) : ""}${hint.winChance !== undefined ? ` (${Math.round(hint.winChance * 100)}%)` : ""}: ${reasonWords(hint)}`)))
        : null,
    );
  }

  private seatsBlock(): HTMLElement {
    const snapshot = this.state.snapshot;
    const seats = snapshot?.seats ?? this.info?.seats ?? [];
    const held = this.seat;
    const free = seats.filter((s) => !s.taken && !s.reserved && s.kind === SeatKind.HUMAN);
    const canJoin = !held && free.length > 0 && snapshot?.status !== MatchStatus.FINISHED;
    return h(
      "section",
      { class: "seats", "aria-label": _("players") },
      h("h3", {}, _("players")),
      h(
        "ul",
        {},
        seats.map((seat) => {
          const name = seat.name || _("(free)");
          const you = held?.seat === seat.seat ? " " + _("(you)") : "";
          return h(
            "li",
            { class: `${seat.connected || seat.kind === SeatKind.BOT ? "here" : "gone"}${snapshot?.toAct === seat.seat ? " to-act" : ""}` },
            h("span", { class: "presence-dot", "aria-hidden": "true" }, seat.kind === SeatKind.BOT ? "⚙" : seat.connected ? "●" : "○"),
            ` ${seat.seat}: ${name}${you} — ${presence(seat)}`,
            canJoin && !seat.taken && !seat.reserved && seat.kind === SeatKind.HUMAN
              ? h("button", { type: "button", class: "primary small", "data-key": `join:${seat.seat}`, onclick: () => void this.join(seat.seat) }, fmt(_("take seat {number}"), { number: seat.seat }))
              : null,
          );
        }),
      ),
      canJoin
        ? h(
            "div",
            { class: "join-form" },
            h("label", { for: "join-name" }, _("your name")),
            h("input", { id: "join-name", "data-key": "join-name", value: api.playerName(), maxlength: 40, autocomplete: "nickname" }),
            this.info?.private
              ? [
                  h("label", { for: "join-code" }, _("join code")),
                  h("input", { id: "join-code", "data-key": "join-code", value: this.joinCode, maxlength: 6, oninput: (e: Event) => { this.joinCode = (e.target as HTMLInputElement).value; } }),
                ]
              : null,
          )
        : null,
    );
  }

  private afterBlock(): HTMLElement | null {
    const snapshot = this.state.snapshot;
    if (!snapshot?.result) return null;
    const held = this.seat;
    return h(
      "section",
      { class: "after", "aria-label": _("the match is over") },
      h("h3", {}, _("the match is over")),
      h("p", {}, this.state.resultText()),
      held ? h("button", { type: "button", class: "primary", "data-key": "rematch", onclick: () => void this.rematch() }, snapshot.rematchMatchId ? _("accept the rematch") : _("play again")) : null,
      !held && snapshot.rematchMatchId ? h("a", { href: `#/match/${snapshot.rematchMatchId}`, class: "button" }, _("watch the rematch")) : null,
      h("a", { href: `#/replay/${this.matchId}`, class: "button" }, _("replay")),
      held && this.info?.hints && !this.review ? h("button", { type: "button", class: "secondary", "data-key": "review", onclick: () => void this.startReview() }, _("review")) : null,
      this.review ? this.reviewBlock(this.review) : null,
    );
  }

  private reviewBlock(steps: ReviewMatchResponse[]): HTMLElement {
    const last = steps[steps.length - 1];
    const moves = steps.filter((s) => s.move);
    return h(
      "div",
      { class: "review" },
      h("p", {}, last ? fmt(_("reviewed {done} of {total}"), { done: last.reviewed, total: last.total }) : _("thinking...")),
      h(
        "ol",
        {},
        moves.map((s) => {
          const m = s.move!;
          const played = m.played?.move ? this.state.label(m.played.move) : "";
          const best = m.best?.move ? this.state.label(m.best.move) : "";
          return h("li", {}, fmt(_("move {version}: you played {played}, {best} was better by {loss}%"), { version: m.version, played, best, loss: Math.round(m.loss * 100) }));
        }),
      ),
    );
  }

  private hostBlock(): HTMLElement | null {
    const token = api.hostToken(this.matchId);
    const info = this.info;
    if (!token || !info || info.status === MatchStatus.FINISHED) return null;
    const auth = api.bearer(token);
    const matchId = this.matchId;
    const levels = this.context.botLevels;
    return h(
      "details",
      { class: "host", open: this.hostOpen, ontoggle: (e: Event) => { this.hostOpen = (e.target as HTMLDetailsElement).open; } },
      h("summary", {}, _("host controls")),
      h(
        "ul",
        {},
        (this.state.snapshot?.seats ?? info.seats).map((seat) =>
          h(
            "li",
            {},
            `${seat.seat}: ${seat.name || _("(free)")} `,
            seat.taken ? h("button", { type: "button", class: "small", "data-key": `free:${seat.seat}`, onclick: () => void this.host(() => api.lobby.freeSeat({ matchId, seat: seat.seat }, auth)) }, _("free the seat")) : null,
            h("button", { type: "button", class: "small", "data-key": `bot:${seat.seat}`, onclick: () => void this.host(() => api.lobby.replaceSeatWithBot({ matchId, seat: seat.seat, botLevel: levels[0] ?? "random" }, auth)) }, fmt(_("a bot ({level}) plays"), { level: levels[0] ?? "random" })),
          ),
        ),
      ),
      h("button", { type: "button", class: "small", "data-key": "private", onclick: () => void this.host(() => api.lobby.setMatchPrivate({ matchId, private: !info.private }, auth)) }, info.private ? _("make public") : _("make private")),
      h("button", { type: "button", class: "small danger", "data-key": "abort", onclick: () => { if (confirm(_("abort the match?"))) void this.host(() => api.lobby.abortMatch({ matchId }, auth)); } }, _("abort the match")),
    );
  }

  private logBlock(): HTMLElement {
    const lines = this.state.log.slice(-60);
    return h(
      "section",
      { class: "log-box", "aria-label": _("log") },
      h("h3", {}, _("log")),
      h("ol", { class: "log", "data-scroll": "log", role: "log", "aria-live": "polite" }, lines.map((line) => h("li", { class: line.kind }, line.text))),
      h(
        "form",
        { class: "chat", onsubmit: (e: Event) => { e.preventDefault(); void this.say(e.target as HTMLFormElement); } },
        h("label", { for: "chat-text", class: "visually-hidden" }, _("say something")),
        h("input", { id: "chat-text", "data-key": "chat", maxlength: 200, placeholder: _("say something"), autocomplete: "off" }),
        h("button", { type: "submit" }, _("send")),
      ),
    );
  }
}
