import { randomUUID } from "node:crypto";
import { parse } from "csv-parse/sync";
import { eq } from "drizzle-orm";
import { toCsv } from "#app/commerce/back-office.server";
import { unguardFormula } from "#app/lib/csv-formula";
import * as schema from "#app/db/schema";
import { listAudit, type Actor } from "#app/staff/audit.server";
import { newProductInput } from "#app/testing/catalogue-fixtures.server";
import { createTestContext, type TestContext } from "#app/testing/context.server";
import { exportCatalogueCsv } from "./csv-export.server";
import { CATALOGUE_CSV_COLUMNS, IMPORT_ERRORS } from "./csv-format";
import { importCatalogueCsv } from "./csv-import.server";
import { addOption, addUnit, createProduct, setPublished } from "./products.server";
import { CATALOGUE_ERRORS } from "./schemas";

let ctx: TestContext;
const actor: Actor = { id: null, email: "catalogue@staff.example.com" };
const now = () => ctx.clock.now();

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.stop();
});

async function ownProduct() {
  const { id } = await createProduct(ctx, actor, await newProductInput(ctx.db), now());
  const optionId = await addOption(ctx, actor, id, { title: { en: "Sunset trip" }, durationMinutes: 300, cutoffMinutes: 0, minUnits: 1 }, now());
  const adult = await addUnit(ctx, actor, optionId, { type: "ADULT", title: {}, minAge: 13, maxAge: 99, accompaniedBy: [], price: "350" }, now());
  const child = await addUnit(ctx, actor, optionId, { type: "CHILD", title: {}, minAge: 3, maxAge: 12, accompaniedBy: ["ADULT"], price: "175.50" }, now());
  await setPublished(ctx, actor, id, true, now());
  return { id, optionId, adult, child };
}

type Table = { header: string[]; rows: string[][] };
/** The export's cells as they mean (formula guard removed), so `write(read(csv))` is `csv`. */
const read = (csv: string): Table => {
  const [header, ...rows] = parse(csv, { bom: true }) as string[][];
  return { header: header!, rows: rows.map((row) => row.map(unguardFormula)) };
};
const write = (table: Table) => toCsv(table.header, table.rows);
const col = (table: Table, name: string) => table.header.indexOf(name);
function rowOf(table: Table, kind: string, id: string): string[] {
  const idColumn = col(table, kind === "product" ? "product_id" : kind === "option" ? "option_id" : "unit_id");
  const row = table.rows.find((candidate) => candidate[0] === kind && candidate[idColumn] === id);
  if (!row) throw new Error(`${kind} ${id} not in the export`);
  return row;
}
/** Spreadsheet row number of a record (header is row 1). */
const lineOf = (table: Table, row: string[]) => table.rows.indexOf(row) + 2;

async function auditCount() {
  return (await ctx.db.select({ id: schema.auditLog.id }).from(schema.auditLog)).length;
}

