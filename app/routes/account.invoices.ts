import type { LoaderFunctionArgs } from "@remix-run/node";
import { getInvoiceForUser } from "#app/account/orders.server";
import { renderInvoicePdf } from "#app/account/pdf.server";
import { issuedTaxDocuments } from "#app/invoicing/order-tax-documents.server";
import { documentNotFound, documentRequest, pdfAttachment } from "#app/web/pages/account-document.server";
import type { CacheHandle } from "#app/lib/cache-policy";

export const handle = { cache: "private" } satisfies CacheHandle;

/** GET /account/invoices/:orderId?lang=ar — the signed-in owner's tax invoice PDF; anyone else gets 404. */
export async function loader({ request, params, context: app }: LoaderFunctionArgs) {
  const { user, locale } = await documentRequest(app, request);
  const invoice = user ? await getInvoiceForUser(user.id, params.orderId ?? "", locale, app.db) : null;
  // A tax invoice exists once something was sold: at least one confirmed booking.
  if (!invoice || !invoice.items.some((item) => item.status === "CONFIRMED" || item.status === "CANCELLED")) return documentNotFound();
  // ZATCA's document once issued (its number, QR and credit notes); the order's own details until then.
  return pdfAttachment(await renderInvoicePdf(app.env, invoice, locale, await issuedTaxDocuments(app.db, invoice.id)), `invoice-${invoice.invoiceId}.pdf`);
}
