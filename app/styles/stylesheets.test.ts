import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Every stylesheet closes each block it opens. A merge once left `.schedule-weekdays__boxes {` open in
 * admin.css: the build only warned, and browsers dropped every rule after it (the product editor and the
 * schedule page lost their layout).
 */
const STYLES = path.resolve("app/styles");

/** Where the braces of a stylesheet first go wrong (comments and strings left out), or null. */
export function braceProblem(css: string): string | null {
  const source = css.replace(/\/\*[\s\S]*?\*\//g, "").replace(/"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'/g, '""');
  let depth = 0;
  let line = 1;
  const opened: number[] = [];
  for (const char of source) {
    if (char === "\n") line++;
    else if (char === "{") {
      depth++;
      opened.push(line);
    } else if (char === "}") {
      depth--;
      opened.pop();
      if (depth < 0) return `unexpected } on line ${line}`;
    }
  }
  return depth === 0 ? null : `{ on line ${opened[0]} is never closed`;
}

describe("stylesheets", () => {
  it("finds an unclosed block", () => {
    expect(braceProblem(".a {\n.b { color: red; }\n")).toBe("{ on line 1 is never closed");
    expect(braceProblem(".a { content: \"{\"; }\n}")).toBe("unexpected } on line 2");
    expect(braceProblem("/* { */ .a { color: red; }")).toBeNull();
  });

  for (const name of readdirSync(STYLES).filter((file) => file.endsWith(".css"))) {
    it(`${name} closes every block it opens`, () => {
      expect(braceProblem(readFileSync(path.join(STYLES, name), "utf8"))).toBeNull();
    });
  }
});
