import { generateTOTP } from "@epic-web/totp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listAudit, recordAudit, SYSTEM_ACTOR } from "./audit.server";
import { can, PERMISSIONS, STAFF_ROLES } from "./roles";
import {
  addStaffMember,
  authenticateStaff,
  beginTotpEnrolment,
  completeStaffEnrolment,
  completeStaffSignIn,
  countActiveAdmins,
  peekStaffInvite,
  readStaffSession,
  changeStaffMember,
  setStaffPasswordFromInvite,
  startStaffSession,
  STAFF_IDLE_MS,
  STAFF_INVITE_TTL_MS,
  STAFF_PASSWORD_STAGE_MS,
  verifyStaffCode,
} from "./staff.server";
import { createTestContext, TEST_NOW, type TestContext } from "#app/testing/context.server";
import { authenticate, signUp } from "#app/auth/auth.server";
import { openSession, userForSessionId } from "#app/auth/session.server";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.stop();
});

const minutes = (n: number) => n * 60_000;
const at = (ms: number) => new Date(TEST_NOW.getTime() + ms);

/** What the link's two pages do: set the password, then enrol with a first code. */
async function setUpFromLink(token: string, password: string) {
  const set = await setStaffPasswordFromInvite(ctx.db, token, password, TEST_NOW);
  if (!set) throw new Error("link refused");
  const { secret } = await beginTotpEnrolment(ctx.db, set.member);
  const enrolled = await completeStaffEnrolment(ctx.db, set.sessionId, (await generateTOTP({ secret })).otp, TEST_NOW);
  if (enrolled.status !== "enrolled") throw new Error(`enrolment ${enrolled.status}`);
  return { member: set.member, secret, sessionId: enrolled.sessionId };
}

async function enrolledAgent(email: string) {
  const { token } = await addStaffMember(ctx.db, { email, role: "agent" }, TEST_NOW);
  return setUpFromLink(token, "correct horse battery");
}

const authDeps = () => ({ db: ctx.db, mailer: ctx.mailer, env: ctx.env });

describe("roles", () => {
  it("gives agents the day's work and keeps staff, settings, large refunds and overrides for admins", () => {
    expect(STAFF_ROLES).toEqual(["agent", "catalogue", "admin"]);
    for (const permission of Object.keys(PERMISSIONS) as Array<keyof typeof PERMISSIONS>) expect(can("admin", permission)).toBe(true);
    expect(can("agent", "bookings.decide")).toBe(true);
    expect(can("agent", "tickets.redeem")).toBe(true);
    expect(can("agent", "refunds.large")).toBe(false);
    expect(can("agent", "staff.manage")).toBe(false);
    expect(can("agent", "policy.override")).toBe(false);
    expect(can("agent", "settings.manage")).toBe(false);
    expect(can("agent", "catalogue.manage")).toBe(false);
  });

  it("lets a catalogue manager run the products and see the day, and nothing else", () => {
    expect(can("catalogue", "catalogue.manage")).toBe(true);
    expect(can("catalogue", "orders.view")).toBe(true);
    for (const permission of ["bookings.decide", "payments.collect", "refunds.small", "staff.manage", "settings.manage"] as const) expect(can("catalogue", permission)).toBe(false);
  });
});

