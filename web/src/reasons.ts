/**
 * Hint reasons in the player's language (client/ui/reasons.py's words): the server sends each
 * reason as typed clauses (`HintClause`: a key and the card, yaku, month, counts and chance it
 * names); the page words them, and shows the server's English `reason` for a key it does not
 * know. No rules here: only what the server names.
 */
import { _, fmt, n_ } from "./i18n";
import { monthName, yakuName } from "./koikoi";
import type { HintClause, MoveHint } from "./gen/tigerden/v1/match_pb";

type Counts = Record<string, number>;

const WORDS: Record<string, (c: Counts) => string> = {
  "koikoi.lays_down": () => _("lays down the {card} (nothing to capture)"),
  "koikoi.month_safe": () => _("no card of {month} is left unseen, so nobody can take it"),
  "koikoi.month_risk": (c) => n_("{unseen} unseen card of {month}: your opponent holds one with chance {chance}", "{unseen} unseen cards of {month}: your opponent holds one with chance {chance}", c.unseen ?? 0),
  "koikoi.captures": () => _("captures the {card}"),
  "koikoi.yaku_progress": () => _("{yaku} {held} of {need}"),
  "koikoi.no_yaku": () => _("nothing towards a yaku yet"),
  "koikoi.denies": () => _("it keeps {yaku} from your opponent, who holds {held} of {need}"),
  "koikoi.plays_on": (c) => n_("plays on for more than {points} point with {cards} cards in hand", "plays on for more than {points} points with {cards} cards in hand", c.points ?? 0),
  "koikoi.their_points": (c) => n_("your opponent has {points} point of yaku this deal", "your opponent has {points} points of yaku this deal", c.points ?? 0),
  "koikoi.stops": (c) => n_("stops and scores {points} point before your opponent can reply", "stops and scores {points} points before your opponent can reply", c.points ?? 0),
  "doors.takes": () => _("takes the {card}"),
  "doors.completes_set": () => _("it completes a set of your Door"),
  "doors.shares": (c) => n_("it shares {shared} trait with your Door ({colour} of its colour, {role} of its role collected), and the more it shares, the more it tells the Guesser", "it shares {shared} traits with your Door ({colour} of its colour, {role} of its role collected), and the more it shares, the more it tells the Guesser", c.shared ?? 0),
  "doors.right_with": () => _("right with chance {chance}"),
  "doors.pays": (c) => n_("pays {gems} gem, wrong gives {wrong} away", "pays {gems} gems, wrong gives {wrong} away", c.gems ?? 0),
  "doors.reading": () => _("the takes point to {card} ({chance})"),
  "doors.match_set": () => _("a set of your own trait lies in the Collector's cards: it scores at once"),
  "doors.keeps_away": () => _("keeps the {card} from the Collector"),
  "doors.fits": () => _("it fits the likely Doors by {traits} traits"),
  "doors.deck_left": (c) => n_("{cards} card left in the deck", "{cards} cards left in the deck", c.cards ?? 0),
  "doors.pass": () => _("lets the Collector take again, to learn more before guessing"),
  "tiger_dragon.attacks": () => _("attacks with the {card}"),
  "tiger_dragon.unanswered": () => _("the chance that nobody can answer it is {chance}"),
  "tiger_dragon.reveal": () => _("revealing tells the table which attacks to avoid"),
  "tiger_dragon.goes_out": () => _("defends with the {card}, your last tile: you go out"),
  "tiger_dragon.defends": () => _("defends with the {card} and takes the initiative to attack"),
  "tiger_dragon.buries": () => _("buries the {card}, which would go unanswered only with chance {chance}"),
  "tiger_dragon.lets_go": () => _("lets the attack go by and keeps your tiles for later"),
};

function clauseWords(clause: HintClause): string {
  const words = WORDS[clause.key];
  if (!words) throw new Error(`unknown clause ${clause.key}`);
  const counts: Counts = { ...clause.counts };
  return fmt(words(counts), {
    ...counts,
    card: clause.card ? _(clause.card) : "",
    yaku: clause.yaku ? yakuName(clause.yaku) : "",
    month: clause.month >= 1 && clause.month <= 12 ? monthName(clause.month) : "",
    chance: clause.chance !== undefined ? `${Math.round(100 * clause.chance)}%` : "",
    traits: clause.traits !== undefined ? clause.traits.toFixed(1).replace(".", _(".")) : "",
  });
}

/** What the move does, then why; the server's English for a clause this page cannot word. */
export function reasonWords(hint: MoveHint): string {
  if (!hint.reasonClauses.length) return hint.reason;
  try {
    const [first, ...rest] = hint.reasonClauses.map(clauseWords);
    return first + (rest.length ? ": " + rest.join("; ") : "");
  } catch {
    return hint.reason;
  }
}
