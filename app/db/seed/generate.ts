/**
 * The deterministic catalogue generator. Every product is drawn from its own PRNG stream keyed by
 * (seed, index), so the same seed gives the same data, and product N is the same at every scale.
 * Core rows (everything listing and booking need) are cheap; long content and review texts are drawn
 * separately by `generateProductDetails` so a 100,000-product benchmark index fits in memory.
 */
import type { OverrideRow, ScheduleRow } from "#app/booking/slots";
import type { CatalogueSource, SourceProduct } from "#app/catalogue/types";
import type { UnitRow } from "#app/db/schema";
import { addDays } from "#app/lib/dates";
import { slugify } from "#app/lib/slug";
import { convertAmount, type CurrencyCode } from "#app/lib/money";
import { LOCALE_CODES } from "#app/lib/locales";
import type {
  CancellationPolicy,
  DurationUnit,
  Extra,
  ItineraryStep,
  LocaleCode,
  LocalizedList,
  LocalizedText,
  MediaImage,
  OpeningHoursPeriod,
  PickupPoint,
  ProductContent,
  UnitTypeCode,
} from "../types";
import {
  BEST_FOR,
  CATEGORIES,
  COUNTRIES,
  DESTINATIONS,
  EXCLUDES,
  EXTRAS,
  GUIDE_LANGUAGES,
  HIGHLIGHTS,
  INCLUDES,
  ITINERARY_STEPS,
  KNOW_BEFORE,
  L,
  LABELS,
  LONG_PARAGRAPHS,
  OCCASIONS,
  OPTION_NAMES,
  PICKUP_PLACES,
  REVIEW_AUTHORS,
  REVIEW_TEXTS,
  SHORT_DESCRIPTIONS,
  OWN_SUPPLIER,
  SUPPLIER_NAMES,
  THEMES,
  TIMES_OF_DAY,
  TITLE_SUFFIXES,
  UNIT_TITLES,
  WHAT_TO_BRING,
  type CategorySeed,
  type DestinationSeed,
} from "./data";
import { Random } from "./random";

export const DEFAULT_SEED = "rihla";
export const DEFAULT_SCALE = 3000;
/**
 * The generated pictures' widths: one source each; /_ipx derives every displayed size from it and keeps
 * the result on disk (docs/decisions/034-images-through-ipx.md).
 */
export const IMAGE_WIDTHS = [1600];
export const CATEGORY_IMAGE_VARIANTS = 4;

export interface SeedOptions {
  seed: string;
  /** Number of experiences. */
  scale: number;
  /** The local date the seed treats as today (YYYY-MM-DD); fixes expiry dates and seeded sold-out slots. */
  today: string;
}

/** A generated unit: its row in `units`, less the option id it is written under. */
export type GeneratedUnit = Omit<UnitRow, "optionId" | "type"> & { type: UnitTypeCode };

export interface GeneratedInventory {
  /** Local "HH:MM" for START_TIME, null for an OPENING_HOURS day. */
  localTime: string | null;
  localDate: string;
  capacity: number;
  booked: number;
}

export interface GeneratedOption {
  id: string;
  internalName: string;
  title: LocalizedText;
  description: LocalizedText;
  isDefault: boolean;
  sortOrder: number;
  durationMinutes: number;
  cutoffMinutes: number;
  minUnits: number;
  maxUnits: number | null;
  bookingPrice: number | null;
  bookingPriceOriginal: number | null;
  bookingMaxPax: number | null;
  units: GeneratedUnit[];
  schedules: ScheduleRow[];
  overrides: OverrideRow[];
  inventory: GeneratedInventory[];
}

/** A generated product: what the catalogue index reads (SourceProduct), and the rest of its row and options. */
export interface GeneratedProduct extends SourceProduct {
  index: number;
  supplierId: string;
  timeZone: string;
  availabilityType: "START_TIME" | "OPENING_HOURS";
  pricingPer: "UNIT" | "BOOKING";
  currency: CurrencyCode;
  minimumDurationMinutes: number | null;
  startTime: string | null;
  endTime: string | null;
  openingHours: OpeningHoursPeriod[] | null;
  dropoffIncluded: boolean;
  pickupPoints: PickupPoint[];
  extras: Extra[];
  capacityPerItem: number;
  latitude: number;
  longitude: number;
  address: LocalizedText;
  options: GeneratedOption[];
}

export interface GeneratedReview {
  productId: string;
  authorName: string;
  authorCountry: string | null;
  locale: LocaleCode;
  rating: number;
  title: string;
  body: string;
  visitedOn: string;
  createdAt: Date;
}

