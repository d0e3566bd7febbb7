/**
 * Tiger & Dragon at the table: the round line, what is to be done, your hand, one row per seat
 * (hand count, points, team, attack and defence rows), the Battlefield card, the scores with
 * team totals and the last round; its events and moves in words (client/ui/tiger_dragon.py's
 * words). Odd tiles and the Dragon are red (♦), even tiles and the Tiger blue (♠).
 */
import { cardFace, row } from "./cards";
import { h } from "./dom";
import { _, fmt, n_ } from "./i18n";
import type { Described, GameWords, TableState } from "./state";
import {
  TigerDragonPhase,
  TigerDragonTile,
  type TigerDragonCard,
  type TigerDragonRoundSummary,
  type TigerDragonView,
} from "./gen/tigerden/v1/tiger_dragon_pb";
import type { Event, Move } from "./gen/tigerden/v1/match_pb";

export function tileName(tile: TigerDragonTile): string {
  if (tile === TigerDragonTile.UNSPECIFIED) return "?";
  if (tile === TigerDragonTile.TIGER) return _("tiger");
  if (tile === TigerDragonTile.DRAGON) return _("dragon");
  return String(tile);
}

function tile(number: TigerDragonTile, faceDown = false, changed = false): HTMLElement {
  const kind =
    number === TigerDragonTile.UNSPECIFIED
      ? "hidden"
      : number === TigerDragonTile.DRAGON || (number <= 8 && number % 2 === 1)
        ? "red"
        : "blue";
  const name = tileName(number);
  const label = faceDown ? fmt(_("{tile} (face down)"), { tile: name }) : name;
  const face = cardFace(kind, label, changed, `tile${faceDown ? " face-down" : ""}`);
  (face.querySelector(".name") as HTMLElement).textContent = name;
  return face;
}

function tiles(numbers: TigerDragonTile[], empty = "-"): HTMLElement {
  return row(numbers.map((n) => tile(n)), empty);
}

function cardBlock(card: TigerDragonCard): HTMLElement {
  let effect = [fmt(_("out with 1-8: {values}"), { values: card.points.join(" ") })];
  if (card.pointsByDifference) {
    effect = [
      fmt(_("out with 1: {one}; 2-8: the difference from your last attack"), { one: card.points[0] }) +
        " " +
        fmt(_("(after a Tiger or Dragon attack: {wild})"), { wild: card.wildPoints }),
    ];
  }
  if (card.openPoints.length) effect.push(fmt(_("if revealed: {values}"), { values: card.openPoints.join(" ") }));
  effect.push(fmt(_("tiger/dragon: {points}"), { points: card.wildPoints }));
  const whose = card.bonusAllPlayers ? _("every player's") : _("the winner's");
  let bonus = fmt(_("+{points} per face-down tile ({whose})"), { points: card.bonusPerTile, whose });
  if (!card.wildBonus) bonus += ", " + _("none for a Tiger or Dragon finish");
  effect.push(bonus);
  return h(
    "div",
    { class: "zone battlefield" },
    h("span", { class: "label" }, _("Battlefield:") + " "),
    h("strong", {}, _(card.title)),
    card.japanese ? h("span", { lang: "ja" }, ` (${card.japanese})`) : null,
    h("ul", { class: "effects" }, effect.map((e) => h("li", {}, e))),
  );
}

function phaseText(state: TableState, view: TigerDragonView): string {
  if (view.phase === TigerDragonPhase.OVER || view.toAct === undefined) return _("the match is over");
  if (state.isYou(view.toAct)) {
    const mine: Record<number, string> = {
      [TigerDragonPhase.ATTACK]: _("you to attack"),
      [TigerDragonPhase.RESPONSE]: _("you to defend or pass"),
      [TigerDragonPhase.BONUS]: _("you to place a tile face down, then attack again"),
    };
    return mine[view.phase] ?? "?";
  }
  const name = state.playerName(view.toAct);
  if (view.phase === TigerDragonPhase.ATTACK) return fmt(_("{name} to attack"), { name });
  if (view.phase === TigerDragonPhase.RESPONSE) return fmt(_("{name} to defend or pass"), { name });
  if (view.phase === TigerDragonPhase.BONUS) {
    return fmt(_("{name} to place a tile face down, then attack again"), { name });
  }
  return "?";
}

