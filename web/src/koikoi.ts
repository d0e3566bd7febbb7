/**
 * Koi-Koi at the table: the deal line, the board by month, your hand, each player's captured
 * cards by kind with their yaku and progress, the stop/koi-koi decision or the capture choice
 * when one is pending, and the last deal; its events and moves in words (client/ui/koikoi.py's
 * words). No rules: piles arrive grouped by kind, yaku and points arrive scored.
 */
import { cardFace, row, SYMBOLS, type Kind } from "./cards";
import { h } from "./dom";
import { _, fmt, n_, N_, named } from "./i18n";
import type { Described, GameWords, TableState } from "./state";
import {
  KoikoiCard,
  KoikoiDealEnd,
  KoikoiDoubling,
  KoikoiMisdeal,
  KoikoiPhase,
  KoikoiStep,
  KoikoiYaku,
  type KoikoiDealSummary,
  type KoikoiScoredYaku,
  type KoikoiView,
} from "./gen/tigerden/v1/koikoi_pb";
import type { Event, Move } from "./gen/tigerden/v1/match_pb";

const PHASES: Record<number, string> = {
  [KoikoiPhase.DEALING]: N_("dealing"),
  [KoikoiPhase.HAND]: N_("play a hand card"),
  [KoikoiPhase.STOCK_CHOICE]: N_("choose what the drawn card takes"),
  [KoikoiPhase.DECISION]: N_("stop or koi-koi"),
  [KoikoiPhase.OVER]: N_("the match is over"),
};

const MONTHS: Record<string, string> = {
  jan: N_("jan·pine"),
  feb: N_("feb·plum"),
  mar: N_("mar·cherry"),
  apr: N_("apr·wisteria"),
  may: N_("may·iris"),
  jun: N_("jun·peony"),
  jul: N_("jul·clover"),
  aug: N_("aug·pampas"),
  sep: N_("sep·chrysanthemum"),
  oct: N_("oct·maple"),
  nov: N_("nov·willow"),
  dec: N_("dec·paulownia"),
};

const YAKU: Record<number, string> = {
  [KoikoiYaku.GOKO]: N_("gokō (five brights)"),
  [KoikoiYaku.SHIKO]: N_("shikō (four brights)"),
  [KoikoiYaku.AME_SHIKO]: N_("ame-shikō (rainy four brights)"),
  [KoikoiYaku.SANKO]: N_("sankō (three brights)"),
  [KoikoiYaku.INO_SHIKA_CHO]: N_("ino-shika-chō (boar, deer, butterflies)"),
  [KoikoiYaku.AKATAN]: N_("akatan (poetry ribbons)"),
  [KoikoiYaku.AOTAN]: N_("aotan (blue ribbons)"),
  [KoikoiYaku.AKATAN_AOTAN]: N_("akatan-aotan (poetry and blue ribbons)"),
  [KoikoiYaku.TANE]: N_("tane (animals)"),
  [KoikoiYaku.TANZAKU]: N_("tanzaku (ribbons)"),
  [KoikoiYaku.KASU]: N_("kasu (plains)"),
  [KoikoiYaku.HANAMI_ZAKE]: N_("hanami-zake (flower-viewing sake)"),
  [KoikoiYaku.TSUKIMI_ZAKE]: N_("tsukimi-zake (moon-viewing sake)"),
  [KoikoiYaku.TSUKI_FUDA]: N_("tsuki-fuda (cards of the month)"),
  [KoikoiYaku.TESHI]: N_("teshi (four of a month dealt)"),
  [KoikoiYaku.KUTTSUKI]: N_("kuttsuki (four pairs dealt)"),
  [KoikoiYaku.FOUR_ON_BOARD]: N_("four of a month on the board"),
  [KoikoiYaku.OYA_KEN]: N_("oya-ken (dealer's right)"),
};