/** The catalogue's reference tables (what CatalogueSource has besides products) and the suppliers. */
export type ReferenceData = Omit<CatalogueSource, "version" | "products"> & {
  suppliers: Array<{ id: string; name: string; email: string; phone: string; website: string | null; description: LocalizedText }>;
};

/**
 * Templates split at their {placeholders} (literal text at even indexes, keys at odd ones), each split
 * once: fill runs a dozen times per product, and the templates are the few constants of data.ts and
 * this file. Bounded all the same, should a caller ever pass text made on the fly.
 */
const templateParts = new Map<string, string[]>();

function partsOf(template: string): string[] {
  let parts = templateParts.get(template);
  if (!parts) {
    if (templateParts.size > 10_000) templateParts.clear();
    parts = template.split(/\{(\w+)\}/);
    templateParts.set(template, parts);
  }
  return parts;
}

/** Replaces each {key} of every locale's text with that locale's text of values[key] (empty when missing). */
const fill = (text: LocalizedText, values: Record<string, LocalizedText>): LocalizedText => {
  const result = {} as LocalizedText;
  for (const locale of LOCALE_CODES) {
    const parts = partsOf(text[locale]);
    let filled = parts[0]!;
    for (let index = 1; index < parts.length; index += 2) filled += (values[parts[index]!]?.[locale] ?? "") + parts[index + 1]!;
    result[locale] = filled;
  }
  return result;
};

const concat = (a: LocalizedText, b: LocalizedText | null): LocalizedText => {
  if (!b) return a;
  return { en: a.en + b.en, ru: a.ru + b.ru, zh: a.zh + b.zh, ar: a.ar + b.ar };
};

const toList = (items: LocalizedText[]): LocalizedList => ({
  en: items.map((item) => item.en),
  ru: items.map((item) => item.ru),
  zh: items.map((item) => item.zh),
  ar: items.map((item) => item.ar),
});


/**
 * addDays, remembered: the generator asks for dates a few days or months from `today` and from review
 * visit dates, a few thousand distinct ones, about twenty times per product.
 */
const shiftedDates = new Map<string, string>();

function shiftDate(isoDate: string, days: number): string {
  const key = `${isoDate}|${days}`;
  let shifted = shiftedDates.get(key);
  if (shifted === undefined) {
    if (shiftedDates.size > 100_000) shiftedDates.clear();
    shifted = addDays(isoDate, days);
    shiftedDates.set(key, shifted);
  }
  return shifted;
}

const pad = (value: number) => String(value).padStart(2, "0");
export const minutesToTime = (minutes: number) => `${pad(Math.floor(minutes / 60) % 24)}:${pad(minutes % 60)}`;
export const timeToMinutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** Morning before noon, afternoon until 17:00, evening until 21:00, night after. */
export function timeOfDay(minutes: number): string {
  const hour = Math.floor(minutes / 60) % 24;
  if (hour >= 5 && hour < 12) return "morning";
  if (hour >= 12 && hour < 17) return "afternoon";
  if (hour >= 17 && hour < 21) return "evening";
  return "night";
}

export function categoryImage(slug: string, variant: number, alt: LocalizedText): MediaImage {
  return { base: `/generated/cat-${slug}-${variant}`, widths: IMAGE_WIDTHS, alt };
}

export function destinationImage(slug: string, alt: LocalizedText): MediaImage {
  return { base: `/generated/dest-${slug}`, widths: IMAGE_WIDTHS, alt };
}

const categoryId = (category: CategorySeed) => `cat-${category.slug}`;
const destinationId = (destination: DestinationSeed) => `dst-${destination.slug}`;

const fits = (category: CategorySeed, destination: DestinationSeed) => !category.needs || destination[category.needs] === true;

/** Start times by category: when these experiences typically begin. */
const START_TIME_POOLS: Record<string, string[]> = {
  "desert-safari": ["06:00", "14:30", "15:00", "15:30", "16:00"],
  cruises: ["10:00", "16:30", "19:30", "20:00", "20:30"],
  "shows-and-entertainment": ["18:00", "20:00", "21:30", "22:00"],
  adventure: ["05:30", "06:00", "08:00", "10:00", "14:00"],
  "food-and-drink": ["08:00", "11:00", "12:30", "18:00", "19:00"],
  transfers: ["00:00", "06:00", "08:00", "12:00", "16:00", "20:00"],
  "day-trips": ["07:00", "07:30", "08:00"],
  default: ["08:00", "09:00", "10:00", "11:00", "13:00", "14:00", "15:00", "16:00", "17:00", "19:00"],
};

