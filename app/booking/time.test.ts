import { resolveSlots, slotsForDate, type SlotContext } from "./slots";
import { localDateTime, localToUtc, parseAvailabilityId, weekdayBit } from "./time";
import { localDateAt } from "#app/lib/dates";

describe("local times in a product's time zone", () => {
  test("offsets follow daylight saving time", () => {
    expect(localDateTime("Europe/London", "2030-01-15", "09:00")).toBe("2030-01-15T09:00:00+00:00");
    expect(localDateTime("Europe/London", "2030-07-15", "09:00")).toBe("2030-07-15T09:00:00+01:00");
    expect(localDateTime("America/New_York", "2030-07-15", "20:30")).toBe("2030-07-15T20:30:00-04:00");
    expect(localDateTime("Asia/Riyadh", "2030-07-15", "15:00")).toBe("2030-07-15T15:00:00+03:00");
    expect(localToUtc("Asia/Riyadh", "2030-07-15", "15:00").toISOString()).toBe("2030-07-15T12:00:00.000Z");
  });

  test("the local date depends on the zone", () => {
    const instant = new Date("2030-07-15T22:30:00Z");
    expect(localDateAt("Asia/Tokyo", instant)).toBe("2030-07-16");
    expect(localDateAt("America/New_York", instant)).toBe("2030-07-15");
  });

  test("availability ids parse back", () => {
    expect(parseAvailabilityId("2030-07-15T20:30:00-04:00")).toEqual({ localDate: "2030-07-15", localTime: "20:30" });
    expect(parseAvailabilityId("tomorrow")).toBeNull();
  });

  test("weekday bits run Monday = 1 … Sunday = 64", () => {
    expect(weekdayBit("2030-01-07")).toBe(1); // a Monday
    expect(weekdayBit("2030-01-13")).toBe(64);
  });
});

describe("schedules to slots", () => {
  const context: SlotContext = {
    timeZone: "Asia/Dubai",
    availabilityType: "START_TIME",
    durationMinutes: 360,
    cutoffMinutes: 60,
    expiresOn: "2030-12-31",
    schedules: [{ validFrom: "2030-01-01", validTo: null, weekdays: 127 & ~16, startTimes: ["15:00", "09:00"], openingHours: [], capacity: 20 }],
    overrides: [
      { localDate: "2030-01-08", localTime: "15:00", closed: true, capacity: null },
      { localDate: "2030-01-09", localTime: null, closed: false, capacity: 4 },
    ],
  };

  test("start times, closed weekdays, overrides and expiry", () => {
    expect(slotsForDate(context, "2030-01-07").map((slot) => slot.localTime)).toEqual(["09:00", "15:00"]);
    expect(slotsForDate(context, "2030-01-11")).toEqual([]); // Friday is off (bit 16)
    expect(slotsForDate(context, "2030-01-08").find((slot) => slot.localTime === "15:00")!.closed).toBe(true);
    expect(slotsForDate(context, "2030-01-09").every((slot) => slot.capacity === 4)).toBe(true);
    expect(slotsForDate(context, "2031-01-02")).toEqual([]);
    const [morning] = slotsForDate(context, "2030-01-07");
    expect(morning!.localDateTimeEnd).toBe("2030-01-07T15:00:00+04:00");
    expect(morning!.utcCutoffAt.toISOString()).toBe("2030-01-07T04:00:00.000Z");
  });

  test("inventory turns into vacancies and statuses", () => {
    const id = localDateTime("Asia/Dubai", "2030-01-07", "15:00");
    const morningId = localDateTime("Asia/Dubai", "2030-01-07", "09:00");
    const inventory = new Map([
      [id, { availabilityId: id, capacity: 20, held: 3, booked: 10 }],
      [morningId, { availabilityId: morningId, capacity: 20, held: 0, booked: 20 }],
    ]);
    const now = new Date("2030-01-06T00:00:00Z");
    const slots = resolveSlots(context, ["2030-01-07", "2030-01-08"], inventory, now, "2031-01-06");
    expect(slots.map((slot) => [slot.localDate, slot.localTime, slot.status, slot.vacancies])).toEqual([
      ["2030-01-07", "09:00", "SOLD_OUT", 0],
      ["2030-01-07", "15:00", "LIMITED", 7],
      ["2030-01-08", "09:00", "AVAILABLE", 20],
      ["2030-01-08", "15:00", "CLOSED", 20],
    ]);
    const late = resolveSlots(context, ["2030-01-08"], new Map(), new Date("2030-01-08T04:30:00Z"), "2031-01-06");
    expect(late[0]!.status).toBe("CLOSED");
  });

  test("opening hours give one all-day availability per date", () => {
    const hours: SlotContext = { ...context, availabilityType: "OPENING_HOURS", schedules: [{ ...context.schedules[0]!, weekdays: 127, capacity: null, openingHours: [{ from: "10:00", to: "22:00" }] }], overrides: [] };
    const [day] = resolveSlots(hours, ["2030-01-07"], new Map(), new Date("2030-01-06T00:00:00Z"), "2031-01-06");
    expect(day).toMatchObject({ allDay: true, status: "FREESALE", vacancies: null, localDateTimeStart: "2030-01-07T00:00:00+04:00", localDateTimeEnd: "2030-01-07T22:00:00+04:00" });
    expect(day!.openingHours).toEqual([{ from: "10:00", to: "22:00" }]);
    // Still on sale in the afternoon; closed an hour (the cutoff) before closing time.
    expect(resolveSlots(hours, ["2030-01-07"], new Map(), new Date("2030-01-07T10:00:00Z"), "2031-01-06")[0]!.status).toBe("FREESALE");
    expect(resolveSlots(hours, ["2030-01-07"], new Map(), new Date("2030-01-07T17:30:00Z"), "2031-01-06")[0]!.status).toBe("CLOSED");
  });
});
