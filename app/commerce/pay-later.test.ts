import { payLaterDeadline, payLaterHours } from "./pay-later";

const placedAt = new Date("2030-01-08T06:00:00Z");
const hours = (n: number) => n * 3_600_000;

describe("payLaterDeadline", () => {
  test("hours after placing when travel is far away", () => {
    const due = payLaterDeadline({ placedAt, hours: 48, travelStarts: [new Date("2030-02-01T09:00:00Z")], daysBeforeTravel: 2 });
    expect(due).toEqual(new Date(placedAt.getTime() + hours(48)));
  });

  test("capped at N days before the first departure", () => {
    const first = new Date("2030-01-11T06:00:00Z");
    const due = payLaterDeadline({ placedAt, hours: 48, travelStarts: [new Date("2030-01-20T06:00:00Z"), first], daysBeforeTravel: 2 });
    expect(due).toEqual(new Date(first.getTime() - hours(48)));
    expect(due.getTime()).toBeLessThan(placedAt.getTime() + hours(48));
  });

  test("never sooner than an hour after placing, however close the trip", () => {
    const due = payLaterDeadline({ placedAt, hours: 48, travelStarts: [new Date("2030-01-08T12:00:00Z")], daysBeforeTravel: 2 });
    expect(due).toEqual(new Date(placedAt.getTime() + hours(1)));
  });

  test("no travel dates: just the hours", () => {
    expect(payLaterDeadline({ placedAt, hours: 6, travelStarts: [], daysBeforeTravel: 2 })).toEqual(new Date(placedAt.getTime() + hours(6)));
  });
});

describe("payLaterHours", () => {
  test("the strictest product override wins; none means the default", () => {
    expect(payLaterHours([null, null], 48)).toBe(48);
    expect(payLaterHours([72, null, 24], 48)).toBe(24);
    expect(payLaterHours([0, null], 48)).toBe(48);
  });
});
