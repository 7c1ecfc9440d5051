/**
 * The team's accounts: staff members (users with a role), their one-time set-password links, their
 * TOTP second factor and their sessions. Plain values in and out: the console's routes read cookies
 * and forms and call these.
 *
 * Staff sessions are shorter than customers': 12 hours from sign-in at most, and closed after an hour
 * without a request. A session starts at stage PASSWORD (the password was right) and opens nothing
 * but the TOTP step until the second factor is given, when it is replaced by a FULL session with a
 * new id (no fixation between the stages).
 */
import { createHash, randomBytes } from "node:crypto";
import { generateTOTP, getTOTPAuthUri, verifyTOTP } from "@epic-web/totp";
import { and, asc, eq, gt, isNull, lt, or, sql } from "drizzle-orm";
import { burnPasswordCheck, hashPassword, verifyPassword } from "#app/auth/password.server";
import type { Database } from "#app/db/db.server";
import { staffInvites, staffMembers, staffSessions, users } from "#app/db/schema";
import { recordAudit, type Actor } from "./audit.server";
import { isStaffRole, type StaffRole } from "./roles";

export const STAFF_SESSION_TTL_MS = 12 * 60 * 60 * 1000;
export const STAFF_IDLE_MS = 60 * 60 * 1000;
/** The password step's session lasts long enough to type a code, no longer. */
export const STAFF_PASSWORD_STAGE_MS = 10 * 60 * 1000;
/** Set-password links work for three days. */
export const STAFF_INVITE_TTL_MS = 3 * 24 * 60 * 60 * 1000;
export const STAFF_LOCALES = ["en", "ar"] as const;
export type StaffLocale = (typeof STAFF_LOCALES)[number];
const TOTP_PERIOD_SECONDS = 30;
const TOTP_ISSUER = "Rihla";

export type StaffMember = {
  userId: string;
  email: string;
  name: string;
  role: StaffRole;
  locale: StaffLocale;
  totpEnabled: boolean;
  disabled: boolean;
  lastSignInAt: Date | null;
  createdAt: Date;
};

export type StaffSessionStage = "PASSWORD" | "FULL";
export type StaffSession = { member: StaffMember; stage: StaffSessionStage };

export function isStaffLocale(value: unknown): value is StaffLocale {
  return typeof value === "string" && (STAFF_LOCALES as readonly string[]).includes(value);
}

function hash(value: string): string {
  return createHash("sha256").update(value).digest("hex");
}

function newSecretToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, tokenHash: hash(token) };
}

const memberColumns = {
  userId: staffMembers.userId,
  email: users.email,
  name: users.name,
  role: staffMembers.role,
  locale: staffMembers.locale,
  totpSecret: staffMembers.totpSecret,
  disabledAt: staffMembers.disabledAt,
  lastSignInAt: staffMembers.lastSignInAt,
  createdAt: staffMembers.createdAt,
};

type MemberRow = { userId: string; email: string; name: string; role: string; locale: string; totpSecret: string | null; disabledAt: Date | null; lastSignInAt: Date | null; createdAt: Date };

function toMember(row: MemberRow): StaffMember {
  return {
    userId: row.userId,
    email: row.email,
    name: row.name,
    // A role the code no longer knows reads as the least one.
    role: isStaffRole(row.role) ? row.role : "agent",
    locale: isStaffLocale(row.locale) ? row.locale : "en",
    totpEnabled: row.totpSecret !== null,
    disabled: row.disabledAt !== null,
    lastSignInAt: row.lastSignInAt,
    createdAt: row.createdAt,
  };
}

export async function findStaffMember(db: Database, userId: string): Promise<StaffMember | null> {
  const [row] = await db.select(memberColumns).from(staffMembers).innerJoin(users, eq(users.id, staffMembers.userId)).where(eq(staffMembers.userId, userId));
  return row ? toMember(row) : null;
}

export async function listStaff(db: Database): Promise<StaffMember[]> {
  const rows = await db.select(memberColumns).from(staffMembers).innerJoin(users, eq(users.id, staffMembers.userId)).orderBy(asc(users.email));
  return rows.map(toMember);
}

