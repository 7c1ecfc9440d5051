import { describe, expect, it } from "vitest";
import {
  assertItemTransition,
  assertOrderTransition,
  canItemTransition,
  canTransition,
  IllegalTransitionError,
  ITEM_STATES,
  itemSourcesOf,
  ORDER_STATES,
  orderSourcesOf,
  isTerminalOrderState,
} from "./order-state";

/** The legal moves, written out once more by hand: the table the code must match exactly. */
const LEGAL_ORDER = new Set([
  "PLACING>AWAITING_PAYMENT",
  "PLACING>PROCESSING",
  "PLACING>REFUSED",
  ...["PROCESSING", "ON_HOLD", "CONFIRMED", "PARTIALLY_CONFIRMED", "BOOKING_FAILED", "PAYMENT_FAILED", "REVIEW", "EXPIRED"].map((to) => `AWAITING_PAYMENT>${to}`),
  ...["PROCESSING", "ON_HOLD", "CONFIRMED", "PARTIALLY_CONFIRMED", "BOOKING_FAILED", "PAYMENT_FAILED", "REVIEW", "PAY_LATER"].map((to) => `PROCESSING>${to}`).filter((pair) => pair !== "PROCESSING>PROCESSING"),
  ...["CONFIRMED", "PARTIALLY_CONFIRMED", "BOOKING_FAILED", "CANCELLED", "REVIEW"].map((to) => `ON_HOLD>${to}`),
  ...["CONFIRMED", "CANCELLED", "EXPIRED", "REVIEW"].map((to) => `PAY_LATER>${to}`),
  "CONFIRMED>CANCELLED",
  "PARTIALLY_CONFIRMED>CANCELLED",
  "EXPIRED>BOOKING_FAILED",
  "PAYMENT_FAILED>BOOKING_FAILED",
  ...["PROCESSING", "ON_HOLD", "CONFIRMED", "PARTIALLY_CONFIRMED", "PAY_LATER", "BOOKING_FAILED", "PAYMENT_FAILED", "EXPIRED", "CANCELLED"].map((to) => `REVIEW>${to}`),
]);

const LEGAL_ITEM = new Set([
  "NEW>HELD",
  "NEW>FAILED",
  "NEW>CANCELLED",
  "HELD>CONFIRMED",
  "HELD>PENDING",
  "HELD>FAILED",
  "HELD>CANCELLED",
  "PENDING>CONFIRMED",
  "PENDING>FAILED",
  "PENDING>CANCELLED",
  "CONFIRMED>CANCELLED",
]);

const orderPairs = ORDER_STATES.flatMap((from) => ORDER_STATES.map((to) => [from, to] as const));
const itemPairs = ITEM_STATES.flatMap((from) => ITEM_STATES.map((to) => [from, to] as const));

describe("order state machine", () => {
  it.each(orderPairs.filter(([from, to]) => !LEGAL_ORDER.has(`${from}>${to}`)))("refuses %s → %s", (from, to) => {
    expect(canTransition(from, to)).toBe(false);
    expect(() => assertOrderTransition(from, to)).toThrow(IllegalTransitionError);
  });

  it.each(orderPairs.filter(([from, to]) => LEGAL_ORDER.has(`${from}>${to}`)))("allows %s → %s", (from, to) => {
    expect(canTransition(from, to)).toBe(true);
    expect(() => assertOrderTransition(from, to)).not.toThrow();
  });

  it("refuses statuses it does not know, and staying put", () => {
    expect(canTransition("CONFIRMED", "SHIPPED")).toBe(false);
    expect(canTransition("NOPE", "CONFIRMED")).toBe(false);
    for (const status of ORDER_STATES) expect(canTransition(status, status)).toBe(false);
  });

  it("lets pay later end paid, cancelled or expired", () => {
    expect(orderSourcesOf("CANCELLED")).toEqual(expect.arrayContaining(["PAY_LATER", "ON_HOLD", "CONFIRMED", "PARTIALLY_CONFIRMED"]));
    expect(canTransition("PAY_LATER", "CONFIRMED")).toBe(true);
    expect(canTransition("PAY_LATER", "EXPIRED")).toBe(true);
  });

  it("knows the final statuses", () => {
    expect(ORDER_STATES.filter(isTerminalOrderState).sort()).toEqual(["BOOKING_FAILED", "CANCELLED", "REFUSED"]);
  });
});

describe("item state machine", () => {
  it.each(itemPairs.filter(([from, to]) => !LEGAL_ITEM.has(`${from}>${to}`)))("refuses %s → %s", (from, to) => {
    expect(canItemTransition(from, to)).toBe(false);
    expect(() => assertItemTransition(from, to)).toThrow(IllegalTransitionError);
  });

  it.each(itemPairs.filter(([from, to]) => LEGAL_ITEM.has(`${from}>${to}`)))("allows %s → %s", (from, to) => {
    expect(canItemTransition(from, to)).toBe(true);
  });

  it("a decision is only taken on a pending item", () => {
    expect(itemSourcesOf("FAILED")).toEqual(["NEW", "HELD", "PENDING"]);
    expect(canItemTransition("CONFIRMED", "FAILED")).toBe(false);
  });
});