const OPENING_PATTERNS: OpeningHoursPeriod[][] = [
  [{ from: "09:00", to: "18:00" }],
  [{ from: "10:00", to: "22:00" }],
  [{ from: "08:00", to: "12:00" }, { from: "16:00", to: "21:00" }],
  [{ from: "10:00", to: "20:00" }],
  [{ from: "16:00", to: "23:59" }],
];

/** Rounds a price to what a shop would print: whole units, or steps of 5/10/100 by magnitude. */
function nicePrice(amount: number, currency: CurrencyCode): number {
  const exponent = currency === "JPY" ? 0 : currency === "KWD" || currency === "BHD" || currency === "OMR" || currency === "JOD" ? 3 : 2;
  const unit = 10 ** exponent;
  const major = amount / unit;
  const step = major >= 1000 ? 50 : major >= 200 ? 10 : major >= 50 ? 5 : major >= 10 ? 1 : 0.5;
  return Math.max(Math.round((Math.round(major / step) * step) * unit), Math.round(step * unit));
}

export function generateReferenceData(): ReferenceData {
  const countryByCode = new Map(COUNTRIES.map((country) => [country.code, country]));
  return {
    countries: COUNTRIES.map((country) => ({ code: country.code, name: country.name, region: country.region, currency: country.currency })),
    destinations: DESTINATIONS.map((destination) => {
      const country = countryByCode.get(destination.country);
      if (!country) throw new Error(`Unknown country ${destination.country}`);
      return {
        id: destinationId(destination),
        slug: destination.slug,
        countryCode: destination.country,
        name: destination.name,
        description: fill(
          L(
            "Things to do in {city}, {country}: tours, attractions and experiences hand-picked by our team.",
            "Чем заняться в {city} ({country}): экскурсии, достопримечательности и впечатления, отобранные нашей командой.",
            "{country}{city}必玩：我们团队精选的旅游、景点与体验。",
            "أفضل الأنشطة في {city}، {country}: جولات ومعالم وتجارب اختارها فريقنا بعناية.",
          ),
          { city: destination.name, country: country.name },
        ),
        latitude: destination.lat,
        longitude: destination.lng,
        timeZone: destination.tz,
        popularity: destination.weight,
        image: destinationImage(destination.slug, destination.name),
      };
    }),
    categories: CATEGORIES.map((category, index) => ({
      id: categoryId(category),
      slug: category.slug,
      name: category.name,
      description: category.description,
      icon: category.icon,
      sortOrder: index,
      image: categoryImage(category.slug, 0, category.name),
    })),
    themes: THEMES.map((theme, index) => ({ id: `thm-${theme.slug}`, slug: theme.slug, name: theme.name, sortOrder: index })),
    vocabulary: [
      ...LABELS.map((item, index) => ({ kind: "label", code: item.code, name: item.name, sortOrder: index })),
      ...OCCASIONS.map((item, index) => ({ kind: "occasion", code: item.code, name: item.name, sortOrder: index })),
      ...BEST_FOR.map((item, index) => ({ kind: "best-for", code: item.code, name: item.name, sortOrder: index })),
      ...GUIDE_LANGUAGES.map((item, index) => ({ kind: "language", code: item.code, name: item.name, sortOrder: index })),
      ...TIMES_OF_DAY.map((item, index) => ({ kind: "time-of-day", code: item.code, name: item.name, sortOrder: index })),
    ],
    suppliers: [
      { ...OWN_SUPPLIER, description: { ...OWN_SUPPLIER.description } },
      ...SUPPLIER_NAMES.map((name, index) => ({
      id: `sup-${slugify(name)}`,
      name,
      email: `bookings@${slugify(name).replace(/-/g, "")}.example`,
      phone: `+9661100${String(1000 + index * 37).padStart(5, "0")}`,
      website: `https://${slugify(name)}.example`,
      description: L(`${name}, a local operator`, `${name} — местный туроператор`, `${name}，当地运营商`, `${name}، مشغل محلي`),
      })),
    ],
  };
}

const LOCAL_LANGUAGE: Record<string, string> = { SA: "ar", AE: "ar", QA: "ar", BH: "ar", OM: "ar", KW: "ar", JO: "ar", EG: "ar", TR: "tr", FR: "fr", IT: "it", ES: "es", DE: "de", RU: "ru", CN: "zh", MX: "es" };

const cancelUntil = (days: number, hours: number, minutes: number, penaltyPercent: number) => ({ days, hours, minutes, penaltyPercent });