const DEAL_ENDS: Record<number, string> = {
  [KoikoiDealEnd.STOP]: N_("stopped"),
  [KoikoiDealEnd.LAST_TURN]: N_("stopped on the last turn"),
  [KoikoiDealEnd.EXHAUSTED]: N_("both hands ran out"),
  [KoikoiDealEnd.DEALT_HAND]: N_("dealt-hand yaku"),
  [KoikoiDealEnd.DEALT_HANDS_DRAW]: N_("both hands held dealt-hand yaku"),
  [KoikoiDealEnd.FOUR_ON_BOARD]: N_("four of a month on the board"),
  [KoikoiDealEnd.LOCKED]: N_("koi-koi lock"),
  [KoikoiDealEnd.CALL_LIMIT]: N_("koi-koi call limit reached"),
};

const DOUBLINGS: Record<number, string> = {
  [KoikoiDoubling.SEVEN_PLUS]: N_("7 or more"),
  [KoikoiDoubling.OPPONENT_KOI_KOI]: N_("opponent called koi-koi"),
  [KoikoiDoubling.OWN_KOI_KOI]: N_("own koi-koi calls"),
  [KoikoiDoubling.BRIGHTS_ON_BOARD]: N_("brights on the dealt board"),
};

const MISDEALS: Record<number, string> = {
  [KoikoiMisdeal.BOARD_FOUR]: N_("four of a month on the board"),
  [KoikoiMisdeal.BOARD_PAIRS]: N_("four pairs on the board"),
  [KoikoiMisdeal.DEALT_HANDS]: N_("both hands held dealt-hand yaku"),
};

const BRIGHTS = new Set(["jan-crane", "mar-curtain", "aug-moon", "nov-rain-man", "dec-phoenix"]);

export function cardKey(card: KoikoiCard): string {
  return (KoikoiCard[card] ?? "UNSPECIFIED").toLowerCase().replace(/_/g, "-");
}

export function cardName(card: KoikoiCard): string {
  return _(cardKey(card));
}

/** bright, animal, ribbon or plain: what the card shows, as its English name says. */
function picture(name: string): Kind {
  if (BRIGHTS.has(name)) return "bright";
  if (name.includes("plain") || name.endsWith("lightning")) return "plain";
  if (name.endsWith("-poetry") || name.endsWith("-blue") || name.endsWith("-ribbon")) return "ribbon";
  return "animal";
}

function card(state: TableState, number: KoikoiCard): HTMLElement {
  const name = cardName(number);
  return cardFace(picture(cardKey(number)), name, state.changed.has(name), "hana");
}

function cards(state: TableState, numbers: KoikoiCard[], empty = _("(none)")): HTMLElement {
  return row(numbers.map((n) => card(state, n)), empty);
}

/** The month (1-12) as the board's headings name it: "jan·pine". */
export function monthName(month: number): string {
  return named(MONTHS, Object.keys(MONTHS)[month - 1] ?? "", "");
}

export function yakuName(yaku: KoikoiYaku): string {
  return named(YAKU, yaku);
}

function shortYaku(yaku: KoikoiYaku): string {
  return yakuName(yaku).split(" (")[0];
}

function yakuText(yaku: KoikoiScoredYaku[]): string {
  return yaku.map((y) => `${yakuName(y.yaku)} ${y.points}`).join(", ");
}

function byMonth(state: TableState, numbers: KoikoiCard[]): HTMLElement {
  const groups = new Map<string, KoikoiCard[]>();
  for (const number of numbers) {
    const month = cardKey(number).split("-")[0];
    groups.set(month, [...(groups.get(month) ?? []), number]);
  }
  return h(
    "div",
    { class: "zone" },
    h("span", { class: "label" }, _("Board:")),
    groups.size === 0 ? h("span", { class: "dim" }, " " + _("(empty)")) : null,
    h(
      "div",
      { class: "months" },
      [...groups].map(([month, members]) =>
        h("div", { class: "month" }, h("span", { class: "dim month-name" }, named(MONTHS, month, month)), cards(state, members)),
      ),
    ),
  );
}

function gainsChanged(summary: KoikoiDealSummary): boolean {
  return summary.gains.some((gain, seat) => gain !== (seat === summary.winner ? summary.points : 0));
}

