/** Shapes stored in jsonb columns, shared by the schema, the seed, the catalogue and the booking engine. */
import type { LocaleCode } from "#app/lib/locales";

export type { LocaleCode };

/** A visitor-facing text in every storefront language. */
export type LocalizedText = Record<LocaleCode, string>;
export type LocalizedList = Record<LocaleCode, string[]>;

export type DurationUnit = "MINUTES" | "HOURS" | "DAYS" | "NIGHTS";

export const UNIT_TYPES = ["ADULT", "CHILD", "INFANT", "YOUTH", "SENIOR", "STUDENT", "FAMILY", "OTHER"] as const;
export type UnitTypeCode = (typeof UNIT_TYPES)[number];

export interface MediaImage {
  /** Path under /generated without the size suffix, e.g. "/generated/cat-desert-safari-2". */
  base: string;
  /** Available widths; files are `${base}-${width}.webp`. */
  widths: number[];
  alt: LocalizedText;
}

export interface OpeningHoursPeriod {
  /** Local "HH:MM". */
  from: string;
  to: string;
}

export interface PickupPoint {
  id: string;
  name: LocalizedText;
  address: LocalizedText;
  latitude: number;
  longitude: number;
  /** Local "HH:MM" pickup time, or null when agreed with the guide. */
  pickupTime: string | null;
}

export interface Extra {
  id: string;
  title: LocalizedText;
  /** Minor units in the product's currency. */
  price: number;
  per: "UNIT" | "BOOKING";
}

export interface CancellationRule {
  days: number;
  hours: number;
  minutes: number;
  /** Penalty charged when cancelling at least this long before the start. */
  penaltyPercent: number;
}

export interface CancellationPolicy {
  nonRefundable: boolean;
  /** Rules in any order; the one with the longest window that the cancellation still meets applies. */
  rules: CancellationRule[];
}

export interface ItineraryStep {
  time: string | null;
  title: LocalizedText;
  description: LocalizedText;
}

export interface ProductContent {
  description: LocalizedText;
  highlights: LocalizedList;
  includes: LocalizedList;
  excludes: LocalizedList;
  itinerary: ItineraryStep[];
  knowBeforeYouGo: LocalizedList;
  whatToBring: LocalizedList;
  meetingPoint: LocalizedText;
}
