/**
 * Operator commands (`npm run staff:add`, …): one implementation, run either inside the running server
 * (the CLI asks it over the local operator channel, see ./channel.server.ts) or, when no server runs,
 * by the CLI itself against the database. Each takes plain JSON arguments, checks them, and answers
 * with the text to print.
 */
import path from "node:path";
import { backupSourceOf, formatCounts, takeBackup } from "#app/backup/backup.server";
import { MIN_BACKUP_KEY_LENGTH } from "#app/backup/crypto.server";
import { backupTargetFrom } from "#app/backup/targets.server";
import { LOCKS, type Database, type DatabaseHandle } from "#app/db/db.server";
import { FatooraClient } from "#app/invoicing/fatoora.server";
import { sellerFrom, type InvoicingEnv } from "#app/invoicing/invoicing-job.server";
import { onboardUnit, OnboardingError } from "#app/invoicing/onboarding.server";
import { unitStatus, zatcaKeyFrom, ZatcaKeyError } from "#app/invoicing/unit-credentials.server";
import { isIsoDate } from "#app/lib/dates";
import type { Env } from "#app/lib/env.server";
import type { Clock } from "#app/lib/clock";
import { createApiKey, listApiKeys, revokeApiKey } from "#app/octo/auth.server";
import { recordAudit, type Actor } from "#app/staff/audit.server";
import { staffSetupUrl } from "#app/staff/invite-mail.server";
import { isStaffRole } from "#app/staff/roles";
import { addStaffMember, isStaffLocale } from "#app/staff/staff.server";

export type OperatorDeps = {
  db: Database;
  /** The open database itself (a backup snapshots it); the same one `db` queries. */
  database: DatabaseHandle;
  env: Pick<Env, "SITE_URL" | "ZATCA_ENVIRONMENT" | "DATABASE_URL" | "BACKUP_S3_ENDPOINT" | "BACKUP_S3_REGION"> & InvoicingEnv;
  clock: Clock;
};
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
  const { member, token } = await addStaffMember(deps.db, { email, role: args.role, name, locale }, now, { actor: COMMAND_LINE_ACTOR, action: "staff.added" });
  return {
    ok: true,
    output: [`Staff member: ${member.email} (${member.role})`, "", "Every session of this account has ended; its password and authenticator are cleared.", "One-time link to set the password and enrol an authenticator (valid 3 days):", staffSetupUrl(deps.env.SITE_URL, token)].join("\n"),
  };
};