function summaryLines(state: TableState, summary: KoikoiDealSummary, compact: boolean): HTMLElement[] {
  const reason = named(DEAL_ENDS, summary.reason);
  const head = h("span", { class: "label" }, fmt(_("Last deal ({deal}):"), { deal: summary.deal }) + " ");
  const gains = summary.gains
    .map((gain, seat) => (gain ? `${state.seatName(seat)} ${gain > 0 ? "+" : ""}${gain}` : ""))
    .filter(Boolean)
    .join(", ");
  if (summary.winner === undefined) {
    const drawn = gains
      ? fmt(_("drawn: {gains} ({reason})"), { gains, reason })
      : fmt(_("drawn, nobody scores ({reason})"), { reason });
    return [h("p", { class: "summary-line" }, head, drawn)];
  }
  const multipliers = summary.multipliers
    .map((m) => ` x${m.factor} (${named(DOUBLINGS, m.reason)})`)
    .join("");
  const bonus = summary.bonus ? ` + ${summary.bonus}` : "";
  const scored = fmt(_("{name} scored {points} ({reason})"), {
    name: state.actor(summary.winner),
    points: summary.points,
    reason,
  });
  const points = fmt(_("points: {base}{multipliers} = {points}"), {
    base: `${summary.base}${bonus}`,
    multipliers,
    points: summary.points,
  });
  const matchPoints = gainsChanged(summary) ? fmt(_("match points: {gains}"), { gains }) : "";
  if (compact) {
    const named = summary.yaku.map((y) => `${shortYaku(y.yaku)} ${y.points}`).join(", ");
    const line = `${scored}: ${named || _("none")}; ${points}${matchPoints ? "; " + matchPoints : ""}`;
    return [h("p", { class: "summary-line" }, head, line)];
  }
  return [
    h("p", {}, head, scored),
    h("p", {}, fmt(_("yaku: {yaku}"), { yaku: yakuText(summary.yaku) || _("none") })),
    h("p", {}, points),
    matchPoints ? h("p", {}, matchPoints) : null,
  ].filter((x): x is HTMLElement => x !== null);
}

const PILE_KINDS: Array<[Kind, string]> = [
  ["bright", N_("brights")],
  ["animal", N_("animals")],
  ["ribbon", N_("ribbons")],
  ["plain", N_("plains")],
];

function playerBlock(state: TableState, view: KoikoiView, seat: number): HTMLElement {
  const player = view.players[seat];
  const facts = [fmt(n_("{count} in hand", "{count} in hand", player.handCount), { count: player.handCount })];
  if (seat === view.dealer) facts.unshift(_("dealer"));
  if (player.koiKoi) {
    facts.push(fmt(n_("{count} koi-koi call", "{count} koi-koi calls", player.koiKoi), { count: player.koiKoi }));
  }
  const score = view.scores[seat] ?? 0;
  facts.push(fmt(n_("{count} point", "{count} points", score), { count: score }));
  const pile = player.pile;
  const groups = pile ? [pile.brights, pile.animals, pile.ribbons, pile.plains] : [[], [], [], []];
  const yaku = player.yaku.length
    ? h(
        "p",
        {},
        h("span", { class: "label" }, _("yaku:") + " "),
        fmt(_("{yaku}; total {total}"), {
          yaku: player.yaku.map((y) => `${shortYaku(y.yaku)} ${y.points}`).join(", "),
          total: player.total,
        }),
        player.stopPoints !== player.total ? " " + fmt(_("(a stop scores {points})"), { points: player.stopPoints }) : "",
      )
    : null;
  return h(
    "section",
    { class: `player${state.isYou(seat) ? " you" : ""}${view.turn === seat ? " to-act" : ""}`, "aria-label": state.seatName(seat) },
    h("h3", {}, state.seatTag(seat), h("span", { class: "facts" }, " · " + facts.join(" · "))),
    yaku,
    groups.some((g) => g.length)
      ? h(
          "div",
          { class: "piles" },
          PILE_KINDS.map(([kind, label], index) =>
            h(
              "div",
              { class: "pile" },
              h("span", { class: `pile-kind ${kind}` }, h("span", { "aria-hidden": "true" }, SYMBOLS[kind] + " "), `${_(label)} ${groups[index].length}`),
              groups[index].length ? cards(state, groups[index]) : null,
            ),
          ),
        )
      : h("p", { class: "dim" }, _("nothing captured yet")),
    player.progress.length
      ? h(
          "p",
          { class: "progress" },
          h("span", { class: "label" }, _("towards:") + " "),
          player.progress.map((p) => `${shortYaku(p.yaku)} ${p.have}/${p.need}`).join(", "),
        )
      : null,
  );
}

