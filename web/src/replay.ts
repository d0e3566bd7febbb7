/**
 * The replay page (#/replay/ID): a finished match from the deal on, everything revealed
 * (ReplayMatch), one position at a time, seen as the spectator or as any seat; drawn by the
 * same game views as the live table.
 */
import * as api from "./api";
import { create } from "@bufbuild/protobuf";
import { h, replace } from "./dom";
import * as doors from "./doors";
import { _, fmt } from "./i18n";
import * as koikoi from "./koikoi";
import { TableState, type GameWords } from "./state";
import * as tigerDragon from "./tiger_dragon";
import { SnapshotSchema, type ReplayHeader, type ReplayStep } from "./gen/tigerden/v1/match_pb";

const WORDS: Record<string, GameWords> = { doors: doors.words, koikoi: koikoi.words, tigerDragon: tigerDragon.words };

export class ReplayPage {
  readonly root = h("main", { class: "replay", id: "replay" });
  private header: ReplayHeader | undefined;
  private steps: ReplayStep[] = [];
  private index = 0;
  private seat = -1;
  private notice = "";
  private readonly abort = new AbortController();

  constructor(private readonly matchId: string) {}

  start(): void {
    void this.load();
    this.render();
  }

  stop(): void {
    this.abort.abort();
  }

  private async load(): Promise<void> {
    try {
      for await (const response of api.match.replayMatch({ matchId: this.matchId }, { signal: this.abort.signal })) {
        if (response.kind.case === "header") this.header = response.kind.value;
        else if (response.kind.case === "step") this.steps.push(response.kind.value);
      }
    } catch (error) {
      this.notice = api.errorText(error);
    }
    this.render();
  }

  private go(index: number): void {
    this.index = Math.max(0, Math.min(this.steps.length - 1, index));
    this.render();
  }

  render(): void {
    const step = this.steps[this.index];
    const seats = this.header?.match?.seats ?? [];
    let board: HTMLElement | null = null;
    const log: string[] = [];
    if (step) {
      const view = this.seat >= 0 ? step.seatViews[this.seat] : step.spectatorView;
      const state = new TableState(() => (view?.game.case ? WORDS[view.game.case] : undefined));
      state.snapshot = create(SnapshotSchema, {
        matchId: this.matchId,
        version: step.version,
        viewerSeat: this.seat >= 0 ? this.seat : undefined,
        seats,
        scores: step.scores,
        toAct: step.toAct,
        view,
      });
      const words = view?.game.case ? WORDS[view.game.case] : undefined;
      for (const event of step.events) {
        const described = state.describe(event, words);
        if (described) log.push(described.seat === undefined ? described.text : `${state.actor(described.seat)} ${described.text}`);
      }
      const game = view?.game;
      if (game?.case === "doors") board = doors.render(state, game.value);
      else if (game?.case === "koikoi") board = koikoi.render(state, game.value);
      else if (game?.case === "tigerDragon") board = tigerDragon.render(state, game.value);
    }
    replace(
      this.root,
      h("header", { class: "table-head" }, h("a", { href: "#/", class: "back" }, "← " + _("lobby")), h("h2", {}, fmt(_("replay of {match}"), { match: this.matchId }))),
      this.notice ? h("p", { class: "notice", role: "alert" }, this.notice) : null,
      h(
        "div",
        { class: "replay-controls" },
        h("button", { type: "button", "data-key": "first", "aria-label": _("the deal"), onclick: () => this.go(0) }, "⏮"),
        h("button", { type: "button", "data-key": "prev", onclick: () => this.go(this.index - 1) }, "◀ " + _("back")),
        h("span", { role: "status" }, fmt(_("step {step} of {steps}"), { step: this.index, steps: Math.max(0, this.steps.length - 1) })),
        h("button", { type: "button", "data-key": "next", onclick: () => this.go(this.index + 1) }, _("next") + " ▶"),
        h("button", { type: "button", "data-key": "last", "aria-label": _("the end"), onclick: () => this.go(this.steps.length - 1) }, "⏭"),
        h(
          "select",
          { "aria-label": _("seen by"), id: "replay-seat", onchange: (e: Event) => { this.seat = Number((e.target as HTMLSelectElement).value); this.render(); } },
          h("option", { value: "-1", selected: this.seat === -1 }, _("spectator")),
          seats.map((s) => h("option", { value: String(s.seat), selected: this.seat === s.seat }, s.name || fmt(_("seat {number}"), { number: s.seat }))),
        ),
      ),
      step?.label ? h("p", { class: "banner" }, `${seats[step.seat ?? 0]?.name ?? ""}: ${step.label}`) : null,
      log.length ? h("p", { class: "dim" }, log.join("; ")) : null,
      board ?? h("p", {}, _("loading...")),
    );
  }
}
