import type { LoaderFunctionArgs } from "@remix-run/node";
import { getBookingForUser } from "#app/account/orders.server";
import { renderTicketPdf } from "#app/account/pdf.server";
import { documentNotFound, documentRequest, pdfAttachment } from "#app/web/pages/account-document.server";
import type { CacheHandle } from "#app/lib/cache-policy";
import { ticketCheckInUrl } from "#app/lib/paths";

export const handle = { cache: "private" } satisfies CacheHandle;

/** GET /account/tickets/:itemId?lang=ar — the signed-in owner's ticket PDF; anyone else gets 404. */
export async function loader({ request, params, context: app }: LoaderFunctionArgs) {
  const { user, locale } = await documentRequest(app, request);
  const found = user ? await getBookingForUser(user.id, params.itemId ?? "", locale, app.db) : null;
  // Confirmed bookings have tickets; a cancelled, failed or pending one does not.
  if (!found || found.item.status !== "CONFIRMED" || found.invoice.status === "PAY_LATER") return documentNotFound();
  // An unpaid pay-later order has its seats, not its tickets: they come with the payment.
  // The QR opens the voucher's check-in page for staff (the booking engine issues the code on confirmation).
  const booking = await app.bookingApi.getBooking(found.item.bookingUuid).catch(() => null);
  const voucherCode = booking?.voucher?.deliveryOptions.find((option) => option.deliveryFormat === "QRCODE")?.deliveryValue ?? null;
  const pdf = await renderTicketPdf(found.invoice, found.item, locale, voucherCode ? { code: voucherCode, checkInUrl: ticketCheckInUrl(app.env.SITE_URL, voucherCode) } : null);
  return pdfAttachment(pdf, `ticket-${found.invoice.reference}-${found.item.id.slice(0, 8)}.pdf`);
}
