/**
 * Test-only controls for the end-to-end suite (COMMERCE_TEST_HOOKS=1, never in production): make a
 * price change, sell out a slot, expire an order's hold, decide an on-request booking, run the
 * reconciler, let an order's trip be over, move its start (reminders, review requests), price a later day higher (manage my booking). Each does what the real actor would (catalogue editor,
 * other customers, supplier, the calendar).
 */
import { randomUUID } from "node:crypto";
import { json, type ActionFunctionArgs } from "@remix-run/node";
import { and, eq, gte, lte, sql } from "drizzle-orm";
import { z } from "zod";
import { EmbeddedBookingEngine } from "#app/booking/engine.server";
import { readCartId } from "#app/web/cart-cookie.server";
import { findOrderByToken, getOrderItems, settleOrder } from "#app/commerce/orders.server";
import { runReconcilerOnce } from "#app/commerce/reconciler.server";
import { writeSeedPreviewSecret } from "#app/content/preview-mode.server";
import { notifyCatalogueChanged } from "#app/catalogue/catalogue.server";
import { bookings, cartItems, orderItems, orders, priceSeasons, products, units } from "#app/db/schema";
import { addDays, todayInRiyadh } from "#app/lib/dates";
import type { CacheHandle } from "#app/lib/cache-policy";

const HookSchema = z.discriminatedUnion("action", [
  z.object({ action: z.literal("bump-snapshot"), amount: z.number().int() }),
  z.object({ action: z.literal("sell-out-cart"), index: z.number().int().min(0).default(0) }),
  z.object({ action: z.literal("expire-item"), order: z.string(), position: z.number().int().min(0) }),
  z.object({ action: z.literal("decide-pending"), order: z.string(), decision: z.enum(["CONFIRMED", "REJECTED"]) }),
  z.object({ action: z.literal("reconcile") }),
  z.object({ action: z.literal("latest-order") }),
  z.object({ action: z.literal("retitle-product"), slug: z.string().min(1).max(200), title: z.string().min(1).max(200) }),
  z.object({ action: z.literal("trip-taken"), reference: z.string().min(1).max(40) }),
  z.object({ action: z.literal("trip-at"), reference: z.string().min(1).max(40), hoursFromNow: z.number().int().min(-24 * 30).max(24 * 30) }),
  z.object({ action: z.literal("dearer-day"), reference: z.string().min(1).max(40), daysAfter: z.number().int().min(1).max(60), addPerUnit: z.number().int().min(1) }),
  z.object({ action: z.literal("preview-secret"), ageSeconds: z.number().int().min(0).max(24 * 60 * 60).default(0) }),
]);

export const handle = { cache: "no-store" } satisfies CacheHandle;

