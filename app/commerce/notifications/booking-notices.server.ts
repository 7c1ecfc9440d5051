/**
 * Reminders and review requests: each confirmed booking's lead guest (the order's contact) gets a
 * reminder REMINDER_HOURS_BEFORE its start, by email and WhatsApp, and a review request by email
 * REVIEW_REQUEST_HOURS_AFTER its activity ends. The reconciler runs `sendBookingNotices` each pass.
 *
 * Exactly once per booking and channel, across passes, restarts and instances, does not rest on the
 * reconciler's lock: a pass first owes a notice by inserting its booking_notices row (ON CONFLICT DO
 * NOTHING: owed once, ever), then takes each owed row for one attempt with a conditional update of its
 * due time; only the pass whose update matched sends. A sent row is done; a failed one is due again
 * after a backoff (2, 4, 8, 16 minutes) until BOOKING_NOTICE_ATTEMPTS; a pass that crashed after taking
 * a row leaves it due again when its lease ends (the one case a message can go twice is a crash between
 * the provider accepting it and the row being marked sent). Each message is recorded on the order
 * (order_messages) by tell-customer, so the console's timeline lists it.
 *
 * Opt-out (./opt-out.server.ts): an opted-out address gets the reminder email (a service message about
 * a booking it made), but no WhatsApp reminder and no review request.
 */
import { and, asc, eq, gte, inArray, isNotNull, lte, notExists, sql } from "drizzle-orm";
import { slotStart } from "#app/booking/slots";
import { bookingNotices, orderItems, orders, products } from "#app/db/schema";
import { hasOptedOut } from "./opt-out.server";
import { tellCustomer, type NotifyDeps } from "./tell-customer.server";

export type BookingNoticeKind = "REMINDER" | "REVIEW_REQUEST";
type Channel = "email" | "whatsapp";

/** Failed sends of one notice on one channel a pass tries again; then it is given up (the timeline shows each failure). */
export const BOOKING_NOTICE_ATTEMPTS = 5;
/** How long a taken notice is its pass's: after a crash, another pass takes it once this has passed. */
const LEASE_MS = 10 * 60_000;
/** A review request is not sent for an activity that ended longer ago than this (e.g. after the job was down). */
const REVIEW_REQUEST_WINDOW_MS = 7 * 24 * 3_600_000;
const DAY_MS = 24 * 3_600_000;

/** Only bookings that stand: the item confirmed, in an order that is confirmed (wholly or partly). */
const CONFIRMED_ORDER_STATUSES = ["CONFIRMED", "PARTIALLY_CONFIRMED"];

export type BookingNoticeTiming = { reminderHoursBefore: number; reviewRequestHoursAfter: number };


/** Owes the notices that fell due by `now`, then sends those owed. Returns how many messages went out, and how many failed. */
export async function sendBookingNotices(deps: NotifyDeps, now: Date, timing: BookingNoticeTiming, limit = 100): Promise<{ sent: number; failed: number }> {
  await oweDueNotices(deps, now, timing, limit);
  return sendOwed(deps, now, limit);
}

type Owed = { orderItemId: string; kind: BookingNoticeKind; channel: Channel; dueAt: Date | null };

/** Inserts the row of each notice due by `now` and not owed yet; a notice the address opted out of is inserted done (never sent). */
async function oweDueNotices(deps: NotifyDeps, now: Date, timing: BookingNoticeTiming, limit: number): Promise<void> {
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  // The local-date bounds use the index; the starts are checked in SQL, and the activity's end below.
  // One query per kind, earliest start first, so bookings waiting for one kind never crowd out the other's.
  const remindUntil = new Date(now.getTime() + timing.reminderHoursBefore * 3_600_000);
  const reminders = await candidates(deps, "REMINDER", { from: day(now.getTime() - DAY_MS), to: day(remindUntil.getTime() + DAY_MS) }, { after: now, until: remindUntil }, limit);
  // Started at least REVIEW_REQUEST_HOURS_AFTER ago, oldest first: those due are owed and leave the list (the rest are long activities not over yet).
  const startedBy = new Date(now.getTime() - timing.reviewRequestHoursAfter * 3_600_000);
  const reviews = await candidates(deps, "REVIEW_REQUEST", { from: day(now.getTime() - REVIEW_REQUEST_WINDOW_MS), to: day(now.getTime() + DAY_MS) }, { after: new Date(now.getTime() - REVIEW_REQUEST_WINDOW_MS - DAY_MS), until: startedBy }, limit);
  const rows: Owed[] = [];
  const owe = async (candidate: Candidate, kind: BookingNoticeKind, channels: Channel[]) => {
    const optedOut = await hasOptedOut(deps.db, candidate.email);
    for (const channel of channels) {
      const optional = kind === "REVIEW_REQUEST" || channel === "whatsapp";
      rows.push({ orderItemId: candidate.itemId, kind, channel, dueAt: optional && optedOut ? null : now });
    }
  };
  for (const candidate of reminders) {
    const start = slotStart(candidate.availabilityId);
    // Booked inside the window: reminded on the next pass; already started: never.
    if (start && now.getTime() >= start.getTime() - timing.reminderHoursBefore * 3_600_000 && now < start) await owe(candidate, "REMINDER", ["email", "whatsapp"]);
  }
  for (const candidate of reviews) {
    const start = slotStart(candidate.availabilityId);
    if (!start) continue;
    const ended = start.getTime() + (candidate.durationMinutes ?? 0) * 60_000;
    if (now.getTime() >= ended + timing.reviewRequestHoursAfter * 3_600_000 && now.getTime() < ended + REVIEW_REQUEST_WINDOW_MS) await owe(candidate, "REVIEW_REQUEST", ["email"]);
  }
  if (rows.length) await deps.db.insert(bookingNotices).values(rows.map((row) => ({ ...row, createdAt: now }))).onConflictDoNothing();
}