function seatRow(state: TableState, view: TigerDragonView, seat: number): HTMLElement {
  const board = view.boards[seat];
  const notes: string[] = [];
  if (seat === view.startPlayer) notes.push(_("start"));
  if (view.teams.length) notes.push(fmt(_("team {team}"), { team: view.teams[seat] }));
  const score = view.scores[seat] ?? 0;
  const facts = [
    fmt(n_("{count} in hand", "{count} in hand", board.handCount), { count: board.handCount }),
    fmt(n_("{count} point", "{count} points", score), { count: score }),
  ].join(", ");
  const toAct = view.toAct === seat;
  return h(
    "section",
    { class: `player${state.isYou(seat) ? " you" : ""}${toAct ? " to-act" : ""}`, "aria-label": state.seatName(seat) },
    h("h3", {}, state.seatTag(seat, notes), h("span", { class: "facts" }, ": " + facts)),
    h(
      "div",
      { class: "rows" },
      h("div", {}, h("span", { class: "dim" }, _("attack") + " "), row(board.attack.map((t, i) => tile(t, false, state.changed.has(`${seat}:attack:${i}`))), "-")),
      h(
        "div",
        {},
        h("span", { class: "dim" }, _("defence") + " "),
        row(board.defense.map((d, i) => tile(d.tile, d.faceDown, state.changed.has(`${seat}:defense:${i}`))), "-"),
      ),
      board.revealed !== TigerDragonTile.UNSPECIFIED
        ? h("div", {}, h("span", { class: "dim" }, _("revealed last tile") + " "), tile(board.revealed))
        : null,
    ),
  );
}

function wentOut(state: TableState, last: TigerDragonRoundSummary): Array<string | HTMLElement> {
  const words = fmt(_("{name} went out with {tile}"), { name: state.actor(last.winner), tile: "\0" });
  const [before, after] = words.split("\0");
  return [before, tile(last.winningTile), after ?? ""];
}

function summaryLines(state: TableState, last: TigerDragonRoundSummary): HTMLElement {
  return h(
    "div",
    { class: "summary-line" },
    h("span", { class: "label" }, fmt(_("Last round ({round}):"), { round: last.round }) + " "),
    // The tile stands where the language puts it: "went out with [8]", "ging mit [8] aus".
    ...wentOut(state, last),
    (last.openTile ? " " + _("(revealed)") : "") +
      ": " +
      fmt(_("card {value} + bonus {bonus} = {points}"), { value: last.cardValue, bonus: last.bonus, points: last.points }),
    last.faceDown.map((r, seat) =>
      r.tiles.length
        ? h("span", {}, "; " + fmt(_("face down, {name}:"), { name: state.seatName(seat) }) + " ", tiles(r.tiles))
        : null,
    ),
  );
}

function scoresLine(state: TableState, view: TigerDragonView): HTMLElement {
  if (view.teams.length) {
    const totals = view.teamScores
      .map((points, team) =>
        fmt(_("team {team} ({members}): {points}"), {
          team,
          members: view.teams.map((t, s) => (t === team ? state.seatName(s) : "")).filter(Boolean).join(", "),
          points,
        }),
      )
      .join("   ");
    return h("p", { class: "zone" }, h("span", { class: "label" }, _("Teams:") + " "), totals);
  }
  return h("p", { class: "zone" }, h("span", { class: "label" }, _("Scores:") + " "), state.seatTallies(view.scores));
}

