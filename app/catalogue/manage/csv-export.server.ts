/** The company's own experiences as one CSV file (its format: ./csv-format.ts). */
import { asc, eq, inArray } from "drizzle-orm";
import { toCsv } from "#app/commerce/back-office.server";
import type { Database } from "#app/db/db.server";
import * as schema from "#app/db/schema";
import { OWN_SUPPLIER_ID } from "./catalogue-write.server";
import { CATALOGUE_CSV_COLUMNS, recordsOf, type OwnCatalogue } from "./csv-format";

async function loadOwn(db: Database, productIds?: string[]): Promise<OwnCatalogue> {
  const products = await db
    .select()
    .from(schema.products)
    .where(productIds ? inArray(schema.products.id, productIds.length ? productIds : [""]) : eq(schema.products.supplierId, OWN_SUPPLIER_ID))
    .orderBy(asc(schema.products.createdAt), asc(schema.products.id));
  const ids = products.map((product) => product.id);
  const options = ids.length ? await db.select().from(schema.productOptions).where(inArray(schema.productOptions.productId, ids)).orderBy(asc(schema.productOptions.sortOrder), asc(schema.productOptions.id)) : [];
  const optionIds = options.map((option) => option.id);
  const units = optionIds.length ? await db.select().from(schema.units).where(inArray(schema.units.optionId, optionIds)).orderBy(asc(schema.units.sortOrder), asc(schema.units.id)) : [];
  return { products, options, units };
}

/** The company's own experiences with their options, units and base prices, as one CSV. */
export async function exportCatalogueCsv(db: Database): Promise<string> {
  const records = recordsOf(await loadOwn(db));
  return toCsv(
    [...CATALOGUE_CSV_COLUMNS],
    records.map((record) => CATALOGUE_CSV_COLUMNS.map((column) => record[column] ?? "")),
  );
}
