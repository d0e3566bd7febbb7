/**
 * Cards and tiles, drawn by the page itself (CSS on a labelled element, no pictures): each shows
 * its kind's symbol and its name in words, so kinds are told apart by symbol as well as colour,
 * and a screen reader reads the name. A card that changed since your last move is marked.
 */
import { h } from "./dom";

export const SYMBOLS = {
  bright: "✦",
  animal: "◆",
  ribbon: "▬",
  plain: "○",
  red: "♦",
  blue: "♠",
  wild: "★",
  hidden: "?",
} as const;

export type Kind = keyof typeof SYMBOLS;

export function cardFace(kind: Kind, name: string, changed = false, extra = ""): HTMLElement {
  return h(
    "span",
    { class: `card ${kind}${changed ? " changed" : ""}${extra ? " " + extra : ""}`, role: "img", "aria-label": name + (changed ? " •" : "") },
    h("span", { class: "mark", "aria-hidden": "true" }, SYMBOLS[kind]),
    h("span", { class: "name", "aria-hidden": "true" }, name),
  );
}

export function row(cards: HTMLElement[], empty: string): HTMLElement {
  return h("span", { class: "cards" }, cards.length ? cards : h("span", { class: "dim" }, empty));
}
