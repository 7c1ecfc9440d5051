/**
 * Reminders before a confirmed booking starts and review requests after it: each once per booking and
 * channel, however many passes run on however many instances; retried when a send fails; never for
 * a cancelled booking or one too far ahead; worded in the booking's language; opt-out respected; and
 * recorded on the order's timeline (order_messages).
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderItems, orders, products } from "#app/db/schema";
import type { Mailer } from "#app/lib/mailer.server";
import type { WhatsAppNotifier } from "#app/messaging/whatsapp";
import { createTestContext, TEST_NOW, type TestContext } from "#app/testing/context.server";
import { listOrderMessages } from "../order-events.server";
import { runReconcilerOnce } from "../reconciler.server";
import { sendBookingNotices } from "./booking-notices.server";
import { isUnsubscribeSignature, optOutOfMessages, unsubscribeUrl } from "./opt-out.server";
import type { NotifyDeps } from "./tell-customer.server";

const HOUR = 3_600_000;
const timing = { reminderHoursBefore: 24, reviewRequestHoursAfter: 3 };

let ctx: TestContext;
let product: { id: string; durationMinutes: number; titleAr: string; meetingPointAr: string };

type Outbox = { mail: Array<{ to: string; subject: string; text: string; headers?: Record<string, string> }>; whatsapp: Array<{ to: string; text: string; kind?: string }>; failNextMail: number };

/** Another instance on the same database: its own mailer and WhatsApp sender, capturing what it sends. */
function instance(outbox: Outbox): NotifyDeps {
  const mailer: Mailer = {
    async send(message) {
      if (outbox.failNextMail > 0) {
        outbox.failNextMail -= 1;
        throw new Error("SMTP 451 try again later");
      }
      outbox.mail.push({ to: message.to, subject: message.subject, text: message.text ?? "", headers: message.headers });
      return { messageId: `<m-${outbox.mail.length}@test>`, transport: "outbox" };
    },
  };
  const whatsapp: WhatsAppNotifier = { send: async (to, text, template) => void outbox.whatsapp.push({ to, text, kind: template?.kind }) };
  return { db: ctx.db, env: ctx.env, clock: ctx.clock, mailer, whatsapp };
}

const newOutbox = (): Outbox => ({ mail: [], whatsapp: [], failNextMail: 0 });

/** A confirmed (or other) booking of `product` starting at `start`, in an Arabic order. */
async function seedBooking(id: string, start: Date, status: { order: string; item: string } = { order: "CONFIRMED", item: "CONFIRMED" }): Promise<string> {
  // The slot id is the local (Riyadh, +03:00) start, as OCTO names it.
  const local = new Date(start.getTime() + 3 * HOUR).toISOString().slice(0, 16);
  await ctx.db.insert(orders).values({ id, reference: `RH-${id.toUpperCase()}`, purchaseId: `p-${id}`, idempotencyKey: `k-${id}`, accessToken: `t-${id}`, status: status.order, paymentMethod: "card", locale: "ar", currency: "SAR", originalAmount: 45_000, totalAmount: 45_000, firstName: "Noura", lastName: "Al-Qahtani", email: `${id}@example.com`, countryCode: "+966", phone: "501234567" });
  await ctx.db.insert(orderItems).values({ id: `i-${id}`, orderId: id, position: 0, bookingUuid: `b-${id}`, productId: product.id, optionId: "DEFAULT", availabilityId: `${local}:00+03:00`, localDate: local.slice(0, 10), units: [{ unitId: "adult", quantity: 2 }], extraIds: [], instantConfirmation: true, currency: "SAR", amount: 45_000, status: status.item });
  return id;
}

const mailTo = (outbox: Outbox, id: string) => outbox.mail.filter((mail) => mail.to === `${id}@example.com`);
const recorded = async (id: string) => (await listOrderMessages(ctx.db, id)).map((message) => [message.channel, message.kind, message.status]);

beforeAll(async () => {
  ctx = await createTestContext();
  const rows = await ctx.db.select().from(products).where(eq(products.pickupIncluded, false)).limit(20);
  const chosen = rows.find((row) => row.content.meetingPoint.ar) ?? rows[0]!;
  product = { id: chosen.id, durationMinutes: chosen.durationMinutes, titleAr: chosen.title.ar, meetingPointAr: chosen.content.meetingPoint.ar };
});
afterAll(async () => {
  await ctx.stop();
});

