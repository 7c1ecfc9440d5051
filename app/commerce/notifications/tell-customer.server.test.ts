/**
 * Every email and WhatsApp message sent about an order is recorded on it (sent or failed, with the
 * error), WhatsApp through the Cloud API adapter against a local fake; and a recorded email can be
 * resent, rebuilt from the order and its kind, audited.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { auditLog, orderItems, orders } from "#app/db/schema";
import { parseEnv } from "#app/lib/env.server";
import type { Mailer } from "#app/lib/mailer.server";
import { createWhatsAppNotifier } from "#app/messaging/whatsapp-cloud.server";
import { createTestContext, type TestContext } from "#app/testing/context.server";
import { startFakeRemote, type FakeRemote } from "#app/testing/fake-remote.server";
import { listOrderMessages } from "../order-events.server";
import type { OrderRow } from "../order-records.server";
import { resendOrderEmail } from "./owed-notices.server";
import { tellCustomer } from "./tell-customer.server";

let ctx: TestContext;
let remote: FakeRemote;
let whatsappStatus = 200;
let mailFails = false;
const sentMail: Array<{ to: string; subject: string }> = [];
const agent = { id: null, email: "agent@rihla.test" };

async function seedOrder(id: string): Promise<OrderRow> {
  await ctx.db.insert(orders).values({ id, reference: `RH-${id.toUpperCase()}`, purchaseId: `p-${id}`, idempotencyKey: `k-${id}`, accessToken: `t-${id}`, status: "CONFIRMED", paymentMethod: "card", locale: "ar", currency: "SAR", originalAmount: 45_000, totalAmount: 45_000, firstName: "Noura", lastName: "Al-Qahtani", email: `${id}@example.com`, countryCode: "+966", phone: "501234567" });
  await ctx.db.insert(orderItems).values({ id: `i-${id}`, orderId: id, position: 0, bookingUuid: `b-${id}`, productId: "desert-safari", optionId: "DEFAULT", availabilityId: "2030-01-20T16:00:00+03:00", localDate: "2030-01-20", units: [{ unitId: "adult", quantity: 2 }], extraIds: [], instantConfirmation: true, currency: "SAR", amount: 45_000, status: "CONFIRMED" });
  const [order] = await ctx.db.select().from(orders).where(eq(orders.id, id));
  return order!;
}

const tellConfirmed = (order: OrderRow) => tellCustomer(ctx, { type: "order.outcome", orderId: order.id, outcome: "CONFIRMED" });

beforeAll(async () => {
  remote = await startFakeRemote((_request, _body, response) => {
    response
      .writeHead(whatsappStatus, { "Content-Type": "application/json" })
      .end(JSON.stringify(whatsappStatus === 200 ? { messages: [{ id: "wamid.1" }] } : { error: { message: "Recipient phone number not in allowed list", code: 131030 } }));
  });
  const mailer: Mailer = {
    async send(message) {
      if (mailFails) throw new Error("SMTP 451 try again later");
      sentMail.push({ to: message.to, subject: message.subject });
      return { messageId: `<m-${sentMail.length}@test>`, transport: "outbox" };
    },
  };
  const whatsapp = createWhatsAppNotifier(parseEnv({ WHATSAPP_TOKEN: "token", WHATSAPP_PHONE_NUMBER_ID: "1065403522", WHATSAPP_API_URL: `${remote.origin}/v21.0`, WHATSAPP_TEMPLATES: '{"CONFIRMED":"booking_confirmed"}' }));
  ctx = await createTestContext({ mailer, whatsapp });
});
afterAll(async () => {
  await ctx.stop();
  await remote.close();
});
beforeEach(() => {
  whatsappStatus = 200;
  mailFails = false;
});

describe("messages are recorded on the order", () => {
  it("an outcome's email and WhatsApp message, both sent", async () => {
    const order = await seedOrder("nt1");
    await tellConfirmed(order);
    const messages = await listOrderMessages(ctx.db, order.id);
    expect(messages.map((message) => [message.channel, message.kind, message.status, message.recipient, message.locale])).toEqual([
      ["email", "CONFIRMED", "SENT", "nt1@example.com", "ar"],
      ["whatsapp", "CONFIRMED", "SENT", "+966501234567", "ar"],
    ]);
    expect(messages[0]!.subject).toContain("RH-NT1");
  });

  it("a WhatsApp refusal is recorded as failed with the API's reason; the email still goes", async () => {
    whatsappStatus = 400;
    const order = await seedOrder("nt2");
    await tellConfirmed(order);
    const messages = await listOrderMessages(ctx.db, order.id);
    expect(messages.map((message) => [message.channel, message.status])).toEqual([["email", "SENT"], ["whatsapp", "FAILED"]]);
    expect(messages[1]!.error).toContain("131030");
  });

  it("a failed email is recorded as failed, and the caller still hears of it", async () => {
    mailFails = true;
    const order = await seedOrder("nt3");
    expect((await tellConfirmed(order)).emailError?.message).toMatch(/SMTP 451/);
    const messages = await listOrderMessages(ctx.db, order.id);
    expect(messages.map((message) => [message.channel, message.status, message.error])).toEqual([["email", "FAILED", "SMTP 451 try again later"]]);
  });
});

describe("resending an email", () => {
  it("rebuilds it from the order and its kind, records the new one, audits the resend", async () => {
    const order = await seedOrder("nt4");
    await tellConfirmed(order);
    const [email, whatsapp] = await listOrderMessages(ctx.db, order.id);
    const before = sentMail.length;
    expect(await resendOrderEmail(ctx, order.id, email!.id, agent, new Date("2030-01-09T10:00:00Z"))).toMatchObject({ ok: true, message: { channel: "email", kind: "CONFIRMED", status: "SENT" } });
    expect(sentMail.slice(before)).toEqual([{ to: "nt4@example.com", subject: email!.subject }]);
    const messages = await listOrderMessages(ctx.db, order.id);
    expect(messages.filter((message) => message.channel === "email")).toHaveLength(2);
    // Only the email: no second WhatsApp message.
    expect(messages.filter((message) => message.channel === "whatsapp")).toHaveLength(1);
    const audit = await ctx.db.select().from(auditLog).where(eq(auditLog.orderId, order.id));
    expect(audit.map((entry) => [entry.action, entry.actorEmail, entry.subjectId])).toEqual([["message.resent", agent.email, String(email!.id)]]);

    expect(await resendOrderEmail(ctx, order.id, whatsapp!.id, agent, new Date())).toEqual({ ok: false, reason: "NOT_RESENDABLE" });
    expect(await resendOrderEmail(ctx, "another-order", email!.id, agent, new Date())).toEqual({ ok: false, reason: "NOT_FOUND" });
  });

  it("a resend that fails is recorded and audited as failed", async () => {
    const order = await seedOrder("nt5");
    await tellConfirmed(order);
    const [email] = await listOrderMessages(ctx.db, order.id);
    mailFails = true;
    expect(await resendOrderEmail(ctx, order.id, email!.id, agent, new Date())).toEqual({ ok: false, reason: "FAILED" });
    const messages = await listOrderMessages(ctx.db, order.id);
    expect(messages.at(-1)).toMatchObject({ channel: "email", status: "FAILED" });
    const [entry] = await ctx.db.select().from(auditLog).where(eq(auditLog.orderId, order.id));
    expect(entry?.after).toMatchObject({ status: "FAILED" });
  });
});
