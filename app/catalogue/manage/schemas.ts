/**
 * The console's catalogue forms, shared by conform in the browser and by the actions, and the inputs the
 * catalogue domain (products.server.ts, prices.server.ts) trusts. Messages are i18n keys. Prices are
 * typed in major units of the product's currency ("250", "99.50") and kept as text here; the domain
 * turns them into minor units with the product's currency (and refuses excess decimals).
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";
import { QUESTION_SCOPES, QUESTION_TYPES, UNIT_TYPES } from "#app/db/types";
import { isoDateSchema } from "#app/lib/date-schema";
import { CURRENCIES } from "#app/lib/money";

export const CATALOGUE_ERRORS = {
  required: "admin.errors.required",
  tooLong: "admin.errors.tooLong",
  date: "admin.errors.date",
  time: "admin.errors.time",
  number: "admin.catalogue.errors.number",
  amount: "admin.catalogue.errors.amount",
  precision: "admin.catalogue.errors.precision",
  category: "admin.catalogue.errors.category",
  destination: "admin.catalogue.errors.destination",
  latitude: "admin.catalogue.errors.latitude",
  longitude: "admin.catalogue.errors.longitude",
  percent: "admin.catalogue.errors.percent",
  original: "admin.catalogue.errors.original",
  ageRange: "admin.catalogue.errors.ageRange",
  quantityRange: "admin.catalogue.errors.quantityRange",
  dateRange: "admin.catalogue.errors.dateRange",
  seasonOverlap: "admin.catalogue.errors.seasonOverlap",
  currencyLocked: "admin.catalogue.errors.currencyLocked",
  optionInUse: "admin.catalogue.errors.optionInUse",
  unitInUse: "admin.catalogue.errors.unitInUse",
  lastOption: "admin.catalogue.errors.lastOption",
  bookingPrice: "admin.catalogue.errors.bookingPrice",
  unitPrice: "admin.catalogue.errors.unitPrice",
  bulkPercent: "admin.catalogue.errors.bulkPercent",
  noOptions: "admin.catalogue.errors.noOptions",
  choices: "admin.catalogue.errors.choices",
  choiceCount: "admin.catalogue.errors.choiceCount",
  questionCount: "admin.catalogue.errors.questionCount",
  notFound: "admin.errors.notFound",
} as const;

const E = CATALOGUE_ERRORS;

const requiredText = (max: number) => z.string({ error: E.required }).trim().min(1, { error: E.required }).max(max, { error: E.tooLong });
const optionalText = (max: number) => z.string().trim().max(max, { error: E.tooLong }).optional();
const int = (min: number, max: number) => z.number({ error: E.number }).int({ error: E.number }).min(min, { error: E.number }).max(max, { error: E.number });
/** A price as typed, in major units: digits with up to three decimals. */
export const amountSchema = z.string({ error: E.amount }).trim().regex(/^\d{1,9}(?:\.\d{1,3})?$/, { error: E.amount });

/** Text in the four storefront languages; English is required, an empty language falls back to English. */
export const localizedSchema = (max: number) => z.object({ en: requiredText(max), ru: optionalText(max), zh: optionalText(max), ar: optionalText(max) });
export type LocalizedInput = z.output<ReturnType<typeof localizedSchema>>;

export const PRICING_PER = ["UNIT", "BOOKING"] as const;
export const CONFIRMATION = ["INSTANT", "ON_REQUEST"] as const;
export const AVAILABILITY_TYPES = ["START_TIME", "OPENING_HOURS"] as const;

/** A row of a repeated group is left out when every field of it (a name in four languages too) is empty (the form always shows a blank row). */
const isBlank = (value: unknown): boolean => value === undefined || value === "" || (typeof value === "object" && value !== null && Object.values(value).every(isBlank));

const PickupRowSchema = z.object({
  /** The point's name in the four languages; English is required on a filled row, the others fall back to it. */
  name: z.object({ en: optionalText(120), ru: optionalText(120), zh: optionalText(120), ar: optionalText(120) }).default({}),
  latitude: z.number({ error: E.latitude }).min(-90, { error: E.latitude }).max(90, { error: E.latitude }).optional(),
  longitude: z.number({ error: E.longitude }).min(-180, { error: E.longitude }).max(180, { error: E.longitude }).optional(),
  time: z
    .string()
    .trim()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: E.time })
    .optional(),
});

const CancellationRowSchema = z.object({
  hoursBefore: int(0, 24 * 365).optional(),
  refundPercent: int(0, 100).optional(),
});

