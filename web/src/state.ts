/**
 * What the table page knows between snapshots: the newest snapshot, the log, what the others
 * just did (highlighted until your next move), the held end-of-deal summary and the chat seen.
 * As in the terminal client (client/ui/state.py) every snapshot is complete; the page keeps
 * only what is needed to say what changed. No rules: words come from typed events and the
 * server's labels.
 */
import { _, fmt, n_ } from "./i18n";
import { SeatKind, MatchStatus, type Seat, type GameOption } from "./gen/tigerden/v1/lobby_pb";
import { TableNoteKind, type Event, type LegalMove, type Move, type Snapshot, type ChatLine } from "./gen/tigerden/v1/match_pb";

export interface Described {
  text: string;
  seat?: number;
  changed?: string[];
  ends?: boolean;
}

export interface LogLine {
  text: string;
  kind: "event" | "chat" | "mine" | "note";
}

export class TableState {
  snapshot: Snapshot | undefined;
  log: LogLine[] = [];
  /** What the others did since your last move: (seat, words). */
  banner: Array<{ seat?: number; text: string }> = [];
  /** Names or keys of the cards and tiles that changed since your last move. */
  changed = new Set<string>();
  /** The end-of-deal/round/contest summary, shown until dismissed. */
  held: Node[] | undefined;
  chatSeen = 0n;
  receivedAt = 0;
  options: Record<string, string> = {};
  gameOptions: GameOption[] = [];

  constructor(
    private readonly screens: () => GameWords | undefined,
  ) {}

  receive(snapshot: Snapshot): void {
    this.snapshot = snapshot;
    this.receivedAt = performance.now();
    const viewer = snapshot.viewerSeat;
    const words = this.screens();
    if (snapshot.eventsAreRecap) {
      this.log = [];
      for (const event of snapshot.events) {
        const described = this.describe(event, words);
        if (described) this.log.push({ text: this.line(described), kind: "event" });
      }
    } else {
      for (const event of snapshot.events) {
        const described = this.describe(event, words);
        if (!described) continue;
        const mine = described.seat !== undefined && described.seat === viewer;
        this.log.push({ text: this.line(described), kind: mine ? "mine" : "event" });
        if (!mine) {
          this.banner.push({ seat: described.seat, text: described.text });
          for (const key of described.changed ?? []) this.changed.add(key);
        }
        if (described.ends && words) this.held = words.summary(this);
      }
    }
    this.hear(snapshot.chat);
  }

  private line(described: Described): string {
    return described.seat === undefined
      ? described.text
      : `${this.actor(described.seat)} ${described.text}`;
  }

  describe(event: Event, words: GameWords | undefined): Described | undefined {
    if (event.tableNote) return { text: this.tableNote(event) };
    if (!words || event.game.case === undefined) {
      return event.text ? { text: this.serverText(event.text) } : undefined;
    }
    return words.describe(this, event);
  }

  hear(lines: ChatLine[]): void {
    for (const line of lines) {
      if (line.number <= this.chatSeen) continue;
      this.chatSeen = line.number;
      const who = line.name + (line.spectator ? " " + _("(watching)") : "");
      this.log.push({ text: `${who}: ${line.text}`, kind: "chat" });
      this.banner.push({ text: `${who}: ${line.text}` });
    }
  }

  /** Your move was sent: the highlights start afresh. */
  acted(): void {
    this.banner = [];
    this.changed.clear();
  }

  tableNote(event: Event): string {
    const note = event.tableNote!;
    let name = note.name;
    if (note.seat !== undefined) {
      const current = this.playerName(note.seat);
      if (!name || (name === current && this.isYou(note.seat))) name = this.actor(note.seat);
    }
    const move = note.move ? this.label(note.move) : "";
    const sentence = NOTES[note.kind];
    if (!sentence) return this.serverText(event.text);
    return fmt(sentence(), { name, level: note.botLevel, move });
  }

  serverText(text: string): string {
    return text.replace(/\bseat (\d+)\b/g, (_whole, seat: string) => this.playerName(Number(seat)));
  }

  viewer(): number | undefined {
    return this.snapshot?.viewerSeat;
  }

  isYou(seat: number): boolean {
    return seat === this.viewer();
  }

  playerName(seat: number): string {
    const entry = this.snapshot?.seats[seat];
    if (!entry) return fmt(_("seat {number}"), { number: seat });
    if (entry.name) return entry.name;
    return entry.taken ? fmt(_("seat {number}"), { number: seat }) : _("(free)");
  }

  seatName(seat: number): string {
    return this.isYou(seat) ? _("you") : this.playerName(seat);
  }

  actor(seat: number): string {
    const name = this.playerName(seat);
    const you = _("(you)");
    return this.isYou(seat) ? `${name} ${you}` : name;
  }

  seatTallies(tallies: Iterable<number>): string {
    return [...tallies].map((n, seat) => `${this.seatName(seat)} ${n}`).join(", ");
  }

  seatNotes(seat: number): string[] {
    const info = this.snapshot?.seats[seat];
    if (!info) return [];
    if (info.kind === SeatKind.BOT) return info.name.toLowerCase().includes("bot") ? [] : [_("bot")];
    if (info.taken && !info.connected && !this.isYou(seat)) return [away(info)];
    return [];
  }

