/**
 * Importing the catalogue CSV (its format: ./csv-format.ts) over the company's own experiences.
 *
 * Import is all-or-nothing. Every row is checked with the console's own zod schemas (ProductSchema,
 * OptionSchema, UnitSchema) plus the rules between rows (ids unique, a unit's option in the file or the
 * database, one currency per product, "accompanied by" types present); then the whole change is rehearsed
 * through the domain functions (createProduct, updateUnit, removeOption, …) inside one transaction, so
 * the refusals they raise (a booked unit removed, a price with too many decimals, …) are reported per
 * row too. A dry run always rolls that transaction back; apply commits it only when no row failed, and
 * the catalogue is announced once afterwards.
 *
 * Columns a file leaves out keep their current values for existing rows, so a file with only
 * kind, product_id, option_id, unit_id and price is a price list.
 */
import { createHash } from "node:crypto";
import { parse } from "csv-parse/sync";
import { eq, inArray } from "drizzle-orm";
import type { Database, PubSub } from "#app/db/db.server";
import * as schema from "#app/db/schema";
import type { ProductOptionRow, ProductRow, UnitRow } from "#app/db/schema";
import { unguardFormula } from "#app/lib/csv-formula";
import { recordAudit, type Actor } from "#app/staff/audit.server";
import { OWN_SUPPLIER_ID, catalogueChanged, isCatalogueRuleError, type CatalogueDeps } from "./catalogue-write.server";
import { addOption, addUnit, createProduct, removeOption, removeUnit, setPublished, updateOption, updateProduct, updateUnit } from "./products.server";
import { CATALOGUE_CSV_COLUMNS, CATALOGUE_CSV_MAX_BYTES, CATALOGUE_CSV_MAX_ROWS, ID_PATTERN, IMPORT_ERRORS, LOCALES, recordsOf, type CsvColumn, type CsvRecord } from "./csv-format";
import { OptionSchema, ProductSchema, UnitSchema, type OptionInput, type ProductInput, type UnitInput } from "./schemas";

export type ImportIssue = { row: number; column: string | null; message: string; values?: Record<string, string | number> };
export type ImportAction = "create" | "update" | "remove" | "unchanged";
export type ImportKind = "product" | "option" | "unit";
export type PlannedRow = { row: number; kind: ImportKind; id: string; title: string; action: ImportAction };
export type ImportSummary = Record<ImportKind, Record<ImportAction, number>>;
export type ImportReport = { ok: boolean; rows: PlannedRow[]; issues: ImportIssue[]; summary: ImportSummary; applied: boolean };

type Parsed =
  | { row: number; kind: "product"; id: string; input: ProductInput; action: ImportAction; published: boolean; current?: ProductRow }
  | { row: number; kind: "option"; id: string; productId: string; input: OptionInput; action: ImportAction; current?: ProductOptionRow }
  | { row: number; kind: "unit"; id: string; productId: string; optionId: string; input: UnitInput; action: ImportAction; current?: UnitRow };

const emptySummary = (): ImportSummary => ({
  product: { create: 0, update: 0, remove: 0, unchanged: 0 },
  option: { create: 0, update: 0, remove: 0, unchanged: 0 },
  unit: { create: 0, update: 0, remove: 0, unchanged: 0 },
});

