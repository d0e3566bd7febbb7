/** A few lines of DOM building, so that every view is plain functions from data to elements. */

type Child = Node | string | null | undefined | false | Child[];
type Attrs = Record<string, string | number | boolean | EventListener | undefined | null>;

export function h(tag: string, attrs: Attrs = {}, ...children: Child[]): HTMLElement {
  const element = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") {
      element.addEventListener(key.slice(2), value);
    } else if (value === true) {
      element.setAttribute(key, "");
    } else {
      element.setAttribute(key, String(value));
    }
  }
  append(element, children);
  return element;
}

export function append(parent: Node, children: Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(parent, child);
    else parent.appendChild(typeof child === "string" ? document.createTextNode(child) : child);
  }
}

/** Replaces what `parent` shows, keeping the element that has the keyboard focus if it is
 * rebuilt with the same `data-key`, and what was typed or chosen in fields (so that a
 * new snapshot throws neither the focus nor a half-typed chat line away); boxes marked
 * `data-scroll` stay scrolled to their newest line. */
/** A focused control that a redraw removed, to focus again when one of its kind returns. */
let pendingFocus: string | undefined;

export function replace(parent: HTMLElement, ...children: Child[]): void {
  const focused = document.activeElement as HTMLElement | null;
  const inside = focused && parent.contains(focused) ? focused.dataset.key : undefined;
  const idle = !focused || focused === document.body;
  const key = inside ?? (idle ? pendingFocus : undefined);
  const typed = new Map<string, string>();
  for (const input of parent.querySelectorAll<HTMLInputElement | HTMLSelectElement>("input, select")) {
    const name = fieldKey(input);
    if (name && input.type !== "hidden") typed.set(name, input.value);
  }
  parent.replaceChildren();
  append(parent, children);
  for (const input of parent.querySelectorAll<HTMLInputElement | HTMLSelectElement>("input, select")) {
    const key = fieldKey(input);
    const value = key ? typed.get(key) : undefined;
    if (value !== undefined && input.type !== "hidden") input.value = value;
  }
  for (const box of parent.querySelectorAll<HTMLElement>("[data-scroll]")) {
    box.scrollTop = box.scrollHeight;
  }
  if (key) {
    // The same control again, or else the first of its kind ("move:…"), so that a keyboard
    // player's focus stays among the moves when the one played is gone.
    const kind = key.split(":")[0];
    const again =
      parent.querySelector<HTMLElement>(`[data-key="${CSS.escape(key)}"]`) ??
      (key.includes(":") ? parent.querySelector<HTMLElement>(`[data-key^="${CSS.escape(kind)}:"]`) : null);
    again?.focus();
    // Nothing of its kind now (the moves are the others' turn): take the focus there later.
    pendingFocus = again ? undefined : key;
  }
}

/** The field's name across a redraw; "" for a field whose value the view sets from its own
 * state (`data-state`), which a redraw must not overwrite with the old value. */
function fieldKey(field: HTMLInputElement | HTMLSelectElement): string {
  if (field.dataset.state !== undefined) return "";
  return field.dataset.key || field.id || field.name;
}
