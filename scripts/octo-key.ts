/**
 * OCTO reseller keys: create (printed once; only its sha256 is stored), revoke, list with usage.
 *
 *   npm run octo:key -- --reseller "Acme Travel" [--expires 2027-06-30] [--rate-limit 600] [--test]
 *   npm run octo:key -- --revoke key_0123456789abcdef
 *   npm run octo:key -- --list
 *
 * DATABASE_URL / DATA_DIR choose the database as for the app (with PGlite, stop the server first).
 */
import { parseArgs } from "node:util";
import { openDatabase, type DatabaseHandle } from "#app/db/db.server";
import { isIsoDate } from "#app/lib/dates";
import { parseEnv } from "#app/lib/env.server";
import { createApiKey, listApiKeys, revokeApiKey } from "#app/octo/auth.server";

const { values } = parseArgs({
  options: {
    reseller: { type: "string" },
    expires: { type: "string" },
    "rate-limit": { type: "string" },
    test: { type: "boolean", default: false },
    revoke: { type: "string" },
    list: { type: "boolean", default: false },
  },
});

const USAGE = `Usage:
  npm run octo:key -- --reseller "Reseller name" [--expires YYYY-MM-DD|ISO instant] [--rate-limit N] [--test]
  npm run octo:key -- --revoke <key id>
  npm run octo:key -- --list`;

let handle: DatabaseHandle | undefined;

function fail(message: string): void {
  console.error(`${message}\n\n${USAGE}`);
  process.exitCode = 2;
}

/** "2027-06-30" means the end of that day (UTC); an ISO instant is taken as it is. */
function parseExpiry(value: string): Date | null {
  const date = isIsoDate(value) ? new Date(`${value}T23:59:59Z`) : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

async function main() {
  const modes = [values.reseller !== undefined, values.revoke !== undefined, values.list].filter(Boolean).length;
  if (modes !== 1) return fail("Choose one of --reseller, --revoke or --list.");
  const db = (handle = await openDatabase(parseEnv())).db;

  if (values.list) {
    const keys = await listApiKeys(db);
    if (keys.length === 0) return console.info("No keys yet.");
    for (const key of keys) {
      const state = key.revokedAt ? `revoked ${key.revokedAt.toISOString()}` : key.expiresAt && key.expiresAt <= new Date() ? `expired ${key.expiresAt.toISOString()}` : "active";
      console.info(
        [
          `${key.keyId}  ${key.prefix}…  ${key.resellerName} (${key.resellerId})${key.testMode ? "  [test]" : ""}`,
          `  ${state}; created ${key.createdAt.toISOString()}${key.expiresAt ? `; expires ${key.expiresAt.toISOString()}` : ""}; limit ${key.rateLimitPerMinute ?? "default"}/min`,
          `  last used ${key.lastUsedAt?.toISOString() ?? "never"}; ${key.requestCount} requests in all; ${key.requestsLastDay} in the last 24 h (${key.refusedLastDay} refused with 429)`,
        ].join("\n"),
      );
    }
    return;
  }

  if (values.revoke !== undefined) {
    if (!(await revokeApiKey(db, values.revoke.trim()))) return fail(`No key ${values.revoke}.`);
    return console.info(`Key ${values.revoke} revoked: it is refused (403) from now on.`);
  }

  const name = values.reseller?.trim();
  if (!name) return fail("A reseller name is required.");
  const expiresAt = values.expires ? parseExpiry(values.expires) : null;
  if (values.expires && !expiresAt) return fail(`--expires ${values.expires} is not a date.`);
  const rateLimit = values["rate-limit"] === undefined ? null : Number(values["rate-limit"]);
  if (rateLimit !== null && !(Number.isInteger(rateLimit) && rateLimit > 0)) return fail("--rate-limit is a whole number of requests a minute.");
  const { reseller, key, keyId } = await createApiKey(db, name, { expiresAt, rateLimitPerMinute: rateLimit, testMode: values.test });
  console.info(
    `Reseller: ${reseller.name} (${reseller.id})\nKey id:   ${keyId}${values.test ? " (test key: its bookings hold no seats)" : ""}${expiresAt ? `\nExpires:  ${expiresAt.toISOString()}` : ""}${rateLimit ? `\nLimit:    ${rateLimit} requests a minute` : ""}\n\nAPI key (shown once, store it now):\n${key}`,
  );
}

try {
  await main();
} finally {
  await handle?.close();
}
