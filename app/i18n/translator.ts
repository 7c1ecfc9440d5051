/**
 * The browser's translator: the part of i18next the storefront's components use, in ~1 KB instead of
 * i18next's ~14.5 KB gzip (issue 34's first-load budget). The server keeps i18next; the browser must
 * give exactly the texts the server rendered, or hydration would differ, so `translator.test.ts`
 * compares the two over every key of every language, with and without values and counts.
 *
 * What it does, as i18next 23 does it with `i18nConfig`'s options:
 * - keys are dot paths into one namespace's nested resources (`admin.status.paid`);
 * - a number `count` picks `key_zero` (for 0, when present), then `key_<plural category>` by
 *   `Intl.PluralRules` of the language, then `key`;
 * - `{{name}}` (and `{{a.b}}`) take the call's values; a value that is absent keeps its placeholder,
 *   one passed as undefined or null becomes empty; nothing is escaped (React escapes);
 * - a missing key gives `defaultValue` when there is one, else the key, and is reported to
 *   `missingKeyHandler`; `parseMissingKeyHandler` may replace what a missing key shows;
 * - an object is returned only with `returnObjects`; an empty string is a valid text.
 * Not supported (none of the app's texts use them): namespaces in keys, `$t()` nesting, contexts,
 * ordinals, formatters, fallback languages (the browser holds one language).
 */

export type TranslationTree = { [key: string]: unknown };

export type TranslateOptions = {
  count?: unknown;
  defaultValue?: unknown;
  returnObjects?: boolean;
  [value: string]: unknown;
};

export type TranslateFunction = (key: string | readonly string[], options?: TranslateOptions | string) => string;

export type TranslatorSettings = {
  language: string;
  resources: TranslationTree;
  /** Told of every lookup that found nothing (as i18next's `saveMissing` + `missingKeyHandler`). */
  missingKeyHandler?: (languages: readonly string[], namespace: string, key: string) => void;
  /** What a missing key shows instead of its key (or its default, passed as the second argument). */
  parseMissingKeyHandler?: (key: string, defaultValue?: string) => string;
  namespace?: string;
};

const RIGHT_TO_LEFT = new Set(["ar", "he", "fa", "ur"]);
const PLACEHOLDER = /\{\{(.+?)\}\}/g;

function lookup(tree: TranslationTree, key: string): unknown {
  if (Object.prototype.hasOwnProperty.call(tree, key)) return tree[key];
  let node: unknown = tree;
  for (const part of key.split(".")) {
    if (part === "" || node === null || typeof node !== "object" || !Object.prototype.hasOwnProperty.call(node, part)) return undefined;
    node = (node as TranslationTree)[part];
  }
  return node;
}

function valueAt(values: TranslateOptions, path: string): unknown {
  if (Object.prototype.hasOwnProperty.call(values, path)) return values[path];
  let node: unknown = values;
  for (const part of path.split(".")) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

function interpolate(text: string, values: TranslateOptions): string {
  if (!text.includes("{{")) return text;
  return text.replace(PLACEHOLDER, (placeholder, inner: string) => {
    const name = inner.trim().replace(/^-\s*/, "");
    const value = valueAt(values, name);
    if (value === undefined) return Object.prototype.hasOwnProperty.call(values, name) ? "" : placeholder;
    return value === null ? "" : String(value);
  });
}

function deepMerge(target: TranslationTree, source: TranslationTree) {
  for (const [name, value] of Object.entries(source)) {
    const existing = target[name];
    if (value && typeof value === "object" && !Array.isArray(value) && existing && typeof existing === "object" && !Array.isArray(existing)) {
      deepMerge(existing as TranslationTree, value as TranslationTree);
    } else {
      target[name] = value;
    }
  }
}

export function createTranslator(settings: TranslatorSettings) {
  const { language, missingKeyHandler, parseMissingKeyHandler } = settings;
  const namespace = settings.namespace ?? "common";
  const resources: TranslationTree = {};
  deepMerge(resources, settings.resources);
  const pluralRules = new Intl.PluralRules(language);

  const find = (key: string, count: unknown): unknown => {
    if (typeof count === "number") {
      const candidates = count === 0 ? [`${key}_zero`] : [];
      candidates.push(`${key}_${pluralRules.select(count)}`);
      for (const candidate of candidates) {
        const found = lookup(resources, candidate);
        if (found !== undefined && found !== null) return found;
      }
    }
    return lookup(resources, key);
  };

  const t = ((keys: string | readonly string[], given?: TranslateOptions | string): unknown => {
    const options: TranslateOptions = typeof given === "string" ? { defaultValue: given } : (given ?? {});
    const candidates = typeof keys === "string" ? [keys] : keys;
    if (candidates.length === 0) return "";
    let found: unknown;
    for (const candidate of candidates) {
      found = find(String(candidate), options.count);
      if (found !== undefined && found !== null) break;
    }
    const key = String(candidates[candidates.length - 1]);
    if (found !== null && typeof found === "object") {
      return options.returnObjects ? found : `key '${key} (${language})' returned an object instead of string.`;
    }
    if (found !== undefined && found !== null) return interpolate(String(found), options);
    missingKeyHandler?.([language], namespace, key);
    const hasDefault = options.defaultValue !== undefined;
    const shown = interpolate(hasDefault ? String(options.defaultValue) : key, options);
    return parseMissingKeyHandler ? parseMissingKeyHandler(key, hasDefault ? shown : undefined) : shown;
  }) as TranslateFunction;

  return {
    language,
    languages: [language],
    isInitialized: true,
    options: { defaultNS: namespace },
    t,
    getFixedT: () => t,
    dir: (code: string = language): "rtl" | "ltr" => (RIGHT_TO_LEFT.has(code.split("-")[0] ?? code) ? "rtl" : "ltr"),
    exists: (key: string) => find(key, undefined) !== undefined,
    /** Adds (deeply, overwriting) the strings that came after the first render. */
    addResources(more: TranslationTree) {
      deepMerge(resources, more);
    },
  };
}

export type Translator = ReturnType<typeof createTranslator>;
