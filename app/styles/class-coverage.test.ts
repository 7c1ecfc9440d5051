import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

/**
 * Every class a component names has a rule in app/styles/*.css. A class with no rule is either a
 * forgotten design (the page renders as browser defaults, as the booking path once did) or noise.
 * Classes that exist only as hooks for scripts or tests are listed here, each with its reason.
 */
const HOOK_ONLY_CLASSES: Record<string, string> = {};

const APP = path.resolve("app");
const STYLES = path.join(APP, "styles");

function filesUnder(dir: string, suffix: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return filesUnder(full, suffix);
    return name.endsWith(suffix) && !name.includes(".test.") ? [full] : [];
  });
}

/** The expression of each `className=` attribute: a quoted string, or the balanced `{…}` after it. */
function classNameExpressions(source: string): string[] {
  const expressions: string[] = [];
  const pattern = /className=(?:"([^"]*)"|\{)/g;
  for (let match = pattern.exec(source); match; match = pattern.exec(source)) {
    if (match[1] !== undefined) {
      expressions.push(JSON.stringify(match[1]));
      continue;
    }
    let depth = 1;
    let index = pattern.lastIndex;
    while (index < source.length && depth > 0) {
      if (source[index] === "{") depth++;
      else if (source[index] === "}") depth--;
      index++;
    }
    expressions.push(source.slice(pattern.lastIndex, index - 1));
  }
  // Classes handed to a component (`className: "toast …"` in options objects).
  for (const match of source.matchAll(/className:\s*(`[^`]*`|"[^"]*")/g)) expressions.push(match[1]!);
  return expressions;
}

/**
 * The class tokens an expression can produce: the words of its string and template literals. A word
 * glued to an interpolation (`status-badge--${status}`) is a family, checked by its prefix.
 */
export function classTokens(expression: string): { exact: string[]; prefixes: string[] } {
  const exact: string[] = [];
  const prefixes: string[] = [];
  // A literal compared with something (`kind === "free" ? …`) is a value, not a class.
  const classExpression = expression.replace(/(?:[!=]==?\s*("[^"]*"|'[^']*'))|(?:("[^"]*"|'[^']*')\s*[!=]==?)/g, "");
  const literals = classExpression.match(/"[^"]*"|'[^']*'|`[^`]*`/g) ?? [];
  for (const literal of literals) {
    const body = literal.slice(1, -1);
    // Split a template literal around its interpolations; a part that touches one is a prefix.
    const parts = literal.startsWith("`") ? body.split(/\$\{[^}]*\}/) : [body];
    parts.forEach((part, index) => {
      const words = part.split(/\s+/);
      words.forEach((word, position) => {
        if (!word) return;
        const gluedToNext = index < parts.length - 1 && position === words.length - 1 && !/\s$/.test(part);
        const gluedToPrevious = index > 0 && position === 0 && !/^\s/.test(part);
        if (gluedToPrevious) return; // a suffix of a dynamic word: nothing to check alone
        if (!/^[a-z][a-z0-9_-]*$/i.test(word)) return;
        (gluedToNext ? prefixes : exact).push(word);
      });
    });
  }
  return { exact, prefixes };
}

/** Every class selector in the stylesheets. */
function cssClasses(): Set<string> {
  const classes = new Set<string>();
  for (const file of filesUnder(STYLES, ".css")) {
    const css = readFileSync(file, "utf8").replace(/\/\*[\s\S]*?\*\//g, "");
    for (const match of css.matchAll(/\.(-?[a-zA-Z_][a-zA-Z0-9_-]*)/g)) classes.add(match[1]!);
  }
  return classes;
}

describe("class coverage", () => {
  it("splits class expressions into words and dynamic families", () => {
    expect(classTokens('"button button--primary"')).toEqual({ exact: ["button", "button--primary"], prefixes: [] });
    expect(classTokens("`status-badge status-badge--${status}`")).toEqual({ exact: ["status-badge"], prefixes: ["status-badge--"] });
    expect(classTokens('open ? "a is-open" : undefined')).toEqual({ exact: ["a", "is-open"], prefixes: [] });
    expect(classTokens('kind === "free" ? "policy-text__free" : undefined')).toEqual({ exact: ["policy-text__free"], prefixes: [] });
  });

  it("every class used in a component has a rule in app/styles", () => {
    const defined = cssClasses();
    const missing = new Map<string, Set<string>>();
    const note = (token: string, file: string) => {
      if (!missing.has(token)) missing.set(token, new Set());
      missing.get(token)!.add(path.relative(APP, file));
    };
    for (const file of filesUnder(APP, ".tsx")) {
      for (const expression of classNameExpressions(readFileSync(file, "utf8"))) {
        const { exact, prefixes } = classTokens(expression);
        for (const token of exact) if (!defined.has(token) && !(token in HOOK_ONLY_CLASSES)) note(token, file);
        for (const prefix of prefixes) if (![...defined].some((name) => name.startsWith(prefix))) note(`${prefix}*`, file);
      }
    }
    const report = [...missing].map(([token, files]) => `${token} (${[...files].join(", ")})`).sort();
    expect(report).toEqual([]);
  });

  it("the hook-only allowlist names only classes that really have no rule", () => {
    const defined = cssClasses();
    expect(Object.keys(HOOK_ONLY_CLASSES).filter((name) => defined.has(name))).toEqual([]);
  });
});