type Candidate = { itemId: string; availabilityId: string; email: string; durationMinutes: number | null };

/**
 * The slot's start as an instant, in SQL: the availability id is the local start with its offset (the
 * checkout validates its form); any other text is no start (null) rather than a failed cast.
 */
const slotStartSql = sql`(CASE WHEN ${orderItems.availabilityId} ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}[+-][0-9]{2}:[0-9]{2}$' THEN ${orderItems.availabilityId}::timestamptz END)`;

/**
 * Bookings that stand, on local dates `dates.from` to `dates.to` (the index), starting after
 * `starts.after` and by `starts.until`, with no `kind` notice owed yet.
 */
async function candidates(deps: NotifyDeps, kind: BookingNoticeKind, dates: { from: string; to: string }, starts: { after: Date; until: Date }, limit: number): Promise<Candidate[]> {
  return deps.db
    .select({ itemId: orderItems.id, availabilityId: orderItems.availabilityId, email: orders.email, durationMinutes: products.durationMinutes })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .leftJoin(products, eq(products.id, orderItems.productId))
    .where(
      and(
        eq(orderItems.status, "CONFIRMED"),
        inArray(orders.status, CONFIRMED_ORDER_STATUSES),
        gte(orderItems.localDate, dates.from),
        lte(orderItems.localDate, dates.to),
        sql`${slotStartSql} > ${starts.after.toISOString()}::timestamptz`,
        sql`${slotStartSql} <= ${starts.until.toISOString()}::timestamptz`,
        notExists(deps.db.select({ one: sql`1` }).from(bookingNotices).where(and(eq(bookingNotices.orderItemId, orderItems.id), eq(bookingNotices.kind, kind)))),
      ),
    )
    .orderBy(asc(orderItems.availabilityId))
    .limit(limit * 5);
}

async function sendOwed(deps: NotifyDeps, now: Date, limit: number): Promise<{ sent: number; failed: number }> {
  const owed = await deps.db
    .select({ notice: bookingNotices, orderId: orderItems.orderId, itemStatus: orderItems.status, orderStatus: orders.status, availabilityId: orderItems.availabilityId })
    .from(bookingNotices)
    .innerJoin(orderItems, eq(orderItems.id, bookingNotices.orderItemId))
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(isNotNull(bookingNotices.dueAt), lte(bookingNotices.dueAt, now)))
    .orderBy(asc(bookingNotices.dueAt))
    .limit(limit);
  let sent = 0;
  let failed = 0;
  for (const { notice, orderId, itemStatus, orderStatus, availabilityId } of owed) {
    const key = and(eq(bookingNotices.orderItemId, notice.orderItemId), eq(bookingNotices.kind, notice.kind), eq(bookingNotices.channel, notice.channel));
    const start = slotStart(availabilityId);
    const stands = itemStatus === "CONFIRMED" && CONFIRMED_ORDER_STATUSES.includes(orderStatus);
    // Cancelled since it was owed, or a reminder whose retries ran past the start: given up, not sent.
    if (!stands || (notice.kind === "REMINDER" && (!start || start <= now))) {
      await deps.db.update(bookingNotices).set({ dueAt: null }).where(and(key, eq(bookingNotices.dueAt, notice.dueAt!)));
      continue;
    }
    const [taken] = await deps.db
      .update(bookingNotices)
      .set({ dueAt: new Date(now.getTime() + LEASE_MS), attempts: sql`${bookingNotices.attempts} + 1` })
      .where(and(key, eq(bookingNotices.dueAt, notice.dueAt!)))
      .returning({ attempts: bookingNotices.attempts });
    if (!taken) continue;
    const channel = notice.channel as Channel;
    const event = notice.kind === "REMINDER" ? ({ type: "booking.reminder", orderId, itemId: notice.orderItemId } as const) : ({ type: "booking.review_request", orderId, itemId: notice.orderItemId } as const);
    const delivery = await tellCustomer(deps, event, { channels: [channel] });
    const message = delivery.messages.find((candidate) => candidate.channel === channel);
    // No message at all (nothing to say on this channel, or the booking is gone): nothing left to send.
    const ok = !message ? delivery.emailError === null : message.status === "SENT";
    if (ok) {
      if (message) sent += 1;
      await deps.db.update(bookingNotices).set({ dueAt: null, sentAt: message ? now : null }).where(key);
    } else {
      failed += 1;
      const again = taken.attempts < BOOKING_NOTICE_ATTEMPTS ? new Date(now.getTime() + 2 ** taken.attempts * 60_000) : null;
      await deps.db.update(bookingNotices).set({ dueAt: again }).where(key);
    }
  }
  return { sent, failed };
}