export async function action({ request, context: app }: ActionFunctionArgs) {
  const env = app.env;
  if (!env.COMMERCE_TEST_HOOKS) return json({ error: "Not found" }, { status: 404 });
  const parsed = HookSchema.safeParse(await request.json().catch(() => null));
  if (!parsed.success) return json({ error: "Bad request" }, { status: 400 });
  const hook = parsed.data;
  const db = app.db;
  // The same BookingApi checkout uses (the OCTO supplier when BOOKING_API_URL is set).
  const engine = app.bookingApi;
  const cartId = await readCartId(app.cookies.cart, request);

  switch (hook.action) {
    case "bump-snapshot": {
      // The visitor saw another price when adding: today's price now differs from the snapshot.
      if (!cartId) return json({ error: "No cart" }, { status: 400 });
      await db.update(cartItems).set({ priceSnapshot: sql`${cartItems.priceSnapshot} + ${hook.amount}` }).where(eq(cartItems.cartId, cartId));
      return json({ ok: true });
    }
    case "sell-out-cart": {
      // Another customer takes every remaining seat of the cart item's slot.
      if (!cartId) return json({ error: "No cart" }, { status: 400 });
      const items = await db.select().from(cartItems).where(eq(cartItems.cartId, cartId));
      const item = items.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())[hook.index];
      if (!item) return json({ error: "No item" }, { status: 400 });
      const [slot] = await engine.checkAvailability({ productId: item.productId, optionId: item.optionId, availabilityIds: [item.availabilityId] });
      const unitId = item.units[0]!.unitId;
      let left = slot?.vacancies ?? 0;
      while (left > 0) {
        const take = Math.min(left, 1);
        await engine.reserve({ uuid: crypto.randomUUID(), productId: item.productId, optionId: item.optionId, availabilityId: item.availabilityId, expirationMinutes: 60, unitItems: Array.from({ length: take }, () => ({ unitId })) });
        left -= take;
      }
      return json({ ok: true });
    }
    case "expire-item": {
      const order = await findOrderByToken(app.db, hook.order);
      const item = order ? (await getOrderItems(app.db, order.id)).find((candidate) => candidate.position === hook.position) : undefined;
      if (!item) return json({ error: "No item" }, { status: 400 });
      await db.update(bookings).set({ utcExpiresAt: new Date(Date.now() - 1000) }).where(eq(bookings.uuid, item.bookingUuid));
      await engine.expireHolds();
      return json({ ok: true });
    }
    case "decide-pending": {
      const order = await findOrderByToken(app.db, hook.order);
      if (!order) return json({ error: "No order" }, { status: 400 });
      // Deciding an on-request booking is the supplier's act: only possible on the embedded engine.
      if (!(engine instanceof EmbeddedBookingEngine)) return json({ error: "Only with the embedded engine" }, { status: 400 });
      for (const item of await getOrderItems(app.db, order.id)) if (item.status === "PENDING") await engine.settlePending(item.bookingUuid, hook.decision);
      return json({ ok: true, status: await settleOrder(app, order.id) });
    }
    case "preview-secret": {
      // What the studio's Presentation tool does before it opens the storefront: store a one-hour secret.
      const secret = writeSeedPreviewSecret(app.content.store, { ageSeconds: hook.ageSeconds, studioUrl: `${env.SITE_URL}/studio` });
      return secret ? json({ secret }) : json({ error: "Not the seed store" }, { status: 400 });
    }
    case "reconcile":
      return json({ ok: true, report: await runReconcilerOnce(app, { settleAfterMs: 0 }) });
    case "latest-order": {
      if (!cartId) return json({ error: "No cart" }, { status: 400 });
      const [order] = await db.select({ token: orders.accessToken, status: orders.status }).from(orders).where(eq(orders.cartId, cartId)).orderBy(sql`${orders.purchasedAt} DESC`).limit(1);
      return json({ ok: true, order: order ?? null });
    }
    case "retitle-product": {
      // A catalogue editor renames a product (every locale), then the same signal real catalogue edits send.
      const updated = await db
        .update(products)
        .set({ title: sql`(SELECT jsonb_object_agg(key, to_jsonb(${hook.title}::text)) FROM jsonb_object_keys(${products.title}) AS key)` })
        .where(eq(products.slug, hook.slug))
        .returning({ id: products.id });
      if (updated.length === 0) return json({ error: "No product" }, { status: 400 });
      const version = await notifyCatalogueChanged(app.database);
      return json({ ok: true, version });
    }
    case "trip-taken": {
      // The days pass: the order's bookings were two days ago (a review may follow a trip once it is over).
      const [order] = await db.select({ id: orders.id }).from(orders).where(eq(orders.reference, hook.reference));
      if (!order) return json({ error: "No order" }, { status: 400 });
      const localDate = addDays(todayInRiyadh(app.clock.now()), -2);
      await db.update(orderItems).set({ localDate }).where(eq(orderItems.orderId, order.id));
      return json({ ok: true, localDate });
    }
    case "dearer-day": {
      // The catalogue editor prices a later day higher (a one-day season): each unit of the order's
      // first booking's option costs `addPerUnit` more on its date + `daysAfter`.
      const [item] = await db.select({ optionId: orderItems.optionId, localDate: orderItems.localDate }).from(orderItems).innerJoin(orders, eq(orders.id, orderItems.orderId)).where(eq(orders.reference, hook.reference));
      if (!item) return json({ error: "No order" }, { status: 400 });
      const localDate = addDays(item.localDate, hook.daysAfter);
      const priced = await db.select({ id: units.id, price: units.price }).from(units).where(eq(units.optionId, item.optionId));
      // Dearer than the booked day as it is priced now (another suite's season may lie on it); one season per day.
      const [booked] = await db
        .select()
        .from(priceSeasons)
        .where(and(eq(priceSeasons.optionId, item.optionId), lte(priceSeasons.validFrom, item.localDate), gte(priceSeasons.validTo, item.localDate)));
      const unitPrices = Object.fromEntries(
        priced.filter((unit) => unit.price !== null).map((unit) => [unit.id, { price: (booked?.unitPrices[unit.id]?.price ?? unit.price!) + hook.addPerUnit, original: null }]),
      );
      await db.delete(priceSeasons).where(and(eq(priceSeasons.optionId, item.optionId), lte(priceSeasons.validFrom, localDate), gte(priceSeasons.validTo, localDate)));
      await db.insert(priceSeasons).values({ id: randomUUID(), optionId: item.optionId, validFrom: localDate, validTo: localDate, unitPrices });
      await notifyCatalogueChanged(app.database);
      if (engine instanceof EmbeddedBookingEngine) engine.clearCache();
      return json({ ok: true, localDate });
    }
    case "trip-at": {
      // The calendar moves: the order's bookings start this many hours from now (Riyadh time, the slot id's form).
      const [order] = await db.select({ id: orders.id }).from(orders).where(eq(orders.reference, hook.reference));
      if (!order) return json({ error: "No order" }, { status: 400 });
      const local = new Date(app.clock.now().getTime() + hook.hoursFromNow * 3_600_000 + 3 * 3_600_000).toISOString().slice(0, 13);
      await db.update(orderItems).set({ availabilityId: `${local}:00:00+03:00`, localDate: local.slice(0, 10) }).where(eq(orderItems.orderId, order.id));
      return json({ ok: true, availabilityId: `${local}:00:00+03:00` });
    }
  }
}
