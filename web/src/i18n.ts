/**
 * The page's words: the terminal client's gettext catalogs (client/locale/LANG/.../tigerden.po),
 * exported at build time by `python -m tools.web catalog` into gen/catalog.json, so the browser
 * and the terminal say the same things in the same words. English is the source language (the
 * msgids themselves); the language comes from the browser unless the player switched it.
 */
import catalogs from "./gen/catalog.json";

type Entry = string | string[];
const CATALOGS = catalogs as Record<string, Record<string, Entry>>;

export const LANGUAGES = ["en", "de"] as const;
export type Language = (typeof LANGUAGES)[number];

let current: Language = "en";

/** The first browser language with a catalog (English otherwise), unless one was chosen. */
export function initialLanguage(): Language {
  const saved = localStorage.getItem("tigerden.lang");
  if (saved === "en" || saved === "de") return saved;
  for (const tag of navigator.languages ?? [navigator.language]) {
    const code = tag.split("-")[0].toLowerCase();
    if (code === "de" || code === "en") return code;
  }
  return "en";
}

export function setLanguage(language: Language, remember = false): void {
  current = language;
  document.documentElement.lang = language;
  if (remember) localStorage.setItem("tigerden.lang", language);
}

export function language(): Language {
  return current;
}

/** `message` in the current language (the msgid itself when untranslated). */
export function _(message: string): string {
  const found = CATALOGS[current]?.[message];
  return typeof found === "string" && found ? found : message;
}

/** The plural form for `count`: German and English both have one form for 1, one for the rest. */
export function n_(singular: string, plural: string, count: number): string {
  const found = CATALOGS[current]?.[singular];
  if (Array.isArray(found) && found.length === 2) return found[count === 1 ? 0 : 1];
  return count === 1 ? singular : plural;
}

/** Marks a string for the catalog without translating it (it is translated where shown). */
export function N_(message: string): string {
  return message;
}

/** Python's `str.format` for the catalog's `{name}` placeholders (and `{name!r}`). */
export function fmt(template: string, values: Record<string, string | number | bigint>): string {
  return template.replace(/\{([a-z_0-9]+)(!r)?\}/g, (whole, key: string, repr?: string) => {
    if (!(key in values)) return whole;
    const value = String(values[key]);
    return repr ? `'${value}'` : value;
  });
}

/** The translated word `table` holds for `key` (marked with `N_`), or `fallback`. */
export function named(table: Record<string | number, string>, key: string | number, fallback = "?"): string {
  const word = table[key];
  return word ? _(word) : fallback;
}