const CANCELLATION_POLICIES: Array<{ weight: number; policy: CancellationPolicy }> = [
  { weight: 50, policy: { nonRefundable: false, rules: [cancelUntil(1, 0, 0, 0)] } },
  { weight: 15, policy: { nonRefundable: false, rules: [cancelUntil(7, 0, 0, 0), cancelUntil(3, 0, 0, 25), cancelUntil(1, 0, 0, 50)] } },
  { weight: 10, policy: { nonRefundable: false, rules: [cancelUntil(2, 0, 0, 0), cancelUntil(0, 12, 0, 50)] } },
  { weight: 8, policy: { nonRefundable: false, rules: [cancelUntil(0, 3, 30, 10)] } },
  { weight: 17, policy: { nonRefundable: true, rules: [] } },
];

interface ProductContext {
  options: SeedOptions;
  slugCounts: Map<string, number>;
  destinationTotalWeight: number;
}

/** Deterministic review ratings for a product (drawn from their own stream so core and details agree). */
function reviewRatings(seed: string, index: number): number[] {
  const random = new Random(`${seed}:reviews:${index}`);
  const roll = random.next();
  const count = roll < 0.12 ? 0 : roll < 0.8 ? random.int(1, 10) : roll < 0.97 ? random.int(11, 30) : random.int(31, 60);
  // A per-product quality bias so ratings vary between products, not only between reviews.
  const quality = random.next();
  const ratings: number[] = [];
  for (let i = 0; i < count; i++) {
    const r = random.next() * 0.85 + quality * 0.15;
    ratings.push(r > 0.45 ? 5 : r > 0.2 ? 4 : r > 0.08 ? 3 : r > 0.03 ? 2 : 1);
  }
  return ratings;
}

