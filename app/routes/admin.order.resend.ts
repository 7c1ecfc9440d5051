import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { resendOrderEmail } from "#app/commerce/notifications/owed-notices.server";
import { findOrderByReference } from "#app/commerce/back-office.server";
import type { CacheHandle } from "#app/lib/cache-policy";
import { adminOrderPath, withQuery } from "#app/lib/paths";
import { ADMIN_NO_STORE, actorOf, adminNotFound, requireStaff } from "#app/web/admin-auth.server";

export const handle = { cache: "private" } satisfies CacheHandle;

/** Nothing to show: a GET goes back to the order. */
export async function loader({ request, params, context: app }: LoaderFunctionArgs) {
  await requireStaff(app, request, "orders.view");
  throw redirect(adminOrderPath(params.reference ?? ""), { headers: ADMIN_NO_STORE });
}

/** POST /admin/orders/:reference/messages/:messageId/resend — sends a recorded email again, then back to the order (303). */
export async function action({ request, params, context: app }: ActionFunctionArgs) {
  const member = await requireStaff(app, request, "messages.send");
  const reference = params.reference ?? "";
  const messageId = Number(params.messageId);
  const order = await findOrderByReference(app.db, reference);
  if (!order || !Number.isSafeInteger(messageId) || messageId <= 0) throw adminNotFound(request);
  const result = await resendOrderEmail(app, order.id, messageId, actorOf(member), app.clock.now());
  if (!result.ok && result.reason !== "FAILED") throw adminNotFound(request);
  return redirect(`${withQuery(adminOrderPath(order.reference), { message: result.ok ? "resent" : "failed" })}#order-messages`, { status: 303, headers: ADMIN_NO_STORE });
}
