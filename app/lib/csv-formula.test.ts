import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { guardFormula, unguardFormula } from "./csv-formula";

describe("the CSV formula guard", () => {
  test("guards what a spreadsheet would run, and only that", () => {
    expect(guardFormula("=SUM(A1)")).toBe("'=SUM(A1)");
    expect(guardFormula("-33.9")).toBe("'-33.9");
    expect(guardFormula("+966")).toBe("'+966");
    expect(guardFormula("@cmd")).toBe("'@cmd");
    expect(guardFormula("\t=1")).toBe("'\t=1");
    expect(guardFormula("Desert safari")).toBe("Desert safari");
    expect(guardFormula("'Tis the season")).toBe("'Tis the season");
    // Text that only looks guarded gets one more, so the import can tell it apart.
    expect(guardFormula("'=x")).toBe("''=x");
  });

  test("the import removes exactly the guard the export added", () => {
    expect(unguardFormula("'=SUM(A1)")).toBe("=SUM(A1)");
    expect(unguardFormula("'-33.9")).toBe("-33.9");
    expect(unguardFormula("''=x")).toBe("'=x");
    expect(unguardFormula("'Tis the season")).toBe("'Tis the season");
    expect(unguardFormula("-33.9")).toBe("-33.9");
  });

  test("unguard ∘ guard is the identity, so export → import → export is stable", () => {
    const texts = fc.oneof(fc.string(), fc.tuple(fc.stringMatching(/^'{0,3}[=+\-@\t\r]?$/), fc.string()).map(([head, tail]) => head + tail));
    fc.assert(
      fc.property(texts, (text) => {
        expect(unguardFormula(guardFormula(text))).toBe(text);
        expect(guardFormula(unguardFormula(guardFormula(text)))).toBe(guardFormula(text));
      }),
      { numRuns: 2000 },
    );
  });
});