export function render(state: TableState, view: TigerDragonView): HTMLElement {
  const viewer = state.viewer();
  const goal = fmt(view.teams.length ? _("first team to {target}") : _("first to {target}"), { target: view.target });
  let part = viewer === undefined ? _("spectating") : fmt(_("you are seat {seat}"), { seat: viewer });
  if (viewer !== undefined && view.teams.length) part += ", " + fmt(_("team {team}"), { team: view.teams[viewer] });
  const out = fmt(n_("{count} tile out of play", "{count} tiles out of play", view.leftOut), { count: view.leftOut });
  const head = [goal, part, out];
  if (view.newCardEachRound && view.sameCardMayReturn) head.push(_("a Battlefield card drawn every round (the same may return)"));
  else if (view.newCardEachRound) head.push(_("a new Battlefield card every round"));
  const attack = view.openAttack;
  return h(
    "div",
    { class: "board tiger-dragon" },
    h("p", { class: "headline" }, h("strong", {}, fmt(_("Round {round}"), { round: view.round })), " · " + head.join(" · ")),
    h(
      "p",
      { class: "decision" },
      fmt(_("Now: {what}"), { what: phaseText(state, view) }),
      attack
        ? h(
            "span",
            {},
            " · " + _("open attack") + " ",
            tile(attack.tile),
            " " + fmt(_("from {name}"), { name: state.seatName(attack.attacker) }),
            " · " + fmt(_("passed: {names}"), { names: attack.passed.map((s) => state.seatName(s)).join(", ") || _("nobody yet") }),
          )
        : null,
    ),
    viewer !== undefined
      ? h("div", { class: "zone hand" }, h("span", { class: "label" }, fmt(_("Your hand ({count}):"), { count: view.hand.length }) + " "), tiles(view.hand, _("(empty)")))
      : null,
    view.boards.map((_board, seat) => seatRow(state, view, seat)),
    view.battlefield ? cardBlock(view.battlefield) : null,
    scoresLine(state, view),
    view.lastRound ? summaryLines(state, view.lastRound) : null,
  );
}

function tdView(state: TableState): TigerDragonView | undefined {
  const game = state.snapshot?.view?.game;
  return game?.case === "tigerDragon" ? game.value : undefined;
}

export const words: GameWords = {
  moveLabel(move: Move): string {
    if (move.game.case !== "tigerDragon") return "";
    const action = move.game.value.action;
    switch (action.case) {
      case "attack": {
        const label = fmt(_("attack {tile}"), { tile: tileName(action.value.tile) });
        return action.value.reveal ? label + " " + _("and reveal") : label;
      }
      case "defend":
        return fmt(_("defend {tile}"), { tile: tileName(action.value.tile) });
      case "passTurn":
        return _("pass");
      case "placeFaceDown":
        return fmt(_("face-down {tile}"), { tile: tileName(action.value.tile) });
      default:
        return "";
    }
  },

  summary(state: TableState): Node[] | undefined {
    const view = tdView(state);
    if (!view) return undefined;
    const lines: Node[] = view.lastRound ? [summaryLines(state, view.lastRound)] : [];
    lines.push(scoresLine(state, view));
    if (view.teams.length) {
      lines.push(h("p", {}, h("span", { class: "label" }, _("Scores:") + " "), state.seatTallies(view.scores)));
    }
    return lines;
  },

  describe(state: TableState, event: Event): Described | undefined {
    if (event.game.case !== "tigerDragon") return undefined;
    const boards = tdView(state)?.boards ?? [];
    const last = (seat: number, which: "attack" | "defense"): string[] => {
      const count = boards[seat]?.[which].length ?? 0;
      return count ? [`${seat}:${which}:${count - 1}`] : [];
    };
    const kind = event.game.value.kind;
    switch (kind.case) {
      case "roundStarted":
        return {
          text: fmt(_("round {round} begins; {name} starts"), { round: kind.value.round, name: state.actor(kind.value.startPlayer) }),
        };
      case "attacked": {
        let deed = fmt(_("attacks with {tile}"), { tile: tileName(kind.value.tile) });
        if (kind.value.revealed) deed += " " + fmt(_("and reveals the last tile {tile}"), { tile: tileName(kind.value.revealed) });
        return { text: deed, seat: kind.value.seat, changed: last(kind.value.seat, "attack") };
      }
      case "defended":
        return {
          text: fmt(_("defends with {tile}"), { tile: tileName(kind.value.tile) }),
          seat: kind.value.seat,
          changed: last(kind.value.seat, "defense"),
        };
      case "passed":
        return { text: _("passes"), seat: kind.value.seat };
      case "placedFaceDown":
        return { text: _("places a tile face down"), seat: kind.value.seat, changed: last(kind.value.seat, "defense") };
      case "roundEnded": {
        const s = kind.value.summary;
        if (!s) return undefined;
        return {
          text: fmt(_("round {round} ends: {name} goes out with {tile} and scores {points}"), {
            round: s.round,
            name: state.actor(s.winner),
            tile: tileName(s.winningTile),
            points: s.points,
          }),
          ends: true,
        };
      }
      case "matchEnded":
        return { text: _("the match is over"), ends: true };
      default:
        return event.text ? { text: state.serverText(event.text) } : undefined;
    }
  },
};
