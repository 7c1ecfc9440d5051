/**
 * The team's accounts: staff members (users with a role), their one-time set-password links, their
 * TOTP second factor and their sessions. Plain values in and out: the console's routes read cookies
 * and forms and call these.
 *
 * Access is set up only through a one-time link (from `npm run staff:add` or an admin's invitation):
 * the link sets the console password (kept apart from the storefront's) and enrols the authenticator,
 * and nothing else does. Adding or recovering a member clears both and ends every session they had,
 * staff and storefront, so whoever held their old password, session or authenticator holds nothing.
 *
 * Staff sessions are shorter than customers': 12 hours from sign-in at most, and closed after an hour
 * without a request. A session starts at stage PASSWORD (the password was right) or ENROL (the
 * password was just set from a link) and opens nothing but the TOTP step until the second factor is
 * given, when it is replaced by a FULL session with a new id (no fixation between the stages).
 */
import { createHash, randomBytes } from "node:crypto";
import { generateTOTP, getTOTPAuthUri, verifyTOTP } from "@epic-web/totp";
import { and, asc, eq, gt, isNull, lt, or, sql } from "drizzle-orm";
import { burnPasswordCheck, hashPassword, verifyPassword } from "#app/auth/password.server";
import { destroyAllSessions } from "#app/auth/session.server";
import type { Database } from "#app/db/db.server";
import { passwordResetTokens, staffInvites, staffMembers, staffSessions, users } from "#app/db/schema";
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

export type StaffSessionStage = "PASSWORD" | "ENROL" | "FULL";
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
 * staff gives a new role and link and re-enables a disabled member: the same command recovers a member
 * who lost their password or phone.
 *
 * Either way the account's access starts again from the link: the console password and the account's
 * password become "to be set from the link", the second factor is cleared, and every session of the
 * user (console and storefront), earlier link and password-reset link ends. Whoever signed up on the
 * storefront with an address before it was invited, or held a member's password, session or
 * authenticator before a recovery, is left with nothing.
 */
export async function addStaffMember(db: Database, input: AddStaffInput, now: Date, audit?: { actor: Actor; action: string }): Promise<{ member: StaffMember; token: string }> {
  const email = input.email.trim().toLowerCase();
  const { token, tokenHash } = newSecretToken();
  const userId = await db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    const [existing] = await t.select({ id: users.id }).from(users).where(eq(users.email, email));
    const id = existing?.id ?? `usr_${randomBytes(12).toString("hex")}`;
    if (existing) {
      // "!" is no argon2 hash: the account's password, whoever chose it, opens nothing until the link is used.
      await t.update(users).set({ passwordHash: NO_PASSWORD }).where(eq(users.id, id));
    } else {
      await t.insert(users).values({ id, email, name: input.name?.trim() || email.split("@")[0] || email, passwordHash: NO_PASSWORD, locale: input.locale ?? "en", createdAt: now });
    }
    await t
      .insert(staffMembers)
      .values({ userId: id, role: input.role, locale: input.locale ?? "en", invitedBy: input.invitedBy ?? null, createdAt: now })
      .onConflictDoUpdate({ target: staffMembers.userId, set: { role: input.role, disabledAt: null, passwordHash: null, totpSecret: null, totpPendingSecret: null, totpLastStep: null } });
    // Earlier links stop working: only the newest one sets a password.
    await t.update(staffInvites).set({ usedAt: now }).where(and(eq(staffInvites.userId, id), isNull(staffInvites.usedAt)));
    await t.insert(staffInvites).values({ tokenHash, userId: id, expiresAt: new Date(now.getTime() + STAFF_INVITE_TTL_MS), createdAt: now });
    await endEveryAccess(t, id, now);
    // Who added them, in the same transaction as the change.
    if (audit) await recordAudit(t, audit.actor, { action: audit.action, subjectType: "staff", subjectId: id, after: { email, role: input.role } }, now);
    return id;
  });
  const member = await findStaffMember(db, userId);
  if (!member) throw new Error("staff member vanished after insert");
  return { member, token };
}