/** "2027-06-30" means the end of that day (UTC); an ISO instant is taken as it is. */
export function parseKeyExpiry(value: string): Date | null {
  // A day that does not exist (2030-02-30) is refused, not rolled over into the next month.
  if (!isIsoDate(value.slice(0, 10))) return null;
  if (value.length === 10) return new Date(`${value}T23:59:59Z`);
  if (value[10] !== "T") return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** OCTO reseller keys: `{ reseller, expires?, rateLimit?, test? }` creates one, `{ revoke }` revokes, `{ list: true }` lists with usage. */
const octoKey: OperatorCommand = async (deps, args) => {
  const now = deps.clock.now();
  const reseller = typeof args.reseller === "string" ? args.reseller.trim() : undefined;
  const revoke = typeof args.revoke === "string" ? args.revoke.trim() : undefined;
  const list = args.list === true;
  if ([reseller !== undefined, revoke !== undefined, list].filter(Boolean).length !== 1) return { ok: false, output: "Choose one of --reseller, --revoke or --list." };

  if (list) {
    const keys = await listApiKeys(deps.db, now);
    if (keys.length === 0) return { ok: true, output: "No keys yet." };
    return {
      ok: true,
      output: keys
        .map((key) => {
          const state = key.revokedAt ? `revoked ${key.revokedAt.toISOString()}` : key.expiresAt && key.expiresAt <= now ? `expired ${key.expiresAt.toISOString()}` : "active";
          return [
            `${key.keyId}  ${key.prefix}…  ${key.resellerName} (${key.resellerId})${key.testMode ? "  [test]" : ""}`,
            `  ${state}; created ${key.createdAt.toISOString()}${key.expiresAt ? `; expires ${key.expiresAt.toISOString()}` : ""}; limit ${key.rateLimitPerMinute ?? "default"}/min`,
            `  last used ${key.lastUsedAt?.toISOString() ?? "never"}; ${key.requestCount} requests in all; ${key.requestsLastDay} in the last 24 h (${key.refusedLastDay} refused with 429)`,
          ].join("\n");
        })
        .join("\n"),
    };
  }

  if (revoke !== undefined) {
    const revoked = await deps.db.transaction(async (tx) => {
      const t = tx as unknown as Database;
      if (!(await revokeApiKey(t, revoke, now))) return false;
      await recordAudit(t, COMMAND_LINE_ACTOR, { action: "apiKey.revoked", subjectType: "apiKey", subjectId: revoke, after: { revokedAt: now.toISOString() } }, now);
      return true;
    });
    return revoked ? { ok: true, output: `Key ${revoke} revoked: it is refused (403) from now on.` } : { ok: false, output: `No key ${revoke}.` };
  }

  if (!reseller || reseller.length > 200) return { ok: false, output: "A reseller name is required." };
  const expires = typeof args.expires === "string" && args.expires ? args.expires : null;
  const expiresAt = expires ? parseKeyExpiry(expires) : null;
  if (expires && !expiresAt) return { ok: false, output: `--expires ${expires} is not a date.` };
  const rateLimit = args.rateLimit === undefined || args.rateLimit === null ? null : Number(args.rateLimit);
  if (rateLimit !== null && !(Number.isInteger(rateLimit) && rateLimit > 0)) return { ok: false, output: "--rate-limit is a whole number of requests a minute." };
  const testMode = args.test === true;
  const created = await deps.db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    const made = await createApiKey(t, reseller, { expiresAt, rateLimitPerMinute: rateLimit, testMode });
    // The key itself never enters the audit log: only its id and the reseller.
    await recordAudit(t, COMMAND_LINE_ACTOR, { action: "apiKey.created", subjectType: "apiKey", subjectId: made.keyId, after: { reseller: made.reseller.name, resellerId: made.reseller.id, expiresAt: expiresAt?.toISOString() ?? null, rateLimitPerMinute: rateLimit, testMode } }, now);
    return made;
  });
  return {
    ok: true,
    output: `Reseller: ${created.reseller.name} (${created.reseller.id})\nKey id:   ${created.keyId}${testMode ? " (test key: its bookings hold no seats)" : ""}${expiresAt ? `\nExpires:  ${expiresAt.toISOString()}` : ""}${rateLimit ? `\nLimit:    ${rateLimit} requests a minute` : ""}\n\nAPI key (shown once, store it now):\n${created.key}`,
  };
};

