/**
 * OCTO reseller keys: create (printed once; only its sha256 is stored), revoke, list with usage.
 *
 *   npm run octo:key -- --reseller "Acme Travel" [--expires 2027-06-30] [--rate-limit 600] [--test]
 *   npm run octo:key -- --revoke key_0123456789abcdef
 *   npm run octo:key -- --list
 *
 * Works while the store runs: the command asks the running server over its local operator channel
 * (scripts/ops-client.ts, app/ops/commands.server.ts), and opens the database itself only when no
 * server answers. DATABASE_URL / DATA_DIR choose the database as for the app.
 */
import { parseArgs } from "node:util";
import { runOperatorCommand } from "./ops-client";

const USAGE = `Usage:
  npm run octo:key -- --reseller "Reseller name" [--expires YYYY-MM-DD|ISO instant] [--rate-limit N] [--test]
  npm run octo:key -- --revoke <key id>
  npm run octo:key -- --list`;

let values: { reseller?: string; expires?: string; "rate-limit"?: string; test?: boolean; revoke?: string; list?: boolean };
try {
  ({ values } = parseArgs({
    options: {
      reseller: { type: "string" },
      expires: { type: "string" },
      "rate-limit": { type: "string" },
      test: { type: "boolean", default: false },
      revoke: { type: "string" },
      list: { type: "boolean", default: false },
    },
  }));
} catch (error) {
  console.error(`${(error as Error).message}\n\n${USAGE}`);
  process.exit(2);
}

const result = await runOperatorCommand("octo:key", {
  reseller: values.reseller,
  expires: values.expires,
  rateLimit: values["rate-limit"],
  test: values.test,
  revoke: values.revoke,
  list: values.list,
});
if (result.ok) console.info(result.output);
else console.error(`${result.output}\n\n${USAGE}`);
process.exitCode = result.ok ? 0 : 2;
