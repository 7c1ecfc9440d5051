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

/** What a booking question asks (issue #33; app/booking/questions checks the answers). */
export const QUESTION_TYPES = ["TEXT", "CHOICE", "DATE", "NUMBER"] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];
/** Asked once per booking, or once for each traveller. */
export const QUESTION_SCOPES = ["BOOKING", "TRAVELLER"] as const;
export type QuestionScope = (typeof QUESTION_SCOPES)[number];

/** A question's text: English required, an empty language falls back to English. */
export interface QuestionText {
  en: string;
  ru?: string;
  zh?: string;
  ar?: string;
}

export interface BookingQuestion {
  id: string;
  type: QuestionType;
  scope: QuestionScope;
  required: boolean;
  label: QuestionText;
  /** The offered answers of a CHOICE question; empty for the other types. */
  choices: { id: string; label: QuestionText }[];
}

/**
 * An answer as an order item keeps it: with the question's label (and a choice's label) as asked, so
 * the manifest and the ticket read the same after the question is edited or removed.
 */
export interface StoredAnswer {
  questionId: string;
  /** 1-based traveller for a TRAVELLER question, null for a BOOKING one. */
  traveller: number | null;
  value: string;
  label: QuestionText;
  /** The chosen answer's label, for a CHOICE question. */
  choiceLabel: QuestionText | null;
}