/** ZATCA onboarding of this installation's unit: `{ otp, branch?, category? }`; `{ status: true }` shows it. */
const zatcaOnboard: OperatorCommand = async (deps, args) => {
  const env = deps.env;
  if (args.status === true) {
    const status = await unitStatus(deps.db, env.ZATCA_UNIT);
    return status
      ? { ok: true, output: `Unit ${env.ZATCA_UNIT}: onboarded with ${status.environment}; invoicing orders from ${status.activeFrom.toISOString()}; certificate valid until ${status.certificateExpiresAt.toISOString()}.` }
      : { ok: true, output: `Unit ${env.ZATCA_UNIT} is not onboarded: no tax document is issued yet.` };
  }
  const otp = typeof args.otp === "string" ? args.otp.trim() : "";
  if (!env.ZATCA_API_URL) return { ok: false, output: "ZATCA_API_URL is not set: onboarding asks Fatoora (simulation: https://gw-fatoora.zatca.gov.sa/e-invoicing/simulation)." };
  try {
    const unit = await onboardUnit({
      db: deps.db,
      client: new FatooraClient(env.ZATCA_API_URL),
      key: zatcaKeyFrom(env),
      now: deps.clock.now(),
      unit: env.ZATCA_UNIT,
      environment: env.ZATCA_ENVIRONMENT,
      seller: sellerFrom(env),
      vatRatePercent: env.VAT_RATE,
      otp,
      branch: typeof args.branch === "string" && args.branch.trim() ? args.branch.trim().slice(0, 100) : env.SELLER_CITY,
      businessCategory: typeof args.category === "string" && args.category.trim() ? args.category.trim().slice(0, 100) : "Travel and tourism",
    });
    await recordAudit(deps.db, COMMAND_LINE_ACTOR, { action: "zatca.onboarded", subjectType: "zatca_unit", subjectId: unit.unit, after: { environment: unit.environment, certificateExpiresAt: unit.certificateExpiresAt.toISOString() } }, deps.clock.now());
    return { ok: true, output: `Unit ${unit.unit} onboarded with ZATCA (${unit.environment}). Orders paid from now on are invoiced and reported.\nThe production certificate is valid until ${unit.certificateExpiresAt.toISOString()}; its key is kept sealed with ZATCA_KEY.` };
  } catch (error) {
    if (error instanceof OnboardingError || error instanceof ZatcaKeyError) return { ok: false, output: error.message };
    throw error;
  }
};

/**
 * A backup: `{ to, key, keep? }`. The key comes from the caller's environment (the command line's
 * BACKUP_KEY), so a store started without one can still be backed up; `to` is an absolute folder or
 * an s3:// address. One backup at a time across instances (the schedule's lock).
 */
const backup: OperatorCommand = async (deps, args) => {
  const to = typeof args.to === "string" ? args.to.trim() : "";
  const key = typeof args.key === "string" ? args.key : "";
  if (!to || (!to.startsWith("s3://") && !path.isAbsolute(to))) return { ok: false, output: "backup needs --to <folder or s3://bucket/prefix>" };
  if (key.length < MIN_BACKUP_KEY_LENGTH) return { ok: false, output: `BACKUP_KEY must be set (${MIN_BACKUP_KEY_LENGTH}+ characters): backups are encrypted with it.` };
  const keep = args.keep === undefined || args.keep === null ? undefined : Number(args.keep);
  if (keep !== undefined && !(Number.isInteger(keep) && keep >= 1)) return { ok: false, output: "--keep is a whole number of 1 or more." };
  const target = backupTargetFrom(to, { endpoint: deps.env.BACKUP_S3_ENDPOINT, region: deps.env.BACKUP_S3_REGION });
  const source = backupSourceOf(deps.database, deps.env.DATABASE_URL);
  const outcome = await deps.database.exclusive(LOCKS.backup, () => takeBackup(deps.db, source, { key, target, trigger: "command", keep }, () => deps.clock.now()));
  if (!outcome) return { ok: false, output: "Another instance is taking a backup right now: try again in a minute." };
  if (!outcome.ok) return { ok: false, output: `The backup failed: ${outcome.error}` };
  const removed = outcome.removed.length > 0 ? `\nremoved (over --keep ${keep}): ${outcome.removed.join(", ")}` : "";
  return { ok: true, output: `${outcome.location}\nverified by restoring it into a scratch database: ${formatCounts(outcome.counts) || "the dump reads back whole"}\n${outcome.bytes} bytes, encrypted with BACKUP_KEY${removed}` };
};

export const OPERATOR_COMMANDS: Record<string, OperatorCommand> = {
  "staff:add": staffAdd,
  "octo:key": octoKey,
  "zatca:onboard": zatcaOnboard,
  backup,
};

export async function runOperatorCommandIn(deps: OperatorDeps, name: string, args: Record<string, unknown>): Promise<OperatorResult> {
  const command = Object.hasOwn(OPERATOR_COMMANDS, name) ? OPERATOR_COMMANDS[name] : undefined;
  if (!command) return { ok: false, output: `Unknown command: ${name}` };
  return command(deps, args);
}
