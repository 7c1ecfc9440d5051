import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { formatDayPrice, formatInstant, formatLocalDate, formatMoney, formatNumber, formatRating, formatterCount, formatUnit, isolate } from "./format";
import { RIYADH_TIME_ZONE } from "#app/lib/dates";
import { LOCALE_CODES } from "#app/lib/locales";

/** Arabic-Indic (U+0660–0669) and Extended Arabic-Indic (U+06F0–06F9, Persian) digits. */
const ARABIC_INDIC = /[\u0660-\u0669\u06F0-\u06F9]/;

describe("formatting numbers and dates (docs/decisions/029: Latin digits in every locale)", () => {
  it.each(LOCALE_CODES)("%s: prices, counts, ratings, units and dates are written with Latin digits", (code) => {
    const texts = [
      formatMoney(code, 123_450, "SAR"),
      formatMoney(code, 15_000, "SAR", { compact: true }),
      formatMoney(code, 1_234_567, "KWD"),
      formatDayPrice(code, 89_857, "SAR"),
      formatDayPrice(code, 12_345_678, "RUB"),
      formatNumber(code, 3000),
      formatRating(code, 4.46),
      formatUnit(code, 45, "minute"),
      formatLocalDate(code, "2026-11-23", "short"),
      formatLocalDate(code, "2026-11-23", "full"),
      formatLocalDate(code, "2026-11-01", "month"),
      formatInstant(code, "2026-11-23T09:30:00Z", RIYADH_TIME_ZONE),
    ];
    for (const text of texts) {
      expect(text, text).not.toMatch(ARABIC_INDIC);
      expect(text, text).toMatch(/[0-9]/);
    }
  });

  it("Arabic: the amounts and dates a Saudi shopper expects", () => {
    expect(formatMoney("ar", 123_450, "SAR")).toContain("1,234.50");
    expect(formatRating("ar", 4.46)).toBe("4.5");
    expect(formatNumber("ar", 3000)).toBe("3,000");
    // The Gregorian calendar (a product's dates come from a Gregorian calendar), not the Hijri one.
    const day = formatLocalDate("ar", "2026-11-23", "long");
    expect(day).toContain("2026");
    expect(day).toContain("23");
    expect(day).toContain("نوفمبر");
    expect(formatInstant("ar", "2026-11-23T22:30:00Z", RIYADH_TIME_ZONE, { dateStyle: "medium" })).toContain("24");
  });

  it("weekday names for a calendar's column headings: Arabic's short form is the whole word, its narrow form one letter", () => {
    // 2030-01-08 is a Tuesday.
    expect(formatLocalDate("ar", "2030-01-08", "weekday")).toBe("الثلاثاء");
    expect(formatLocalDate("ar", "2030-01-08", "weekday-long")).toBe("الثلاثاء");
    expect(formatLocalDate("ar", "2030-01-08", "weekday-narrow")).toBe("ث");
    expect(formatLocalDate("en", "2030-01-08", "weekday")).toBe("Tue");
    expect(formatLocalDate("en", "2030-01-08", "weekday-narrow")).toBe("T");
    expect(formatLocalDate("en", "2030-01-08", "weekday-long")).toBe("Tuesday");
    expect(formatLocalDate("ru", "2030-01-08", "weekday")).toBe("вт");
    expect(formatLocalDate("zh", "2030-01-08", "weekday")).toBe("周二");
  });

  it("a calendar day's price: whole units rounded up, no currency, compact from six figures", () => {
    // 898.57 SAR: up, never down (a "from" price must not read lower than the day costs).
    expect(formatDayPrice("en", 89_857, "SAR")).toBe("899");
    expect(formatDayPrice("en", 89_801, "SAR")).toBe("899");
    expect(formatDayPrice("en", 89_800, "SAR")).toBe("898");
    expect(formatDayPrice("ar", 89_857, "SAR")).toBe("899");
    expect(formatDayPrice("en", 1_234_500, "SAR")).toBe("12,345");
    expect(formatDayPrice("ru", 1_234_501, "RUB")).toBe("12\u00a0346");
    // Each currency's own minor units: JPY has none, KWD three.
    expect(formatDayPrice("en", 14_000, "JPY")).toBe("14,000");
    expect(formatDayPrice("en", 1_234_001, "KWD")).toBe("1,235");
    expect(formatDayPrice("en", 12_345_678, "RUB")).toBe("124K");
    expect(formatDayPrice("en", 123_456_789, "RUB")).toBe("1.3M");
    expect(formatDayPrice("zh", 12_345_678, "RUB")).toBe("13万");
    // A compact unit may go under its figure in a narrow cell; a plain figure's grouping never breaks.
    expect(formatDayPrice("ru", 12_345_678, "RUB")).toBe("124 тыс.");
    expect(formatDayPrice("ar", 123_456_789, "RUB")).toBe("1.3 مليون");
    for (const code of LOCALE_CODES) expect(formatDayPrice(code, 89_857, "USD")).not.toMatch(/[A-Z$€£¥]|ر\.س/);
  });

  it("a local date never shifts a day, whatever the process time zone", () => {
    expect(formatLocalDate("en", "2030-01-07", "short")).toBe("Mon, Jan 7, 2030");
    expect(formatLocalDate("en", "2030-01-07T23:59:00Z", "medium")).toBe("Jan 7, 2030");
  });

  it("every screen formats through app/i18n/format.ts (no other Intl formatter, toFixed or toLocaleString for display)", () => {
    // Technical formatting that never reaches a page as a number in the locale's script.
    const allowed = new Set([
      "i18n/format.ts", // the one place
      "lib/money.ts", // formatMoney's Intl.NumberFormat, given the locale's intl tag by format.ts; toFixed parses amounts
      "lib/dates.ts", // YYYY-MM-DD in a time zone (en-CA), not shown
      "booking/time.ts", // time-zone offsets (en-US parts), not shown
      "account/pdf.server.ts", // PDFs keep Latin digits whatever the screens do (ZATCA QR and printed ids)
      "catalogue/detail-page.server.ts", // schema.org prices ("230.00") and a currency's decimals
      "db/seed/generate.ts", // coordinates
      "site/faq-search.ts", // lower-casing for search
      "invoicing/ubl.ts", // the tax document's XML (ZATCA wants "15.00"), never a screen
    ]);
    const app = path.resolve("app");
    const files = (dir: string): string[] =>
      readdirSync(dir).flatMap((name) => {
        const full = path.join(dir, name);
        if (statSync(full).isDirectory()) return files(full);
        return /\.tsx?$/.test(name) && !name.includes(".test.") ? [full] : [];
      });
    const offenders = files(app)
      .filter((file) => !allowed.has(path.relative(app, file).split(path.sep).join("/")))
      .filter((file) => /new Intl\.(NumberFormat|DateTimeFormat)|\.toFixed\(|\.toLocale(String|DateString|TimeString)\(/.test(readFileSync(file, "utf8")))
      .map((file) => path.relative(app, file));
    expect(offenders).toEqual([]);
  });
});

describe("formatter cache (one Intl formatter per locale and options)", () => {
  it("gives the same text for the same inputs, and builds no new formatter when asked again", () => {
    const texts = () => [
      formatUnit("ru", 3, "hour"),
      formatRating("ru", 4.46),
      formatLocalDate("ru", "2026-11-23", "full"),
      formatLocalDate("ar", "2026-11-23", "weekday-narrow"),
      formatLocalDate("ar", "2026-11-24", "weekday-long"),
      formatNumber("ru", 12345, { maximumFractionDigits: 0 }),
      formatDayPrice("ar", 89_857, "SAR"),
      formatDayPrice("zh", 12_345_678, "RUB"),
    ];
    const first = texts();
    const count = formatterCount();
    const again = texts();
    expect(again).toEqual(first);
    expect(formatterCount()).toBe(count);
  });

  it("never mixes locales or options", () => {
    expect(formatUnit("en", 2, "hour")).toBe("2 hours");
    expect(formatUnit("en", 2, "minute")).toBe("2 minutes");
    expect(formatUnit("en", 2, "day")).toBe("2 days");
    expect(formatUnit("ru", 2, "hour")).toBe(new Intl.NumberFormat("ru", { style: "unit", unit: "hour", unitDisplay: "long" }).format(2));
    expect(formatUnit("zh", 2, "hour")).not.toBe(formatUnit("en", 2, "hour"));
    expect(formatUnit("ar", 2, "hour")).not.toBe(formatUnit("ru", 2, "hour"));
    expect(formatLocalDate("en", "2030-01-07", "short")).toBe("Mon, Jan 7, 2030");
    expect(formatLocalDate("en", "2030-01-07", "month")).toBe("January 2030");
    expect(formatLocalDate("ru", "2030-01-07", "month")).not.toBe(formatLocalDate("en", "2030-01-07", "month"));
    expect(formatLocalDate("en", "2030-01-07", "weekday-narrow")).toBe("M");
    expect(formatLocalDate("en", "2030-01-07", "weekday")).toBe("Mon");
    expect(formatNumber("en", 1.5, { maximumFractionDigits: 0 })).toBe("2");
    expect(formatNumber("en", 1.5, { minimumFractionDigits: 2 })).toBe("1.50");
    expect(formatRating("en", 4)).toBe("4.0");
  });
});

describe("isolate", () => {
  it("wraps text in a first-strong isolate so a right-to-left sentence keeps it whole", () => {
    expect(isolate("layla@example.com")).toBe("\u2068layla@example.com\u2069");
  });
});
