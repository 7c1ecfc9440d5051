/**
 * POST /admin/orders/:reference/pay-later — an agent collects a pay-later order's payment: sends a
 * payment link, records an offline payment, or cancels the unpaid order. Answers 303 back to the order
 * page with what happened (works without JavaScript; the order page shows the outcome).
 */
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { CancelUnpaidSchema, OfflinePaymentSchema } from "#app/commerce/console-schemas";
import { cancelUnpaidOrder, openPaymentLink, recordOfflinePayment } from "#app/commerce/pay-later.server";
import { findOrderByReference } from "#app/commerce/back-office.server";
import type { CacheHandle } from "#app/lib/cache-policy";
import { isCurrencyCode, toMinor } from "#app/lib/money";
import { ADMIN_NO_STORE, actorOf, adminNotFound, requireStaff } from "#app/web/admin-auth.server";

export const handle = { cache: "private" } satisfies CacheHandle;

export async function loader({ request, context: app }: LoaderFunctionArgs) {
  await requireStaff(app, request, "payments.collect");
  throw adminNotFound(request);
}

export async function action({ request, params, context: app }: ActionFunctionArgs) {
  const member = await requireStaff(app, request, "payments.collect");
  const reference = params.reference ?? "";
  const order = await findOrderByReference(app.db, reference);
  if (!order) throw adminNotFound(request);
  const back = (outcome: string) => redirect(`/admin/orders/${encodeURIComponent(order.reference)}?payLater=${outcome}#order-pay-later`, { status: 303, headers: ADMIN_NO_STORE });
  const form = await request.formData();
  const intent = form.get("intent");
  const actor = actorOf(member);
  if (intent === "send-link") {
    const sent = await openPaymentLink(app, order.id, { actor, sendEmail: true });
    return back(sent.ok ? "linkSent" : sent.reason);
  }
  if (intent === "offline") {
    const parsed = OfflinePaymentSchema.safeParse(Object.fromEntries(form));
    if (!parsed.success || !isCurrencyCode(order.currency)) return back("invalid");
    const amount = toMinor(parsed.data.amount, order.currency);
    const recorded = await recordOfflinePayment(app, order.id, { amount, method: parsed.data.method, reference: parsed.data.reference, note: parsed.data.note }, actor, app.clock.now());
    return back(recorded.ok ? (recorded.status === "CONFIRMED" ? "paid" : "partPaid") : recorded.reason);
  }
  if (intent === "cancel") {
    const parsed = CancelUnpaidSchema.safeParse(Object.fromEntries(form));
    if (!parsed.success) return back("reasonRequired");
    const cancelled = await cancelUnpaidOrder(app, order.id, actor, parsed.data.reason, app.clock.now());
    return back(cancelled.ok ? "cancelled" : cancelled.reason);
  }
  return back("invalid");
}
