import { benchmarksDocument, describeMachine, figure, formatTable, formatValue, generatedImages, ipxUrls, meetsGoal, parseFigureLines, parseGoal } from "./bench-report";

describe("goals", () => {
  it("reads a comparison, a limit and a unit", () => {
    expect(parseGoal("≤ 5 ms")).toEqual({ comparison: "≤", limit: 5, unit: "ms" });
    expect(parseGoal(">= 50 %")).toEqual({ comparison: "≥", limit: 50, unit: "%" });
    expect(parseGoal("≤ 1,000 req/s")).toEqual({ comparison: "≤", limit: 1000, unit: "req/s" });
    expect(parseGoal("0 KB")).toEqual({ comparison: "=", limit: 0, unit: "KB" });
    expect(parseGoal("fast")).toBeNull();
    expect(parseGoal("≤ 5 parsecs")).toBeNull();
  });

  it("passes a value on the right side of its limit, the limit included", () => {
    expect(meetsGoal(5, "ms", "≤ 5 ms")).toBe(true);
    expect(meetsGoal(5.01, "ms", "≤ 5 ms")).toBe(false);
    expect(meetsGoal(49.9, "%", "≥ 50 %")).toBe(false);
    expect(meetsGoal(50, "%", "≥ 50 %")).toBe(true);
    expect(meetsGoal(0, "KB", "0 KB")).toBe(true);
    expect(meetsGoal(Number.NaN, "ms", "≤ 5 ms")).toBe(false);
  });

  it("refuses a goal in another unit than the value", () => {
    expect(() => meetsGoal(3, "s", "≤ 5 ms")).toThrow(/not in s/);
  });

  it("fails a figure that had failed requests whatever its value", () => {
    expect(figure("pages", "home p95", 10, "ms", "≤ 50 ms").pass).toBe(true);
    expect(figure("pages", "home p95", 10, "ms", "≤ 50 ms", { errors: 3 }).pass).toBe(false);
    expect(figure("pages", "home uncached p95", 900, "ms", null).pass).toBeNull();
  });
});

describe("the contract line", () => {
  it("keeps the contract's key order and round-trips through a section's stdout", () => {
    const line = figure("catalogue", "listing p95, 20,000 experiences", 3.1, "ms", "≤ 5 ms", { p50: 1.2 });
    const json = JSON.stringify(line);
    expect(json).toBe('{"section":"catalogue","figure":"listing p95, 20,000 experiences","value":3.1,"unit":"ms","p50":1.2,"goal":"≤ 5 ms","pass":true}');
    const { figures, other } = parseFigureLines(`catalogue at 3000 experiences…\n${json}\n{"not":"a figure"}\n\n`);
    expect(figures).toEqual([line]);
    expect(other).toEqual(["catalogue at 3000 experiences…", '{"not":"a figure"}']);
  });

  it("ignores lines with a unit outside the contract", () => {
    expect(parseFigureLines('{"section":"s","figure":"f","value":1,"unit":"parsecs","goal":null,"pass":null}').figures).toEqual([]);
  });
});

describe("the table", () => {
  it("puts each figure beside its goal, with a page's ratio to its static anchor", () => {
    const ratio = figure("pages", "home (en), cached: throughput vs static file", 62.04, "%", "≥ 50 %", { reqPerSec: 1234.4, anchorReqPerSec: 1990, sizeKB: 45.12 });
    expect(formatValue(ratio)).toBe("62.0 % (1,234 req/s vs static 1,990 req/s, 45.1 KB)");
    const latency = figure("pages", "home (en), cached: p95", 12.345, "ms", "≤ 50 ms", { p50: 4.1, errors: 2 });
    expect(formatValue(latency)).toBe("12.3 ms (p50 4.10 ms) · **2 failed requests**");
    const table = formatTable([ratio, latency, figure("javascript", "to book | no JS", 0, "KB", null, { note: "shown by tests" })]);
    expect(table.split("\n")).toEqual([
      "| section | figure | value | goal | pass |",
      "|:--|:--|:--|:--|:-:|",
      "| pages | home (en), cached: throughput vs static file | 62.0 % (1,234 req/s vs static 1,990 req/s, 45.1 KB) | ≥ 50 % | ✓ |",
      "| pages | home (en), cached: p95 | 12.3 ms (p50 4.10 ms) · **2 failed requests** | ≤ 50 ms | ✗ |",
      "| javascript | to book \\| no JS | 0.0 KB · shown by tests | – | – |",
    ]);
  });

  it("says a figure that could not be taken was not measured", () => {
    expect(formatValue(figure("scale", "scripts/bench-scale.ts did not finish", Number.NaN, "s", null, { note: "exit 3" }))).toBe("not measured · exit 3");
    expect(formatValue({ ...figure("scale", "RSS", 0, "MB", null), value: null as unknown as number })).toBe("not measured");
  });

  it("writes the document with the machine it ran on", () => {
    const machine = describeMachine("abc1234", new Date("2026-11-23T19:00:00.123Z"));
    const document = benchmarksDocument([figure("orders", "place an order p95", 80, "ms", "≤ 100 ms")], machine, { sections: ["orders"], seconds: 8, connections: 50, note: "Provisional." });
    expect(document).toContain(`- Node ${process.version}`);
    expect(document).toContain("- 2026-11-23T19:00:00Z, commit abc1234");
    expect(document).toContain(`${machine.cores} cores`);
    expect(document).toContain("> Provisional.");
    expect(document).toContain("| orders | place an order p95 | 80.0 ms | ≤ 100 ms | ✓ |");
  });
});

describe("reading a page", () => {
  it("finds the distinct /_ipx URLs of src, srcset and imagesrcset", () => {
    const html = `<link rel="preload" as="image" imagesrcset="/_ipx/w_640&amp;f_webp/hero.jpg 640w, /_ipx/w_1280&amp;f_webp/hero.jpg 1280w">
      <img src="/_ipx/w_400&amp;h_300&amp;f_webp/generated/a.webp" srcset="/_ipx/w_400&amp;h_300&amp;f_webp/generated/a.webp 400w, /_ipx/w_800&amp;h_600&amp;f_webp/generated/a.webp 800w">
      <img src="/generated/b-400.webp" srcset="/generated/b-400.webp 400w, /generated/b-800.webp 800w">`;
    expect(ipxUrls(html)).toEqual(["/_ipx/w_640&f_webp/hero.jpg", "/_ipx/w_1280&f_webp/hero.jpg", "/_ipx/w_400&h_300&f_webp/generated/a.webp", "/_ipx/w_800&h_600&f_webp/generated/a.webp"]);
    expect(generatedImages(html)).toEqual(["/generated/a.webp", "/generated/b-400.webp", "/generated/b-800.webp"]);
  });
});