export type AddStaffInput = { email: string; role: StaffRole; name?: string; locale?: StaffLocale; invitedBy?: string | null };

/**
 * Makes `email` a staff member with `role` (creating the user when new; an existing customer keeps
 * their account and orders) and returns a one-time set-password token. Adding someone who is already
 * staff gives a new role and link and re-enables a disabled member: the same command recovers an
 * admin who lost their password or phone (their second factor is enrolled again).
 */
export async function addStaffMember(db: Database, input: AddStaffInput, now: Date, audit?: { actor: Actor; action: string }): Promise<{ member: StaffMember; token: string }> {
  const email = input.email.trim().toLowerCase();
  const { token, tokenHash } = newSecretToken();
  const userId = await db.transaction(async (tx) => {
    const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
    const id = existing?.id ?? `usr_${randomBytes(12).toString("hex")}`;
    if (!existing) {
      // "!" is no argon2 hash: nobody can sign in with a password until the link is used.
      await tx.insert(users).values({ id, email, name: input.name?.trim() || email.split("@")[0] || email, passwordHash: "!", locale: input.locale ?? "en", createdAt: now });
    }
    await tx
      .insert(staffMembers)
      .values({ userId: id, role: input.role, locale: input.locale ?? "en", invitedBy: input.invitedBy ?? null, createdAt: now })
      .onConflictDoUpdate({ target: staffMembers.userId, set: { role: input.role, disabledAt: null, totpSecret: null, totpPendingSecret: null, totpLastStep: null } });
    // Earlier links stop working: only the newest one sets a password.
    await tx.update(staffInvites).set({ usedAt: now }).where(and(eq(staffInvites.userId, id), isNull(staffInvites.usedAt)));
    await tx.insert(staffInvites).values({ tokenHash, userId: id, expiresAt: new Date(now.getTime() + STAFF_INVITE_TTL_MS), createdAt: now });
    await tx.delete(staffSessions).where(eq(staffSessions.userId, id));
    // Who added them, in the same transaction as the change.
    if (audit) await recordAudit(tx, audit.actor, { action: audit.action, subjectType: "staff", subjectId: id, after: { email, role: input.role } }, now);
    return id;
  });
  const member = await findStaffMember(db, userId);
  if (!member) throw new Error("staff member vanished after insert");
  return { member, token };
}

/** The member a set-password link is for, without spending it (the page's GET). */
export async function peekStaffInvite(db: Database, token: string, now: Date): Promise<StaffMember | null> {
  const [row] = await db
    .select({ userId: staffInvites.userId })
    .from(staffInvites)
    .where(and(eq(staffInvites.tokenHash, hash(token)), isNull(staffInvites.usedAt), gt(staffInvites.expiresAt, now)));
  return row ? findStaffMember(db, row.userId) : null;
}

/** Spends a set-password link and sets the password; null when the link is unknown, used or expired. */
export async function acceptStaffInvite(db: Database, token: string, password: string, now: Date): Promise<StaffMember | null> {
  const passwordHash = await hashPassword(password);
  const [spent] = await db
    .update(staffInvites)
    .set({ usedAt: now })
    .where(and(eq(staffInvites.tokenHash, hash(token)), isNull(staffInvites.usedAt), gt(staffInvites.expiresAt, now)))
    .returning({ userId: staffInvites.userId });
  if (!spent) return null;
  await db.update(users).set({ passwordHash }).where(eq(users.id, spent.userId));
  return findStaffMember(db, spent.userId);
}

/** The staff member with this email and password, or null (same time either way; disabled members never). */
export async function authenticateStaff(db: Database, email: string, password: string): Promise<StaffMember | null> {
  const [row] = await db
    .select({ ...memberColumns, passwordHash: users.passwordHash })
    .from(staffMembers)
    .innerJoin(users, eq(users.id, staffMembers.userId))
    .where(eq(users.email, email.trim().toLowerCase()));
  if (!row) {
    await burnPasswordCheck(password);
    return null;
  }
  const ok = await verifyPassword(row.passwordHash, password);
  return ok && row.disabledAt === null ? toMember(row) : null;
}

// ── Sessions ────────────────────────────────────────────────────────────────────────────────────