export const ProductSchema = z
  .object({
    destinationId: z.string({ error: E.destination }).trim().min(1, { error: E.destination }).max(64),
    categoryIds: z.array(z.string().max(64), { error: E.category }).min(1, { error: E.category }).max(5),
    themeIds: z.array(z.string().max(64)).max(10).default([]),
    labels: z.array(z.string().max(64)).max(10).default([]),
    title: localizedSchema(120),
    shortDescription: localizedSchema(400),
    currency: z.enum(CURRENCIES, { error: E.required }),
    pricingPer: z.enum(PRICING_PER, { error: E.required }),
    availabilityType: z.enum(AVAILABILITY_TYPES, { error: E.required }).default("START_TIME"),
    confirmation: z.enum(CONFIRMATION, { error: E.required }),
    payLaterAllowed: z.boolean().default(false),
    payLaterDeadlineHours: int(1, 24 * 60).optional(),
    noFixedPrice: z.boolean().default(false),
    durationMinutes: int(5, 60 * 24 * 30),
    meetingPoint: localizedSchema(300),
    latitude: z.number({ error: E.latitude }).min(-90, { error: E.latitude }).max(90, { error: E.latitude }),
    longitude: z.number({ error: E.longitude }).min(-180, { error: E.longitude }).max(180, { error: E.longitude }),
    pickupPoints: z.array(PickupRowSchema).max(20).default([]),
    nonRefundable: z.boolean().default(false),
    cancellation: z.array(CancellationRowSchema).max(6).default([]),
    capacityPerItem: int(1, 500),
    published: z.boolean().default(false),
  })
  .superRefine((data, ctx) => {
    data.pickupPoints.forEach((row, index) => {
      if (isBlank(row)) return;
      if (!row.name.en) ctx.addIssue({ code: "custom", path: ["pickupPoints", index, "name", "en"], message: E.required });
      if (row.latitude === undefined) ctx.addIssue({ code: "custom", path: ["pickupPoints", index, "latitude"], message: E.latitude });
      if (row.longitude === undefined) ctx.addIssue({ code: "custom", path: ["pickupPoints", index, "longitude"], message: E.longitude });
    });
    data.cancellation.forEach((row, index) => {
      if (isBlank(row)) return;
      if (row.hoursBefore === undefined) ctx.addIssue({ code: "custom", path: ["cancellation", index, "hoursBefore"], message: E.number });
      if (row.refundPercent === undefined) ctx.addIssue({ code: "custom", path: ["cancellation", index, "refundPercent"], message: E.percent });
    });
  })
  .transform((data) => ({
    ...data,
    pickupPoints: data.pickupPoints
      .filter((row) => !isBlank(row))
      .map((row) => ({ name: { ...row.name, en: row.name.en ?? "" }, latitude: row.latitude ?? 0, longitude: row.longitude ?? 0, time: row.time ?? null })),
    cancellation: data.cancellation.filter((row) => !isBlank(row)).map((row) => ({ hoursBefore: row.hoursBefore ?? 0, refundPercent: row.refundPercent ?? 0 })),
  }));
export type ProductInput = z.output<typeof ProductSchema>;

export const OptionSchema = z
  .object({
    title: localizedSchema(120),
    durationMinutes: int(5, 60 * 24 * 30),
    cutoffMinutes: int(0, 60 * 24 * 30).default(0),
    minUnits: int(1, 500).default(1),
    maxUnits: int(1, 500).optional(),
    bookingPrice: amountSchema.optional(),
    bookingPriceOriginal: amountSchema.optional(),
    bookingMaxPax: int(1, 500).optional(),
  })
  .superRefine((data, ctx) => {
    if (data.maxUnits !== undefined && data.maxUnits < data.minUnits) ctx.addIssue({ code: "custom", path: ["maxUnits"], message: E.quantityRange });
    if (data.bookingPriceOriginal !== undefined && (data.bookingPrice === undefined || Number(data.bookingPriceOriginal) <= Number(data.bookingPrice))) {
      ctx.addIssue({ code: "custom", path: ["bookingPriceOriginal"], message: E.original });
    }
  });
export type OptionInput = z.output<typeof OptionSchema>;

