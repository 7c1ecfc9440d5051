import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test, vi } from "vitest";
import { getI18nInstance } from "#app/i18n/i18n.server";
import { LOCALES, localeFromPath, localeFromRouteId, localizePath, stripLocalePrefix } from "#app/lib/locales";
import { resources } from "#app/i18n/resources.server";

function keysOf(value: unknown, prefix = ""): string[] {
  if (value === null || typeof value !== "object") return [prefix];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, child]) => keysOf(child, prefix ? `${prefix}.${key}` : key));
}

function placeholdersOf(text: unknown): string[] {
  return typeof text === "string" ? [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((match) => match[1]!).sort() : [];
}

function valueAt(tree: unknown, key: string): unknown {
  return key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);
}

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/** Keys with i18next's plural suffixes folded, so `count_one` and `count_few` are one key `count`. */
function baseKeys(tree: unknown): Set<string> {
  return new Set(keysOf(tree).map((key) => key.replace(PLURAL_SUFFIX, "")));
}

describe("translations", () => {
  const english = resources.en.common;
  const englishKeys = keysOf(english);
  const englishBase = baseKeys(english);

  test.each(["ru", "zh", "ar"] as const)("every English key exists in %s, with the same placeholders", (code) => {
    const translated = resources[code].common;
    const translatedKeys = keysOf(translated);
    const missing = [...englishBase].filter((key) => {
      const value = valueAt(translated, key);
      if (typeof value === "string") return value === "";
      return !translatedKeys.some((candidate) => candidate.startsWith(`${key}_`) && PLURAL_SUFFIX.test(candidate));
    });
    expect(missing).toEqual([]);
    const mismatched = englishKeys
      .filter((key) => !PLURAL_SUFFIX.test(key))
      .filter((key) => placeholdersOf(valueAt(english, key)).join() !== placeholdersOf(valueAt(translated, key)).join());
    expect(mismatched).toEqual([]);
  });

  test.each(["en", "ru", "zh", "ar"] as const)("plural keys in %s have every form the language needs", (code) => {
    const keys = keysOf(resources[code].common);
    const plurals = new Set(keys.filter((key) => PLURAL_SUFFIX.test(key)).map((key) => key.replace(PLURAL_SUFFIX, "")));
    const categories = new Intl.PluralRules(code).resolvedOptions().pluralCategories;
    const missing = [...plurals].flatMap((base) => categories.filter((category) => !keys.includes(`${base}_${category}`)).map((category) => `${base}_${category}`));
    expect(missing).toEqual([]);
  });

  test.each(["ru", "zh", "ar"] as const)("%s has no keys English lacks", (code) => {
    expect([...baseKeys(resources[code].common)].filter((key) => !englishBase.has(key))).toEqual([]);
  });

  test("every locale has the same translation files, and no two files share a top-level key", () => {
    const folder = (code: string) => path.resolve("app/locales", code);
    const files = (code: string) => readdirSync(folder(code)).filter((name) => name.endsWith(".json")).sort();
    for (const code of ["ru", "zh", "ar"]) expect(files(code)).toEqual(files("en"));
    const owners = new Map<string, string>();
    for (const file of files("en")) {
      for (const key of Object.keys(JSON.parse(readFileSync(path.join(folder("en"), file), "utf8")))) {
        expect(owners.get(key), `"${key}" is in ${owners.get(key)} and ${file}`).toBeUndefined();
        owners.set(key, file);
      }
    }
    // Every file is merged into the namespace the app uses.
    expect(Object.keys(english).sort()).toEqual([...owners.keys()].sort());
  });

  test("the 404 texts are the specification's", () => {
    expect(valueAt(english, "errors.notFoundHeading")).toBe("Oops! The page you're looking for doesn't exist.");
    expect(valueAt(english, "errors.notFoundText")).toBe(
      "We're sorry, but the page you were trying to reach cannot be found. It might have been removed, had its name changed, or is temporarily unavailable.",
    );
    expect(valueAt(english, "errors.generic")).toBe("Some thing went wrong");
  });
});

describe("locale records and paths", () => {
  test("each locale carries code, iso, name and dir", () => {
    expect(LOCALES.map(({ code, iso, dir }) => [code, iso, dir])).toEqual([
      ["en", "en-US", "ltr"],
      ["ru", "ru-RU", "ltr"],
      ["zh", "zh-CN", "ltr"],
      ["ar", "ar-SA", "rtl"],
    ]);
  });

  test.each([
    ["/", "en"],
    ["/faq", "en"],
    ["/ar", "ar"],
    ["/ar/faq", "ar"],
    ["/ru/things-to-do-in-dubai", "ru"],
    ["/zh/blog/x", "zh"],
    ["/arabic-nights", "en"],
    ["/en/faq", "en"],
  ])("%s is in %s", (path, code) => {
    expect(localeFromPath(path)).toBe(code);
  });

  test("route ids name their locale", () => {
    expect(localeFromRouteId("ar/faq")).toBe("ar");
    expect(localeFromRouteId("root")).toBeNull();
  });

  test.each([
    ["/ar/faq", "ru", "/ru/faq"],
    ["/faq", "ar", "/ar/faq"],
    ["/ar", "en", "/"],
    ["/", "zh", "/zh"],
    ["/zh/things-to-do-in-dubai/desert-safari", "en", "/things-to-do-in-dubai/desert-safari"],
  ] as const)("%s in %s is %s", (path, code, expected) => {
    expect(localizePath(path, code)).toBe(expected);
  });

  test("stripping the prefix", () => {
    expect(stripLocalePrefix("/ru")).toBe("/");
    expect(stripLocalePrefix("/ru/faq")).toBe("/faq");
    expect(stripLocalePrefix("/faq")).toBe("/faq");
  });
});

describe("missing translations", () => {
  test("a missing key logs a warning and shows the key instead of breaking the page", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const t = getI18nInstance("ar").getFixedT("ar");
    expect(t("no.such.key")).toBe("no.such.key");
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('missing key "common:no.such.key"'));
    warn.mockRestore();
  });
});
