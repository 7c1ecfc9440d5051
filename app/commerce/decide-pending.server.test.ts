/**
 * On-request decisions on a real database: an agent confirms or rejects, the reconciler rejects what
 * nobody decided in time, and racing deciders (agent vs reconciler, two agents) end with one outcome,
 * seats released once, and one capture or void.
 */
import { eq } from "drizzle-orm";
import type { EmbeddedBookingEngine } from "#app/booking/engine.server";
import { auditLog, orderEvents, orderItems, orderMessages, orders, payments, sandboxOperations } from "#app/db/schema";
import { SANDBOX_CARDS, SANDBOX_STC_CODE } from "#app/payments/sandbox.server";
import { cardPaidOrder, createCardTestContext, pickProduct, type CardTestContext, type TestProduct } from "#app/testing/commerce-fixtures.server";
import { SYSTEM_ACTOR } from "#app/staff/audit.server";
import type { TestContext } from "#app/testing/context.server";
import { confirmPendingItem, rejectOverdueItems, rejectPendingItem } from "./decide-pending.server";
import { AUTO_REJECT_REASON } from "./notifications/templates";
import { verifyTicketSignature } from "#app/booking/ticket-links.server";
import { runReconcilerOnce } from "./reconciler.server";
import { syncOrderPayment } from "./payment-events.server";

let ctx: TestContext;
let card: CardTestContext;
let engine: EmbeddedBookingEngine;
const agent = { id: null, email: "agent@rihla.test" };
const other = { id: null, email: "other@rihla.test" };
let product: TestProduct;
let day = 3;

beforeAll(async () => {
  card = await createCardTestContext({ ON_REQUEST_AUTO_REJECT_HOURS: "144" });
  ({ ctx, engine } = card);
  product = await pickProduct(ctx, { instant: false });
});

afterAll(async () => {
  await ctx?.stop();
});

/** An on-request order, paid by card (authorised, not captured): ON_HOLD with one PENDING item. */
async function onHoldOrder() {
  const { order, item, slotId } = await cardPaidOrder(card, product, { daysAhead: day++ });
  const state = await stateOf(order.id);
  expect(state.order.status).toBe("ON_HOLD");
  expect(state.payment.status).toBe("AUTHORIZED");
  return { orderId: order.id, item, slotId, vacancies: await vacancies(slotId) };
}

async function vacancies(slotId: string): Promise<number> {
  const [slot] = await engine.checkAvailability({ productId: product.productId, optionId: product.optionId, availabilityIds: [slotId] });
  return slot?.vacancies ?? -1;
}

async function stateOf(orderId: string) {
  const [order] = await ctx.db.select().from(orders).where(eq(orders.id, orderId));
  const [item] = await ctx.db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
  const [payment] = await ctx.db.select().from(payments).where(eq(payments.orderId, orderId));
  const operations = await ctx.db.select().from(sandboxOperations).where(eq(sandboxOperations.sessionId, payment!.sessionId));
  const messages = await ctx.db.select().from(orderMessages).where(eq(orderMessages.orderId, orderId));
  const audit = await ctx.db.select().from(auditLog).where(eq(auditLog.orderId, orderId));
  const events = await ctx.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId));
  return { order: order!, item: item!, payment: payment!, operations: operations.map((op) => op.kind).sort(), messages, audit, events };
}

