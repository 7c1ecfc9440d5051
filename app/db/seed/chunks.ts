/**
 * The seed's products, a chunk at a time, as the COPY data of each bulk table. Built on the seed's
 * worker thread (seed-worker.ts) or, where there is no worker entry to start, on the seeding thread
 * itself (seed.server.ts); either way the same rows in the same order.
 */
import { localDateTime } from "#app/booking/time";
import { encodeCopyRows, type CopyData } from "../copy-text";
import * as schema from "../schema";
import { generateProductDetails, type GeneratedProduct, type SeedOptions } from "./generate";

/** Products per chunk: one COPY per table each. */
export const CHUNK_PRODUCTS = 1000;

/** How many rows of each product table some products make. */
export interface ProductRowCounts {
  products: number;
  options: number;
  units: number;
  schedules: number;
  inventory: number;
  reviews: number;
}

/** A chunk of products, encoded: one COPY per table, in the order they are to run, and the row counts. */
export interface EncodedChunk extends ProductRowCounts {
  copies: CopyData[];
}

/** The rows of one chunk of products, table by table. */
interface ChunkRows {
  products: Array<typeof schema.products.$inferInsert>;
  options: Array<typeof schema.productOptions.$inferInsert>;
  units: Array<typeof schema.units.$inferInsert>;
  schedules: Array<Omit<typeof schema.availabilitySchedules.$inferInsert, "id">>;
  overrides: Array<Omit<typeof schema.availabilityOverrides.$inferInsert, "id">>;
  inventory: Array<typeof schema.inventory.$inferInsert>;
  reviews: Array<Omit<typeof schema.reviews.$inferInsert, "id">>;
}

/** Collects products into a chunk's rows and hands them over encoded. */
export class ChunkBuilder {
  private rows = ChunkBuilder.empty();

  constructor(private readonly seedOptions: SeedOptions) {}

  private static empty(): ChunkRows {
    return { products: [], options: [], units: [], schedules: [], overrides: [], inventory: [], reviews: [] };
  }

  get size(): number {
    return this.rows.products.length;
  }

  /** Adds a generated product, with its details, options, units, availability and reviews. */
  add(product: GeneratedProduct): void {
    const rows = this.rows;
    const { content, reviews } = generateProductDetails(product, this.seedOptions);
    const { options: productOptions, index: _index, ...row } = product;
    rows.products.push({ ...row, content });
    for (const option of productOptions) {
      const { units, schedules, overrides, inventory, ...optionRow } = option;
      rows.options.push({ ...optionRow, productId: product.id });
      for (const unit of units) rows.units.push({ ...unit, optionId: option.id });
      for (const schedule of schedules) rows.schedules.push({ ...schedule, optionId: option.id });
      for (const override of overrides) rows.overrides.push({ ...override, optionId: option.id });
      for (const slot of inventory) {
        rows.inventory.push({
          optionId: option.id,
          availabilityId: localDateTime(product.timeZone, slot.localDate, slot.localTime ?? "00:00"),
          localDate: slot.localDate,
          capacity: slot.capacity,
          held: 0,
          booked: slot.booked,
        });
      }
    }
    for (const review of reviews) rows.reviews.push(review);
  }

  /**
   * The chunk so far, encoded, and a fresh one begun. One COPY per table, in the order the rows were
   * generated: the serial ids of schedules, overrides and reviews follow that order, chunk after chunk.
   */
  take(): EncodedChunk {
    const rows = this.rows;
    this.rows = ChunkBuilder.empty();
    const copies = [
      encodeCopyRows(schema.products, rows.products),
      encodeCopyRows(schema.productOptions, rows.options),
      encodeCopyRows(schema.units, rows.units),
      encodeCopyRows(schema.availabilitySchedules, rows.schedules),
      encodeCopyRows(schema.availabilityOverrides, rows.overrides),
      encodeCopyRows(schema.inventory, rows.inventory),
      encodeCopyRows(schema.reviews, rows.reviews),
    ].filter((copy): copy is CopyData => copy !== undefined);
    return {
      copies,
      products: rows.products.length,
      options: rows.options.length,
      units: rows.units.length,
      schedules: rows.schedules.length,
      inventory: rows.inventory.length,
      reviews: rows.reviews.length,
    };
  }
}