/** Not an argon2 hash: no password matches it (the account waits for its link). */
const NO_PASSWORD = "!";

/** Ends every session of a user, console and storefront, and every password-reset link still open. */
async function endEveryAccess(db: Database, userId: string, now: Date): Promise<void> {
  await db.delete(staffSessions).where(eq(staffSessions.userId, userId));
  await destroyAllSessions(userId, db);
  await db.update(passwordResetTokens).set({ usedAt: now }).where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}

/** The member a set-password link is for, without spending it (the page's GET). */
export async function peekStaffInvite(db: Database, token: string, now: Date): Promise<StaffMember | null> {
  const [row] = await db
    .select({ userId: staffInvites.userId })
    .from(staffInvites)
    .where(and(eq(staffInvites.tokenHash, hash(token)), isNull(staffInvites.usedAt), gt(staffInvites.expiresAt, now)));
  return row ? findStaffMember(db, row.userId) : null;
}

/**
 * Sets the password from a one-time link (unknown, used or expired: null). The link is not spent
 * yet: it is spent when the authenticator is enrolled (confirmStaffEnrolment), so a member who stops
 * between the two steps can open the link again. Setting the password clears any second factor and
 * ends every other session of the user, then opens an ENROL session bound to this link.
 *
 * The password becomes the console's and the account's (the member proved the mailbox, which also
 * confirms the address); a later storefront password reset changes only the account's.
 */
