/**
 * Doors at the table: the contest line, your Door, the display, the collection, the discards,
 * the deck, both players' gems and roles and the last contest; its events and moves in words
 * (the same words as client/ui/doors.py).
 */
import { cardFace, row } from "./cards";
import { h } from "./dom";
import { _, fmt, n_, N_, named } from "./i18n";
import type { Described, GameWords, TableState } from "./state";
import {
  DoorsCard,
  DoorsColour,
  DoorsPhase,
  DoorsRole,
  DoorsScoreReason,
  type DoorsContestOutcome,
  type DoorsView,
} from "./gen/tigerden/v1/doors_pb";
import type { Event, Move } from "./gen/tigerden/v1/match_pb";

const PHASES: Record<number, string> = {
  [DoorsPhase.COLLECTOR_TAKE]: N_("the Collector takes a card"),
  [DoorsPhase.GUESSER_DISCARD]: N_("the Guesser discards (or guesses first)"),
  [DoorsPhase.GUESSER_ACTION]: N_("the Guesser guesses, matches or passes"),
  [DoorsPhase.OVER]: N_("the match is over"),
};

const REASONS: Record<number, string> = {
  [DoorsScoreReason.COLLECTOR_SET]: N_("the Collector scored a set"),
  [DoorsScoreReason.WRONG_GUESS]: N_("a wrong guess"),
  [DoorsScoreReason.FULL_GUESS]: N_("the whole Door guessed"),
  [DoorsScoreReason.DECK_EMPTY]: N_("the deck ran out"),
  [DoorsScoreReason.MATCHED_SET]: N_("a matched set"),
  [DoorsScoreReason.TRAIT_GUESS]: N_("one trait guessed"),
};

/** The card's English name from the wire enum ("red-lady"): the words of the move labels. */
export function cardKey(card: DoorsCard): string {
  return (DoorsCard[card] ?? "UNSPECIFIED").toLowerCase().replace(/_/g, "-");
}

export function cardName(card: DoorsCard): string {
  return _(cardKey(card));
}

function colourOf(key: string): "red" | "blue" | "wild" {
  return key.startsWith("red") ? "red" : key.startsWith("blue") ? "blue" : "wild";
}

function card(state: TableState, number: DoorsCard): HTMLElement {
  const name = cardName(number);
  return cardFace(colourOf(cardKey(number)), name, state.changed.has(name));
}

function cards(state: TableState, numbers: DoorsCard[]): HTMLElement {
  return row(numbers.map((n) => card(state, n)), _("(none)"));
}

function guessWords(colour: DoorsColour, role: DoorsRole): string {
  const parts: string[] = [];
  if (colour) parts.push(colour === DoorsColour.RED ? _("red") : _("blue"));
  if (role) parts.push(role === DoorsRole.LADY ? _("lady") : _("tiger"));
  return parts.join("-");
}

function lastContest(state: TableState, last: DoorsContestOutcome): HTMLElement {
  const doors = last.doors
    .map((d, s) => fmt(_("{name}: {door}"), { name: state.seatName(s), door: cardName(d) }))
    .join(", ");
  const gains = fmt(n_("{name} +{count} gem", "{name} +{count} gems", last.gems), {
    name: state.seatName(last.scorer),
    count: last.gems,
  });
  return h(
    "p",
    { class: "summary-line" },
    h("span", { class: "label" }, fmt(_("Last contest ({number}):"), { number: last.contest }) + " "),
    `${named(REASONS, last.reason)}, ${gains} (${doors})`,
  );
}

function section(label: string, ...content: (Node | string)[]): HTMLElement {
  return h("div", { class: "zone" }, h("span", { class: "label" }, label), " ", ...content);
}