function choice(state: TableState, view: KoikoiView): HTMLElement | null {
  const viewer = state.viewer();
  const mine = viewer !== undefined && viewer === view.turn;
  const who = state.seatName(view.turn);
  if (view.phase === KoikoiPhase.DECISION) {
    const player = view.players[view.turn];
    if (!mine) {
      return h("p", { class: "decision" }, fmt(_("{name} made yaku worth {total}: stop or koi-koi?"), { name: who, total: player.total }));
    }
    const other = state.playerName(1 - view.turn);
    return h(
      "p",
      { class: "decision" },
      fmt(_("Your yaku are worth {total}:"), { total: player.total }),
      " ",
      h("strong", {}, _("stop")),
      " " + fmt(_("scores {points} now,"), { points: player.stopPoints }) + " ",
      h("strong", {}, _("koi-koi")),
      " " + fmt(_("plays on ({name} may stop first)"), { name: other }),
    );
  }
  if (view.phase === KoikoiPhase.STOCK_CHOICE) {
    return h(
      "p",
      { class: "decision" },
      _("Drawn:") + " ",
      card(state, view.drawn),
      " " + _("matches two board cards"),
      mine ? "" : ": " + fmt(_("{name} chooses which it takes"), { name: who }),
    );
  }
  return null;
}

export function render(state: TableState, view: KoikoiView): HTMLElement {
  const viewer = state.viewer();
  let now: string;
  if (view.phase === KoikoiPhase.OVER) now = _("the match is over");
  else {
    const phase = named(PHASES, view.phase);
    now = view.turn === viewer
      ? fmt(_("your turn: {phase}"), { phase })
      : fmt(_("{name}'s turn: {phase}"), { name: state.playerName(view.turn), phase });
  }
  const length = view.target
    ? fmt(_("Deal {deal}, first to {target}"), { deal: view.deal, target: view.target })
    : fmt(_("Deal {deal} of {deals}"), { deal: view.deal, deals: view.deals });
  const seats = [...view.players.keys()].sort((a, b) => Number(b === viewer) - Number(a === viewer));
  const drew =
    view.dealerDraw.length === 2 && view.deal === 1
      ? h("p", { class: "dim" }, fmt(_("first dealer drawn: {first} {card1}, {second} {card2}"), {
          first: state.seatName(0),
          card1: cardName(view.dealerDraw[0]),
          second: state.seatName(1),
          card2: cardName(view.dealerDraw[1]),
        }))
      : null;
  return h(
    "div",
    { class: "board koikoi" },
    h(
      "p",
      { class: "headline" },
      h("strong", {}, length),
      " · " + fmt(_("dealer: {name}"), { name: state.seatName(view.dealer) }),
      " · " + fmt(_("stock: {count}"), { count: view.stockCount }),
    ),
    h("p", { class: "decision" }, now),
    drew,
    byMonth(state, view.board),
    view.hand
      ? h(
          "div",
          { class: "zone hand" },
          h("span", { class: "label" }, fmt(_("Your hand ({count}):"), { count: view.hand.cards.length }) + " "),
          cards(state, view.hand.cards, _("(empty)")),
        )
      : null,
    choice(state, view),
    seats.map((seat) => playerBlock(state, view, seat)),
    view.lastDeal ? summaryLines(state, view.lastDeal, true) : null,
  );
}

function koikoiView(state: TableState): KoikoiView | undefined {
  const game = state.snapshot?.view?.game;
  return game?.case === "koikoi" ? game.value : undefined;
}

