import { describe, expect, test } from "vitest";
import { reviewAccessOf, type ReviewableBooking } from "#app/catalogue/review-access";

const verified = { emailVerified: true };
const booking = (itemId: string, localDate: string, reviewed = false): ReviewableBooking => ({ itemId, localDate, reviewed });

describe("who may review an experience", () => {
  test("nobody signed in, then an unconfirmed email, come first (even with a booking)", () => {
    expect(reviewAccessOf(null, [booking("a", "2030-01-01")], "2030-01-08")).toEqual({ status: "sign-in" });
    expect(reviewAccessOf({ emailVerified: false }, [booking("a", "2030-01-01")], "2030-01-08")).toEqual({ status: "confirm-email" });
  });

  test("a confirmed account without a booking of it may not review", () => {
    expect(reviewAccessOf(verified, [], "2030-01-08")).toEqual({ status: "no-booking" });
  });

  test("a trip today or ahead: after the trip, not before (the day must be over)", () => {
    expect(reviewAccessOf(verified, [booking("a", "2030-01-08")], "2030-01-08")).toEqual({ status: "after-trip", tripDate: "2030-01-08" });
    expect(reviewAccessOf(verified, [booking("a", "2030-02-01"), booking("b", "2030-01-20")], "2030-01-08")).toEqual({ status: "after-trip", tripDate: "2030-01-20" });
    expect(reviewAccessOf(verified, [booking("a", "2030-01-08")], "2030-01-09")).toEqual({ status: "open", itemId: "a", tripDate: "2030-01-08" });
  });

  test("one review per booking: the earliest past trip without one; none left, reviewed; a later trip, after it", () => {
    const trips = [booking("late", "2030-01-05"), booking("early", "2030-01-02", true), booking("middle", "2030-01-03")];
    expect(reviewAccessOf(verified, trips, "2030-01-08")).toEqual({ status: "open", itemId: "middle", tripDate: "2030-01-03" });
    expect(reviewAccessOf(verified, [booking("a", "2030-01-02", true)], "2030-01-08")).toEqual({ status: "reviewed" });
    expect(reviewAccessOf(verified, [booking("a", "2030-01-02", true), booking("b", "2030-03-01")], "2030-01-08")).toEqual({ status: "after-trip", tripDate: "2030-03-01" });
  });
});
