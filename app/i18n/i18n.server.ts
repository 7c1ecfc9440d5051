import { createInstance, type i18n as I18n, type TFunction } from "i18next";
import { RemixI18Next } from "remix-i18next/server";
import { i18nConfig } from "./i18n";
import { DEFAULT_LOCALE, LOCALE_CODES, type LocaleCode } from "#app/lib/locales";
import { resources } from "./resources.server";
import { createPreferenceCookie } from "#app/lib/preference-cookie.server";

/** Remembers the language a visitor chose; read only by the root `/` to redirect to its prefix. */
export const localeCookie = createPreferenceCookie("rihla_locale");

/** Detects a language only for the root `/` (cookie first, then Accept-Language). */
const detector = new RemixI18Next({
  detection: {
    supportedLanguages: [...LOCALE_CODES],
    fallbackLanguage: DEFAULT_LOCALE,
    cookie: localeCookie,
    order: ["cookie", "header"],
  },
});

export async function detectPreferredLocale(request: Request): Promise<LocaleCode> {
  const detected = await detector.getLocale(request);
  return (LOCALE_CODES as readonly string[]).includes(detected) ? (detected as LocaleCode) : DEFAULT_LOCALE;
}

const instances = new Map<LocaleCode, I18n>();

/** The options a fixed `t` (react-i18next's useTranslation, getFixedT) adds by itself to every call. */
const FIXED_T_OPTIONS = new Set(["lng", "lngs", "ns", "keyPrefix"]);

/** Options that change what a call returns beyond its text (objects, details, post-processors): never kept. */
const UNKEPT_OPTIONS = new Set(["returnObjects", "returnDetails", "postProcess", "interpolation", "joinArrays", "appendNamespaceToMissingKey", "missingKeyHandler"]);
/** How many texts a language keeps before it starts again (interpolated ones vary with their values). */
const TEXTS_KEPT = 20_000;

const listed = (value: unknown) => (Array.isArray(value) ? value.join(",") : String(value ?? ""));

/**
 * The key under which a call's text is kept, or null when it is not kept: a string key and options
 * that are the fixed `t`'s own (lng, lngs, ns, keyPrefix) or plain values (a count, a context, a
 * default, interpolated strings, numbers and booleans), whose text depends on nothing else.
 */
function textKeyOf(key: unknown, options: unknown): string | null {
  if (typeof key !== "string") return null;
  if (options === undefined) return `||||${key}`;
  if (typeof options !== "object" || options === null) return null;
  const record = options as Record<string, unknown>;
  // react-i18next's fixed `t` passes lngs: null and its namespaces as an array.
  let cacheKey = `${listed(record.lng)}|${listed(record.lngs)}|${listed(record.ns)}|${listed(record.keyPrefix)}|${key}`;
  const names = Object.keys(record).filter((name) => !FIXED_T_OPTIONS.has(name));
  if (names.length > 1) names.sort();
  for (const name of names) {
    if (UNKEPT_OPTIONS.has(name)) return null;
    const value = record[name];
    const kind = typeof value;
    if (value !== undefined && value !== null && kind !== "string" && kind !== "number" && kind !== "boolean") return null;
    cacheKey += `\u0000${name}=${kind}:${String(value)}`;
  }
  return cacheKey;
}

/**
 * Keeps the text of every lookup whose options are plain values (a key alone, or with a count,
 * context, default or interpolated strings and numbers) per language, namespace, key and values: a page
 * render asks for hundreds of them (a listing's cards: a rating label, a duration and a price unit
 * each), and i18next resolves each one afresh (key parsing, fallbacks, plural rules, interpolation),
 * which profiles of uncached renders showed at ~5 % and, with values, ~4 % more (issue 34).
 * Safe because the server's resources never change at runtime and an instance never changes language.
 * Calls with any other option go to i18next as before. (A missing key is reported once, not per call.)
 */
function rememberPlainTexts(instance: I18n) {
  // i18next's TFunction is a set of branded overloads; the wrapper passes its arguments through as is.
  const translate = instance.t.bind(instance) as unknown as (...args: unknown[]) => unknown;
  const texts = new Map<string, string>();
  const t = (key: unknown, options?: unknown, ...rest: unknown[]): unknown => {
    const cacheKey = rest.length === 0 ? textKeyOf(key, options) : null;
    if (cacheKey === null) return translate(key, options, ...rest);
    const known = texts.get(cacheKey);
    if (known !== undefined) return known;
    const text = translate(key, options);
    if (typeof text === "string") {
      if (texts.size >= TEXTS_KEPT) texts.clear();
      texts.set(cacheKey, text);
    }
    return text;
  };
  instance.t = t as unknown as I18n["t"];
}

/**
 * The i18next instance of a locale, ready synchronously (resources are bundled). One per locale for
 * the life of the process: the server never changes an instance's language, so requests can share it.
 */
export function getI18nInstance(locale: LocaleCode): I18n {
  let instance = instances.get(locale);
  if (!instance) {
    instance = createInstance();
    void instance.init({ ...i18nConfig, lng: locale, resources, initImmediate: false });
    rememberPlainTexts(instance);
    instances.set(locale, instance);
  }
  return instance;
}

const fixedT = new Map<LocaleCode, TFunction>();

/** A translation function for loaders and actions (cached per locale: resources never change at runtime). */
export function getFixedT(locale: LocaleCode): TFunction {
  let t = fixedT.get(locale);
  if (!t) {
    t = getI18nInstance(locale).getFixedT(locale);
    fixedT.set(locale, t);
  }
  return t;
}

/**
 * A request's view of a locale's shared instance: the same instance underneath (prototype
 * delegation, nothing copied), except that each fixed `t` it hands out (react-i18next's
 * useTranslation asks for one) notes the keys it translates in `used`. The page then carries exactly
 * those strings to the browser (page-translations.ts).
 */
export function recordingI18n(instance: I18n, used: Set<string>): I18n {
  const view = Object.create(instance) as I18n;
  // i18next's TFunction is a set of branded overloads; the wrapper passes its arguments through as is.
  view.getFixedT = ((...args: Parameters<I18n["getFixedT"]>) => {
    const fixed = instance.getFixedT(...args) as unknown as (key: unknown, ...rest: unknown[]) => unknown;
    const recording = (key: unknown, ...rest: unknown[]) => {
      if (typeof key === "string") used.add(key);
      else if (Array.isArray(key)) for (const each of key) if (typeof each === "string") used.add(each);
      return fixed(key, ...rest);
    };
    return Object.assign(recording, fixed);
  }) as unknown as I18n["getFixedT"];
  return view;
}