describe("staff accounts", () => {
  it("adds a member who cannot sign in until the one-time link sets a password and enrols an authenticator", async () => {
    const { member, token } = await addStaffMember(ctx.db, { email: "  Noura@Example.com ", role: "admin", name: "Noura" }, TEST_NOW);
    expect(member).toMatchObject({ email: "noura@example.com", role: "admin", totpEnabled: false, disabled: false });
    expect(await authenticateStaff(ctx.db, "noura@example.com", "")).toEqual({ status: "invalid" });
    expect(await authenticateStaff(ctx.db, "noura@example.com", "!")).toEqual({ status: "invalid" });
    expect((await peekStaffInvite(ctx.db, token, TEST_NOW))?.userId).toBe(member.userId);
    const set = await setStaffPasswordFromInvite(ctx.db, token, "a long password", TEST_NOW);
    expect(set?.member.userId).toBe(member.userId);
    expect((await readStaffSession(ctx.db, set!.sessionId, TEST_NOW))?.stage).toBe("ENROL");
    // The password alone does not reach enrolment.
    expect(await authenticateStaff(ctx.db, "NOURA@example.com", "a long password")).toEqual({ status: "not-enrolled" });
    const { secret } = await beginTotpEnrolment(ctx.db, member);
    expect(await completeStaffEnrolment(ctx.db, set!.sessionId, "000000", TEST_NOW)).toEqual({ status: "code-invalid" });
    const enrolled = await completeStaffEnrolment(ctx.db, set!.sessionId, (await generateTOTP({ secret })).otp, TEST_NOW);
    expect(enrolled.status).toBe("enrolled");
    // The link is spent by the enrolment, once only; the ENROL session gave way to a FULL one.
    expect(await setStaffPasswordFromInvite(ctx.db, token, "another password", TEST_NOW)).toBeNull();
    expect(await readStaffSession(ctx.db, set!.sessionId, TEST_NOW)).toBeNull();
    expect(enrolled.status === "enrolled" && (await readStaffSession(ctx.db, enrolled.sessionId, TEST_NOW))?.stage).toBe("FULL");
    expect(await authenticateStaff(ctx.db, "NOURA@example.com", "a long password")).toMatchObject({ status: "ok", member: { userId: member.userId } });
    expect(await authenticateStaff(ctx.db, "noura@example.com", "wrong password")).toEqual({ status: "invalid" });
  });

  it("lets a member who stopped after the password open the link again, until it is spent", async () => {
    const { token } = await addStaffMember(ctx.db, { email: "interrupted@example.com", role: "agent" }, TEST_NOW);
    const first = await setStaffPasswordFromInvite(ctx.db, token, "first password here", TEST_NOW);
    const again = await setStaffPasswordFromInvite(ctx.db, token, "second password here", TEST_NOW);
    expect(again).not.toBeNull();
    // The first tab's session ended with the second setting.
    expect(await readStaffSession(ctx.db, first!.sessionId, TEST_NOW)).toBeNull();
    await setUpFromLink(token, "third password here");
    expect(await authenticateStaff(ctx.db, "interrupted@example.com", "third password here")).toMatchObject({ status: "ok" });
  });

  it("expires set-password links and replaces older ones with the newest", async () => {
    const first = await addStaffMember(ctx.db, { email: "late@example.com", role: "agent" }, TEST_NOW);
    expect(await peekStaffInvite(ctx.db, first.token, at(STAFF_INVITE_TTL_MS + 1))).toBeNull();
    expect(await setStaffPasswordFromInvite(ctx.db, first.token, "a long password", at(STAFF_INVITE_TTL_MS + 1))).toBeNull();
    const second = await addStaffMember(ctx.db, { email: "late@example.com", role: "agent" }, TEST_NOW);
    expect(await setStaffPasswordFromInvite(ctx.db, first.token, "a long password", TEST_NOW)).toBeNull();
    expect(await setStaffPasswordFromInvite(ctx.db, second.token, "a long password", TEST_NOW)).not.toBeNull();
  });

  it("refuses an enrolment whose link was replaced while the member was enrolling", async () => {
    const { token, member } = await addStaffMember(ctx.db, { email: "replaced@example.com", role: "agent" }, TEST_NOW);
    const set = await setStaffPasswordFromInvite(ctx.db, token, "a long password", TEST_NOW);
    const { secret } = await beginTotpEnrolment(ctx.db, member);
    await addStaffMember(ctx.db, { email: "replaced@example.com", role: "agent" }, TEST_NOW);
    expect(await completeStaffEnrolment(ctx.db, set!.sessionId, (await generateTOTP({ secret })).otp, TEST_NOW)).toEqual({ status: "restart" });
    expect((await readStaffSession(ctx.db, (await startStaffSession(ctx.db, member.userId, "PASSWORD", TEST_NOW)), TEST_NOW))?.member.totpEnabled).toBe(false);
  });

  it("does not let a customer account into the console", async () => {
    expect(await authenticateStaff(ctx.db, "customer-only@example.com", "whatever it is")).toEqual({ status: "invalid" });
  });
});

