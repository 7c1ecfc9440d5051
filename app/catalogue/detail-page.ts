/**
 * Pure rules of the experience detail page, shared by its loader, its availability resource route and
 * its components: query parsing, date validation, the canonical URL, the cancellation policy in words.
 */
import type { CancellationPolicy, CancellationRule } from "#app/db/types";
import type { CURRENCIES } from "#app/lib/money";
import { addDays, isIsoDate } from "#app/lib/dates";

/** How far ahead a visitor may ask about a date; beyond the engine's horizon the answer is simply empty. */
export const MAX_DAYS_AHEAD = 730;
/** Reviews come five to a page; `?reviews=N` shows pages 1..N, capped so one request stays small. */
export const REVIEWS_PAGE_SIZE = 5;
export const MAX_REVIEW_PAGES = 10;

export type DateProblem = "invalid" | "past" | "tooFar";
export type DateChoice = { date: string | null; problem: DateProblem | null };

/** Validates the `date` query value against the product's today; a bad value is a message, never a 5xx. */
export function validateDate(raw: string | null, today: string): DateChoice {
  if (raw === null || raw.trim() === "") return { date: null, problem: null };
  const value = raw.trim();
  if (!isIsoDate(value)) return { date: null, problem: "invalid" };
  if (value < today) return { date: null, problem: "past" };
  if (value > addDays(today, MAX_DAYS_AHEAD)) return { date: null, problem: "tooFar" };
  return { date: value, problem: null };
}

export type DetailQuery = { date: string | null; reviewPages: number };

/** Reads `?date=` (raw, validated later against the product's zone) and `?reviews=N`. */
export function parseDetailQuery(searchParams: URLSearchParams): { rawDate: string | null; reviewPages: number } {
  const rawReviews = Number.parseInt(searchParams.get("reviews") ?? "", 10);
  const reviewPages = Number.isFinite(rawReviews) ? Math.min(MAX_REVIEW_PAGES, Math.max(1, rawReviews)) : 1;
  return { rawDate: searchParams.get("date"), reviewPages };
}

/** The URL to 301 to when the request is not on the canonical path (keeps prefix and query), else null. */
export function canonicalRedirect(url: URL, prefix: string, canonicalPath: string): string | null {
  const wanted = `${prefix}${canonicalPath}`;
  return url.pathname === wanted ? null : `${wanted}${url.search}`;
}

/** A time window before the start, in the largest whole unit that expresses it exactly. */
export type PolicyWindow = { unit: "day" | "hour" | "minute"; value: number };

export function policyWindow(rule: Pick<CancellationRule, "days" | "hours" | "minutes">): PolicyWindow {
  const minutes = rule.days * 1440 + rule.hours * 60 + rule.minutes;
  if (minutes > 0 && minutes % 1440 === 0) return { unit: "day", value: minutes / 1440 };
  if (minutes > 0 && minutes % 60 === 0) return { unit: "hour", value: minutes / 60 };
  return { unit: "minute", value: minutes };
}

/** One sentence of the policy: a translation key below `detail.policy` and the window it names. */
export type PolicyLine =
  | { kind: "nonRefundable" }
  | { kind: "free"; window: PolicyWindow }
  | { kind: "penalty"; window: PolicyWindow; percent: number }
  | { kind: "fullPenalty"; window: PolicyWindow };

/**
 * The policy in words, most generous window first: "free until X before", then each penalty tier,
 * then what happens after the last window (full price, unless a tier reaches the start).
 */
export function describeCancellationPolicy(policy: CancellationPolicy): PolicyLine[] {
  if (policy.nonRefundable || policy.rules.length === 0) return [{ kind: "nonRefundable" }];
  const total = (rule: CancellationRule) => rule.days * 1440 + rule.hours * 60 + rule.minutes;
  // A 100 % tier refunds nothing, the same as the time after the last refundable window.
  const rules = policy.rules.filter((rule) => rule.penaltyPercent < 100).sort((a, b) => total(b) - total(a));
  if (rules.length === 0) return [{ kind: "nonRefundable" }];
  const lines: PolicyLine[] = rules.map((rule) =>
    rule.penaltyPercent <= 0 ? { kind: "free", window: policyWindow(rule) } : { kind: "penalty", window: policyWindow(rule), percent: rule.penaltyPercent },
  );
  const last = rules[rules.length - 1]!;
  // After the shortest window nothing is refunded, unless that window already reaches the start.
  if (total(last) > 0) lines.push({ kind: "fullPenalty", window: policyWindow(last) });
  return lines;
}

/** The availability calendar's query (parsed by AvailabilityMonthQuerySchema on the server). */
export type AvailabilityMonthQuery = { product: string; option?: string; month: string; currency?: (typeof CURRENCIES)[number] };

/** First and last local date of a `YYYY-MM` month. */
export function monthRange(month: string): { from: string; to: string } {
  const [year, monthNumber] = month.split("-").map(Number) as [number, number];
  const last = new Date(Date.UTC(year, monthNumber, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, "0")}` };
}

/** `YYYY-MM` shifted by whole months. */
export function shiftMonth(month: string, by: number): string {
  const [year, monthNumber] = month.split("-").map(Number) as [number, number];
  const date = new Date(Date.UTC(year, monthNumber - 1 + by, 1));
  return date.toISOString().slice(0, 7);
}

/** One day of the calendar as the browser receives it. */
export type CalendarDay = { date: string; available: boolean; status: string; vacancies: number | null; from: { amount: number; currency: string } | null };
export type CalendarMonth = { month: string; days: CalendarDay[] };

/** The OpenStreetMap link of a meeting point. */
export function mapLink(latitude: number, longitude: number): string {
  return `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=15/${latitude}/${longitude}`;
}
