/**
 * Creates an OCTO API key for a reseller (creating the reseller when new) and prints it once; only
 * its sha256 is stored.
 *
 *   npm run octo:key -- --reseller "Acme Travel"
 *
 * DATABASE_URL / DATA_DIR choose the database as for the app.
 */
import { parseArgs } from "node:util";
import { openDatabase, type DatabaseHandle } from "#app/db/db.server";
import { parseEnv } from "#app/lib/env.server";
import { createApiKey } from "#app/octo/auth.server";

const { values } = parseArgs({ options: { reseller: { type: "string" } } });

let handle: DatabaseHandle | undefined;

async function main() {
  const name = values.reseller?.trim();
  if (!name) {
    console.error('Usage: npm run octo:key -- --reseller "Reseller name"');
    process.exitCode = 2;
    return;
  }
  const { reseller, key, keyId } = await createApiKey((handle = await openDatabase(parseEnv())).db, name);
  console.info(`Reseller: ${reseller.name} (${reseller.id})\nKey id:   ${keyId}\n\nAPI key (shown once, store it now):\n${key}`);
}

try {
  await main();
} finally {
  await handle?.close();
}
