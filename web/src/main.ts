/**
 * The page's start: ListGames once, then the page the address names — the lobby (#/), a table
 * (#/match/ID, a link a host can hand out), or a replay (#/replay/ID) — with the language and
 * the light/dark switch in the header.
 */
import * as api from "./api";
import { h, replace } from "./dom";
import { _, initialLanguage, language, setLanguage, type Language } from "./i18n";
import { LobbyPage } from "./lobby";
import { ReplayPage } from "./replay";
import { TablePage, type TableContext } from "./table";

interface Page {
  root: HTMLElement;
  start(): void;
  stop(): void;
  render(): void;
}

let context: TableContext = { games: [], botLevels: [] };
let page: Page | undefined;
const app = document.getElementById("app")!;

function theme(): string {
  return localStorage.getItem("tigerden.theme") ?? "auto";
}

function applyTheme(): void {
  document.documentElement.dataset.theme = theme();
}

function header(): HTMLElement {
  const languages: Array<[Language, string]> = [["en", "English"], ["de", "Deutsch"]];
  return h(
    "header",
    { class: "top" },
    h("h1", {}, h("a", { href: "#/" }, "tigerden")),
    h(
      "div",
      { class: "switches" },
      h(
        "select",
        { "aria-label": _("language"), id: "language", onchange: (e: Event) => { setLanguage((e.target as HTMLSelectElement).value as Language, true); draw(); } },
        languages.map(([code, name]) => h("option", { value: code, selected: code === language() }, name)),
      ),
      h(
        "select",
        { "aria-label": _("colours"), id: "theme", onchange: (e: Event) => { localStorage.setItem("tigerden.theme", (e.target as HTMLSelectElement).value); applyTheme(); } },
        [["auto", "◐ " + _("system")], ["light", "☀ " + _("light")], ["dark", "☾ " + _("dark")]].map(([value, text]) => h("option", { value, selected: value === theme() }, text)),
      ),
    ),
  );
}

function draw(): void {
  const top = document.getElementById("top")!;
  replace(top, header());
  page?.render();
}

function route(): void {
  page?.stop();
  const [, kind, id] = location.hash.replace(/^#/, "").split("/");
  if (kind === "match" && id) page = new TablePage(id, context);
  else if (kind === "replay" && id) page = new ReplayPage(id);
  else page = new LobbyPage(context.games, context.botLevels);
  replace(app, page.root);
  page.start();
  draw();
}

async function boot(): Promise<void> {
  setLanguage(initialLanguage());
  applyTheme();
  replace(document.getElementById("top")!, header());
  for (let attempt = 0; ; attempt++) {
    try {
      const answer = await api.lobby.listGames({});
      context = { games: answer.games, botLevels: answer.botLevels.map((level) => level.name) };
      break;
    } catch (error) {
      replace(app, h("p", { class: "reconnecting", role: "status" }, _("reconnecting…") + " " + api.errorText(error)));
      await new Promise((resolve) => setTimeout(resolve, Math.min(10, 0.5 * 2 ** attempt) * 1000));
    }
  }
  window.addEventListener("hashchange", route);
  route();
}

void boot();
