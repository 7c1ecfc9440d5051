/**
 * Stored catalogue rows as the console's forms show them: prices in major units, untranslated languages
 * empty (they hold the English text), cancellation rules as "hours before → refund %", and one blank row
 * at the end of every repeated group so a row can be added without JavaScript.
 */
import type { PriceSeasonRow, ProductOptionRow, ProductRow, UnitRow } from "#app/db/schema";
import type { LocalizedText } from "#app/db/types";
import { BASE_CURRENCY, isCurrencyCode, majorAmountText } from "#app/lib/money";

/** A stored price as a form field or CSV cell holds it ("" for none); a currency we do not know reads as the base currency (two decimals). */
export function majorText(amount: number | null, currency: string): string {
  if (amount === null) return "";
  return majorAmountText(amount, isCurrencyCode(currency) ? currency : BASE_CURRENCY);
}

/** Stored text for a form: a language that only repeats the English is shown empty. */
export function formText(text: LocalizedText): LocalizedText {
  return { en: text.en, ru: text.ru === text.en ? "" : text.ru, zh: text.zh === text.en ? "" : text.zh, ar: text.ar === text.en ? "" : text.ar };
}

export function productFormValues(product: ProductRow) {
  return {
    destinationId: product.destinationId,
    categoryIds: product.categoryIds,
    themeIds: product.themeIds,
    labels: product.labels,
    title: formText(product.title),
    shortDescription: formText(product.shortDescription),
    currency: product.currency,
    pricingPer: product.pricingPer,
    availabilityType: product.availabilityType,
    confirmation: product.instantConfirmation ? "INSTANT" : "ON_REQUEST",
    payLaterAllowed: product.payLaterAllowed ? "on" : undefined,
    payLaterDeadlineHours: product.payLaterDeadlineHours === null ? "" : String(product.payLaterDeadlineHours),
    noFixedPrice: product.noFixedPrice ? "on" : undefined,
    durationMinutes: String(product.durationMinutes),
    meetingPoint: formText(product.address),
    latitude: String(product.latitude),
    longitude: String(product.longitude),
    pickupPoints: [
      ...product.pickupPoints.map((point) => ({ name: formText(point.name), latitude: String(point.latitude), longitude: String(point.longitude), time: point.pickupTime ?? "" })),
      { name: { en: "", ru: "", zh: "", ar: "" }, latitude: "", longitude: "", time: "" },
    ],
    nonRefundable: product.cancellationPolicy.nonRefundable ? "on" : undefined,
    cancellation: [
      ...product.cancellationPolicy.rules.map((rule) => ({ hoursBefore: String(rule.days * 24 + rule.hours), refundPercent: String(100 - rule.penaltyPercent) })),
      { hoursBefore: "", refundPercent: "" },
    ],
    capacityPerItem: String(product.capacityPerItem),
    published: product.published ? "on" : undefined,
  };
}

export function newProductFormValues() {
  return {
    currency: "SAR",
    pricingPer: "UNIT",
    availabilityType: "START_TIME",
    confirmation: "INSTANT",
    payLaterAllowed: "on",
    capacityPerItem: "10",
    durationMinutes: "120",
    pickupPoints: [{ name: "", latitude: "", longitude: "", time: "" }],
    cancellation: [
      { hoursBefore: "24", refundPercent: "100" },
      { hoursBefore: "", refundPercent: "" },
    ],
  };
}

export function optionFormValues(option: ProductOptionRow, currency: string) {
  return {
    title: formText(option.title),
    durationMinutes: String(option.durationMinutes),
    cutoffMinutes: String(option.cutoffMinutes),
    minUnits: String(option.minUnits),
    maxUnits: option.maxUnits === null ? "" : String(option.maxUnits),
    bookingPrice: majorText(option.bookingPrice, currency),
    // An "original" equal to the price is no strike-through price (the demo catalogue stores it so).
    bookingPriceOriginal: option.bookingPriceOriginal === option.bookingPrice ? "" : majorText(option.bookingPriceOriginal, currency),
    bookingMaxPax: option.bookingMaxPax === null ? "" : String(option.bookingMaxPax),
  };
}

export function unitFormValues(unit: UnitRow, siblings: UnitRow[], currency: string) {
  return {
    type: unit.type,
    title: { en: unit.title.en },
    minAge: String(unit.minAge),
    maxAge: String(unit.maxAge),
    minQuantity: unit.minQuantity === null ? "" : String(unit.minQuantity),
    maxQuantity: unit.maxQuantity === null ? "" : String(unit.maxQuantity),
    accompaniedBy: [...new Set(siblings.filter((sibling) => unit.accompaniedBy.includes(sibling.id)).map((sibling) => sibling.type))],
    price: majorText(unit.price, currency),
    priceOriginal: unit.priceOriginal === unit.price ? "" : majorText(unit.priceOriginal, currency),
  };
}

/** The season form's rows: one per unit of the option (prices left empty keep the base price). */
export function seasonFormValues(units: UnitRow[]) {
  return { units: units.map((unit) => ({ unitId: unit.id, price: "", original: "" })) };
}

export type SeasonView = Pick<PriceSeasonRow, "id" | "validFrom" | "validTo" | "unitPrices" | "bookingPrice" | "bookingPriceOriginal">;
