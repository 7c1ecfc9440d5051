/**
 * /privacy/my-data?token=… — the page a guest's signed link opens (app/account/data-link.server.ts):
 * what is held for their address, a JSON download of all of it, and its erasure (bookings still to
 * come are cancelled under their policy first, or each one that cannot be is named). Plain forms.
 */
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { collectDataForEmail, eraseEmail } from "#app/account/data-by-email.server";
import { readDataLinkToken } from "#app/account/data-link.server";
import type { ErasureBlocker } from "#app/account/personal-data.server";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { ErasureBlockers } from "#app/components/account/erasure-blockers";
import { LocalizedLink } from "#app/components/localized-link";
import { useFormatLocalDate } from "#app/i18n/use-format";
import type { CacheHandle } from "#app/lib/cache-policy";
import { CACHE_PRIVATE, pageHeaders } from "#app/lib/http";
import { pageMeta } from "#app/lib/meta";
import { privacyDataJsonPath, privacyRequestPath } from "#app/lib/paths";
import { getPageContext, pageSeo } from "#app/web/page.server";
export { shouldRevalidate } from "#app/lib/revalidation";

export const handle = { cache: "private" } satisfies CacheHandle;
export const headers = pageHeaders;
export const meta = pageMeta;

const noStore = { "Cache-Control": CACHE_PRIVATE, "Referrer-Policy": "no-referrer" };

export async function loader({ request, context: app }: LoaderFunctionArgs) {
  const context = getPageContext(request);
  const seo = pageSeo(context, "privacyData");
  const token = context.url.searchParams.get("token") ?? "";
  const link = readDataLinkToken(token, app.env.SESSION_SECRET, app.clock.now());
  if (link.status !== "ok") return json({ seo, link: link.status, token: "", email: "", orders: [], hasAccount: false, other: 0 }, { status: link.status === "expired" ? 410 : 400, headers: noStore });
  const data = await collectDataForEmail(app.db, link.email, app.clock.now());
  const orders = [...(data.account?.orders ?? []), ...data.orders].map((order) => ({ reference: order.reference, placedAt: order.placedAt.slice(0, 10), status: order.status, bookings: order.bookings.length }));
  const other = data.customOfferRequests.length + data.contactMessages.length + (data.account?.customOfferRequests.length ?? 0);
  return json({ seo, link: link.status, token, email: link.email, orders, hasAccount: data.account !== null, other }, { headers: noStore });
}

export async function action({ request, context: app }: ActionFunctionArgs) {
  const context = getPageContext(request);
  const link = readDataLinkToken(context.url.searchParams.get("token") ?? "", app.env.SESSION_SECRET, app.clock.now());
  if (link.status !== "ok") return json({ outcome: "invalid" as const, blockers: [] as ErasureBlocker[] }, { status: 400, headers: noStore });
  const form = await request.formData();
  if (form.get("intent") !== "erase") return json({ outcome: "invalid" as const, blockers: [] as ErasureBlocker[] }, { status: 400, headers: noStore });
  const outcome = await eraseEmail(app, link.email);
  if (outcome.status === "blocked") return json({ outcome: "blocked" as const, blockers: outcome.blockers }, { status: 409, headers: noStore });
  if (outcome.status === "staff") return json({ outcome: "staff" as const, blockers: [] as ErasureBlocker[] }, { status: 409, headers: noStore });
  return json({ outcome: "erased" as const, blockers: [] as ErasureBlocker[] }, { headers: noStore });
}

export default function PrivacyDataRoute() {
  const { t } = useTranslation();
  const data = useLoaderData<typeof loader>();
  const posted = useActionData<typeof action>();
  const formatDate = useFormatLocalDate("long");
  if (data.link !== "ok" || posted?.outcome === "invalid") {
    return (
      <section className="container page privacy-data" data-testid="privacy-data">
        <h1>{t("pages.privacyData.heading")}</h1>
        <p className="notice notice--warning" role="alert">
          {t(data.link === "expired" ? "pages.privacyData.expired" : "pages.privacyData.invalid")}
        </p>
        <p>
          <LocalizedLink to={privacyRequestPath()}>{t("pages.privacyData.askAgain")}</LocalizedLink>
        </p>
      </section>
    );
  }
  if (posted?.outcome === "erased") {
    return (
      <section className="container page privacy-data" data-testid="privacy-data">
        <h1>{t("pages.privacyData.heading")}</h1>
        <p className="notice notice--info" role="status">
          {t("pages.privacyData.erased")}
        </p>
      </section>
    );
  }
  return (
    <section className="container page privacy-data" data-testid="privacy-data">
      <h1>{t("pages.privacyData.heading")}</h1>
      <p className="page-intro">
        {t("pages.privacyData.intro")}
        <bdi dir="ltr" className="privacy-data__email">
          {data.email}
        </bdi>
      </p>
      <div className="privacy-data__card">
        <h2>{t("pages.privacyData.heldHeading")}</h2>
        {data.orders.length ? (
          <ul className="privacy-data__orders">
            {data.orders.map((order) => (
              <li key={order.reference}>
                <span dir="ltr">{order.reference}</span> · {formatDate(order.placedAt)} · {t("pages.privacyData.bookings", { count: order.bookings })}
              </li>
            ))}
          </ul>
        ) : (
          <p>{t("pages.privacyData.noOrders")}</p>
        )}
        {data.hasAccount ? <p>{t("pages.privacyData.account")}</p> : null}
        {data.other ? <p>{t("pages.privacyData.other", { count: data.other })}</p> : null}
        <a className="button button--primary" href={privacyDataJsonPath({ token: data.token })} download="rihla-my-data.json" data-testid="privacy-download">
          {t("pages.privacyData.download")}
        </a>
      </div>
      <div className="privacy-data__card privacy-data__card--danger">
        <h2>{t("pages.privacyData.deleteHeading")}</h2>
        <ul className="account-delete__facts">
          <li>{t("pages.deleteAccount.factBookings")}</li>
          <li>{t("pages.deleteAccount.factInvoices")}</li>
          <li>{t("pages.privacyData.factFinal")}</li>
        </ul>
        {posted?.outcome === "blocked" ? (
          <ErasureBlockers message={t("pages.privacyData.blocked")} blockers={posted.blockers} />
        ) : posted?.outcome === "staff" ? (
          <p className="notice notice--warning" role="alert">
            {t("pages.deleteAccount.staff")}
          </p>
        ) : null}
        <Form method="post" className="privacy-data__erase">
          <button type="submit" name="intent" value="erase" className="button button--danger">
            {t("pages.privacyData.erase")}
          </button>
        </Form>
      </div>
    </section>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
