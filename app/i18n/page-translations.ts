/**
 * The strings a page was rendered with, sent inside its HTML so the browser can hydrate at once
 * instead of first downloading the whole language (10–15 KB of gzipped JavaScript on every page).
 * The server notes each key its components translate (recordingI18n in i18n.server.ts) and appends
 * those strings after the document (entry.server.tsx); the browser reads them, hydrates, and loads
 * the rest of the language on the first interaction or the first key it lacks (entry.client.tsx).
 */
import type { Translations } from "./resources.server";

/** The id of the `<script type="application/json">` that carries a page's strings. */
export const PAGE_TRANSLATIONS_ID = "rihla-page-translations";

/**
 * The part of a translation tree that `keys` use: each key's string (or subtree), with its plural and
 * context forms (`key_one`, `key_other`, `key_male` …, which i18next picks by count and context).
 * Keys are dotted paths, i18next's default key separator.
 */
export function pickTranslations(tree: Translations, keys: Iterable<string>): Translations {
  const picked: Translations = {};
  for (const key of keys) {
    const path = key.split(".");
    const last = path.pop()!;
    let source: Translations | undefined = tree;
    let target = picked;
    for (const segment of path) {
      const next: string | Translations | undefined = source?.[segment];
      if (typeof next !== "object") {
        source = undefined;
        break;
      }
      source = next;
      const existing = target[segment];
      target = typeof existing === "object" ? existing : (target[segment] = {});
    }
    if (!source) continue;
    for (const name of Object.keys(source)) {
      if (name === last || name.startsWith(`${last}_`)) target[name] = source[name]!;
    }
  }
  return picked;
}

/** The strings as an inert JSON script (never executed, so no CSP nonce), safe inside HTML. */
export function pageTranslationsScript(strings: Translations): string {
  const json = JSON.stringify(strings).replace(/</g, "\\u003c").replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");
  return `<script type="application/json" id="${PAGE_TRANSLATIONS_ID}">${json}</script>`;
}
