import { clashingDeparture, departureCapacity, departuresOverlap, type DepartureSpan } from "./departure-resources";

function departure(optionId: string, start: string, minutes: number): DepartureSpan {
  const utcStart = new Date(start);
  return { optionId, availabilityId: start, utcStart, utcEnd: new Date(utcStart.getTime() + minutes * 60_000) };
}

describe("departures overlapping", () => {
  test("ranges that intersect overlap, whichever starts first", () => {
    const morning = departure("desert", "2030-03-01T09:00:00+03:00", 180);
    const late = departure("city", "2030-03-01T11:00:00+03:00", 60);
    expect(departuresOverlap(morning, late)).toBe(true);
    expect(departuresOverlap(late, morning)).toBe(true);
  });

  test("one ending when the other starts does not overlap", () => {
    const morning = departure("desert", "2030-03-01T09:00:00+03:00", 180);
    const noon = departure("city", "2030-03-01T12:00:00+03:00", 60);
    expect(departuresOverlap(morning, noon)).toBe(false);
  });

  test("a departure inside another overlaps", () => {
    expect(departuresOverlap(departure("a", "2030-03-01T08:00:00+03:00", 600), departure("b", "2030-03-01T10:00:00+03:00", 30))).toBe(true);
  });
});

describe("a guide or resource in two places at once", () => {
  const desert = departure("desert", "2030-03-01T09:00:00+03:00", 180);
  const city = departure("city", "2030-03-01T10:30:00+03:00", 120);
  const evening = departure("souq", "2030-03-01T18:00:00+03:00", 120);

  test("is refused, naming the departure already held", () => {
    expect(clashingDeparture(city, [evening, desert])).toBe(desert);
  });

  test("names the earliest of several clashes", () => {
    const early = departure("museum", "2030-03-01T08:00:00+03:00", 240);
    expect(clashingDeparture(city, [desert, early])).toBe(early);
  });

  test("is free on a departure at another time, or already on this one", () => {
    expect(clashingDeparture(evening, [desert, city])).toBeNull();
    expect(clashingDeparture(desert, [desert])).toBeNull();
    expect(clashingDeparture(desert, [])).toBeNull();
  });
});

describe("a departure's capacity", () => {
  test("is the smallest of the product's and its resources'", () => {
    expect(departureCapacity(20, [12, 30])).toBe(12);
    expect(departureCapacity(8, [12])).toBe(8);
  });

  test("without resources is the product's", () => {
    expect(departureCapacity(20, [])).toBe(20);
    expect(departureCapacity(null, [])).toBeNull();
  });

  test("of a freesale product is bounded by its resources", () => {
    expect(departureCapacity(null, [7, 4])).toBe(4);
  });
});
