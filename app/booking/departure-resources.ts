/**
 * Guides and resources on departures (issue #33), the pure rules: a departure is an option's slot on a
 * day, running [start, start + duration); a guide or a resource (vehicle, boat, room) can be on only
 * one departure at a time, and a departure sells no more seats than the smallest of its product's
 * capacity and its resources' capacities. The engine and the console load the rows; this decides.
 */

export const RESOURCE_KINDS = ["guide", "driver", "vehicle", "boat", "room"] as const;
export type ResourceKind = (typeof RESOURCE_KINDS)[number];
/** People carry no seats; the others bound their departures' capacity. */
export const SEATED_KINDS: readonly ResourceKind[] = ["vehicle", "boat", "room"];

/** A departure as the assignment rules see it: which slot, and when it runs. */
export interface DepartureSpan {
  optionId: string;
  /** The slot's OCTO availability id (its local start with offset). */
  availabilityId: string;
  utcStart: Date;
  /** Exclusive: a departure ending at 12:00 does not clash with one starting at 12:00. */
  utcEnd: Date;
}

/** Whether two departures' half-open time ranges [start, end) intersect. */
export function departuresOverlap(a: DepartureSpan, b: DepartureSpan): boolean {
  return a.utcStart.getTime() < b.utcEnd.getTime() && b.utcStart.getTime() < a.utcEnd.getTime();
}

function sameDeparture(a: DepartureSpan, b: DepartureSpan): boolean {
  return a.optionId === b.optionId && a.availabilityId === b.availabilityId;
}

/**
 * The departure that stops a guide or resource from taking `candidate`: the earliest of its other
 * assignments running at the same time, or null when it is free. Being assigned again to the same
 * departure is no clash (assigning twice is idempotent).
 */
export function clashingDeparture<T extends DepartureSpan>(candidate: DepartureSpan, assigned: readonly T[]): T | null {
  let clash: T | null = null;
  for (const other of assigned) {
    if (sameDeparture(candidate, other) || !departuresOverlap(candidate, other)) continue;
    if (clash === null || other.utcStart.getTime() < clash.utcStart.getTime()) clash = other;
  }
  return clash;
}

/**
 * Seats a departure may sell: the smallest of the product's capacity and its resources' capacities.
 * A product capacity of null is freesale; resources still bound it. Guides carry no seats and are not
 * passed here.
 */
export function departureCapacity(productCapacity: number | null, resourceCapacities: readonly number[]): number | null {
  const limits = productCapacity === null ? [...resourceCapacities] : [productCapacity, ...resourceCapacities];
  if (limits.length === 0) return null;
  return Math.max(0, Math.min(...limits));
}

/** The query parameters the console's Assign/Remove 303 comes back with: what was done, and to which departure. */
export const RESOURCE_NOTICE_PARAM = "resourceNotice";
export const RESOURCE_NOTICE_AT_PARAM = "resourceAt";
export const RESOURCE_NOTICES = ["assigned", "unassigned"] as const;
export function departureNoticeKey(optionId: string, availabilityId: string): string {
  return `${optionId}|${availabilityId}`;
}