describe("reminders", () => {
  it("a booking for tomorrow gets exactly one reminder email and one WhatsApp message, however many passes on two instances", async () => {
    const id = await seedBooking("rm1", new Date(TEST_NOW.getTime() + 20 * HOUR));
    const [a, b] = [newOutbox(), newOutbox()];
    // Two instances at once, twice; then the reconciler's own pass (the wiring) twice more.
    await Promise.all([sendBookingNotices(instance(a), TEST_NOW, timing), sendBookingNotices(instance(b), TEST_NOW, timing)]);
    await Promise.all([sendBookingNotices(instance(a), new Date(TEST_NOW.getTime() + HOUR), timing), sendBookingNotices(instance(b), new Date(TEST_NOW.getTime() + HOUR), timing)]);
    await runReconcilerOnce(ctx, { now: new Date(TEST_NOW.getTime() + 2 * HOUR) });
    await runReconcilerOnce(ctx, { now: new Date(TEST_NOW.getTime() + 3 * HOUR) });
    const emails = [...mailTo(a, id), ...mailTo(b, id), ...ctx.mail.filter((mail) => mail.to === `${id}@example.com`)];
    const whatsapps = [...a.whatsapp, ...b.whatsapp, ...ctx.whatsappSent].filter((message) => message.text.includes(product.titleAr));
    expect(emails).toHaveLength(1);
    expect(whatsapps).toHaveLength(1);
    expect(whatsapps[0]!.to).toBe("+966501234567");
    expect(await recorded(id)).toEqual([
      ["email", "REMINDER", "SENT"],
      ["whatsapp", "REMINDER", "SENT"],
    ]);
  });

  it("is in the booking's language, with when, where, the ticket and the booking's page", async () => {
    const id = await seedBooking("rm2", new Date(TEST_NOW.getTime() + 10 * HOUR));
    const outbox = newOutbox();
    await sendBookingNotices(instance(outbox), TEST_NOW, timing);
    const [email] = mailTo(outbox, id);
    expect(email!.subject).toContain("تذكير");
    expect(email!.subject).toContain(product.titleAr);
    expect(email!.text).toContain(`نقطة الالتقاء: ${product.meetingPointAr}`);
    expect(email!.text).toContain(`إدارة حجزي: http://localhost:3000/ar/manage-booking?order=t-${id}`);
    expect(outbox.whatsapp[0]!.kind).toBe("REMINDER");
  });

  it("none yet for a booking three days ahead, none for a cancelled one, none once it has started", async () => {
    const later = await seedBooking("rm3", new Date(TEST_NOW.getTime() + 72 * HOUR));
    const cancelled = await seedBooking("rm4", new Date(TEST_NOW.getTime() + 20 * HOUR), { order: "CANCELLED", item: "CANCELLED" });
    const started = await seedBooking("rm5", new Date(TEST_NOW.getTime() - HOUR));
    const outbox = newOutbox();
    await sendBookingNotices(instance(outbox), TEST_NOW, timing);
    for (const id of [later, cancelled, started]) expect(await recorded(id)).toEqual([]);
    // Two days on, the later one is inside its window.
    await sendBookingNotices(instance(outbox), new Date(TEST_NOW.getTime() + 50 * HOUR), timing);
    expect(mailTo(outbox, later)).toHaveLength(1);
    expect(mailTo(outbox, cancelled)).toHaveLength(0);
  });

  it("a failed email is tried again on a later pass and sent once; the WhatsApp message is not sent again", async () => {
    const id = await seedBooking("rm6", new Date(TEST_NOW.getTime() + 20 * HOUR));
    const outbox = newOutbox();
    outbox.failNextMail = 1;
    await sendBookingNotices(instance(outbox), TEST_NOW, timing);
    expect(mailTo(outbox, id)).toHaveLength(0);
    // Not due again yet (backoff), then due.
    await sendBookingNotices(instance(outbox), new Date(TEST_NOW.getTime() + 60_000), timing);
    expect(mailTo(outbox, id)).toHaveLength(0);
    await sendBookingNotices(instance(outbox), new Date(TEST_NOW.getTime() + 3 * 60_000), timing);
    await sendBookingNotices(instance(outbox), new Date(TEST_NOW.getTime() + 60 * 60_000), timing);
    expect(mailTo(outbox, id)).toHaveLength(1);
    expect(outbox.whatsapp.filter((message) => message.to === "+966501234567" && message.text.includes(product.titleAr))).toHaveLength(1);
    expect(await recorded(id)).toEqual([
      ["email", "REMINDER", "FAILED"],
      ["whatsapp", "REMINDER", "SENT"],
      ["email", "REMINDER", "SENT"],
    ]);
  });
});