/** A form field (zod path or a domain refusal's field) → the CSV column it came from. */
const FIELD_COLUMNS: Record<string, string> = {
  destinationId: "destination",
  categoryIds: "categories",
  themeIds: "themes",
  shortDescription: "short",
  meetingPoint: "meeting",
  payLaterAllowed: "pay_later",
  payLaterDeadlineHours: "pay_later_hours",
  type: "unit_type",
  pickupPoints: "latitude",
};
function columnOf(path: ReadonlyArray<PropertyKey>): string | null {
  const [head, next] = path;
  if (typeof head !== "string") return null;
  const first = head.replace(/\[.*$/, "");
  const base = FIELD_COLUMNS[first] ?? first.replace(/[A-Z]/g, (char) => `_${char.toLowerCase()}`);
  if (typeof next === "string" && (LOCALES as readonly string[]).includes(next)) return `${base}_${next}`;
  return base;
}

class RowErrors {
  readonly issues: ImportIssue[] = [];
  add(row: number, column: string | null, message: string, values?: Record<string, string | number>) {
    this.issues.push({ row, column, message, values });
  }
}

const cell = (record: CsvRecord, column: CsvColumn) => (record[column] ?? "").trim();
const list = (value: string) => value.split(";").map((item) => item.trim()).filter(Boolean);
function optionalNumber(value: string): number | undefined {
  return value === "" ? undefined : Number(value);
}
function optionalText(value: string): string | undefined {
  return value === "" ? undefined : value;
}

function booleanCell(record: CsvRecord, column: CsvColumn, row: number, errors: RowErrors): boolean | undefined {
  const value = cell(record, column).toLowerCase();
  if (value === "") return undefined;
  if (["yes", "true", "1", "y"].includes(value)) return true;
  if (["no", "false", "0", "n"].includes(value)) return false;
  errors.add(row, column, IMPORT_ERRORS.boolean);
  return undefined;
}

const localizedCells = (record: CsvRecord, prefix: "title" | "short" | "meeting") =>
  Object.fromEntries(LOCALES.map((locale) => [locale, optionalText(cell(record, `${prefix}_${locale}` as CsvColumn))]).filter(([, value]) => value !== undefined));

function productValues(record: CsvRecord, row: number, errors: RowErrors, current?: ProductRow) {
  return {
    destinationId: cell(record, "destination"),
    categoryIds: list(cell(record, "categories")),
    themeIds: list(cell(record, "themes")),
    labels: list(cell(record, "labels")),
    title: localizedCells(record, "title"),
    shortDescription: localizedCells(record, "short"),
    currency: cell(record, "currency").toUpperCase(),
    pricingPer: cell(record, "pricing_per").toUpperCase(),
    availabilityType: optionalText(cell(record, "availability_type").toUpperCase()),
    confirmation: cell(record, "confirmation").toUpperCase(),
    payLaterAllowed: booleanCell(record, "pay_later", row, errors),
    payLaterDeadlineHours: optionalNumber(cell(record, "pay_later_hours")),
    noFixedPrice: booleanCell(record, "no_fixed_price", row, errors),
    durationMinutes: optionalNumber(cell(record, "duration_minutes")),
    meetingPoint: localizedCells(record, "meeting"),
    latitude: optionalNumber(cell(record, "latitude")),
    longitude: optionalNumber(cell(record, "longitude")),
    // Pickup points are not in the file: an existing product keeps its own.
    pickupPoints: (current?.pickupPoints ?? []).map((point) => ({ name: point.name, latitude: point.latitude, longitude: point.longitude, time: point.pickupTime ?? undefined })),
    nonRefundable: booleanCell(record, "non_refundable", row, errors),
    cancellation: list(cell(record, "cancellation")).map((window) => {
      const [hours = "", refund = ""] = window.split(":");
      return { hoursBefore: Number(hours.trim() || Number.NaN), refundPercent: Number(refund.trim() || Number.NaN) };
    }),
    capacityPerItem: optionalNumber(cell(record, "capacity_per_item")),
    published: booleanCell(record, "published", row, errors),
  };
}

function optionValues(record: CsvRecord) {
  return {
    title: localizedCells(record, "title"),
    durationMinutes: optionalNumber(cell(record, "duration_minutes")),
    cutoffMinutes: optionalNumber(cell(record, "cutoff_minutes")),
    minUnits: optionalNumber(cell(record, "min_units")),
    maxUnits: optionalNumber(cell(record, "max_units")),
    bookingPrice: optionalText(cell(record, "booking_price")),
    bookingPriceOriginal: optionalText(cell(record, "booking_price_original")),
    bookingMaxPax: optionalNumber(cell(record, "booking_max_pax")),
  };
}

function unitValues(record: CsvRecord) {
  return {
    type: cell(record, "unit_type").toUpperCase(),
    title: localizedCells(record, "title"),
    minAge: optionalNumber(cell(record, "min_age")),
    maxAge: optionalNumber(cell(record, "max_age")),
    minQuantity: optionalNumber(cell(record, "min_quantity")),
    maxQuantity: optionalNumber(cell(record, "max_quantity")),
    accompaniedBy: list(cell(record, "accompanied_by").toUpperCase()),
    price: optionalText(cell(record, "price")),
    priceOriginal: optionalText(cell(record, "price_original")),
  };
}

/** Prices compared by value ("200" and "200.00" are the same price). */
const PRICE_KEYS = new Set(["price", "priceOriginal", "bookingPrice", "bookingPriceOriginal"]);
const canonical = (value: unknown) => JSON.stringify(value, (key, item) => (PRICE_KEYS.has(key) && typeof item === "string" ? Number(item) : item));

type ReadFile = { header: string[]; records: Array<{ row: number; record: CsvRecord }> };

function readFile(text: string, errors: RowErrors): ReadFile | null {
  if (Buffer.byteLength(text, "utf8") > CATALOGUE_CSV_MAX_BYTES) {
    errors.add(0, null, IMPORT_ERRORS.tooLarge, { size: Math.round(CATALOGUE_CSV_MAX_BYTES / 1024) });
    return null;
  }
  let rows: string[][];
  try {
    rows = parse(text, { bom: true, skip_empty_lines: true, relax_column_count: true }) as string[][];
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    errors.add(line ?? 0, null, IMPORT_ERRORS.file);
    return null;
  }
  const [header, ...body] = rows;
  if (!header || body.length === 0) {
    errors.add(0, null, IMPORT_ERRORS.empty);
    return null;
  }
  if (body.length > CATALOGUE_CSV_MAX_ROWS) {
    errors.add(0, null, IMPORT_ERRORS.tooManyRows, { max: CATALOGUE_CSV_MAX_ROWS });
    return null;
  }
  const names = header.map((name) => name.trim().toLowerCase());
  const known = new Set<string>(CATALOGUE_CSV_COLUMNS);
  names.forEach((name, index) => {
    if (!known.has(name) || names.indexOf(name) !== index) errors.add(1, name.replaceAll("\u0000", "") || null, IMPORT_ERRORS.header);
  });
  for (const required of ["kind", "product_id"] as const) if (!names.includes(required)) errors.add(1, required, IMPORT_ERRORS.header);
  if (errors.issues.length) return null;
  // Row numbers as a spreadsheet shows them: the header is row 1.
  const records = body.map((cells, index) => ({ row: index + 2, record: Object.fromEntries(names.map((name, column) => [name, unguardFormula(cells[column] ?? "")])) as CsvRecord }));
  // PostgreSQL cannot store a NUL in text: the cell is named here rather than failing at the write.
  for (const { row, record } of records) {
    for (const name of names) if (record[name as CsvColumn]?.includes("\u0000")) errors.add(row, name, IMPORT_ERRORS.nul);
  }
  if (errors.issues.length) return null;
  return { header: names, records };
}

/** A record of an existing row with the file's columns laid over it (columns the file lacks keep their values). */
function overlay(base: CsvRecord | undefined, record: CsvRecord, header: string[]): CsvRecord {
  if (!base) return record;
  const merged: CsvRecord = { ...base };
  for (const column of header) merged[column as CsvColumn] = record[column as CsvColumn] ?? "";
  return merged;
}

function zodIssues(row: number, issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>, errors: RowErrors) {
  for (const issue of issues) errors.add(row, columnOf(issue.path), issue.message);
}

/** Reads and checks every row against the database as it is; nothing is written. */
async function plan(db: Database, text: string, errors: RowErrors): Promise<Parsed[]> {
  const file = readFile(text, errors);
  if (!file) return [];
  const ids = (column: CsvColumn) => [...new Set(file.records.map(({ record }) => cell(record, column)).filter(Boolean))];
  const productIds = ids("product_id");
  const [products, options, units] = await Promise.all([
    productIds.length ? db.select().from(schema.products).where(inArray(schema.products.id, productIds)) : [],
    db.select().from(schema.productOptions).where(inArray(schema.productOptions.productId, productIds.length ? productIds : [""])),
    db
      .select({ unit: schema.units })
      .from(schema.units)
      .innerJoin(schema.productOptions, eq(schema.productOptions.id, schema.units.optionId))
      .where(inArray(schema.productOptions.productId, productIds.length ? productIds : [""])),
  ]);
  const productById = new Map(products.map((product) => [product.id, product]));
  const optionById = new Map(options.map((option) => [option.id, option]));
  const unitRows = units.map(({ unit }) => unit);
  const unitById = new Map(unitRows.map((unit) => [unit.id, unit]));
  const currentRecords = new Map<string, CsvRecord>();
  for (const record of recordsOf({ products, options, units: unitRows })) {
    currentRecords.set(`${record.kind}:${record.kind === "product" ? record.product_id : record.kind === "option" ? record.option_id : record.unit_id}`, record);
  }

  const seen = new Map<string, number>();
  const fileProducts = new Map<string, { currency: string; row: number }>();
  const fileOptions = new Map<string, { productId: string; removed: boolean }>();
  const parsed: Parsed[] = [];
  const unitTypesOf = new Map<string, Set<string>>();

  // First pass: kinds, ids, parents and removals; products' currencies.
  type Checked = { row: number; kind: ImportKind; id: string; record: CsvRecord; productId: string; optionId: string; remove: boolean };
  const checked: Checked[] = [];
  for (const { row, record } of file.records) {
    const kind = cell(record, "kind").toLowerCase();
    if (kind !== "product" && kind !== "option" && kind !== "unit") {
      errors.add(row, "kind", IMPORT_ERRORS.kind);
      continue;
    }
    const productId = cell(record, "product_id");
    const optionId = cell(record, "option_id");
    const idColumn = kind === "product" ? "product_id" : kind === "option" ? "option_id" : "unit_id";
    const id = cell(record, idColumn);
    let bad = false;
    for (const column of ["product_id", ...(kind === "product" ? [] : ["option_id"]), ...(kind === "unit" ? ["unit_id"] : [])] as CsvColumn[]) {
      if (!ID_PATTERN.test(cell(record, column))) {
        errors.add(row, column, IMPORT_ERRORS.id);
        bad = true;
      }
    }
    if (bad) continue;
    const key = `${kind}:${id}`;
    if (seen.has(key)) {
      errors.add(row, idColumn, IMPORT_ERRORS.duplicate, { row: seen.get(key)! });
      continue;
    }
    seen.set(key, row);
    const remove = booleanCell(record, "remove", row, errors) ?? false;
    checked.push({ row, kind, id, record, productId, optionId, remove });
    if (kind === "product") fileProducts.set(id, { currency: cell(record, "currency").toUpperCase() || productById.get(id)?.currency || "", row });
    if (kind === "option") fileOptions.set(id, { productId, removed: remove });
  }

  for (const entry of checked) {
    const { row, kind, id, record, productId, optionId, remove } = entry;
    const product = productById.get(productId);
    if (product && product.supplierId !== OWN_SUPPLIER_ID) {
      errors.add(row, "product_id", IMPORT_ERRORS.notOwn);
      continue;
    }
    if (!product && !fileProducts.has(productId)) {
      errors.add(row, "product_id", IMPORT_ERRORS.unknownProduct);
      continue;
    }
    const currency = fileProducts.get(productId)?.currency || product?.currency || "";
    const rowCurrency = cell(record, "currency").toUpperCase();
    if (kind !== "product" && rowCurrency && rowCurrency !== currency) errors.add(row, "currency", IMPORT_ERRORS.currency, { currency });
    if (kind === "product") {
      if (remove) errors.add(row, "remove", IMPORT_ERRORS.removeProduct);
      continue;
    }
    if (kind === "option") {
      const existing = optionById.get(id);
      if (existing && existing.productId !== productId) errors.add(row, "option_id", IMPORT_ERRORS.wrongParent);
      else if (!existing && remove) errors.add(row, "remove", IMPORT_ERRORS.removeNew);
      continue;
    }
    // A unit: its option is in the file or in the database, under the same product.
    const option = optionById.get(optionId);
    const fileOption = fileOptions.get(optionId);
    if (!option && !fileOption) errors.add(row, "option_id", IMPORT_ERRORS.unknownOption);
    else if ((option && option.productId !== productId) || (fileOption && fileOption.productId !== productId)) errors.add(row, "option_id", IMPORT_ERRORS.wrongParent);
    else {
      const existing = unitById.get(id);
      if (existing && existing.optionId !== optionId) errors.add(row, "unit_id", IMPORT_ERRORS.wrongParent);
      else if (!existing && remove) errors.add(row, "remove", IMPORT_ERRORS.removeNew);
    }
  }

  // The unit types each option will have: its database units not removed by the file, and the file's.
  const removedUnits = new Set(checked.filter((entry) => entry.kind === "unit" && entry.remove).map((entry) => entry.id));
  for (const unit of unitRows) {
    if (removedUnits.has(unit.id)) continue;
    const fileRow = checked.find((entry) => entry.kind === "unit" && entry.id === unit.id);
    const type = fileRow && cell(fileRow.record, "unit_type") ? cell(fileRow.record, "unit_type").toUpperCase() : unit.type;
    unitTypesOf.set(unit.optionId, (unitTypesOf.get(unit.optionId) ?? new Set()).add(type));
  }
  for (const entry of checked) {
    if (entry.kind !== "unit" || entry.remove || unitById.has(entry.id)) continue;
    unitTypesOf.set(entry.optionId, (unitTypesOf.get(entry.optionId) ?? new Set()).add(cell(entry.record, "unit_type").toUpperCase()));
  }

  // Second pass: every row through the console's schema, and what it would change.
  for (const { row, kind, id, record: raw, productId, optionId, remove } of checked) {
    if (errors.issues.some((issue) => issue.row === row)) continue;
    const base = currentRecords.get(`${kind}:${id}`);
    const record = overlay(base, raw, file.header);
    if (kind === "product") {
      const current = productById.get(id);
      const published = booleanCell(record, "published", row, errors) ?? false;
      const result = ProductSchema.safeParse(productValues(record, row, errors, current));
      if (!result.success) {
        zodIssues(row, result.error.issues, errors);
        continue;
      }
      const before = base ? ProductSchema.safeParse(productValues(base, row, new RowErrors(), current)) : null;
      const action: ImportAction = !current ? "create" : before?.success && canonical(before.data) === canonical(result.data) ? "unchanged" : "update";
      parsed.push({ row, kind, id, input: result.data, action, published, current });
    } else if (kind === "option") {
      const current = optionById.get(id);
      const result = OptionSchema.safeParse(optionValues(record));
      if (!result.success && !remove) {
        zodIssues(row, result.error.issues, errors);
        continue;
      }
      const before = base ? OptionSchema.safeParse(optionValues(base)) : null;
      const action: ImportAction = remove ? "remove" : !current ? "create" : before?.success && result.success && canonical(before.data) === canonical(result.data) ? "unchanged" : "update";
      parsed.push({ row, kind, id, productId, input: result.data ?? ({} as OptionInput), action, current });
    } else {
      const current = unitById.get(id);
      const values = unitValues(record);
      const result = UnitSchema.safeParse(values);
      if (!result.success && !remove) {
        zodIssues(row, result.error.issues, errors);
        continue;
      }
      if (!remove) {
        const types = unitTypesOf.get(optionId) ?? new Set();
        const missing = values.accompaniedBy.filter((type) => !types.has(type) || type === values.type);
        if (missing.length) {
          errors.add(row, "accompanied_by", IMPORT_ERRORS.accompaniedBy, { types: missing.join(", ") });
          continue;
        }
      }
      const before = base ? UnitSchema.safeParse(unitValues(base)) : null;
      const action: ImportAction = remove ? "remove" : !current ? "create" : before?.success && result.success && canonical(before.data) === canonical(result.data) ? "unchanged" : "update";
      parsed.push({ row, kind, id, productId, optionId, input: result.data ?? ({} as UnitInput), action, current });
    }
  }
  return parsed;
}

/** Units of one option in an order where a unit comes after the types it must be booked with. */
function unitOrder(rows: Array<Extract<Parsed, { kind: "unit" }>>): Array<Extract<Parsed, { kind: "unit" }>> {
  const ordered: typeof rows = [];
  const placed = new Set<string>();
  const pending = [...rows];
  const dbTypes = (row: (typeof rows)[number]) => row.input.accompaniedBy.filter((type) => !rows.some((other) => other.optionId === row.optionId && other.input.type === type));
  while (pending.length) {
    const index = pending.findIndex((row) => row.input.accompaniedBy.every((type) => placed.has(`${row.optionId}:${type}`) || dbTypes(row).includes(type)));
    const [next] = pending.splice(index === -1 ? 0 : index, 1);
    ordered.push(next!);
    placed.add(`${next!.optionId}:${next!.input.type}`);
  }
  return ordered;
}

class Rollback extends Error {}

/** A file's fingerprint for carrying a dry run to "Apply": a byte-order mark and line-break style do not change it (forms send CRLF). */
export function catalogueCsvDigest(text: string): string {
  return createHash("sha256")
    .update(text.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n"))
    .digest("hex");
}

const titleOf = (entry: Parsed): string => {
  const typed = entry.action === "remove" ? "" : (entry.input.title?.en ?? "");
  const stored = entry.current && "title" in entry.current ? entry.current.title.en : "";
  return typed || stored || (entry.kind === "unit" ? (entry.input.type ?? entry.current?.type ?? "") : "");
};

/**
 * Checks a CSV file and rehearses it through the domain in one transaction. With `apply`, commits that
 * transaction when every row passed (with one audit entry for the import besides each change's own) and
 * announces the catalogue change once; otherwise rolls it back. Never writes anything when a row fails.
 */
export async function importCatalogueCsv(deps: CatalogueDeps, actor: Actor, text: string, now: Date, options: { apply: boolean }): Promise<ImportReport> {
  const errors = new RowErrors();
  const parsed = await plan(deps.db, text, errors);
  const summary = emptySummary();
  const rows: PlannedRow[] = parsed.map((entry) => ({ row: entry.row, kind: entry.kind, id: entry.id, title: titleOf(entry), action: entry.action }));
  for (const entry of parsed) summary[entry.kind][entry.action] += 1;
  const report = (applied: boolean): ImportReport => ({ ok: errors.issues.length === 0, rows, issues: errors.issues.sort((a, b) => a.row - b.row), summary, applied });
  if (errors.issues.length) return report(false);

  let applied = false;
  try {
    await deps.db.transaction(async (tx) => {
      // The domain functions run on this transaction (each in its own savepoint); their signal waits for the commit.
      const quiet: PubSub = { notify: async () => {}, listen: async () => async () => {} };
      const inner: CatalogueDeps = { db: tx as unknown as Database, pubsub: quiet };
      const productIds = new Map<string, string>();
      const optionIds = new Map<string, string>();
      const failed = new Set<string>();
      const attempt = async (entry: Parsed, change: () => Promise<void>) => {
        const parent = entry.kind === "product" ? null : entry.kind === "option" ? `product:${entry.productId}` : `option:${entry.optionId}`;
        if ((parent && failed.has(parent)) || (entry.kind === "unit" && failed.has(`product:${entry.productId}`))) {
          errors.add(entry.row, null, IMPORT_ERRORS.skipped);
          failed.add(`${entry.kind}:${entry.id}`);
          return;
        }
        try {
          await change();
        } catch (error) {
          if (!isCatalogueRuleError(error)) throw error;
          errors.add(entry.row, error.field ? columnOf([error.field]) : null, error.key);
          failed.add(`${entry.kind}:${entry.id}`);
        }
      };
      const pid = (id: string) => productIds.get(id) ?? id;
      const oid = (id: string) => optionIds.get(id) ?? id;

      for (const entry of parsed) {
        if (entry.kind !== "product" || entry.action === "unchanged") continue;
        await attempt(entry, async () => {
          if (entry.current) await updateProduct(inner, actor, entry.id, { ...entry.input, published: entry.current.published }, now);
          else productIds.set(entry.id, (await createProduct(inner, actor, { ...entry.input, published: false }, now)).id);
        });
      }
      for (const entry of parsed) {
        if (entry.kind !== "option" || entry.action === "unchanged" || entry.action === "remove") continue;
        await attempt(entry, async () => {
          if (entry.current) await updateOption(inner, actor, entry.id, entry.input, now);
          else optionIds.set(entry.id, await addOption(inner, actor, pid(entry.productId), entry.input, now));
        });
      }
      const units = parsed.filter((entry): entry is Extract<Parsed, { kind: "unit" }> => entry.kind === "unit" && entry.action !== "unchanged" && entry.action !== "remove");
      for (const entry of unitOrder(units)) {
        await attempt(entry, async () => {
          if (entry.current) await updateUnit(inner, actor, entry.id, entry.input, now);
          else await addUnit(inner, actor, oid(entry.optionId), entry.input, now);
        });
      }
      for (const entry of parsed) {
        if (entry.kind === "unit" && entry.action === "remove") await attempt(entry, () => removeUnit(inner, actor, entry.id, now));
      }
      for (const entry of parsed) {
        if (entry.kind === "option" && entry.action === "remove") await attempt(entry, () => removeOption(inner, actor, entry.id, now));
      }
      for (const entry of parsed) {
        if (entry.kind !== "product" || failed.has(`product:${entry.id}`)) continue;
        if (entry.published !== (entry.current?.published ?? false)) await attempt(entry, () => setPublished(inner, actor, pid(entry.id), entry.published, now));
      }
      if (errors.issues.length || !options.apply) throw new Rollback();
      const changed = parsed.filter((entry) => entry.action !== "unchanged");
      applied = true;
      if (changed.length === 0) return;
      await recordAudit(
        tx as unknown as Database,
        actor,
        { action: "catalogueImport.applied", subjectType: "catalogue", subjectId: "import", after: { summary, rows: changed.map((entry) => ({ row: entry.row, kind: entry.kind, id: entry.kind === "product" ? pid(entry.id) : entry.kind === "option" ? oid(entry.id) : entry.id, action: entry.action })) } },
        now,
      );
    });
  } catch (error) {
    if (!(error instanceof Rollback)) throw error;
  }
  if (applied && parsed.some((entry) => entry.action !== "unchanged")) await catalogueChanged(deps);
  return report(applied);
}

