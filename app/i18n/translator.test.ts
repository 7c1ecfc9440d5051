import { createInstance, type i18n as I18n } from "i18next";
import { describe, expect, it } from "vitest";
import { LOCALE_CODES, type LocaleCode } from "#app/lib/locales";
import { DEFAULT_NAMESPACE, i18nConfig } from "./i18n";
import { resources, type Translations } from "./resources.server";
import { createTranslator, type TranslateOptions } from "./translator";

/**
 * The browser translates with translator.ts and the server with i18next: a text that differs between
 * them is a page that changes under the visitor's eyes at hydration. Every key of every language is
 * asked of both, the way components ask.
 */

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
const COUNTS = [0, 1, 2, 3, 4, 5, 7, 11, 12, 21, 22, 100, 101, 1.5];

function leafKeys(tree: Translations, prefix = ""): string[] {
  return Object.entries(tree).flatMap(([name, value]) => (typeof value === "string" ? [`${prefix}${name}`] : leafKeys(value, `${prefix}${name}.`)));
}

function i18nextFor(locale: LocaleCode, options: Partial<Parameters<I18n["init"]>[0]> = {}): I18n {
  const instance = createInstance();
  void instance.init({ ...i18nConfig, lng: locale, fallbackLng: false, resources: { [locale]: resources[locale] }, initImmediate: false, missingKeyHandler: () => {}, ...options });
  return instance;
}

const quietTranslator = (locale: LocaleCode) => createTranslator({ language: locale, namespace: DEFAULT_NAMESPACE, resources: resources[locale].common });

describe.each(LOCALE_CODES)("the browser's translator in %s", (locale) => {
  const reference = i18nextFor(locale);
  const translator = quietTranslator(locale);
  const keys = leafKeys(resources[locale].common);
  const baseKeys = [...new Set(keys.map((key) => key.replace(PLURAL_SUFFIX, "")))];
  const textOf = (key: string) => {
    const exact = keys.includes(key) ? key : keys.find((each) => each.replace(PLURAL_SUFFIX, "") === key);
    return exact ? String(reference.t(exact, { interpolation: { skipOnVariables: true }, skipInterpolation: true } as never)) : "";
  };

  it("gives every key's text, values left out and filled in", () => {
    expect(baseKeys.length).toBeGreaterThan(500);
    for (const key of baseKeys) {
      const names = [...textOf(key).matchAll(/\{\{-?\s*([^}]+?)\s*\}\}/g)].map((match) => match[1]);
      const values: TranslateOptions = Object.fromEntries(names.map((name, index) => [name, index % 2 ? 42 : `v$&${index}`]));
      expect(translator.t(key), key).toBe(reference.t(key));
      expect(translator.t(key, values), key).toBe(reference.t(key, values as never));
    }
  });

  it("picks the same plural form for every count, zero included", () => {
    const plural = baseKeys.filter((key) => keys.some((each) => each !== key && each.replace(PLURAL_SUFFIX, "") === key));
    expect(plural.length).toBeGreaterThan(20);
    for (const key of plural) {
      for (const count of COUNTS) expect(translator.t(key, { count, n: count, number: count }), `${key} ${count}`).toBe(reference.t(key, { count, n: count, number: count }));
    }
  });

  it("treats missing keys, defaults, objects and odd values alike", () => {
    const cases: [string, TranslateOptions | undefined][] = [
      ["no.such.key", undefined],
      ["no.such.key", { defaultValue: "Fallback {{name}}", name: "Sara" }],
      ["admin.status.nothing", { defaultValue: "paid" }],
      ["A sentence. With dots.", undefined],
      ["admin", undefined],
      ["admin", { returnObjects: true }],
      ["trailing.", undefined],
      [".leading", undefined],
    ];
    const withPlaceholder = baseKeys.find((key) => /\{\{\s*\w+\s*\}\}/.test(textOf(key)));
    if (withPlaceholder) {
      const name = /\{\{\s*(\w+)\s*\}\}/.exec(textOf(withPlaceholder))?.[1] ?? "x";
      cases.push([withPlaceholder, { [name]: undefined }], [withPlaceholder, { [name]: null }], [withPlaceholder, { [name]: "$1 $$ $'" }], [withPlaceholder, { [name]: { toString: () => "object" } }]);
    }
    for (const [key, options] of cases) expect(translator.t(key, options), key).toEqual(reference.t(key, options as never));
  });

  it("uses a _zero text for 0 in every language, as i18next does, and the plain key when no form fits", () => {
    const tree = { left: { seats_zero: "Sold out", seats_other: "{{count}} left", seats_one: "Last one" }, plain: "{{count}} things" };
    const browser = createTranslator({ language: locale, resources: tree });
    const server = i18nextFor(locale, { resources: { [locale]: { [DEFAULT_NAMESPACE]: tree } } });
    for (const count of COUNTS) {
      expect(browser.t("left.seats", { count }), `${count}`).toBe(server.t("left.seats", { count }));
      expect(browser.t("plain", { count }), `${count}`).toBe(server.t("plain", { count }));
    }
    expect(browser.t("left.seats", { count: 0 })).toBe("Sold out");
  });

  it("reports missing keys and lets the page choose what they show, defaults kept", () => {
    const missing: string[] = [];
    const parse = (key: string, defaultValue?: string) => defaultValue ?? `[${key}]`;
    const browser = createTranslator({ language: locale, resources: {}, missingKeyHandler: (_languages, _namespace, key) => missing.push(key), parseMissingKeyHandler: parse });
    const server = i18nextFor(locale, { resources: { [locale]: { [DEFAULT_NAMESPACE]: {} } }, parseMissingKeyHandler: parse });
    for (const options of [undefined, { defaultValue: "Paid" }, { count: 2 }]) expect(browser.t("admin.status.paid", options)).toBe(server.t("admin.status.paid", options as never));
    expect(missing).toEqual(["admin.status.paid", "admin.status.paid", "admin.status.paid"]);
  });

  it("adds the rest of the language after the first render", () => {
    const [first, ...rest] = baseKeys.filter((key) => typeof resources[locale].common[key.split(".")[0] ?? ""] === "object");
    const partial = createTranslator({ language: locale, resources: {}, parseMissingKeyHandler: () => "" });
    expect(partial.t(first ?? "")).toBe("");
    partial.addResources(resources[locale].common);
    expect(partial.t(first ?? "")).toBe(reference.t(first ?? ""));
    expect(rest.length).toBeGreaterThan(0);
  });

  it("knows the direction of its language", () => {
    expect(translator.dir()).toBe(reference.dir());
    expect(translator.language).toBe(locale);
  });
});
