/**
 * Imports an OCTO supplier's catalogue (all four languages) into the local catalogue tables, so the
 * storefront lists its products and books them through BOOKING_API_URL.
 *
 *   BOOKING_API_URL=https://supplier.example/octo/v1 BOOKING_API_KEY=… npm run octo:import
 *   npm run octo:import -- --url https://supplier.example/octo/v1 --key … [--product ID …]
 *
 * DATABASE_URL / DATA_DIR choose the local database as for the app.
 */
import { parseArgs } from "node:util";
import { openDatabase, type DatabaseHandle } from "#app/db/db.server";
import { parseEnv } from "#app/lib/env.server";
import { OctoHttpBookingApi } from "#app/octo/client.server";
import { importOctoCatalogue } from "#app/octo/import.server";

const { values } = parseArgs({ options: { url: { type: "string" }, key: { type: "string" }, product: { type: "string", multiple: true } } });

const env = parseEnv();
let handle: DatabaseHandle | undefined;

async function main() {
  const baseUrl = values.url ?? env.BOOKING_API_URL;
  const apiKey = values.key ?? env.BOOKING_API_KEY;
  if (!baseUrl || !apiKey) {
    console.error("Set BOOKING_API_URL and BOOKING_API_KEY (or pass --url and --key)");
    process.exitCode = 2;
    return;
  }
  const started = performance.now();
  const result = await importOctoCatalogue((handle = await openDatabase(env)), new OctoHttpBookingApi({ baseUrl, apiKey, timeoutMs: 120_000 }), { productIds: values.product });
  console.info(`Imported ${result.products} products, ${result.options} options, ${result.units} units from ${result.supplierId} in ${Math.round(performance.now() - started)} ms`);
}

try {
  await main();
} finally {
  await handle?.close();
}