describe("catalogue CSV", () => {
  test("the export holds own products with their options and units, stable ids and major-unit prices", async () => {
    const product = await ownProduct();
    const table = read(await exportCatalogueCsv(ctx.db));
    expect(table.header).toEqual([...CATALOGUE_CSV_COLUMNS]);
    expect(rowOf(table, "product", product.id)[col(table, "published")]).toBe("yes");
    expect(rowOf(table, "option", product.optionId)[col(table, "product_id")]).toBe(product.id);
    const child = rowOf(table, "unit", product.child);
    expect(child[col(table, "price")]).toBe("175.50");
    expect(child[col(table, "accompanied_by")]).toBe("ADULT");
    expect(table.rows.every((row) => row[col(table, "product_id")]!.startsWith("own-"))).toBe(true);
  });

  test("exporting and importing the same file changes nothing", async () => {
    await ownProduct();
    const csv = await exportCatalogueCsv(ctx.db);
    const audits = await auditCount();
    const dry = await importCatalogueCsv(ctx, actor, csv, now(), { apply: false });
    expect(dry.issues).toEqual([]);
    expect(dry.ok).toBe(true);
    for (const kind of ["product", "option", "unit"] as const) {
      expect(dry.summary[kind]).toMatchObject({ create: 0, update: 0, remove: 0 });
      expect(dry.summary[kind].unchanged).toBeGreaterThan(0);
    }
    const applied = await importCatalogueCsv(ctx, actor, csv, now(), { apply: true });
    expect(applied.ok).toBe(true);
    expect(await exportCatalogueCsv(ctx.db)).toBe(csv);
    // No product, option or unit was written, so there is nothing to audit.
    expect(await auditCount()).toBe(audits);
  });

  // The pentest (#27 item 7g): the export's formula guard came back as text, one more ' each round trip.
  test("cells the export guards against spreadsheet formulas come back as they were: export → import → export is stable", async () => {
    const input = await newProductInput(ctx.db, {
      title: { en: `=Dunes ${randomUUID().slice(0, 6)}`, ru: "-Дюны", zh: "@沙丘", ar: "'=كثبان" },
      shortDescription: { en: "+966 for bookings" },
      latitude: -33.9,
      longitude: -70.6,
    });
    const { id } = await createProduct(ctx, actor, input, now());
    const first = await exportCatalogueCsv(ctx.db);
    const [header, ...cells] = parse(first, { bom: true }) as string[][];
    const raw = cells.find((cellsOfRow) => cellsOfRow[0] === "product" && cellsOfRow[1] === id)!;
    expect(raw[header!.indexOf("title_en")]).toMatch(/^'=Dunes /);
    expect(raw[header!.indexOf("title_ar")]).toBe("''=كثبان");
    expect(raw[header!.indexOf("latitude")]).toBe("'-33.9");
    for (let round = 0; round < 2; round += 1) {
      const report = await importCatalogueCsv(ctx, actor, first, now(), { apply: true });
      expect(report.issues).toEqual([]);
      expect(report.rows.find((entry) => entry.id === id)?.action).toBe("unchanged");
      expect(await exportCatalogueCsv(ctx.db)).toBe(first);
    }
    const [stored] = await ctx.db.select().from(schema.products).where(eq(schema.products.id, id));
    expect(stored!.title).toMatchObject({ en: input.title.en, ru: "-Дюны", zh: "@沙丘", ar: "'=كثبان" });
    expect(stored!.latitude).toBe(-33.9);
  });

  // The pentest (#27 item 7b): a NUL in a cell reached PostgreSQL, which refuses it in text (a 500).
  test("a cell with a NUL character is reported with its row and column, and nothing is written", async () => {
    const product = await ownProduct();
    const table = read(await exportCatalogueCsv(ctx.db));
    const option = rowOf(table, "option", product.optionId);
    option[col(table, "title_en")] = "Sunset\u0000trip";
    const before = await exportCatalogueCsv(ctx.db);
    const report = await importCatalogueCsv(ctx, actor, write(table), now(), { apply: true });
    expect(report.ok).toBe(false);
    expect(report.issues).toEqual([{ row: lineOf(table, option), column: "title_en", message: IMPORT_ERRORS.nul, values: undefined }]);
    expect(await exportCatalogueCsv(ctx.db)).toBe(before);
  });

  test("a file with one bad row writes nothing and names that row and column", async () => {
    const product = await ownProduct();
    const table = read(await exportCatalogueCsv(ctx.db));
    const adult = rowOf(table, "unit", product.adult);
    adult[col(table, "price")] = "400";
    const child = rowOf(table, "unit", product.child);
    child[col(table, "price")] = "cheap";
    const before = await exportCatalogueCsv(ctx.db);
    const audits = await auditCount();
    const report = await importCatalogueCsv(ctx, actor, write(table), now(), { apply: true });
    expect(report.ok).toBe(false);
    expect(report.applied).toBe(false);
    expect(report.issues).toEqual([{ row: lineOf(table, child), column: "price", message: CATALOGUE_ERRORS.amount, values: undefined }]);
    expect(await exportCatalogueCsv(ctx.db)).toBe(before);
    expect(await auditCount()).toBe(audits);
  });

  test("rules between rows: unknown option, duplicate ids, one currency per product, accompanied-by types, unknown columns", async () => {
    const product = await ownProduct();
    const table = read(await exportCatalogueCsv(ctx.db));
    const adult = rowOf(table, "unit", product.adult);
    const orphan = [...adult];
    orphan[col(table, "unit_id")] = "new-unit-1";
    orphan[col(table, "option_id")] = "no-such-option";
    const duplicate = [...rowOf(table, "option", product.optionId)];
    const child = rowOf(table, "unit", product.child);
    child[col(table, "currency")] = "USD";
    const senior = [...adult];
    senior[col(table, "unit_id")] = "new-senior";
    senior[col(table, "unit_type")] = "SENIOR";
    senior[col(table, "accompanied_by")] = "STUDENT";
    table.rows.push(orphan, duplicate, senior);
    const report = await importCatalogueCsv(ctx, actor, write(table), now(), { apply: true });
    const issue = (row: string[]) => report.issues.filter((entry) => entry.row === lineOf(table, row)).map((entry) => [entry.column, entry.message]);
    expect(issue(orphan)).toEqual([["option_id", IMPORT_ERRORS.unknownOption]]);
    expect(issue(duplicate)).toEqual([["option_id", IMPORT_ERRORS.duplicate]]);
    expect(issue(child)).toEqual([["currency", IMPORT_ERRORS.currency]]);
    expect(issue(senior)).toEqual([["accompanied_by", IMPORT_ERRORS.accompaniedBy]]);
    expect(report.applied).toBe(false);

    const unknown = await importCatalogueCsv(ctx, actor, "kind,product_id,colour\nproduct,x,red\n", now(), { apply: false });
    expect(unknown.issues).toEqual([{ row: 1, column: "colour", message: IMPORT_ERRORS.header, values: undefined }]);
  });

  test("a valid file creates a product with options and units and changes a price, audited, in one import", async () => {
    const product = await ownProduct();
    const table = read(await exportCatalogueCsv(ctx.db));
    rowOf(table, "unit", product.adult)[col(table, "price")] = "395";
    const base = rowOf(table, "product", product.id);
    const blank = () => table.header.map(() => "");
    const set = (row: string[], values: Record<string, string>) => {
      for (const [name, value] of Object.entries(values)) row[col(table, name)] = value;
      return row;
    };
    const title = `Camel Caravan ${randomUUID().slice(0, 6)}`;
    const newProduct = set([...base], { product_id: "new-caravan", title_en: title, title_ar: "قافلة الجمال", published: "yes" });
    const morning = set(blank(), { kind: "option", product_id: "new-caravan", option_id: "new-morning", title_en: "Morning", duration_minutes: "180" });
    const evening = set(blank(), { kind: "option", product_id: "new-caravan", option_id: "new-evening", title_en: "Evening", duration_minutes: "240", min_units: "2" });
    const units = [
      // The child comes first in the file: it must still find its adult.
      set(blank(), { kind: "unit", product_id: "new-caravan", option_id: "new-morning", unit_id: "m-child", unit_type: "CHILD", min_age: "3", max_age: "12", accompanied_by: "ADULT", price: "90" }),
      set(blank(), { kind: "unit", product_id: "new-caravan", option_id: "new-morning", unit_id: "m-adult", unit_type: "ADULT", min_age: "13", price: "180", price_original: "200" }),
      set(blank(), { kind: "unit", product_id: "new-caravan", option_id: "new-morning", unit_id: "m-infant", unit_type: "INFANT", max_age: "2", max_quantity: "2", accompanied_by: "ADULT", price: "0" }),
      set(blank(), { kind: "unit", product_id: "new-caravan", option_id: "new-evening", unit_id: "e-adult", unit_type: "ADULT", price: "220" }),
    ];
    table.rows.push(newProduct, morning, evening, ...units);
    const csv = write(table);

    const dry = await importCatalogueCsv(ctx, actor, csv, now(), { apply: false });
    expect(dry.issues).toEqual([]);
    expect(dry.summary.product.create).toBe(1);
    expect(dry.summary.option.create).toBe(2);
    expect(dry.summary.unit).toMatchObject({ create: 4, update: 1 });
    expect(dry.rows.find((row) => row.id === product.adult)?.action).toBe("update");
    // A dry run writes nothing.
    expect(await ctx.db.select().from(schema.products).where(eq(schema.products.title, { en: title, ru: title, zh: title, ar: "قافلة الجمال" }))).toEqual([]);
    const [adultBefore] = await ctx.db.select().from(schema.units).where(eq(schema.units.id, product.adult));
    expect(adultBefore!.price).toBe(35_000);

    const applied = await importCatalogueCsv(ctx, actor, csv, now(), { apply: true });
    expect(applied.issues).toEqual([]);
    expect(applied.applied).toBe(true);
    const [adultAfter] = await ctx.db.select().from(schema.units).where(eq(schema.units.id, product.adult));
    expect(adultAfter!.price).toBe(39_500);
    const created = (await ctx.db.select().from(schema.products)).find((row) => row.title.en === title);
    expect(created).toMatchObject({ supplierId: "sup-own", published: true, currency: "SAR", pickupPoints: [] });
    const options = await ctx.db.select().from(schema.productOptions).where(eq(schema.productOptions.productId, created!.id));
    expect(options.map((option) => option.title.en).sort()).toEqual(["Evening", "Morning"]);
    const morningUnits = await ctx.db.select().from(schema.units).where(eq(schema.units.optionId, options.find((option) => option.title.en === "Morning")!.id));
    const adultUnit = morningUnits.find((unit) => unit.type === "ADULT")!;
    expect(morningUnits.find((unit) => unit.type === "CHILD")).toMatchObject({ price: 9_000, accompaniedBy: [adultUnit.id] });
    expect(adultUnit).toMatchObject({ price: 18_000, priceOriginal: 20_000 });

    // The price change has its audit entry with the old and new price, and the import one of its own.
    const entries = await listAudit(ctx.db, { subjectType: "product", subjectId: product.id });
    const unitChange = entries.find((entry) => entry.action === "catalogue.unit.updated");
    expect(unitChange?.before).toMatchObject({ id: product.adult, price: 35_000 });
    expect(unitChange?.after).toMatchObject({ id: product.adult, price: 39_500 });
    const [importEntry] = await listAudit(ctx.db, { subjectType: "catalogue", subjectId: "import" });
    expect(importEntry?.after).toMatchObject({ summary: { product: { create: 1 } } });
  });

  test("removing a booked unit or option is refused as the console refuses it, and nothing else is written; an unbooked one goes", async () => {
    const product = await ownProduct();
    const infant = await addUnit(ctx, actor, product.optionId, { type: "INFANT", title: {}, minAge: 0, maxAge: 2, accompaniedBy: ["ADULT"], price: "0" }, now());
    await ctx.db.insert(schema.availabilitySchedules).values({ optionId: product.optionId, validFrom: "2030-01-01", validTo: null, weekdays: 127, startTimes: ["16:00"], openingHours: [], capacity: 20 });
    const [slot] = await ctx.bookingApi.checkAvailability({ productId: product.id, optionId: product.optionId, localDateStart: "2030-02-04", localDateEnd: "2030-02-04" });
    await ctx.bookingApi.reserve({ uuid: randomUUID(), productId: product.id, optionId: product.optionId, availabilityId: slot!.id, unitItems: [{ unitId: product.adult }, { unitId: product.child }] });

    const table = read(await exportCatalogueCsv(ctx.db));
    const child = rowOf(table, "unit", product.child);
    child[col(table, "remove")] = "yes";
    rowOf(table, "unit", product.adult)[col(table, "price")] = "999";
    const before = await exportCatalogueCsv(ctx.db);
    const report = await importCatalogueCsv(ctx, actor, write(table), now(), { apply: true });
    expect(report.applied).toBe(false);
    expect(report.issues).toEqual([{ row: lineOf(table, child), column: null, message: CATALOGUE_ERRORS.unitInUse, values: undefined }]);
    expect(await exportCatalogueCsv(ctx.db)).toBe(before);

    const options = read(before);
    const option = rowOf(options, "option", product.optionId);
    option[col(options, "remove")] = "yes";
    const refused = await importCatalogueCsv(ctx, actor, write(options), now(), { apply: false });
    expect(refused.issues.find((issue) => issue.row === lineOf(options, option))?.message).toBe(CATALOGUE_ERRORS.optionInUse);

    const unbooked = read(before);
    rowOf(unbooked, "unit", infant)[col(unbooked, "remove")] = "yes";
    const removed = await importCatalogueCsv(ctx, actor, write(unbooked), now(), { apply: true });
    expect(removed.applied).toBe(true);
    expect(removed.summary.unit.remove).toBe(1);
    expect(await ctx.db.select().from(schema.units).where(eq(schema.units.id, infant))).toEqual([]);
  });
});