export async function startStaffSession(db: Database, userId: string, stage: StaffSessionStage, now: Date): Promise<string> {
  const sessionId = randomBytes(32).toString("base64url");
  const ttl = stage === "FULL" ? STAFF_SESSION_TTL_MS : STAFF_PASSWORD_STAGE_MS;
  await db.insert(staffSessions).values({ idHash: hash(sessionId), userId, stage, expiresAt: new Date(now.getTime() + ttl), lastSeenAt: now, createdAt: now });
  // This member's expired sessions go while we are here.
  await db.delete(staffSessions).where(and(eq(staffSessions.userId, userId), lt(staffSessions.expiresAt, now)));
  if (stage === "FULL") await db.update(staffMembers).set({ lastSignInAt: now }).where(eq(staffMembers.userId, userId));
  return sessionId;
}

/**
 * The live session for an id, or null: expired, idle for too long, or its member disabled. A FULL
 * session's idle clock restarts (at most once a minute, to spare the database a write per request).
 */
export async function readStaffSession(db: Database, sessionId: string, now: Date): Promise<StaffSession | null> {
  const idHash = hash(sessionId);
  const [row] = await db
    .select({ ...memberColumns, stage: staffSessions.stage, lastSeenAt: staffSessions.lastSeenAt })
    .from(staffSessions)
    .innerJoin(staffMembers, eq(staffMembers.userId, staffSessions.userId))
    .innerJoin(users, eq(users.id, staffMembers.userId))
    .where(and(eq(staffSessions.idHash, idHash), gt(staffSessions.expiresAt, now)));
  if (!row || row.disabledAt !== null) return null;
  const stage: StaffSessionStage = row.stage === "FULL" ? "FULL" : "PASSWORD";
  if (stage === "FULL") {
    const idleFor = now.getTime() - row.lastSeenAt.getTime();
    if (idleFor > STAFF_IDLE_MS) {
      await db.delete(staffSessions).where(eq(staffSessions.idHash, idHash));
      return null;
    }
    if (idleFor > 60_000) await db.update(staffSessions).set({ lastSeenAt: now }).where(eq(staffSessions.idHash, idHash));
  }
  return { member: toMember(row), stage };
}

export async function endStaffSession(db: Database, sessionId: string): Promise<void> {
  await db.delete(staffSessions).where(eq(staffSessions.idHash, hash(sessionId)));
}

/** Replaces a PASSWORD-stage session by a FULL one (new id); null when the old one is gone. */
export async function completeStaffSignIn(db: Database, passwordSessionId: string, now: Date): Promise<string | null> {
  const [spent] = await db
    .delete(staffSessions)
    .where(and(eq(staffSessions.idHash, hash(passwordSessionId)), eq(staffSessions.stage, "PASSWORD"), gt(staffSessions.expiresAt, now)))
    .returning({ userId: staffSessions.userId });
  return spent ? startStaffSession(db, spent.userId, "FULL", now) : null;
}

// ── TOTP second factor ──────────────────────────────────────────────────────────────────────────

export type TotpEnrolment = { secret: string; uri: string };

/** The secret to enrol (kept pending until a code proves the authenticator has it). */
export async function beginTotpEnrolment(db: Database, member: StaffMember): Promise<TotpEnrolment> {
  const [row] = await db.select({ pending: staffMembers.totpPendingSecret }).from(staffMembers).where(eq(staffMembers.userId, member.userId));
  let secret = row?.pending ?? null;
  if (!secret) {
    secret = (await generateTOTP({ period: TOTP_PERIOD_SECONDS })).secret;
    await db.update(staffMembers).set({ totpPendingSecret: secret }).where(eq(staffMembers.userId, member.userId));
  }
  const uri = getTOTPAuthUri({ secret, period: TOTP_PERIOD_SECONDS, digits: 6, algorithm: "SHA-1", accountName: member.email, issuer: TOTP_ISSUER });
  return { secret, uri };
}

function normaliseCode(code: string): string {
  return code.replace(/[\s-]/g, "").replace(/[٠-٩]/g, (digit) => String(digit.charCodeAt(0) - 0x0660));
}

/**
 * Checks a code against `secret` and spends its time step: a code (or an older one) is accepted once.
 * The update is conditional on the last step, so two requests with one code cannot both pass.
 */
