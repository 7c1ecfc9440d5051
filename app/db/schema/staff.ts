/**
 * Staff (app/staff): the company's team. A staff member is a user (./accounts) with a role, a TOTP
 * second factor and its own short sessions; every staff action is written to the audit log.
 */
import { index, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { bigserialId, createdAt, locale, ownedBy, serialId, singleUseToken, timestamptz } from "./columns";
import { users } from "./accounts";

/**
 * A user's staff role: `agent` (orders, bookings, offers, manifest) or `admin` (also large refunds,
 * staff, settings). `passwordHash` is the console password, apart from the storefront's
 * `users.password_hash`: only a password set from a one-time staff link opens the console, and it is
 * null (nobody can sign in) from an invitation or a recovery until the link is used. `totpSecret` is
 * set once enrolment is confirmed; until then `totpPendingSecret` holds the secret shown as a QR code.
 * `totpLastStep` refuses a code used twice.
 */
export const staffMembers = pgTable("staff_members", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  role: text("role").notNull(),
  passwordHash: text("password_hash"),
  /** The console's language: en or ar. */
  locale: locale().default("en"),
  totpSecret: text("totp_secret"),
  totpPendingSecret: text("totp_pending_secret"),
  totpLastStep: integer("totp_last_step"),
  invitedBy: text("invited_by"),
  disabledAt: timestamptz("disabled_at"),
  lastSignInAt: timestamptz("last_sign_in_at"),
  createdAt: createdAt(),
});

/**
 * A staff sign-in. `stage` PASSWORD: the password was right, the second factor is still owed (the
 * session opens nothing but the TOTP step); ENROL: the password was just set from the one-time link
 * `inviteTokenHash`, and the session opens nothing but enrolling an authenticator, which spends that
 * link; FULL: signed in. Only the id's SHA-256 is stored.
 */
export const staffSessions = pgTable(
  "staff_sessions",
  {
    idHash: text("id_hash").primaryKey(),
    userId: ownedBy("user_id", () => staffMembers.userId),
    stage: text("stage").notNull(),
    inviteTokenHash: text("invite_token_hash"),
    expiresAt: timestamptz("expires_at").notNull(),
    lastSeenAt: timestamptz("last_seen_at").notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (table) => [index("staff_sessions_user_idx").on(table.userId)],
);

/** One-time links that let a new staff member choose a password (from `staff:add` or an admin's invitation). */
export const staffInvites = pgTable("staff_invites", singleUseToken(() => staffMembers.userId));

/**
 * Every staff action: who, when, what, on which subject, with the state before and after and the reason
 * given. `orderId` ties an action on an item, payment or booking to its order's timeline. Never updated.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigserialId(),
    /** Null for the system (the reconciler, a command-line tool). */
    actorId: text("actor_id"),
    actorEmail: text("actor_email").notNull(),
    action: text("action").notNull(),
    subjectType: text("subject_type").notNull(),
    subjectId: text("subject_id").notNull(),
    orderId: text("order_id"),
    before: jsonb("before").$type<Record<string, unknown> | null>(),
    after: jsonb("after").$type<Record<string, unknown> | null>(),
    reason: text("reason"),
    createdAt: createdAt(),
  },
  (table) => [index("audit_log_subject_idx").on(table.subjectType, table.subjectId), index("audit_log_order_idx").on(table.orderId), index("audit_log_created_idx").on(table.createdAt)],
);

/**
 * A customer's PDPL request handled by the team (issue #31): `kind` EXPORT (a copy of everything held
 * for `email`) or ANONYMISE (the same erasure as deleting an account, for an account or a guest's
 * orders); `status` OPEN, DONE or REFUSED (a booking still to come could not be cancelled: `outcome`
 * names each). Once anonymised the address itself is erased here too (`email` becomes an address no
 * mail server accepts). Who filed and who completed are staff members (their emails kept for the log).
 */
export const dataRequests = pgTable(
  "data_requests",
  {
    id: serialId(),
    kind: text("kind").notNull(),
    status: text("status").notNull().default("OPEN"),
    email: text("email").notNull(),
    note: text("note").notNull().default(""),
    filedBy: text("filed_by"),
    filedByEmail: text("filed_by_email").notNull(),
    completedBy: text("completed_by"),
    completedByEmail: text("completed_by_email"),
    completedAt: timestamptz("completed_at"),
    outcome: jsonb("outcome").$type<Record<string, unknown> | null>(),
    createdAt: createdAt(),
  },
  (table) => [index("data_requests_created_idx").on(table.createdAt)],
);