export const UnitSchema = z
  .object({
    type: z.enum(UNIT_TYPES, { error: E.required }),
    /** Empty: the type's standard name in every language. */
    title: z.object({ en: optionalText(80), ru: optionalText(80), zh: optionalText(80), ar: optionalText(80) }).default({}),
    minAge: int(0, 120).default(0),
    maxAge: int(0, 120).default(99),
    minQuantity: int(0, 500).optional(),
    maxQuantity: int(1, 500).optional(),
    /** Unit types of the same option this one must be booked with (a child with an adult). */
    accompaniedBy: z.array(z.enum(UNIT_TYPES)).max(UNIT_TYPES.length).default([]),
    price: amountSchema.optional(),
    priceOriginal: amountSchema.optional(),
  })
  .superRefine((data, ctx) => {
    if (data.maxAge < data.minAge) ctx.addIssue({ code: "custom", path: ["maxAge"], message: E.ageRange });
    if (data.minQuantity !== undefined && data.maxQuantity !== undefined && data.maxQuantity < data.minQuantity) {
      ctx.addIssue({ code: "custom", path: ["maxQuantity"], message: E.quantityRange });
    }
    if (data.priceOriginal !== undefined && (data.price === undefined || Number(data.priceOriginal) <= Number(data.price))) {
      ctx.addIssue({ code: "custom", path: ["priceOriginal"], message: E.original });
    }
  });
export type UnitInput = z.output<typeof UnitSchema>;

export const SeasonSchema = z
  .object({
    validFrom: isoDateSchema(E.date),
    validTo: isoDateSchema(E.date),
    units: z
      .array(z.object({ unitId: z.string().min(1).max(120), price: amountSchema.optional(), original: amountSchema.optional() }))
      .max(20)
      .default([]),
    bookingPrice: amountSchema.optional(),
    bookingPriceOriginal: amountSchema.optional(),
  })
  .superRefine((data, ctx) => {
    if (data.validTo < data.validFrom) ctx.addIssue({ code: "custom", path: ["validTo"], message: E.dateRange });
    data.units.forEach((row, index) => {
      if (row.original !== undefined && (row.price === undefined || Number(row.original) <= Number(row.price))) {
        ctx.addIssue({ code: "custom", path: ["units", index, "original"], message: E.original });
      }
    });
    if (data.bookingPriceOriginal !== undefined && (data.bookingPrice === undefined || Number(data.bookingPriceOriginal) <= Number(data.bookingPrice))) {
      ctx.addIssue({ code: "custom", path: ["bookingPriceOriginal"], message: E.original });
    }
  });
export type SeasonInput = z.output<typeof SeasonSchema>;

/** Raise (positive) or lower (negative) prices by a percentage: -90 … +500, not zero. */
export const BulkPriceSchema = z.object({
  percent: z
    .number({ error: E.bulkPercent })
    .min(-90, { error: E.bulkPercent })
    .max(500, { error: E.bulkPercent })
    .refine((value) => value !== 0 && Math.round(value * 100) === value * 100, { error: E.bulkPercent }),
  reason: z.string().trim().max(500, { error: E.tooLong }).optional(),
});
export type BulkPriceInput = z.output<typeof BulkPriceSchema>;

export const ProductListQuerySchema = z.object({
  q: z.string().trim().max(120).optional().catch(undefined),
  destination: z.string().trim().max(64).optional().catch(undefined),
  own: z.enum(["1"]).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(1000).default(1).catch(1),
});

/** Offered answers, one a line; the longest a choice list may be. */
const choiceLines = (max: number) => z.string().trim().max(max, { error: E.tooLong }).optional();
/** The lines of a choices box, blank lines left out. */
export const linesOf = (text: string | undefined): string[] => (text ?? "").split(/\r?\n/).map((line) => line.trim()).filter(Boolean);

/**
 * A booking question (issue #33): its text in four languages, its type, asked per booking or per
 * traveller, required or not; a choice question's answers one a line in English (at least two), and
 * the same lines in the other languages where given (line for line).
 */
export const QuestionSchema = z
  .object({
    label: localizedSchema(200),
    type: z.enum(QUESTION_TYPES, { error: E.required }),
    scope: z.enum(QUESTION_SCOPES, { error: E.required }),
    required: z.boolean().default(false),
    choices: z.object({ en: choiceLines(2000), ru: choiceLines(2000), zh: choiceLines(2000), ar: choiceLines(2000) }).default({}),
  })
  .superRefine((data, ctx) => {
    if (data.type !== "CHOICE") return;
    const english = linesOf(data.choices.en);
    if (english.length < 2 || english.length > 20) ctx.addIssue({ code: "custom", path: ["choices", "en"], message: E.choiceCount });
    for (const lang of ["ru", "zh", "ar"] as const) {
      const lines = linesOf(data.choices[lang]);
      if (lines.length > 0 && lines.length !== english.length) ctx.addIssue({ code: "custom", path: ["choices", lang], message: E.choices });
    }
  });
export type QuestionInput = z.output<typeof QuestionSchema>;

export function parseCatalogueForm<Schema extends z.ZodType>(formData: FormData, schema: Schema) {
  return parseWithZod(formData, { schema });
}