async function spendCode(db: Database, userId: string, secret: string, code: string, column: "totpSecret" | "totpPendingSecret"): Promise<boolean> {
  const otp = normaliseCode(code);
  if (!/^\d{6}$/.test(otp)) return false;
  const verified = await verifyTOTP({ otp, secret, period: TOTP_PERIOD_SECONDS, window: 1 });
  if (!verified) return false;
  // The library checks codes against the real time (not the app clock), so the step is counted the same way.
  const step = Math.floor(Date.now() / 1000 / TOTP_PERIOD_SECONDS) + verified.delta;
  const set = column === "totpPendingSecret" ? { totpLastStep: step, totpSecret: secret, totpPendingSecret: null } : { totpLastStep: step };
  const [updated] = await db
    .update(staffMembers)
    .set(set)
    .where(and(eq(staffMembers.userId, userId), or(isNull(staffMembers.totpLastStep), lt(staffMembers.totpLastStep, step))))
    .returning({ userId: staffMembers.userId });
  return Boolean(updated);
}

/** Finishes enrolment with a first code from the authenticator. */
export async function confirmTotpEnrolment(db: Database, userId: string, code: string): Promise<boolean> {
  const [row] = await db.select({ pending: staffMembers.totpPendingSecret }).from(staffMembers).where(eq(staffMembers.userId, userId));
  return row?.pending ? spendCode(db, userId, row.pending, code, "totpPendingSecret") : false;
}

/** Checks a sign-in code. */
export async function verifyStaffCode(db: Database, userId: string, code: string): Promise<boolean> {
  const [row] = await db.select({ secret: staffMembers.totpSecret }).from(staffMembers).where(eq(staffMembers.userId, userId));
  return row?.secret ? spendCode(db, userId, row.secret, code, "totpSecret") : false;
}

// ── Administration ──────────────────────────────────────────────────────────────────────────────

export type StaffChange = { role: StaffRole } | { disabled: boolean };

/**
 * Changes a member's role or disables/enables them, with its audit entry, in one transaction. The last
 * enabled admin can be neither demoted nor disabled: the enabled admins' rows are locked first, so two
 * admins demoting each other at once cannot leave the store with none.
 */
export async function changeStaffMember(db: Database, actor: Actor, target: StaffMember, change: StaffChange, now: Date): Promise<{ ok: true } | { ok: false; reason: "LAST_ADMIN" }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT user_id FROM staff_members WHERE role = 'admin' AND disabled_at IS NULL FOR UPDATE`);
    const removesAnAdmin = target.role === "admin" && !target.disabled && ("role" in change ? change.role !== "admin" : change.disabled);
    if (removesAnAdmin && (await countActiveAdmins(tx)) <= 1) return { ok: false, reason: "LAST_ADMIN" } as const;
    if ("role" in change) {
      await tx.update(staffMembers).set({ role: change.role }).where(eq(staffMembers.userId, target.userId));
      await recordAudit(tx, actor, { action: "staff.roleChanged", subjectType: "staff", subjectId: target.userId, before: { role: target.role }, after: { role: change.role } }, now);
    } else {
      await tx.update(staffMembers).set({ disabledAt: change.disabled ? now : null }).where(eq(staffMembers.userId, target.userId));
      // A disabled member's sessions end at once.
      if (change.disabled) await tx.delete(staffSessions).where(eq(staffSessions.userId, target.userId));
      await recordAudit(tx, actor, { action: change.disabled ? "staff.disabled" : "staff.enabled", subjectType: "staff", subjectId: target.userId, before: { disabled: target.disabled }, after: { disabled: change.disabled } }, now);
    }
    return { ok: true } as const;
  });
}

export async function setStaffLocale(db: Database, userId: string, locale: StaffLocale): Promise<void> {
  await db.update(staffMembers).set({ locale }).where(eq(staffMembers.userId, userId));
}

/** How many enabled admins there are (the last one may not be demoted or disabled). */
export async function countActiveAdmins(db: Database): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(staffMembers)
    .where(and(eq(staffMembers.role, "admin"), isNull(staffMembers.disabledAt)));
  return row?.n ?? 0;
}
