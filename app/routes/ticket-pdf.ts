import type { LoaderFunctionArgs } from "@remix-run/node";
import { renderTicketDocument } from "#app/account/pdf.server";
import { isLocaleCode } from "#app/lib/locales";
import type { CacheHandle } from "#app/lib/cache-policy";
import { ticketDocumentOf, verifyTicketSignature } from "#app/booking/ticket-links.server";

export const handle = { cache: "private" } satisfies CacheHandle;

/**
 * GET /tickets/:ticketId.pdf?sig=…&lang=ar — a ticket's PDF by the signed link an OCTO booking gives
 * (PDF_URL), no session needed. A wrong signature, an unknown ticket or one of a booking that is not
 * confirmed is 404.
 */
export async function loader({ request, params, context: app }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const lang = url.searchParams.get("lang");
  const locale = isLocaleCode(lang) ? lang : "en";
  const ticketId = /^(tkt_[0-9a-f]{20})\.pdf$/.exec(params.file ?? "")?.[1];
  const notFound = () => new Response("Not found", { status: 404, headers: { "Cache-Control": "private, no-store" } });
  if (!ticketId || !verifyTicketSignature(ticketId, url.searchParams.get("sig"), app.env.SESSION_SECRET)) return notFound();
  const ticket = await ticketDocumentOf(app.db, ticketId, locale, app.env.SITE_URL);
  if (!ticket) return notFound();
  const pdf = await renderTicketDocument(ticket, locale);
  return new Response(Buffer.from(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `inline; filename="ticket-${ticket.reference}.pdf"`,
      "Cache-Control": "private, no-store",
      "Referrer-Policy": "no-referrer",
    },
  });
}