function generateProduct(index: number, context: ProductContext): GeneratedProduct {
  const { seed, today } = context.options;
  const random = new Random(`${seed}:product:${index}`);
  const destination = random.weighted(DESTINATIONS, (item) => item.weight);
  const country = COUNTRIES.find((item) => item.code === destination.country);
  if (!country) throw new Error(`Unknown country ${destination.country}`);
  const fitting = CATEGORIES.filter((category) => fits(category, destination));
  // Popular categories appear more often, as on any real storefront.
  const category = random.weighted(fitting, (item) =>
    item.slug === "tours" || item.slug === "attractions" ? 3 : item.slug === "desert-safari" || item.slug === "cruises" ? 2.5 : item.slug === "transfers" ? 0.6 : 1.5,
  );
  const categoryIds = [categoryId(category)];
  if (random.chance(0.25)) {
    const second = random.pick(fitting);
    if (second.slug !== category.slug) categoryIds.push(categoryId(second));
  }

  const template = random.pick(category.titles);
  const suffix = random.pick(TITLE_SUFFIXES);
  const isPrivate = suffix?.en.includes("Private") === true || template.en.startsWith("Private") || category.slug === "transfers";
  const title = concat(fill(template, { city: destination.name }), suffix);
  const baseSlug = slugify(title.en);
  const seen = context.slugCounts.get(baseSlug) ?? 0;
  context.slugCounts.set(baseSlug, seen + 1);
  const slug = seen === 0 ? baseSlug : `${baseSlug}-${seen + 1}`;
  const id = `prd-${String(index + 1).padStart(6, "0")}`;

  // Duration: minutes, hours, multi-day tours and overnight stays.
  let durationMinutes = Math.round(random.int(category.duration[0], category.duration[1]) / 15) * 15;
  let durationUnit: DurationUnit = durationMinutes < 60 ? "MINUTES" : "HOURS";
  let durationMinutesTo: number | null = random.chance(0.2) ? durationMinutes + 60 : null;
  if ((category.slug === "day-trips" || category.slug === "tours") && random.chance(0.08)) {
    durationMinutes = random.int(2, 5) * 1440;
    durationUnit = "DAYS";
    durationMinutesTo = null;
  } else if (category.slug === "desert-safari" && template.en.startsWith("Overnight")) {
    durationMinutes = 1440;
    durationUnit = "NIGHTS";
    durationMinutesTo = null;
  }

  const availabilityType = category.availability;
  let startTimes: string[] = [];
  let openingHours: OpeningHoursPeriod[] | null = null;
  if (availabilityType === "START_TIME") {
    const pool = START_TIME_POOLS[category.slug] ?? START_TIME_POOLS.default!;
    startTimes = random.sample(pool, durationUnit === "DAYS" ? 1 : random.int(1, Math.min(4, pool.length))).sort();
  } else {
    openingHours = random.pick(OPENING_PATTERNS);
  }
  const times = new Set<string>();
  for (const time of startTimes) times.add(timeOfDay(timeToMinutes(time)));
  for (const period of openingHours ?? []) {
    for (let minute = timeToMinutes(period.from); minute < timeToMinutes(period.to); minute += 60) times.add(timeOfDay(minute));
  }
  const timesOfDay = TIMES_OF_DAY.map((item) => item.code).filter((code) => times.has(code));
  const startTime = startTimes[0] ?? openingHours?.[0]?.from ?? null;
  const endTime =
    startTimes[0] !== undefined && durationUnit !== "DAYS" && durationUnit !== "NIGHTS"
      ? minutesToTime(timeToMinutes(startTimes[0]) + durationMinutes)
      : (openingHours?.[openingHours.length - 1]?.to ?? null);

  const minAge = category.slug === "adventure" ? random.pick([12, 16, 18]) : category.slug === "water-sports" ? random.pick([6, 8, 12]) : random.pick([0, 0, 0, 3, 5]);
  const maxAge = category.slug === "adventure" && random.chance(0.5) ? 65 : 99;

  const pricingPer: "UNIT" | "BOOKING" = isPrivate || (category.slug === "cruises" && random.chance(0.3)) ? "BOOKING" : "UNIT";
  const noFixedPrice = random.chance(category.slug === "cruises" || category.slug === "transfers" || isPrivate ? 0.08 : 0.006);
  const instantConfirmation = !random.chance(0.05);
  const currency = country.currency as CurrencyCode;
  const baseUsdCents = random.int(category.price[0], category.price[1]) * (pricingPer === "BOOKING" ? random.int(3, 6) : 1);
  const discounted = random.chance(0.2);
  const capacityPerItem = pricingPer === "BOOKING" ? random.int(4, 12) : random.pick([6, 8, 10, 12, 15, 20]);

  const optionCount = durationUnit === "DAYS" ? 1 : random.weighted([1, 2, 3], (n) => (n === 1 ? 5 : n === 2 ? 3 : 1.5));
  const optionNames = random.sample(OPTION_NAMES, optionCount);
  const multipliers = [1, 1.45, 2.1];
  const options: GeneratedOption[] = optionNames.map((name, optionIndex) => {
    const optionId = `${id}-o${optionIndex + 1}`;
    const multiplier = multipliers[optionIndex] ?? 1;
    const adultPrice = noFixedPrice ? null : nicePrice(convertAmount(Math.round(baseUsdCents * multiplier), "USD", currency), currency);
    const original = adultPrice !== null && discounted ? nicePrice(Math.round(adultPrice / (1 - random.int(10, 30) / 100)), currency) : adultPrice;
    const units: GeneratedUnit[] = [];
    const perUnit = pricingPer === "UNIT" && adultPrice !== null;
    const unitPrice = (factor: number): [number | null, number | null] =>
      perUnit && adultPrice !== null && original !== null
        ? [factor === 0 ? 0 : nicePrice(Math.round(adultPrice * factor), currency), factor === 0 ? 0 : nicePrice(Math.round(original * factor), currency)]
        : [null, null];
    const addUnit = (type: UnitTypeCode, ages: [number, number], factor: number, extra: Partial<GeneratedUnit> = {}) => {
      const [price, priceOriginal] = unitPrice(factor);
      units.push({
        id: `${optionId}-${type.toLowerCase()}`,
        type,
        internalName: type.toLowerCase(),
        title: UNIT_TITLES[type]!,
        minAge: ages[0],
        maxAge: ages[1],
        minQuantity: null,
        maxQuantity: null,
        paxCount: 1,
        idRequired: false,
        accompaniedBy: [],
        price,
        priceOriginal,
        sortOrder: units.length,
        ...extra,
      });
    };
    const adultFrom = minAge >= 18 ? minAge : category.slug === "museums" ? 18 : 13;
    addUnit("ADULT", [Math.max(adultFrom, minAge), maxAge], 1);
    if (minAge < 13 && random.chance(0.75)) addUnit("CHILD", [Math.max(3, minAge), 12], random.pick([0.5, 0.6, 0.75]), { accompaniedBy: [`${optionId}-adult`] });
    if (minAge === 0 && random.chance(0.45)) addUnit("INFANT", [0, 2], 0, { maxQuantity: 2, accompaniedBy: [`${optionId}-adult`] });
    if (adultFrom > 13 && minAge <= 13 && random.chance(0.5)) addUnit("YOUTH", [13, adultFrom - 1], 0.8);
    if (maxAge > 65 && random.chance(0.12)) addUnit("SENIOR", [65, 99], 0.8, { idRequired: true });
    if ((category.slug === "museums" || category.slug === "attractions") && random.chance(0.3)) addUnit("STUDENT", [18, 30], 0.7, { idRequired: true });
    if (category.slug === "theme-parks" && random.chance(0.35)) addUnit("FAMILY", [0, 99], 3.2, { paxCount: 4, maxQuantity: 2 });
    if (pricingPer === "UNIT" && random.chance(0.03)) addUnit("OTHER", [0, 99], 0.9, { internalName: "group-member", minQuantity: 5 });
    const cutoffMinutes = random.pick([0, 0, 60, 120, 720, 1440]);
    const scheduleCapacity =
      random.chance(0.05) ? null : availabilityType === "START_TIME" ? (pricingPer === "BOOKING" ? random.int(1, 4) * capacityPerItem : random.int(10, 60)) : random.int(100, 800);
    const weekdays = random.chance(0.25) ? 127 & ~(1 << random.int(0, 6)) : 127;
    const schedules: ScheduleRow[] = [
      {
        validFrom: "2024-01-01",
        validTo: random.chance(0.08) ? shiftDate(today, random.int(90, 300)) : null,
        weekdays,
        startTimes: optionIndex === 0 ? startTimes : random.sample(startTimes, Math.max(1, startTimes.length - 1)).sort(),
        openingHours: openingHours ?? [],
        capacity: scheduleCapacity,
      },
    ];
    const overrides: OverrideRow[] = [];
    for (let i = random.int(0, 2); i > 0; i--) {
      overrides.push({ localDate: shiftDate(today, random.int(5, 360)), localTime: null, closed: true, capacity: null });
    }
    const inventory: GeneratedInventory[] = [];
    if (scheduleCapacity !== null) {
      // A few sold-out and nearly full slots in the coming weeks, as real sales would leave them.
      for (let i = random.int(0, 3); i > 0; i--) {
        const localDate = shiftDate(today, random.int(1, 45));
        const weekday = (new Date(`${localDate}T00:00:00Z`).getUTCDay() + 6) % 7;
        if ((weekdays & (1 << weekday)) === 0) continue;
        const localTime = availabilityType === "START_TIME" ? (random.pick(schedules[0]!.startTimes) ?? null) : null;
        if (inventory.some((row) => row.localDate === localDate && row.localTime === localTime)) continue;
        if (overrides.some((row) => row.localDate === localDate)) continue;
        const soldOut = random.chance(0.5);
        const booked = soldOut ? scheduleCapacity : scheduleCapacity - random.int(1, Math.max(1, Math.floor(scheduleCapacity * 0.3)));
        inventory.push({ localDate, localTime, capacity: scheduleCapacity, booked });
      }
    }
    const optionTitle = name;
    const bookingPrice = pricingPer === "BOOKING" && adultPrice !== null ? adultPrice : null;
    return {
      id: optionId,
      internalName: slugify(name.en),
      title: optionTitle,
      description: fill(
        L("{option} option of {title}", "Вариант «{option}»: {title}", "{title}——{option}选项", "خيار {option} من {title}"),
        { option: optionTitle, title },
      ),
      isDefault: optionIndex === 0,
      sortOrder: optionIndex,
      durationMinutes,
      cutoffMinutes,
      minUnits: 1,
      maxUnits: capacityPerItem,
      bookingPrice,
      bookingPriceOriginal: bookingPrice !== null ? original : null,
      bookingMaxPax: pricingPer === "BOOKING" ? capacityPerItem : null,
      units,
      schedules,
      overrides,
      inventory,
    };
  });

  const prices = options.flatMap((option) =>
    option.bookingPrice !== null ? [[option.bookingPrice, option.bookingPriceOriginal ?? option.bookingPrice]] : option.units.filter((unit) => unit.price !== null && unit.price > 0 && unit.type === "ADULT").map((unit) => [unit.price!, unit.priceOriginal ?? unit.price!]),
  );
  const cheapest = prices.reduce<number[] | null>((best, current) => (best === null || current[0]! < best[0]! ? current : best), null);

  const themes = random.sample(THEMES, random.int(1, 3)).map((theme) => `thm-${theme.slug}`);
  if (category.slug === "desert-safari" || category.slug === "adventure" || category.slug === "water-sports") themes.push("thm-adrenaline");
  if (category.slug === "museums") themes.push("thm-history");
  if (category.slug === "theme-parks") themes.push("thm-family-fun");

  const policy = random.weighted(CANCELLATION_POLICIES, (item) => item.weight).policy;
  const freeCancellation = !policy.nonRefundable && policy.rules.some((rule) => rule.penaltyPercent === 0);
  const labels = new Set<string>();
  for (const label of LABELS) if (random.chance(0.1)) labels.add(label.code);
  if (freeCancellation) labels.add("free-cancellation");
  else labels.delete("free-cancellation");
  if (instantConfirmation && random.chance(0.6)) labels.add("instant-confirmation");
  else labels.delete("instant-confirmation");
  if (pricingPer === "BOOKING") labels.add("private");

  const languages = new Set<string>();
  if (random.chance(0.9)) languages.add("en");
  const local = LOCAL_LANGUAGE[destination.country];
  if (local) languages.add(local);
  if (country.region === "gulf" || country.region === "middle-east" ? random.chance(0.7) : random.chance(0.15)) languages.add("ar");
  for (const extra of random.sample(GUIDE_LANGUAGES, random.int(0, 2))) languages.add(extra.code);
  if (languages.size === 0) languages.add("en");
  const guideLanguages = GUIDE_LANGUAGES.map((item) => item.code).filter((code) => languages.has(code));

  const pickupIncluded = random.chance(category.slug === "desert-safari" || category.slug === "transfers" ? 0.9 : category.slug === "day-trips" ? 0.7 : 0.25);
  const pickupPoints: PickupPoint[] = pickupIncluded
    ? random.sample(PICKUP_PLACES, random.int(1, 3)).map((place, pointIndex) => ({
        id: `${id}-pp${pointIndex + 1}`,
        name: place,
        address: fill(L("{place}, {city}", "{place}, {city}", "{city}{place}", "{place}، {city}"), { place, city: destination.name }),
        latitude: Number((destination.lat + (random.next() - 0.5) * 0.08).toFixed(5)),
        longitude: Number((destination.lng + (random.next() - 0.5) * 0.08).toFixed(5)),
        pickupTime: startTime ? minutesToTime(Math.max(0, timeToMinutes(startTime) - random.pick([30, 45, 60]))) : null,
      }))
    : [];
  const extras: Extra[] = noFixedPrice
    ? []
    : random.sample(EXTRAS, random.pick([0, 0, 1, 2])).map((extra, extraIndex) => ({
        id: `${id}-x${extraIndex + 1}`,
        title: extra,
        price: nicePrice(convertAmount(random.int(500, 6000), "USD", currency), currency),
        per: random.chance(0.5) ? "UNIT" : "BOOKING",
      }));

  const ratings = reviewRatings(seed, index);
  const rating = ratings.length === 0 ? 0 : Math.round((ratings.reduce((sum, value) => sum + value, 0) / ratings.length) * 10) / 10;
  const variant = random.int(0, CATEGORY_IMAGE_VARIANTS - 1);
  const images: MediaImage[] = [
    categoryImage(category.slug, variant, title),
    destinationImage(destination.slug, destination.name),
    categoryImage(category.slug, (variant + 1) % CATEGORY_IMAGE_VARIANTS, title),
  ];
  if (labels.has("bestseller") && !labels.has("new")) labels.add("likely-to-sell-out");

  return {
    index,
    id,
    slug,
    supplierId: `sup-${slugify(random.pick(SUPPLIER_NAMES))}`,
    destinationId: destinationId(destination),
    categoryIds,
    themeIds: [...new Set(themes)],
    labels: LABELS.map((item) => item.code).filter((code) => labels.has(code)),
    occasions: random.sample(OCCASIONS, random.int(0, 2)).map((item) => item.code),
    bestFor: random.sample(BEST_FOR, random.int(1, 3)).map((item) => item.code),
    guideLanguages,
    title,
    shortDescription: fill(random.pick(SHORT_DESCRIPTIONS), { city: destination.name, category: category.name }),
    timeZone: destination.tz,
    availabilityType,
    pricingPer,
    currency,
    priceFrom: cheapest ? cheapest[0]! : null,
    priceFromOriginal: cheapest ? cheapest[1]! : null,
    noFixedPrice,
    instantConfirmation,
    durationMinutes,
    durationMinutesTo,
    durationUnit,
    minimumDurationMinutes: availabilityType === "OPENING_HOURS" ? random.pick([30, 60, 90, 120]) : null,
    minAge,
    maxAge,
    timesOfDay,
    startTime,
    endTime,
    openingHours,
    pickupIncluded,
    dropoffIncluded: pickupIncluded && random.chance(0.9),
    pickupPoints,
    extras,
    rating,
    reviewCount: ratings.length,
    expiresOn: random.chance(0.1) ? shiftDate(today, random.int(60, 500)) : null,
    cancellationPolicy: policy,
    capacityPerItem,
    latitude: Number((destination.lat + (random.next() - 0.5) * 0.2).toFixed(5)),
    longitude: Number((destination.lng + (random.next() - 0.5) * 0.2).toFixed(5)),
    address: fill(L("{city}, {country}", "{city}, {country}", "{country}{city}", "{city}، {country}"), { city: destination.name, country: country.name }),
    images,
    recommendedScore: Math.round(rating * 10 * Math.log2(2 + ratings.length)) + (labels.has("bestseller") ? 120 : 0) + random.int(0, 60),
    options,
  };
}

