import { freeCancellationUntil, quoteRefund } from "./policy";

const start = new Date("2030-03-10T09:00:00Z");
const before = (minutes: number) => new Date(start.getTime() - minutes * 60_000);
const tiered = {
  nonRefundable: false,
  rules: [
    { days: 7, hours: 0, minutes: 0, penaltyPercent: 0 },
    { days: 3, hours: 0, minutes: 0, penaltyPercent: 25 },
    { days: 1, hours: 0, minutes: 0, penaltyPercent: 50 },
  ],
};

describe("cancellation refunds", () => {
  test.each([
    ["10 days before: free", 10 * 1440, 0, 10_000, "FULL"],
    ["exactly 7 days before: free", 7 * 1440, 0, 10_000, "FULL"],
    ["a minute under 7 days: 25 %", 7 * 1440 - 1, 25, 7_500, "PARTIAL"],
    ["2 days before: 50 %", 2 * 1440, 50, 5_000, "PARTIAL"],
    ["12 hours before: no refund", 12 * 60, 100, 0, "NONE"],
    ["after the start: no refund", -5, 100, 0, "NONE"],
  ] as const)("%s", (_, minutesBefore, penalty, refund, kind) => {
    const quote = quoteRefund(tiered, 10_000, start, before(minutesBefore));
    expect(quote).toMatchObject({ penaltyPercent: penalty, refundAmount: refund, refund: kind });
  });

  test("hours and minutes count: 3 h 30 min window", () => {
    const policy = { nonRefundable: false, rules: [{ days: 0, hours: 3, minutes: 30, penaltyPercent: 10 }] };
    expect(quoteRefund(policy, 999, start, before(211)).refundAmount).toBe(899);
    expect(quoteRefund(policy, 999, start, before(209)).refundAmount).toBe(0);
  });

  test("non-refundable keeps everything", () => {
    expect(quoteRefund({ nonRefundable: true, rules: [] }, 5_000, start, before(100_000))).toMatchObject({ refundAmount: 0, refund: "NONE" });
  });

  test("rule order in the policy does not matter", () => {
    const reversed = { ...tiered, rules: [...tiered.rules].reverse() };
    for (const minutes of [100, 2000, 5000, 12000]) expect(quoteRefund(reversed, 10_000, start, before(minutes))).toEqual(quoteRefund(tiered, 10_000, start, before(minutes)));
  });

  test("free cancellation deadline", () => {
    expect(freeCancellationUntil(tiered, start)).toEqual(before(7 * 1440));
    expect(freeCancellationUntil({ nonRefundable: true, rules: [] }, start)).toBeNull();
  });
});
