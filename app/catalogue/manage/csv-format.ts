/**
 * The catalogue CSV's format: its columns, its limits and messages, and how the company's own products,
 * options and units become rows (one row each, column `kind`, with their stable ids so an exported file
 * can be edited and imported back). Base prices travel in the product's currency (major units, as the
 * console types them); price seasons and pickup points are not in the file. Export (./csv-export.server.ts)
 * writes these rows; import (./csv-import.server.ts) reads them back over the rows as they are.
 */
import type { ProductOptionRow, ProductRow, UnitRow } from "#app/db/schema";
import { formText, majorText } from "./form-values";

export const CATALOGUE_CSV_COLUMNS = [
  "kind",
  "product_id",
  "option_id",
  "unit_id",
  "remove",
  "currency",
  "title_en",
  "title_ru",
  "title_zh",
  "title_ar",
  "destination",
  "categories",
  "themes",
  "labels",
  "short_en",
  "short_ru",
  "short_zh",
  "short_ar",
  "pricing_per",
  "availability_type",
  "confirmation",
  "pay_later",
  "pay_later_hours",
  "no_fixed_price",
  "duration_minutes",
  "meeting_en",
  "meeting_ru",
  "meeting_zh",
  "meeting_ar",
  "latitude",
  "longitude",
  "capacity_per_item",
  "non_refundable",
  "cancellation",
  "published",
  "cutoff_minutes",
  "min_units",
  "max_units",
  "booking_price",
  "booking_price_original",
  "booking_max_pax",
  "unit_type",
  "min_age",
  "max_age",
  "min_quantity",
  "max_quantity",
  "accompanied_by",
  "price",
  "price_original",
] as const;
export type CsvColumn = (typeof CATALOGUE_CSV_COLUMNS)[number];
export type CsvRecord = Partial<Record<CsvColumn, string>>;

/** The largest file the import reads (bytes) and the most rows. */
export const CATALOGUE_CSV_MAX_BYTES = 1024 * 1024;
export const CATALOGUE_CSV_MAX_ROWS = 5000;
/**
 * The largest request the import route reads: the file twice at most (apply sends it back as text in
 * a field, where a browser may turn every line break into CRLF), plus the form's own parts. The body
 * guard (server.js) gives this route, and only this one, that much instead of its 100 KB for forms.
 */
export const CATALOGUE_IMPORT_BODY_LIMIT = CATALOGUE_CSV_MAX_BYTES * 2 + 64 * 1024;

export const IMPORT_ERRORS = {
  file: "admin.catalogueImport.errors.file",
  empty: "admin.catalogueImport.errors.empty",
  tooLarge: "admin.catalogueImport.errors.tooLarge",
  tooManyRows: "admin.catalogueImport.errors.tooManyRows",
  header: "admin.catalogueImport.errors.header",
  kind: "admin.catalogueImport.errors.kind",
  id: "admin.catalogueImport.errors.id",
  duplicate: "admin.catalogueImport.errors.duplicate",
  notOwn: "admin.catalogueImport.errors.notOwn",
  unknownProduct: "admin.catalogueImport.errors.unknownProduct",
  unknownOption: "admin.catalogueImport.errors.unknownOption",
  wrongParent: "admin.catalogueImport.errors.wrongParent",
  removeNew: "admin.catalogueImport.errors.removeNew",
  removeProduct: "admin.catalogueImport.errors.removeProduct",
  currency: "admin.catalogueImport.errors.currency",
  boolean: "admin.catalogueImport.errors.boolean",
  accompaniedBy: "admin.catalogueImport.errors.accompaniedBy",
  skipped: "admin.catalogueImport.errors.skipped",
  nul: "admin.catalogueImport.errors.nul",
} as const;

export const LOCALES = ["en", "ru", "zh", "ar"] as const;
export const ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,119}$/;

const yesNo = (value: boolean) => (value ? "yes" : "no");
const num = (value: number | null) => (value === null ? "" : String(value));

export type OwnCatalogue = { products: ProductRow[]; options: ProductOptionRow[]; units: UnitRow[] };


function localized(prefix: string, text: { en: string; ru: string; zh: string; ar: string }): CsvRecord {
  const shown = formText(text);
  return Object.fromEntries(LOCALES.map((locale) => [`${prefix}_${locale}`, shown[locale]]));
}

function productRecord(product: ProductRow): CsvRecord {
  return {
    kind: "product",
    product_id: product.id,
    currency: product.currency,
    ...localized("title", product.title),
    destination: product.destinationId,
    categories: product.categoryIds.join(";"),
    themes: product.themeIds.join(";"),
    labels: product.labels.join(";"),
    ...localized("short", product.shortDescription),
    pricing_per: product.pricingPer,
    availability_type: product.availabilityType,
    confirmation: product.instantConfirmation ? "INSTANT" : "ON_REQUEST",
    pay_later: yesNo(product.payLaterAllowed),
    pay_later_hours: num(product.payLaterDeadlineHours),
    no_fixed_price: yesNo(product.noFixedPrice),
    duration_minutes: String(product.durationMinutes),
    ...localized("meeting", product.address),
    latitude: String(product.latitude),
    longitude: String(product.longitude),
    capacity_per_item: String(product.capacityPerItem),
    non_refundable: yesNo(product.cancellationPolicy.nonRefundable),
    cancellation: product.cancellationPolicy.rules.map((rule) => `${rule.days * 24 + rule.hours}:${100 - rule.penaltyPercent}`).join(";"),
    published: yesNo(product.published),
  };
}

function optionRecord(option: ProductOptionRow, currency: string): CsvRecord {
  return {
    kind: "option",
    product_id: option.productId,
    option_id: option.id,
    currency,
    ...localized("title", option.title),
    duration_minutes: String(option.durationMinutes),
    cutoff_minutes: String(option.cutoffMinutes),
    min_units: String(option.minUnits),
    max_units: num(option.maxUnits),
    booking_price: majorText(option.bookingPrice, currency),
    booking_price_original: majorText(option.bookingPriceOriginal, currency),
    booking_max_pax: num(option.bookingMaxPax),
  };
}

function unitRecord(unit: UnitRow, productId: string, siblings: UnitRow[], currency: string): CsvRecord {
  return {
    kind: "unit",
    product_id: productId,
    option_id: unit.optionId,
    unit_id: unit.id,
    currency,
    ...localized("title", unit.title),
    unit_type: unit.type,
    min_age: String(unit.minAge),
    max_age: String(unit.maxAge),
    min_quantity: num(unit.minQuantity),
    max_quantity: num(unit.maxQuantity),
    accompanied_by: [...new Set(siblings.filter((sibling) => unit.accompaniedBy.includes(sibling.id)).map((sibling) => sibling.type))].join(";"),
    price: majorText(unit.price, currency),
    price_original: majorText(unit.priceOriginal, currency),
  };
}

/** Every record of a catalogue, products each followed by their options, each followed by its units. */
export function recordsOf(own: OwnCatalogue): CsvRecord[] {
  const records: CsvRecord[] = [];
  for (const product of own.products) {
    records.push(productRecord(product));
    for (const option of own.options.filter((candidate) => candidate.productId === product.id)) {
      records.push(optionRecord(option, product.currency));
      const units = own.units.filter((unit) => unit.optionId === option.id);
      for (const unit of units) records.push(unitRecord(unit, product.id, units, product.currency));
    }
  }
  return records;
}