/** Products 0…scale-1; same seed and today give the same list. */
export function generateProducts(options: SeedOptions): GeneratedProduct[] {
  return [...streamProducts(options)];
}

/**
 * The same products one at a time, so the seed holds one chunk in memory instead of the catalogue
 * (slugs stay unique: the stream keeps the counts generateProducts keeps).
 */
export function* streamProducts(options: SeedOptions): Generator<GeneratedProduct> {
  const context: ProductContext = { options, slugCounts: new Map(), destinationTotalWeight: 0 };
  for (let index = 0; index < options.scale; index++) yield generateProduct(index, context);
}

/** Long content and reviews of one product, drawn from streams of their own. */
export function generateProductDetails(product: GeneratedProduct, options: SeedOptions): { content: ProductContent; reviews: GeneratedReview[] } {
  const random = new Random(`${options.seed}:details:${product.index}`);
  const destination = DESTINATIONS.find((item) => destinationId(item) === product.destinationId)!;
  const category = CATEGORIES.find((item) => categoryId(item) === product.categoryIds[0])!;
  const paragraphs = random.sample(LONG_PARAGRAPHS, 3);
  const description = {} as LocalizedText;
  for (const locale of LOCALE_CODES) {
    const separator = locale === "zh" ? "" : " ";
    description[locale] = [product.shortDescription[locale], ...paragraphs.map((p) => p[locale])].join(separator);
  }
  const start = product.startTime ? timeToMinutes(product.startTime) : 9 * 60;
  const stepCount = Math.min(ITINERARY_STEPS.length, random.int(3, 5));
  const steps = [ITINERARY_STEPS[0]!, ...random.sample(ITINERARY_STEPS.slice(1, -1), stepCount - 2), ITINERARY_STEPS[ITINERARY_STEPS.length - 1]!];
  const span = product.durationUnit === "DAYS" || product.durationUnit === "NIGHTS" ? 600 : product.durationMinutes;
  const itinerary: ItineraryStep[] = steps.map((step, stepIndex) => ({
    time: product.availabilityType === "START_TIME" ? minutesToTime(start + Math.round((span * stepIndex) / Math.max(1, steps.length - 1) / 15) * 15) : null,
    title: step,
    description: fill(L("{step} — {city}", "{step} — {city}", "{city}·{step}", "{step} — {city}"), { step, city: destination.name }),
  }));
  const content: ProductContent = {
    description,
    highlights: toList(random.sample(HIGHLIGHTS, random.int(3, 5))),
    includes: toList(random.sample(INCLUDES, random.int(3, 6))),
    excludes: toList(random.sample(EXCLUDES, random.int(1, 3))),
    itinerary,
    knowBeforeYouGo: toList(random.sample(KNOW_BEFORE, random.int(2, 4))),
    whatToBring: toList(random.sample(WHAT_TO_BRING, random.int(2, 4))),
    meetingPoint: product.pickupPoints[0]?.address ?? fill(L("Main entrance, {city}", "Главный вход, {city}", "{city}正门", "المدخل الرئيسي، {city}"), { city: destination.name }),
  };
  void category;

  const ratings = reviewRatings(options.seed, product.index);
  const reviews: GeneratedReview[] = ratings.map((rating, reviewIndex) => {
    const locale = random.weighted<LocaleCode>(["en", "ar", "ru", "zh"], (code) => (code === "en" ? 40 : code === "ar" ? 30 : 15));
    const texts = REVIEW_TEXTS[locale]!;
    const closest = texts.reduce((best, text) => (Math.abs(text.rating - rating) < Math.abs(best.rating - rating) ? text : best), texts[0]!);
    const matching = texts.filter((text) => text.rating === closest.rating);
    const text = random.pick(matching);
    const daysAgo = random.int(2, 720);
    const visitedOn = shiftDate(options.today, -daysAgo);
    return {
      productId: product.id,
      authorName: `${random.pick(REVIEW_AUTHORS[locale]!)}${locale === "en" || locale === "ru" ? ` ${String.fromCharCode(65 + random.int(0, 25))}.` : ""}`,
      authorCountry: random.pick(COUNTRIES).code,
      locale,
      rating,
      title: text.title,
      body: text.body,
      visitedOn,
      createdAt: new Date(`${shiftDate(visitedOn, random.int(0, 6))}T${minutesToTime(random.int(0, 1439) + reviewIndex)}:00Z`),
    };
  });
  return { content, reviews };
}
