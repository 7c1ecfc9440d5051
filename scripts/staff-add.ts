/**
 * Adds a staff member (or gives an existing one a new role and a fresh set-password link) and prints
 * the one-time link. The first admin is made this way; admins invite the others from the console.
 *
 *   npm run staff:add -- --email ops@example.com --role admin [--name "Noura"] [--locale ar]
 *
 * Works while the store runs: the command asks the running server (scripts/ops-client.ts), and opens
 * the database itself only when no server answers. DATABASE_URL / DATA_DIR choose the database as for the app.
 */
import { parseArgs } from "node:util";
import { isStaffRole } from "#app/staff/roles";
import { isStaffLocale } from "#app/staff/staff.server";
import { runOperatorCommand } from "./ops-client";

const { values } = parseArgs({ options: { email: { type: "string" }, role: { type: "string", default: "agent" }, name: { type: "string" }, locale: { type: "string", default: "en" } } });

const email = values.email?.trim().toLowerCase() ?? "";
if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || !isStaffRole(values.role) || !isStaffLocale(values.locale)) {
  console.error('Usage: npm run staff:add -- --email person@example.com --role agent|admin [--name "Full name"] [--locale en|ar]');
  process.exit(2);
}

const result = await runOperatorCommand("staff:add", { email, role: values.role, name: values.name ?? null, locale: values.locale });
console.info(result.output);
process.exitCode = result.ok ? 0 : 1;
