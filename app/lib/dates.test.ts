import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, test } from "vitest";
import { CustomOfferSchema } from "#app/account/custom-offer-schema";
import { parseAvailabilityId } from "#app/booking/time";
import { validateDate } from "#app/catalogue/detail-page";
import { parseListingQuery } from "#app/catalogue/listing-query";
import { parseAddToCart } from "#app/commerce/cart-form.server";
import { isoDateSchema } from "./date-schema";
import { addDays, daysBetween, isIsoDate, localDateAt, RIYADH_TIME_ZONE, todayIn, todayInRiyadh } from "./dates";

function form(values: Record<string, string>) {
  const data = new FormData();
  for (const [key, value] of Object.entries(values)) data.append(key, value);
  return data;
}

describe("ISO dates", () => {
  test("isIsoDate accepts real calendar dates only", () => {
    expect(isIsoDate("2026-02-28")).toBe(true);
    expect(isIsoDate("2028-02-29")).toBe(true);
    expect(isIsoDate("2026-02-29")).toBe(false);
    expect(isIsoDate("2026-02-30")).toBe(false);
    expect(isIsoDate("2026-04-31")).toBe(false);
    expect(isIsoDate("2026-13-01")).toBe(false);
    expect(isIsoDate("2026-00-10")).toBe(false);
    expect(isIsoDate("26-1-1")).toBe(false);
    expect(isIsoDate("2026-01-01T00:00")).toBe(false);
    expect(isIsoDate(null)).toBe(false);
    expect(isIsoDate(20260101)).toBe(false);
  });

  test("addDays and daysBetween are calendar arithmetic across months, years and leap days", () => {
    expect(addDays("2026-02-28", 1)).toBe("2026-03-01");
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(daysBetween("2026-02-28", "2026-03-01")).toBe(1);
    expect(daysBetween("2026-03-01", "2026-02-28")).toBe(-1);
    expect(daysBetween("2026-01-01", addDays("2026-01-01", 365))).toBe(365);
  });

  test("today is the zone's local date; Riyadh is the company's", () => {
    const instant = new Date("2026-11-22T22:30:00Z");
    expect(todayIn("Asia/Dubai", instant)).toBe("2026-11-23");
    expect(todayIn("America/New_York", instant)).toBe("2026-11-22");
    expect(localDateAt("Asia/Tokyo", new Date("2030-07-15T22:30:00Z"))).toBe("2030-07-16");
    expect(todayInRiyadh(new Date("2026-11-22T21:00:00Z"))).toBe("2026-11-23");
    expect(todayInRiyadh(new Date("2026-11-22T20:59:59Z"))).toBe("2026-11-22");
    expect(RIYADH_TIME_ZONE).toBe("Asia/Riyadh");
  });

  test("isoDateSchema refuses an impossible date with the given message", () => {
    expect(isoDateSchema("x.invalid").safeParse(" 2026-03-01 ").data).toBe("2026-03-01");
    expect(isoDateSchema("x.invalid").safeParse("2026-02-30").error?.issues.map((issue) => issue.message)).toEqual(["x.invalid"]);
  });
});

describe("every date input refuses 2026-02-30", () => {
  test("the custom offer form answers the translated 'invalid date' message", () => {
    const valid = { dateFrom: "2030-02-01", groupSize: "12", message: "A private tour", name: "Omar", email: "omar@example.com" };
    expect(parseWithZod(form(valid), { schema: CustomOfferSchema }).status).toBe("success");
    const from = parseWithZod(form({ ...valid, dateFrom: "2026-02-30" }), { schema: CustomOfferSchema });
    expect(from.status).toBe("error");
    expect(from.reply().error).toEqual({ dateFrom: ["account.errors.invalidDate"] });
    const to = parseWithZod(form({ ...valid, dateTo: "2026-02-30" }), { schema: CustomOfferSchema });
    expect(to.reply().error).toEqual({ dateTo: ["account.errors.invalidDate"] });
    expect(parseWithZod(form({ ...valid, dateFrom: "" }), { schema: CustomOfferSchema }).reply().error).toEqual({ dateFrom: ["account.errors.required"] });
  });

  test("the detail page's ?date= is 'invalid', the listing's date filter is dropped", () => {
    expect(validateDate("2026-02-30", "2026-01-10")).toEqual({ date: null, problem: "invalid" });
    const toMinor = (major: number) => major * 100;
    expect(parseListingQuery(new URLSearchParams("date=2026-02-30"), toMinor).date).toBeNull();
    expect(parseListingQuery(new URLSearchParams("date=2026-02-28"), toMinor).date).toBe("2026-02-28");
  });

  test("the add-to-cart form and availability ids refuse a slot on an impossible day", () => {
    const base = { productId: "prd-1", optionId: "opt-1", "unit.adult": "2" };
    expect(parseAddToCart(form({ ...base, availabilityId: "2026-02-28T09:00:00+03:00" }))).not.toBeNull();
    expect(parseAddToCart(form({ ...base, availabilityId: "2026-02-30T09:00:00+03:00" }))).toBeNull();
    expect(parseAvailabilityId("2026-02-30T09:00:00+03:00")).toBeNull();
  });
});