export function render(state: TableState, view: DoorsView): HTMLElement {
  const viewer = state.viewer();
  const guesser = (view.collector + 1) % Math.max(1, view.gems.length);
  return h(
    "div",
    { class: "board doors" },
    h(
      "p",
      { class: "headline" },
      h("strong", {}, fmt(_("Contest {number}"), { number: view.contest })),
      " · ",
      fmt(n_("first to {count} gem", "first to {count} gems", view.targetGems), { count: view.targetGems }),
      " · ",
      fmt(_("Collector: {name}"), { name: state.seatTag(view.collector) }),
      " · ",
      fmt(_("Guesser: {name}"), { name: state.seatTag(guesser) }),
    ),
    h("p", { class: "decision" }, fmt(_("Now: {phase}"), { phase: named(PHASES, view.phase) })),
    viewer !== undefined ? section(_("Your Door:"), card(state, view.ownDoor)) : null,
    section(
      _("Deck:"),
      fmt(n_("{count} card", "{count} cards", view.deckCount), { count: view.deckCount }),
    ),
    section(
      _("Gems:"),
      h(
        "span",
        { class: "gems" },
        view.gems.map((g, s) =>
          h("span", { class: "gem-count" }, `${state.seatName(s)} `, h("span", { class: "gem", "aria-hidden": "true" }, "◆".repeat(Math.min(g, 12))), ` ${g}`),
        ),
      ),
    ),
    section(_("Display:"), cards(state, view.display)),
    section(_("Collection:"), cards(state, view.collection)),
    section(_("Discards:"), cards(state, view.discards)),
    view.lastContest ? lastContest(state, view.lastContest) : null,
  );
}

export const words: GameWords = {
  moveLabel(move: Move): string {
    if (move.game.case !== "doors") return "";
    const action = move.game.value.action;
    switch (action.case) {
      case "take":
        if (action.value.scoreSet) {
          return fmt(_("take {card} and score the set"), { card: cardName(action.value.card) });
        }
        return fmt(_("take {card}"), { card: cardName(action.value.card) });
      case "discard":
        return fmt(_("discard {card}"), { card: cardName(action.value.card) });
      case "guess":
        return fmt(_("guess {guess}"), { guess: guessWords(action.value.colour, action.value.role) });
      case "matchSet":
        return _("match-set");
      case "passTurn":
        return _("pass");
      default:
        return "";
    }
  },

  summary(state: TableState): Node[] | undefined {
    const view = doorsView(state);
    if (!view) return undefined;
    return [
      ...(view.lastContest ? [lastContest(state, view.lastContest)] : []),
      h("p", {}, h("span", { class: "label" }, _("Gems:") + " "), state.seatTallies(view.gems)),
    ];
  },

  describe(state: TableState, event: Event): Described | undefined {
    if (event.game.case !== "doors") return undefined;
    const kind = event.game.value.kind;
    switch (kind.case) {
      case "contestStarted":
        return {
          text: fmt(_("contest {number} begins; {name} collects"), {
            number: kind.value.contest,
            name: state.actor(kind.value.collector),
          }),
        };
      case "took": {
        const name = cardName(kind.value.card);
        return { text: fmt(_("takes {card}"), { card: name }), seat: kind.value.seat, changed: [name] };
      }
      case "discarded": {
        const name = cardName(kind.value.card);
        return { text: fmt(_("discards {card}"), { card: name }), seat: kind.value.seat, changed: [name] };
      }
      case "refilled": {
        const left = fmt(n_("{count} card left", "{count} cards left", kind.value.deckLeft), {
          count: kind.value.deckLeft,
        });
        const name = cardName(kind.value.card);
        return { text: fmt(_("{card} refills the display ({left})"), { card: name, left }), changed: [name] };
      }
      case "guessed":
        return {
          text: fmt(_("guesses {guess}: {verdict}"), {
            guess: guessWords(kind.value.colour, kind.value.role),
            verdict: kind.value.correct ? _("right") : _("wrong"),
          }),
          seat: kind.value.seat,
        };
      case "passed":
        return { text: _("passes"), seat: kind.value.seat };
      case "contestEnded": {
        const gains = fmt(n_("{name} gains {count} gem", "{name} gains {count} gems", kind.value.gems), {
          name: state.actor(kind.value.scorer),
          count: kind.value.gems,
        });
        return { text: `${named(REASONS, kind.value.reason)}: ${gains}`, ends: true };
      }
      case "matchEnded":
        return {
          text: fmt(_("{name} wins the match {gems}"), {
            name: state.actor(kind.value.winner),
            gems: kind.value.gems.join("-"),
          }),
          ends: true,
        };
      default:
        return event.text ? { text: state.serverText(event.text) } : undefined;
    }
  },
};

function doorsView(state: TableState): DoorsView | undefined {
  const game = state.snapshot?.view?.game;
  return game?.case === "doors" ? game.value : undefined;
}