describe("taking over access (penetration test findings)", () => {
  it("an address signed up on the storefront before its invitation: the sign-up's password and sessions open nothing", async () => {
    const email = "future-staff@example.com";
    const attackerPassword = "attacker-chose-this";
    await signUp({ name: "Not the invitee", email, password: attackerPassword, locale: "en", address: "198.51.100.7" }, authDeps());
    const signedIn = await authenticate({ email, password: attackerPassword, address: "198.51.100.7" }, authDeps());
    expect(signedIn.status).toBe("ok");
    const storefrontSession = await openSession(ctx.db, signedIn.status === "ok" ? signedIn.user.id : "", { now: TEST_NOW });

    const { token } = await addStaffMember(ctx.db, { email, role: "admin" }, TEST_NOW);
    // The storefront password opens neither the console nor the storefront, and the session is gone.
    expect(await authenticateStaff(ctx.db, email, attackerPassword)).toEqual({ status: "invalid" });
    expect((await authenticate({ email, password: attackerPassword, address: "198.51.100.8" }, authDeps())).status).toBe("invalid");
    expect(await userForSessionId(storefrontSession, { db: ctx.db, now: TEST_NOW })).toBeNull();

    // The invitee's link works; the console password is theirs, and a later storefront reset does not change it.
    const { member } = await setUpFromLink(token, "the invitee's own");
    expect(await authenticateStaff(ctx.db, email, "the invitee's own")).toMatchObject({ status: "ok", member: { userId: member.userId } });
    expect((await userForSessionId(await openSession(ctx.db, member.userId, { now: TEST_NOW }), { db: ctx.db, now: TEST_NOW }))?.emailVerified).toBe(true);
  });

  it("a recovery clears the password and authenticator and ends every session; using the link ends them again", async () => {
    const email = "recovered@example.com";
    const { member, sessionId: attackerFull } = await enrolledAgent(email);
    const attackerStorefront = await openSession(ctx.db, member.userId, { now: TEST_NOW });

    const { token } = await addStaffMember(ctx.db, { email, role: "agent" }, TEST_NOW);
    expect(await readStaffSession(ctx.db, attackerFull, TEST_NOW)).toBeNull();
    expect(await userForSessionId(attackerStorefront, { db: ctx.db, now: TEST_NOW })).toBeNull();
    // The old password no longer signs in, so nobody holding it can start an enrolment.
    expect(await authenticateStaff(ctx.db, email, "correct horse battery")).toEqual({ status: "invalid" });

    // Using the link ends whatever session was opened since, and the authenticator is enrolled anew.
    const openedSince = await startStaffSession(ctx.db, member.userId, "PASSWORD", TEST_NOW);
    const storefrontSince = await openSession(ctx.db, member.userId, { now: TEST_NOW });
    const set = await setStaffPasswordFromInvite(ctx.db, token, "a brand new password", TEST_NOW);
    expect(await readStaffSession(ctx.db, openedSince, TEST_NOW)).toBeNull();
    expect(await userForSessionId(storefrontSince, { db: ctx.db, now: TEST_NOW })).toBeNull();
    expect((await readStaffSession(ctx.db, set!.sessionId, TEST_NOW))?.member.totpEnabled).toBe(false);
  });

  it("a role change ends the member's sessions", async () => {
    const { member, sessionId } = await enrolledAgent("promoted@example.com");
    await changeStaffMember(ctx.db, SYSTEM_ACTOR, member, { role: "admin" }, TEST_NOW);
    expect(await readStaffSession(ctx.db, sessionId, TEST_NOW)).toBeNull();
  });
});

describe("second factor", () => {
  it("enrols with a code from the pending secret, then accepts each code once", async () => {
    const { member, secret } = await enrolledAgent("totp@example.com");
    const fresh = await readStaffSession(ctx.db, await startStaffSession(ctx.db, member.userId, "PASSWORD", TEST_NOW), TEST_NOW);
    expect(fresh?.member.totpEnabled).toBe(true);
    // The enrolment code was spent: the same code again is a replay.
    const { otp } = await generateTOTP({ secret });
    expect(await verifyStaffCode(ctx.db, member.userId, otp)).toBe(false);
    expect(await verifyStaffCode(ctx.db, member.userId, "000000")).toBe(false);
    expect(await verifyStaffCode(ctx.db, member.userId, "not a code")).toBe(false);
  });

  it("refuses a code made from another secret", async () => {
    const { member } = await enrolledAgent("other-secret@example.com");
    const { otp } = await generateTOTP();
    expect(await verifyStaffCode(ctx.db, member.userId, otp)).toBe(false);
  });
});

