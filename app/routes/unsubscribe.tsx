import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { unsubscribeAddress } from "#app/account/consent-records.server";
import { isUnsubscribeSignature } from "#app/commerce/notifications/opt-out.server";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import type { CacheHandle } from "#app/lib/cache-policy";
import { CACHE_PRIVATE, pageHeaders } from "#app/lib/http";
import { pageMeta } from "#app/lib/meta";
import { getPageContext, pageSeo } from "#app/web/page.server";
export { shouldRevalidate } from "#app/lib/revalidation";

export const handle = { cache: "private" } satisfies CacheHandle;
export const headers = pageHeaders;
export const meta = pageMeta;

/** The link's address and signature, when this installation signed them (else the page says the link is not valid). */
function signedAddress(url: URL, secret: string): string | null {
  const email = url.searchParams.get("email") ?? "";
  const signature = url.searchParams.get("s") ?? "";
  return email && signature && isUnsubscribeSignature(email, signature, secret) ? email : null;
}

/**
 * The review request's unsubscribe link: the page asks to confirm (a mail scanner that follows links
 * opts nobody out); the button posts, and the address gets no more optional messages.
 */
export function loader({ request, context: app }: LoaderFunctionArgs) {
  const context = getPageContext(request);
  const email = signedAddress(context.url, app.env.SESSION_SECRET);
  return json({ seo: pageSeo(context, "unsubscribe"), email, done: false }, { status: email ? 200 : 400, headers: { "Cache-Control": CACHE_PRIVATE } });
}

export async function action({ request, context: app }: ActionFunctionArgs) {
  const context = getPageContext(request);
  const email = signedAddress(context.url, app.env.SESSION_SECRET);
  if (email) await unsubscribeAddress(app.db, email, app.clock.now());
  return json({ seo: pageSeo(context, "unsubscribe"), email, done: email !== null }, { status: email ? 200 : 400, headers: { "Cache-Control": CACHE_PRIVATE } });
}

export default function Unsubscribe() {
  const { t } = useTranslation();
  const loaded = useLoaderData<typeof loader>();
  const posted = useActionData<typeof action>();
  const data = posted ?? loaded;
  return (
    <section className="container page" data-testid="unsubscribe">
      <h1>{t("pages.unsubscribe.heading")}</h1>
      {data.email === null ? (
        <p role="alert">{t("pages.unsubscribe.invalid")}</p>
      ) : data.done ? (
        <p role="status">{t("pages.unsubscribe.done", { email: data.email })}</p>
      ) : (
        <Form method="post">
          <p>{t("pages.unsubscribe.confirm", { email: data.email })}</p>
          <button type="submit" className="button">
            {t("pages.unsubscribe.button")}
          </button>
        </Form>
      )}
    </section>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