export async function setStaffPasswordFromInvite(db: Database, token: string, password: string, now: Date): Promise<{ member: StaffMember; sessionId: string } | null> {
  const tokenHash = hash(token);
  const passwordHash = await hashPassword(password);
  const sessionId = randomBytes(32).toString("base64url");
  const userId = await db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    // The invite's row lock: two submissions of one link run one after the other.
    const [invite] = await t
      .select({ userId: staffInvites.userId })
      .from(staffInvites)
      .where(and(eq(staffInvites.tokenHash, tokenHash), isNull(staffInvites.usedAt), gt(staffInvites.expiresAt, now)))
      .for("update");
    if (!invite) return null;
    await t.update(staffMembers).set({ passwordHash, totpSecret: null, totpPendingSecret: null, totpLastStep: null }).where(eq(staffMembers.userId, invite.userId));
    await t.update(users).set({ passwordHash, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now})` }).where(eq(users.id, invite.userId));
    await endEveryAccess(t, invite.userId, now);
    await t.insert(staffSessions).values({ idHash: hash(sessionId), userId: invite.userId, stage: "ENROL", inviteTokenHash: tokenHash, expiresAt: new Date(now.getTime() + STAFF_PASSWORD_STAGE_MS), lastSeenAt: now, createdAt: now });
    return invite.userId;
  });
  if (!userId) return null;
  const member = await findStaffMember(db, userId);
  return member ? { member, sessionId } : null;
}

export type StaffAuthentication = { status: "ok"; member: StaffMember } | { status: "invalid" } | { status: "not-enrolled" };

/**
 * Checks a console password (never the storefront's). Unknown addresses, members whose password is
 * still to be set from a link, wrong passwords and disabled members all cost one argon2 check and give
 * "invalid". A right password of a member who has no authenticator yet gives "not-enrolled": enrolment
 * happens only from the emailed link, never after a password alone.
 */
export async function authenticateStaff(db: Database, email: string, password: string): Promise<StaffAuthentication> {
  const [row] = await db
    .select({ ...memberColumns, passwordHash: staffMembers.passwordHash })
    .from(staffMembers)
    .innerJoin(users, eq(users.id, staffMembers.userId))
    .where(eq(users.email, email.trim().toLowerCase()));
  if (!row?.passwordHash) {
    await burnPasswordCheck(password);
    return { status: "invalid" };
  }
  const ok = await verifyPassword(row.passwordHash, password);
  if (!ok || row.disabledAt !== null) return { status: "invalid" };
  return row.totpSecret === null ? { status: "not-enrolled" } : { status: "ok", member: toMember(row) };
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
  const stage: StaffSessionStage = row.stage === "FULL" || row.stage === "ENROL" ? row.stage : "PASSWORD";
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

export type EnrolmentOutcome = { status: "enrolled"; sessionId: string } | { status: "code-invalid" } | { status: "restart" };

/**
 * Finishes the link's second step: a first code from the new authenticator confirms it, spends the
 * link the ENROL session was opened from, and replaces that session by a FULL one (new id), all in one
 * transaction. "restart" when the session or its link is gone (expired, or a newer link was issued).
 */
export async function completeStaffEnrolment(db: Database, enrolSessionId: string, code: string, now: Date): Promise<EnrolmentOutcome> {
  const idHash = hash(enrolSessionId);
  const outcome = await db.transaction(async (tx): Promise<{ status: "enrolled"; userId: string } | { status: "code-invalid" } | { status: "restart" }> => {
    const t = tx as unknown as Database;
    const [session] = await t
      .select({ userId: staffSessions.userId, inviteTokenHash: staffSessions.inviteTokenHash })
      .from(staffSessions)
      .where(and(eq(staffSessions.idHash, idHash), eq(staffSessions.stage, "ENROL"), gt(staffSessions.expiresAt, now)))
      .for("update");
    if (!session?.inviteTokenHash) return { status: "restart" };
    const [member] = await t.select({ pending: staffMembers.totpPendingSecret }).from(staffMembers).where(eq(staffMembers.userId, session.userId));
    if (!member?.pending) return { status: "restart" };
    if (!(await spendCode(t, session.userId, member.pending, code, "totpPendingSecret"))) return { status: "code-invalid" };
    const [invite] = await t
      .update(staffInvites)
      .set({ usedAt: now })
      .where(and(eq(staffInvites.tokenHash, session.inviteTokenHash), eq(staffInvites.userId, session.userId), isNull(staffInvites.usedAt), gt(staffInvites.expiresAt, now)))
      .returning({ userId: staffInvites.userId });
    // The link was replaced or expired meanwhile: undo the enrolment with the rest.
    if (!invite) throw new EnrolmentRestart();
    await t.delete(staffSessions).where(eq(staffSessions.idHash, idHash));
    return { status: "enrolled", userId: session.userId };
  }).catch((error: unknown) => {
    if (error instanceof EnrolmentRestart) return { status: "restart" } as const;
    throw error;
  });
  if (outcome.status !== "enrolled") return outcome;
  return { status: "enrolled", sessionId: await startStaffSession(db, outcome.userId, "FULL", now) };
}

class EnrolmentRestart extends Error {}

// ── TOTP second factor ──────────────────────────────────────────────────────────────────────────

export type TotpEnrolment = { secret: string; uri: string };

/** The secret to enrol (kept pending until a code proves the authenticator has it). */
export async function beginTotpEnrolment(db: Database, member: StaffMember): Promise<TotpEnrolment> {
  const [row] = await db.select({ pending: staffMembers.totpPendingSecret }).from(staffMembers).where(eq(staffMembers.userId, member.userId));
  let secret = row?.pending ?? null;
  if (!secret) {
    const fresh = (await generateTOTP({ period: TOTP_PERIOD_SECONDS })).secret;
    // Only when none is pending: two loads of the page at once show the same secret.
    await db
      .update(staffMembers)
      .set({ totpPendingSecret: fresh })
      .where(and(eq(staffMembers.userId, member.userId), isNull(staffMembers.totpPendingSecret)));
    const [now] = await db.select({ pending: staffMembers.totpPendingSecret }).from(staffMembers).where(eq(staffMembers.userId, member.userId));
    secret = now?.pending ?? fresh;
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
      // A change of privilege ends the member's sessions: they sign in again under the new role.
      await tx.delete(staffSessions).where(eq(staffSessions.userId, target.userId));
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