describe("review requests", () => {
  it("once after the activity, by email, with an unsubscribe link", async () => {
    const start = new Date(TEST_NOW.getTime() - 30 * HOUR);
    const id = await seedBooking("rv1", start);
    const [outbox, other] = [newOutbox(), newOutbox()];
    const ended = start.getTime() + product.durationMinutes * 60_000;
    await sendBookingNotices(instance(outbox), new Date(ended + HOUR), timing);
    expect(await recorded(id)).toEqual([]);
    // Two instances at once: whichever claims the request sends it (on a PostgreSQL server either may win).
    await Promise.all([sendBookingNotices(instance(outbox), new Date(ended + 4 * HOUR), timing), sendBookingNotices(instance(other), new Date(ended + 4 * HOUR), timing)]);
    await sendBookingNotices(instance(outbox), new Date(ended + 5 * HOUR), timing);
    expect(await recorded(id)).toEqual([["email", "REVIEW_REQUEST", "SENT"]]);
    const emails = [...mailTo(outbox, id), ...mailTo(other, id)];
    expect(emails).toHaveLength(1);
    const [email] = emails;
    expect(email!.subject).toContain(product.titleAr);
    const unsubscribe = unsubscribeUrl(ctx.env.SITE_URL, ctx.env.SESSION_SECRET, `${id}@example.com`, "ar");
    expect(email!.text).toContain(unsubscribe);
    // Mail clients offer their own one-click unsubscribe (RFC 8058): the page's POST takes it.
    expect(email!.headers).toEqual({ "List-Unsubscribe": `<${unsubscribe}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" });
  });

  it("not for a cancelled booking", async () => {
    const id = await seedBooking("rv2", new Date(TEST_NOW.getTime() - 30 * HOUR), { order: "CANCELLED", item: "CANCELLED" });
    await sendBookingNotices(instance(newOutbox()), TEST_NOW, timing);
    expect(await recorded(id)).toEqual([]);
  });
});

describe("opt-out", () => {
  it("an unsubscribed address still gets the reminder email, but no WhatsApp reminder and no review request", async () => {
    const start = new Date(TEST_NOW.getTime() + 20 * HOUR);
    const id = await seedBooking("oo1", start);
    await optOutOfMessages(ctx.db, `OO1@Example.com`, TEST_NOW);
    const outbox = newOutbox();
    await sendBookingNotices(instance(outbox), TEST_NOW, timing);
    await sendBookingNotices(instance(outbox), new Date(start.getTime() + product.durationMinutes * 60_000 + 4 * HOUR), timing);
    expect(await recorded(id)).toEqual([["email", "REMINDER", "SENT"]]);
    const [row] = await ctx.db.select().from(orderItems).where(and(eq(orderItems.id, `i-${id}`)));
    expect(row?.status).toBe("CONFIRMED");
  });

  it("the link is signed for its address only", () => {
    const url = new URL(unsubscribeUrl(ctx.env.SITE_URL, ctx.env.SESSION_SECRET, "Guest@Example.com", "en"));
    expect(url.pathname).toBe("/unsubscribe");
    const signature = url.searchParams.get("s")!;
    expect(isUnsubscribeSignature("guest@example.com", signature, ctx.env.SESSION_SECRET)).toBe(true);
    expect(isUnsubscribeSignature("other@example.com", signature, ctx.env.SESSION_SECRET)).toBe(false);
    expect(isUnsubscribeSignature("guest@example.com", signature, "another-installation-secret")).toBe(false);
  });
});

describe("many bookings", () => {
  it("bookings still waiting for their review request do not crowd out tomorrow's reminders", async () => {
    // Six under way (their review request is not due yet), more than one small pass looks at.
    for (let index = 0; index < 6; index++) await seedBooking(`mb${index}`, new Date(TEST_NOW.getTime() - HOUR));
    const id = await seedBooking("mb-tomorrow", new Date(TEST_NOW.getTime() + 20 * HOUR));
    await sendBookingNotices(instance(newOutbox()), TEST_NOW, timing, 1);
    expect((await recorded(id)).map(([, kind]) => kind)).toContain("REMINDER");
  });
});
