/**
 * Operator commands (`npm run staff:add`, …): one implementation, run either inside the running server
 * (the CLI asks it over the local operator channel, see ./channel.server.ts) or, when no server runs,
 * by the CLI itself against the database. Each takes plain JSON arguments, checks them, and answers
 * with the text to print.
 */
import type { Database } from "#app/db/db.server";
import type { Env } from "#app/lib/env.server";
import { recordAudit, type Actor } from "#app/staff/audit.server";
import { staffSetupUrl } from "#app/staff/invite-mail.server";
import { isStaffRole } from "#app/staff/roles";
import { addStaffMember, isStaffLocale } from "#app/staff/staff.server";

export type OperatorDeps = { db: Database; env: Pick<Env, "SITE_URL">; clock: { now(): Date } };
export type OperatorResult = { ok: boolean; output: string };
export type OperatorCommand = (deps: OperatorDeps, args: Record<string, unknown>) => Promise<OperatorResult>;

/** Actions from the command line are audited as the operator's shell, not as a staff member. */
export const COMMAND_LINE_ACTOR: Actor = { id: null, email: "command-line" };

const staffAdd: OperatorCommand = async (deps, args) => {
  const email = typeof args.email === "string" ? args.email.trim().toLowerCase() : "";
  const name = typeof args.name === "string" && args.name.trim() ? args.name.trim().slice(0, 120) : undefined;
  const locale = isStaffLocale(args.locale) ? args.locale : "en";
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || email.length > 254 || !isStaffRole(args.role)) {
    return { ok: false, output: "staff:add needs a valid --email and --role agent|admin" };
  }
  const now = deps.clock.now();
  const { member, token } = await addStaffMember(deps.db, { email, role: args.role, name, locale }, now);
  await recordAudit(deps.db, COMMAND_LINE_ACTOR, { action: "staff.added", subjectType: "staff", subjectId: member.userId, after: { email: member.email, role: member.role } }, now);
  return {
    ok: true,
    output: [`Staff member: ${member.email} (${member.role})`, "", "One-time link to set the password (valid 3 days; the second factor is enrolled at first sign-in):", staffSetupUrl(deps.env.SITE_URL, token)].join("\n"),
  };
};

export const OPERATOR_COMMANDS: Record<string, OperatorCommand> = {
  "staff:add": staffAdd,
};

export async function runOperatorCommandIn(deps: OperatorDeps, name: string, args: Record<string, unknown>): Promise<OperatorResult> {
  const command = Object.hasOwn(OPERATOR_COMMANDS, name) ? OPERATOR_COMMANDS[name] : undefined;
  if (!command) return { ok: false, output: `Unknown command: ${name}` };
  return command(deps, args);
}
