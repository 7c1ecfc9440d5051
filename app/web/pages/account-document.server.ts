/** What the account's PDF routes (/account/invoices/:orderId, /account/tickets/:itemId) share: who asks, in which language, and the answers. */
import type { AppLoadContext } from "@remix-run/node";
import { isLocaleCode, type LocaleCode } from "#app/lib/locales";
import { getUser } from "#app/web/session-cookie.server";

// A customer's documents are theirs alone: no shared cache keeps them.
const NO_STORE = "private, no-store";

/** The signed-in customer (null for anyone else) and the document's language from `?lang=` (English unless a known one). */
export async function documentRequest(app: AppLoadContext, request: Request) {
  const lang = new URL(request.url).searchParams.get("lang");
  const locale: LocaleCode = isLocaleCode(lang) ? lang : "en";
  return { user: await getUser(app, request), locale };
}

/** The same 404 for a document that does not exist and for one that is someone else's. */
export function documentNotFound() {
  return new Response("Not found", { status: 404, headers: { "Cache-Control": NO_STORE } });
}

/** A PDF to download under `fileName`. */
export function pdfAttachment(pdf: Uint8Array, fileName: string) {
  return new Response(Buffer.from(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": NO_STORE,
    },
  });
}
