/** The console's reads of the catalogue: the product list (search, destination, own only) and one product with everything its page edits. */
import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from "drizzle-orm";
import type { Database } from "#app/db/db.server";
import * as schema from "#app/db/schema";
import type { LocalizedText } from "#app/db/types";
import { OWN_SUPPLIER_ID } from "./catalogue-write.server";

export const PRODUCTS_PER_PAGE = 50;

export type ProductListRow = {
  id: string;
  slug: string;
  title: LocalizedText;
  destination: LocalizedText;
  published: boolean;
  own: boolean;
  priceFrom: number | null;
  currency: string;
  noFixedPrice: boolean;
  updatedAt: Date;
};

export async function listProductsForConsole(db: Database, query: { q?: string; destination?: string; own?: boolean; page?: number }): Promise<{ rows: ProductListRow[]; total: number; page: number; pages: number }> {
  const conditions: SQL[] = [];
  if (query.destination) conditions.push(eq(schema.products.destinationId, query.destination));
  if (query.own) conditions.push(eq(schema.products.supplierId, OWN_SUPPLIER_ID));
  if (query.q) {
    const like = `%${query.q.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
    conditions.push(or(ilike(sql`${schema.products.title}->>'en'`, like), ilike(sql`${schema.products.title}->>'ar'`, like), ilike(schema.products.slug, like), eq(schema.products.id, query.q))!);
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const page = Math.max(1, query.page ?? 1);
  const [totalRow] = await db.select({ n: count() }).from(schema.products).where(where);
  const rows = await db
    .select({
      id: schema.products.id,
      slug: schema.products.slug,
      title: schema.products.title,
      destination: schema.destinations.name,
      published: schema.products.published,
      supplierId: schema.products.supplierId,
      priceFrom: schema.products.priceFrom,
      currency: schema.products.currency,
      noFixedPrice: schema.products.noFixedPrice,
      updatedAt: schema.products.updatedAt,
    })
    .from(schema.products)
    .innerJoin(schema.destinations, eq(schema.destinations.id, schema.products.destinationId))
    .where(where)
    // An exact slug or id first, then the company's own experiences, newest edits first, then the rest by id.
    .orderBy(
      sql`(${schema.products.slug} = ${query.q ?? ""} OR ${schema.products.id} = ${query.q ?? ""}) DESC`,
      sql`(${schema.products.supplierId} = ${OWN_SUPPLIER_ID}) DESC`,
      desc(schema.products.updatedAt),
      asc(schema.products.id),
    )
    .limit(PRODUCTS_PER_PAGE)
    .offset((page - 1) * PRODUCTS_PER_PAGE);
  const total = totalRow?.n ?? 0;
  return {
    rows: rows.map(({ supplierId, ...row }) => ({ ...row, own: supplierId === OWN_SUPPLIER_ID })),
    total,
    page,
    pages: Math.max(1, Math.ceil(total / PRODUCTS_PER_PAGE)),
  };
}

/** One product with its options, units and seasons (sorted), and whether it has bookings (its currency is then fixed). */
export async function loadProductForConsole(db: Database, productId: string) {
  const [product] = await db.select().from(schema.products).where(eq(schema.products.id, productId));
  if (!product) return null;
  const options = await db.select().from(schema.productOptions).where(eq(schema.productOptions.productId, productId)).orderBy(asc(schema.productOptions.sortOrder));
  const optionIds = options.map((option) => option.id);
  const [units, seasons, booked] = await Promise.all([
    optionIds.length ? db.select().from(schema.units).where(inArray(schema.units.optionId, optionIds)).orderBy(asc(schema.units.sortOrder)) : Promise.resolve([]),
    optionIds.length ? db.select().from(schema.priceSeasons).where(inArray(schema.priceSeasons.optionId, optionIds)).orderBy(asc(schema.priceSeasons.validFrom)) : Promise.resolve([]),
    db.select({ id: schema.bookings.id }).from(schema.bookings).where(eq(schema.bookings.productId, productId)).limit(1),
  ]);
  return {
    product,
    hasBookings: booked.length > 0,
    options: options.map((option) => ({ ...option, units: units.filter((unit) => unit.optionId === option.id), seasons: seasons.filter((season) => season.optionId === option.id) })),
  };
}
export type ConsoleProduct = NonNullable<Awaited<ReturnType<typeof loadProductForConsole>>>;

/** What the product form chooses from: destinations, categories, themes and labels (English and Arabic names). */
export async function loadCatalogueChoices(db: Database) {
  const [destinations, categories, themes, labels] = await Promise.all([
    db.select({ id: schema.destinations.id, name: schema.destinations.name, timeZone: schema.destinations.timeZone }).from(schema.destinations).orderBy(sql`${schema.destinations.name}->>'en'`),
    db.select({ id: schema.categories.id, name: schema.categories.name }).from(schema.categories).orderBy(asc(schema.categories.sortOrder)),
    db.select({ id: schema.themes.id, name: schema.themes.name }).from(schema.themes).orderBy(asc(schema.themes.sortOrder)),
    db.select({ id: schema.vocabulary.code, name: schema.vocabulary.name }).from(schema.vocabulary).where(eq(schema.vocabulary.kind, "label")).orderBy(asc(schema.vocabulary.sortOrder)),
  ]);
  return { destinations, categories, themes, labels };
}
