import type { LoaderFunctionArgs } from "@remix-run/node";
import { getInvoiceForUser } from "#app/account/orders.server";
import { renderInvoicePdf } from "#app/account/pdf.server";
import { getUser } from "#app/web/session-cookie.server";
import { isLocaleCode } from "#app/lib/locales";
import type { CacheHandle } from "#app/lib/cache-policy";

export const handle = { cache: "private" } satisfies CacheHandle;

/** GET /account/invoices/:orderId?lang=ar — the signed-in owner's tax invoice PDF; anyone else gets 404. */
export async function loader({ request, params, context: app }: LoaderFunctionArgs) {
  const lang = new URL(request.url).searchParams.get("lang");
  const locale = isLocaleCode(lang) ? lang : "en";
  const user = await getUser(app, request);
  const invoice = user ? await getInvoiceForUser(user.id, params.orderId ?? "", locale, app.db) : null;
  // A tax invoice exists once something was sold: at least one confirmed booking.
  if (!invoice || !invoice.items.some((item) => item.status === "CONFIRMED" || item.status === "CANCELLED")) {
    return new Response("Not found", { status: 404, headers: { "Cache-Control": "private, no-store" } });
  }
  const pdf = await renderInvoicePdf(app.env, invoice, locale);
  return new Response(Buffer.from(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="invoice-${invoice.invoiceId}.pdf"`,
      "Cache-Control": "private, no-store",
    },
  });
}
