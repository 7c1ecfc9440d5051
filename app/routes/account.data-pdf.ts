import type { LoaderFunctionArgs } from "@remix-run/node";
import { personalDataPdf } from "#app/account/personal-data-pdf.server";
import { collectPersonalData } from "#app/account/personal-data.server";
import type { CacheHandle } from "#app/lib/cache-policy";
import { isLocaleCode } from "#app/lib/locales";
import { documentNotFound, pdfAttachment } from "#app/web/pages/account-document.server";
import { requireUser } from "#app/web/sign-in.server";

export const handle = { cache: "private" } satisfies CacheHandle;

/** GET /account/data.pdf(?lang=ar) — the same data as /account/data.json, readable, in the account's language unless `lang` names another (PDPL). */
export async function loader({ request, context: app }: LoaderFunctionArgs) {
  const user = await requireUser(app, request);
  const data = await collectPersonalData(app.db, user.id, app.clock.now());
  if (!data) return documentNotFound();
  const lang = new URL(request.url).searchParams.get("lang");
  const pdf = await personalDataPdf(data, isLocaleCode(lang) ? lang : data.profile.language);
  return pdfAttachment(pdf, "rihla-my-data.pdf");
}
