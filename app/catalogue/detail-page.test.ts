import { AvailabilityMonthQuerySchema } from "./availability-month.server";
import { describe, expect, test } from "vitest";
import {
  canonicalRedirect,
  describeCancellationPolicy,
  mapLink,
  monthRange,
  parseDetailQuery,
  policyWindow,
  shiftMonth,
  validateDate,
} from "./detail-page";
import { detailPath } from "#app/lib/paths";

describe("dates", () => {
  test("validateDate: empty, invalid, past, too far and fine", () => {
    const today = "2026-11-22";
    expect(validateDate(null, today)).toEqual({ date: null, problem: null });
    expect(validateDate("  ", today)).toEqual({ date: null, problem: null });
    expect(validateDate("tomorrow", today)).toEqual({ date: null, problem: "invalid" });
    expect(validateDate("2026-02-30", today)).toEqual({ date: null, problem: "invalid" });
    expect(validateDate("2026-11-21", today)).toEqual({ date: null, problem: "past" });
    expect(validateDate("2026-11-22", today)).toEqual({ date: "2026-11-22", problem: null });
    expect(validateDate("2030-01-01", today)).toEqual({ date: null, problem: "tooFar" });
  });

  test("months", () => {
    expect(monthRange("2026-02")).toEqual({ from: "2026-02-01", to: "2026-02-28" });
    expect(monthRange("2028-02")).toEqual({ from: "2028-02-01", to: "2028-02-29" });
    expect(shiftMonth("2026-12", 1)).toBe("2027-01");
    expect(shiftMonth("2026-01", -1)).toBe("2025-12");
  });
});

describe("query parsing", () => {
  test("reviews pages are clamped to 1..10 and junk is 1", () => {
    expect(parseDetailQuery(new URLSearchParams("")).reviewPages).toBe(1);
    expect(parseDetailQuery(new URLSearchParams("reviews=3")).reviewPages).toBe(3);
    expect(parseDetailQuery(new URLSearchParams("reviews=999")).reviewPages).toBe(10);
    expect(parseDetailQuery(new URLSearchParams("reviews=-4")).reviewPages).toBe(1);
    expect(parseDetailQuery(new URLSearchParams("reviews=abc")).reviewPages).toBe(1);
    expect(parseDetailQuery(new URLSearchParams("date=2026-12-01")).rawDate).toBe("2026-12-01");
  });

  test("the calendar query is validated", () => {
    expect(AvailabilityMonthQuerySchema.safeParse({ product: "prd-001685", month: "2026-12", currency: "USD" }).success).toBe(true);
    expect(AvailabilityMonthQuerySchema.safeParse({ product: "prd-001685", option: "prd-001685-o1", month: "2026-12" }).success).toBe(true);
    expect(AvailabilityMonthQuerySchema.safeParse({ product: "prd-001685", month: "2026-13" }).success).toBe(false);
    expect(AvailabilityMonthQuerySchema.safeParse({ product: "prd-001685", month: "2026-12", currency: "XXX" }).success).toBe(false);
    expect(AvailabilityMonthQuerySchema.safeParse({ product: "../etc", month: "2026-12" }).success).toBe(false);
    expect(AvailabilityMonthQuerySchema.safeParse({ month: "2026-12" }).success).toBe(false);
  });
});

describe("canonical URL", () => {
  const product = { slug: "desert-safari", citySlug: "dubai" };
  test("supplier storefronts use /experiences, others the city path", () => {
    expect(detailPath("supplier", product)).toBe("/experiences/desert-safari");
    expect(detailPath("default", product)).toBe("/things-to-do-in-dubai/desert-safari");
  });

  test("redirects keep the locale prefix and the query; the canonical URL does not redirect", () => {
    const canonical = detailPath("default", product);
    expect(canonicalRedirect(new URL("http://x/ar/experiences/desert-safari?date=2026-12-01"), "/ar", canonical)).toBe(
      "/ar/things-to-do-in-dubai/desert-safari?date=2026-12-01",
    );
    expect(canonicalRedirect(new URL("http://x/ar/things-to-do-in-dubai/desert-safari"), "/ar", canonical)).toBeNull();
    expect(canonicalRedirect(new URL("http://x/things-to-do-in-dubai/desert-safari"), "", detailPath("supplier", product))).toBe("/experiences/desert-safari");
  });
});

describe("cancellation policy in words", () => {
  test("windows use the largest exact unit", () => {
    expect(policyWindow({ days: 1, hours: 0, minutes: 0 })).toEqual({ unit: "day", value: 1 });
    expect(policyWindow({ days: 0, hours: 48, minutes: 0 })).toEqual({ unit: "day", value: 2 });
    expect(policyWindow({ days: 1, hours: 12, minutes: 0 })).toEqual({ unit: "hour", value: 36 });
    expect(policyWindow({ days: 0, hours: 0, minutes: 90 })).toEqual({ unit: "minute", value: 90 });
  });

  test("non-refundable", () => {
    expect(describeCancellationPolicy({ nonRefundable: true, rules: [{ days: 1, hours: 0, minutes: 0, penaltyPercent: 0 }] })).toEqual([{ kind: "nonRefundable" }]);
    expect(describeCancellationPolicy({ nonRefundable: false, rules: [] })).toEqual([{ kind: "nonRefundable" }]);
    expect(describeCancellationPolicy({ nonRefundable: false, rules: [{ days: 3, hours: 0, minutes: 0, penaltyPercent: 100 }] })).toEqual([{ kind: "nonRefundable" }]);
  });

  test("free until a day before, then no refund", () => {
    expect(describeCancellationPolicy({ nonRefundable: false, rules: [{ days: 1, hours: 0, minutes: 0, penaltyPercent: 0 }] })).toEqual([
      { kind: "free", window: { unit: "day", value: 1 } },
      { kind: "fullPenalty", window: { unit: "day", value: 1 } },
    ]);
  });

  test("penalty tiers, most generous first, in any input order", () => {
    const lines = describeCancellationPolicy({
      nonRefundable: false,
      rules: [
        { days: 0, hours: 24, minutes: 0, penaltyPercent: 50 },
        { days: 7, hours: 0, minutes: 0, penaltyPercent: 0 },
        { days: 0, hours: 0, minutes: 0, penaltyPercent: 100 },
        { days: 3, hours: 0, minutes: 0, penaltyPercent: 25 },
      ],
    });
    expect(lines).toEqual([
      { kind: "free", window: { unit: "day", value: 7 } },
      { kind: "penalty", window: { unit: "day", value: 3 }, percent: 25 },
      { kind: "penalty", window: { unit: "day", value: 1 }, percent: 50 },
      { kind: "fullPenalty", window: { unit: "day", value: 1 } },
    ]);
  });

  test("a tier that reaches the start leaves no no-refund line", () => {
    expect(describeCancellationPolicy({ nonRefundable: false, rules: [{ days: 0, hours: 0, minutes: 0, penaltyPercent: 10 }] })).toEqual([
      { kind: "penalty", window: { unit: "minute", value: 0 }, percent: 10 },
    ]);
  });
});

test("map link points at the coordinates", () => {
  expect(mapLink(25.2, 55.18)).toBe("https://www.openstreetmap.org/?mlat=25.2&mlon=55.18#map=15/25.2/55.18");
});