describe("on-request decisions", () => {
  test("an agent confirms: booked, the confirmed amount captured once, the customer told in Arabic, audited", async () => {
    const { orderId, item, slotId, vacancies: before } = await onHoldOrder();
    const mailBefore = ctx.mail.length;
    const result = await confirmPendingItem(ctx, { itemId: item.id, actor: agent });
    expect(result).toMatchObject({ ok: true, orderStatus: "CONFIRMED" });
    const state = await stateOf(orderId);
    expect(state.item).toMatchObject({ status: "CONFIRMED", decision: "CONFIRMED", decidedBy: agent.email });
    expect(state.payment).toMatchObject({ status: "CAPTURED", capturedAmount: item.amount - item.discountShare });
    expect(state.operations).toEqual(["capture"]);
    expect(await vacancies(slotId)).toBe(before);
    expect(state.audit.map((entry) => [entry.action, entry.actorEmail])).toEqual([["booking.confirm", agent.email]]);
    expect(state.events.map((event) => event.kind)).toContain("item.confirmed");
    // The last decision ends the order confirmed: one email tells it, the order's confirmation (with
    // the tickets), not a second "your request is confirmed" beside it.
    const sent = ctx.mail.slice(mailBefore).filter((mail) => mail.to === state.order.email);
    expect(sent.map((mail) => mail.subject)).toEqual([`تم تأكيد الحجز – ${state.order.reference}`]);
    // With the ticket: a signed link a guest opens without an account.
    const link = /\/tickets\/(tkt_[0-9a-f]{20})\.pdf\?sig=([\w-]+)&lang=ar/.exec(sent[0]!.text);
    expect(link).not.toBeNull();
    expect(verifyTicketSignature(link![1]!, link![2]!, ctx.env.SESSION_SECRET)).toBe(true);
    expect(state.messages.filter((message) => message.kind.startsWith("ITEM_"))).toEqual([]);
    expect(state.messages.filter((message) => message.kind === "CONFIRMED").map((message) => [message.channel, message.status]).sort()).toEqual([
      ["email", "SENT"],
      ["whatsapp", "SENT"],
    ]);
    // A second confirm is refused: the decision is taken.
    expect(await confirmPendingItem(ctx, { itemId: item.id, actor: other })).toEqual({ ok: false, reason: "ALREADY_DECIDED" });
  });

  test("an agent rejects with a reason: seats back, authorisation voided, the reason in the customer's email", async () => {
    const { orderId, item, slotId, vacancies: before } = await onHoldOrder();
    const mailBefore = ctx.mail.length;
    const result = await rejectPendingItem(ctx, { itemId: item.id, actor: agent, reason: "The boat is under repair" });
    expect(result).toMatchObject({ ok: true, orderStatus: "BOOKING_FAILED" });
    const state = await stateOf(orderId);
    expect(state.item).toMatchObject({ status: "FAILED", failureCode: "REJECTED", decision: "REJECTED", decisionReason: "The boat is under repair" });
    expect(state.payment).toMatchObject({ status: "VOIDED", capturedAmount: 0 });
    expect(state.operations).toEqual(["cancel"]);
    expect(await vacancies(slotId)).toBe(before + 2);
    expect(state.audit[0]).toMatchObject({ action: "booking.reject", reason: "The boat is under repair" });
    // One email: the rejection with its reason (no "we ran into a problem" beside it).
    const sent = ctx.mail.slice(mailBefore).filter((mail) => mail.to === state.order.email);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.subject).toContain("لم يتم قبول");
    expect(sent[0]?.text).toContain("The boat is under repair");
    expect(state.messages.filter((message) => message.kind === "BOOKING_FAILED")).toEqual([]);
  });

  test("paid with mada (never held): charged in full at once, on hold; the team rejects: refunded in full, seats back, the customer told", async () => {
    const { order, item, slotId } = await cardPaidOrder(card, product, { daysAhead: day++, pay: { method: "card", card: SANDBOX_CARDS.mada } });
    // The return page (or the reconciler) reports the same capture after the webhook did: still believed.
    await syncOrderPayment(ctx, order.id);
    const paid = await stateOf(order.id);
    expect(paid.order.status).toBe("ON_HOLD");
    expect(paid.payment).toMatchObject({ status: "CAPTURED", method: "mada", capturedAmount: paid.order.totalAmount, captureState: "DONE" });
    const onHoldMail = ctx.mail.filter((mail) => mail.to === paid.order.email).at(-1);
    // The ON_HOLD email says the money is charged, not held (Arabic: the order's language).
    expect(onHoldMail?.text).toContain("تم خصم المبلغ عبر مدى");
    const before = await vacancies(slotId);
    const result = await rejectPendingItem(ctx, { itemId: item.id, actor: agent, reason: "Fully booked that night" });
    expect(result).toMatchObject({ ok: true, orderStatus: "BOOKING_FAILED" });
    const state = await stateOf(order.id);
    expect(state.item).toMatchObject({ status: "FAILED", refundState: "REFUNDED" });
    expect(state.payment).toMatchObject({ status: "CAPTURED", refundedAmount: state.order.totalAmount });
    expect(state.operations).toEqual(["refund"]);
    expect(await vacancies(slotId)).toBe(before + 2);
  });

  test("paid with STC Pay on request: charged at once; the team confirms: nothing more is captured", async () => {
    const { order, item } = await cardPaidOrder(card, product, { daysAhead: day++, pay: { method: "stcpay", phone: "0551234567", code: SANDBOX_STC_CODE } });
    expect((await stateOf(order.id)).payment).toMatchObject({ status: "CAPTURED", method: "stcpay" });
    expect(await confirmPendingItem(ctx, { itemId: item.id, actor: agent })).toMatchObject({ ok: true, orderStatus: "CONFIRMED" });
    const state = await stateOf(order.id);
    expect(state.payment).toMatchObject({ status: "CAPTURED", capturedAmount: state.order.totalAmount, refundedAmount: 0 });
    expect(state.operations).toEqual([]);
  });

  test("paid with Apple Pay on request: held like a card, then captured on confirmation", async () => {
    const { order, item } = await cardPaidOrder(card, product, { daysAhead: day++, pay: { method: "applepay" } });
    expect((await stateOf(order.id)).payment).toMatchObject({ status: "AUTHORIZED", method: "applepay", capturedAmount: 0 });
    expect(await confirmPendingItem(ctx, { itemId: item.id, actor: agent })).toMatchObject({ ok: true, orderStatus: "CONFIRMED" });
    expect((await stateOf(order.id)).operations).toEqual(["capture"]);
  });

  test("an agent confirming while the reconciler auto-rejects: one outcome, seats and money moved once", async () => {
    for (let round = 0; round < 3; round += 1) {
      const { orderId, item, slotId, vacancies: before } = await onHoldOrder();
      const late = new Date(Date.now() + 145 * 3_600_000);
      const [confirmed, reconciled] = await Promise.all([confirmPendingItem(ctx, { itemId: item.id, actor: agent }), rejectOverdueItems(ctx, late)]);
      const state = await stateOf(orderId);
      expect([confirmed.ok, reconciled.rejected === 1].filter(Boolean)).toHaveLength(1);
      if (confirmed.ok) {
        expect(state.item.status).toBe("CONFIRMED");
        expect(state.operations).toEqual(["capture"]);
        expect(await vacancies(slotId)).toBe(before);
      } else {
        expect(state.item).toMatchObject({ status: "FAILED", decisionReason: AUTO_REJECT_REASON, decidedBy: "system" });
        expect(state.operations).toEqual(["cancel"]);
        expect(await vacancies(slotId)).toBe(before + 2);
      }
      expect(state.audit).toHaveLength(1);
    }
  });

  test("two agents rejecting at once: one rejection, seats released once, one void", async () => {
    const { orderId, item, slotId, vacancies: before } = await onHoldOrder();
    const mailBefore = ctx.mail.length;
    const results = await Promise.all([
      rejectPendingItem(ctx, { itemId: item.id, actor: agent, reason: "Full" }),
      rejectPendingItem(ctx, { itemId: item.id, actor: other, reason: "Full" }),
      confirmPendingItem(ctx, { itemId: item.id, actor: other }),
    ]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    const state = await stateOf(orderId);
    expect(state.audit).toHaveLength(1);
    if (state.item.status === "FAILED") {
      expect(await vacancies(slotId)).toBe(before + 2);
      expect(state.operations).toEqual(["cancel"]);
    } else {
      expect(await vacancies(slotId)).toBe(before);
      expect(state.operations).toEqual(["capture"]);
    }
    // The customer hears of it once.
    expect(ctx.mail.slice(mailBefore).filter((mail) => mail.to === state.order.email)).toHaveLength(1);
  });

  test("the reconciler rejects only what is past the deadline, with the automatic reason", async () => {
    const { orderId, item } = await onHoldOrder();
    const early = await runReconcilerOnce(ctx, { now: new Date(Date.now() + 143 * 3_600_000), settleAfterMs: 0 });
    expect(early.autoRejected).toBe(0);
    expect((await stateOf(orderId)).item.status).toBe("PENDING");
    const late = await runReconcilerOnce(ctx, { now: new Date(Date.now() + 145 * 3_600_000), settleAfterMs: 0 });
    expect(late.autoRejected).toBeGreaterThanOrEqual(1);
    const state = await stateOf(orderId);
    expect(state.item).toMatchObject({ status: "FAILED", decisionReason: AUTO_REJECT_REASON });
    expect(state.order.status).toBe("BOOKING_FAILED");
    expect(state.audit[0]).toMatchObject({ actorEmail: SYSTEM_ACTOR.email, action: "booking.reject" });
    const mail = ctx.mail.find((message) => message.to === state.order.email && message.subject?.includes("لم يتم قبول"));
    expect(mail?.text).toContain("لم يؤكد مقدّم الخدمة الطلب في الوقت المحدد");
    expect(await rejectPendingItem(ctx, { itemId: item.id, actor: agent, reason: "x" })).toEqual({ ok: false, reason: "ALREADY_DECIDED" });
  });
});