export const words: GameWords = {
  moveLabel(move: Move): string {
    if (move.game.case !== "koikoi") return "";
    const action = move.game.value.action;
    switch (action.case) {
      case "playCard":
        if (action.value.target) {
          return fmt(_("play {card} take {target}"), {
            card: cardName(action.value.card),
            target: cardName(action.value.target),
          });
        }
        return fmt(_("play {card}"), { card: cardName(action.value.card) });
      case "chooseCapture":
        return fmt(_("take {card}"), { card: cardName(action.value.target) });
      case "stop":
        return _("stop");
      case "koiKoi":
        return _("koi-koi");
      default:
        return "";
    }
  },

  summary(state: TableState): Node[] | undefined {
    const view = koikoiView(state);
    if (!view) return undefined;
    return [
      ...(view.lastDeal ? summaryLines(state, view.lastDeal, false) : []),
      h("p", {}, h("span", { class: "label" }, _("Scores:") + " "), state.seatTallies(view.scores)),
    ];
  },

  describe(state: TableState, event: Event): Described | undefined {
    if (event.game.case !== "koikoi") return undefined;
    const kind = event.game.value.kind;
    switch (kind.case) {
      case "dealt":
        return {
          text: fmt(_("deal {deal}: {name} deals"), { deal: kind.value.deal, name: state.actor(kind.value.dealer) }),
          changed: kind.value.board.map(cardName),
        };
      case "redealt":
        return {
          text: fmt(_("misdeal ({reason}): deal {deal} is dealt again"), {
            reason: named(MISDEALS, kind.value.reason),
            deal: kind.value.deal,
          }),
        };
      case "boardFourTaken":
        return {
          text: fmt(_("takes {cards} from the board"), { cards: kind.value.cards.map(cardName).join(" ") }),
          seat: kind.value.seat,
          changed: [...kind.value.cards, ...kind.value.refill].map(cardName),
        };
      case "played": {
        const played = cardName(kind.value.card);
        const taken = kind.value.captured.map(cardName).join(" ");
        const captured = kind.value.captured.length > 0;
        const deed =
          kind.value.step === KoikoiStep.HAND
            ? captured ? _("plays {card}, takes {cards}") : _("plays {card} to the board")
            : captured ? _("draws {card}, takes {cards}") : _("draws {card} to the board");
        return {
          text: fmt(deed, { card: played, cards: taken }),
          seat: kind.value.seat,
          changed: [played, ...kind.value.captured.map(cardName)],
        };
      }
      case "drew":
        return undefined; // the Played event that follows says what the drawn card did
      case "yakuMade":
        return {
          text: fmt(_("makes {yaku} (total {total})"), { yaku: yakuText(kind.value.yaku), total: kind.value.total }),
          seat: kind.value.seat,
        };
      case "koiKoiCalled":
        return { text: fmt(_("calls koi-koi ({count})"), { count: kind.value.calls }), seat: kind.value.seat };
      case "dealEnded": {
        const s = kind.value.summary;
        if (!s) return undefined;
        const text =
          s.winner !== undefined
            ? fmt(_("deal {deal} ends: {name} scores {points}"), { deal: s.deal, name: state.actor(s.winner), points: s.points })
            : fmt(_("deal {deal} ends drawn: nobody scores"), { deal: s.deal });
        return { text, ends: true };
      }
      case "matchEnded":
        return { text: _("the match is over"), ends: true };
      case "dealerDrawn": {
        const [first, second] = kind.value.cards.map(cardName);
        const drew = fmt(_("{first} draws {card1}, {second} draws {card2}"), {
          first: state.actor(0),
          card1: first,
          second: state.actor(1),
          card2: second,
        });
        const text =
          kind.value.dealer !== undefined
            ? fmt(_("{drew}: {name} deals first"), { drew, name: state.actor(kind.value.dealer) })
            : fmt(_("{drew}: a tie, draw again"), { drew });
        return { text, changed: [first, second] };
      }
      default:
        return event.text ? { text: state.serverText(event.text) } : undefined;
    }
  },
};