describe("staff sessions", () => {
  it("opens nothing but the code step at PASSWORD stage, and gives a new id when complete", async () => {
    const { member } = await enrolledAgent("session@example.com");
    const passwordId = await startStaffSession(ctx.db, member.userId, "PASSWORD", TEST_NOW);
    expect((await readStaffSession(ctx.db, passwordId, TEST_NOW))?.stage).toBe("PASSWORD");
    expect(await readStaffSession(ctx.db, passwordId, at(STAFF_PASSWORD_STAGE_MS + 1))).toBeNull();
    const fullId = await completeStaffSignIn(ctx.db, passwordId, TEST_NOW);
    expect(fullId).not.toBeNull();
    expect(fullId).not.toBe(passwordId);
    expect(await readStaffSession(ctx.db, passwordId, TEST_NOW)).toBeNull();
    expect((await readStaffSession(ctx.db, fullId!, TEST_NOW))?.stage).toBe("FULL");
    // A second completion of the same password session is refused.
    expect(await completeStaffSignIn(ctx.db, passwordId, TEST_NOW)).toBeNull();
  });

  it("closes a FULL session after an hour idle, and keeps an active one alive", async () => {
    const { member } = await enrolledAgent("idle@example.com");
    const active = await startStaffSession(ctx.db, member.userId, "FULL", TEST_NOW);
    expect(await readStaffSession(ctx.db, active, at(STAFF_IDLE_MS - minutes(1)))).not.toBeNull();
    expect(await readStaffSession(ctx.db, active, at(2 * STAFF_IDLE_MS - minutes(2)))).not.toBeNull();
    const idle = await startStaffSession(ctx.db, member.userId, "FULL", TEST_NOW);
    expect(await readStaffSession(ctx.db, idle, at(STAFF_IDLE_MS + minutes(1)))).toBeNull();
  });

  it("ends every session of a disabled member at once", async () => {
    const { member } = await enrolledAgent("disabled@example.com");
    const id = await startStaffSession(ctx.db, member.userId, "FULL", TEST_NOW);
    await changeStaffMember(ctx.db, SYSTEM_ACTOR, member, { disabled: true }, TEST_NOW);
    expect(await readStaffSession(ctx.db, id, TEST_NOW)).toBeNull();
    expect(await authenticateStaff(ctx.db, "disabled@example.com", "correct horse battery")).toEqual({ status: "invalid" });
  });

  it("counts enabled admins (the last one is protected by the console)", async () => {
    const before = await countActiveAdmins(ctx.db);
    const { member } = await addStaffMember(ctx.db, { email: "admin-count@example.com", role: "admin" }, TEST_NOW);
    expect(await countActiveAdmins(ctx.db)).toBe(before + 1);
    await changeStaffMember(ctx.db, SYSTEM_ACTOR, member, { disabled: true }, TEST_NOW);
    expect(await countActiveAdmins(ctx.db)).toBe(before);
  });
});

describe("changing staff", () => {
  it("never leaves the store without an enabled admin, and audits every change", async () => {
    // A fresh database copy: the admins of earlier tests would make this one not the last.
    const own = await createTestContext();
    try {
      const { member: only } = await addStaffMember(own.db, { email: "only-admin@example.com", role: "admin" }, TEST_NOW);
      const actor = { id: only.userId, email: only.email };
      expect(await changeStaffMember(own.db, actor, only, { role: "agent" }, TEST_NOW)).toEqual({ ok: false, reason: "LAST_ADMIN" });
      expect(await changeStaffMember(own.db, actor, only, { disabled: true }, TEST_NOW)).toEqual({ ok: false, reason: "LAST_ADMIN" });
      const { member: second } = await addStaffMember(own.db, { email: "second-admin@example.com", role: "admin" }, TEST_NOW);
      // Two admins demoting each other at once: one of them stays admin.
      const results = await Promise.all([
        changeStaffMember(own.db, actor, only, { role: "agent" }, TEST_NOW),
        changeStaffMember(own.db, { id: second.userId, email: second.email }, second, { role: "agent" }, TEST_NOW),
      ]);
      expect(results.filter((result) => result.ok)).toHaveLength(1);
      expect(await countActiveAdmins(own.db)).toBe(1);
      expect((await listAudit(own.db, { subjectType: "staff" })).filter((entry) => entry.action === "staff.roleChanged")).toHaveLength(1);
    } finally {
      await own.stop();
    }
  });
});

describe("audit log", () => {
  it("keeps who, what, before, after and reason, newest first, per order", async () => {
    await recordAudit(ctx.db, { id: "usr_x", email: "agent@example.com" }, { action: "item.confirmed", subjectType: "order_item", subjectId: "it_1", orderId: "ord_audit", before: { status: "PENDING" }, after: { status: "CONFIRMED" } }, TEST_NOW);
    await recordAudit(ctx.db, SYSTEM_ACTOR, { action: "item.rejected", subjectType: "order_item", subjectId: "it_2", orderId: "ord_audit", reason: "No guide" }, at(1000));
    const entries = await listAudit(ctx.db, { orderId: "ord_audit" });
    expect(entries.map((entry) => [entry.action, entry.actorEmail, entry.reason])).toEqual([
      ["item.rejected", "system", "No guide"],
      ["item.confirmed", "agent@example.com", null],
    ]);
    expect(entries[1]).toMatchObject({ before: { status: "PENDING" }, after: { status: "CONFIRMED" } });
  });
});