  seatTag(seat: number, more: string[] = []): string {
    const notes = [...this.seatNotes(seat), ...more];
    const name = this.seatName(seat);
    return notes.length ? `${name} (${notes.join(", ")})` : name;
  }

  label(move: LegalMove): string {
    const words = this.screens();
    const own = move.move && words ? words.moveLabel(move.move) : "";
    return own || move.label;
  }

  /** Every option of the match that differs from the game's default, with its description. */
  houseRules(): Array<[string, string]> {
    return this.gameOptions
      .filter((o) => (this.options[o.name] ?? o.defaultValue) !== o.defaultValue)
      .map((o) => [`${o.name}=${this.options[o.name]}`, _(o.description)]);
  }

  resultText(): string {
    const snapshot = this.snapshot!;
    const result = snapshot.result!;
    const winners = result.winners.map((s) => this.seatName(s)).join(_(" and "));
    let scores = this.seatTallies(result.scores);
    const view = snapshot.view?.game;
    if (view?.case === "tigerDragon" && view.value.teams.length) {
      const teams = view.value.teamScores
        .map((points, team) => fmt(_("team {team} {points}"), { team, points }))
        .join(", ");
      scores = `${teams}; ${scores}`;
    }
    if (!winners) return fmt(_("a draw ({scores})"), { scores });
    return fmt(_("{names} won ({scores})"), { names: winners, scores });
  }

  /** What the newest snapshot asks of you, in one line. */
  status(): string {
    const snapshot = this.snapshot;
    if (!snapshot) return _("waiting for the first snapshot...");
    if (snapshot.result) return fmt(_("match over: {result}"), { result: this.resultText() });
    if (snapshot.status === MatchStatus.WAITING) return _("waiting for every seat to be taken...");
    if (snapshot.legalMoves.length) return _("your move");
    if (snapshot.toAct !== undefined) {
      return fmt(_("waiting for {name}..."), { name: this.playerName(snapshot.toAct) });
    }
    return "";
  }

  /** The countdown of the seat to act, and every seat's bank with a bank clock. */
  clockText(now = performance.now()): string {
    const snapshot = this.snapshot;
    if (!snapshot || snapshot.result) return "";
    const elapsed = (now - this.receivedAt) / 1000;
    const running = snapshot.deadlineUnixMs && snapshot.toAct !== undefined ? snapshot.toAct : undefined;
    const parts: string[] = [];
    if (running !== undefined) {
      const left = Number(snapshot.turnRemainingMs) / 1000 - elapsed;
      parts.push(fmt(_("{name}: {time} to move"), { name: this.seatName(running), time: clock(left) }));
    }
    if (snapshot.bankRemainingMs.length) {
      const each = snapshot.bankRemainingMs.map(
        (bank, seat) =>
          `${this.seatName(seat)} ${clock(Number(bank) / 1000 - (seat === running ? elapsed : 0))}`,
      );
      parts.push(fmt(_("banks: {banks}"), { banks: each.join(" · ") }));
    }
    return parts.join(" · ");
  }
}

/** What each game adds: its events and moves in words, and its end-of-part summary. */
export interface GameWords {
  describe(state: TableState, event: Event): Described | undefined;
  moveLabel(move: Move): string;
  summary(state: TableState): Node[] | undefined;
}

/** M:SS, never below zero. */
export function clock(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds + 0.999));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}

export function hhmm(unixMs: bigint): string {
  const date = new Date(Number(unixMs));
  return `${String(date.getHours()).padStart(2, "0")}:${String(date.getMinutes()).padStart(2, "0")}`;
}

export function away(seat: Seat): string {
  if (seat.awaySinceUnixMs) return fmt(_("away since {time}"), { time: hhmm(seat.awaySinceUnixMs) });
  return _("away");
}

/** A seat's presence in words, for the lobby and the table (client/ui/presence.py). */
export function presence(seat: Seat): string {
  if (seat.kind === SeatKind.BOT) {
    return seat.botLevel ? fmt(_("bot ({level})"), { level: seat.botLevel }) : _("bot");
  }
  if (seat.reserved) return _("held for the rematch");
  if (!seat.taken) return _("free");
  return seat.connected ? _("connected") : away(seat);
}

const NOTES: Record<number, () => string> = {
  [TableNoteKind.SAT_DOWN]: () => _("{name} sat down"),
  [TableNoteKind.LEFT]: () => _("{name} left the table"),
  [TableNoteKind.AWAY]: () => _("{name} is away — a bot plays for them"),
  [TableNoteKind.BACK]: () => _("{name} is back"),
  [TableNoteKind.GAVE_UP]: () => _("{name} gave up their seat"),
  [TableNoteKind.REMOVED]: () => _("{name} was removed by the host"),
  [TableNoteKind.BOT_TAKES_OVER]: () => _("a bot ({level}) now plays for {name}"),
  [TableNoteKind.CLOCK_PLAYED]: () => _("{name}'s time ran out: the server played {move}"),
  [TableNoteKind.FORFEIT]: () => _("{name}'s time ran out: {name} loses the match"),
  [TableNoteKind.ABORTED]: () => _("the host aborted the match"),
  [TableNoteKind.EXPIRED]: () => _("nobody joined in time: the match expired"),
  [TableNoteKind.WENT_TO_REMATCH]: () => _("{name} went to the rematch"),
};

export { n_ };
