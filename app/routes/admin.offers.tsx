/** Custom offer requests: those waiting for a quote first, then every other state; each opens its page. */
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AdminCard, AdminDate, AdminEmpty, AdminPageHeader, AdminTime, StatusBadge } from "#app/components/admin/admin-ui";
import { useLiveData } from "#app/components/admin/use-live-data";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { isOfferStatus, OFFER_STATUSES } from "#app/commerce/offer-state";
import { listOffersForStaff } from "#app/commerce/offers.server";
import type { CacheHandle } from "#app/lib/cache-policy";
import { ADMIN_NO_STORE, adminPageContext, requireStaff } from "./admin-auth.server";

export const handle = { cache: "private" } satisfies CacheHandle;
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Rihla Console" }];

export async function loader({ request, context: app }: LoaderFunctionArgs) {
  await requireStaff(app, request, "orders.view");
  const { locale, t } = adminPageContext(request);
  const wanted = new URL(request.url).searchParams.get("status") ?? "RECEIVED";
  const status = isOfferStatus(wanted) ? wanted : null;
  const offers = await listOffersForStaff(app.db, locale, status ?? undefined);
  return json(
    {
      title: t("admin.offers.title"),
      status,
      offers: offers.map((offer) => ({ reference: offer.reference, title: offer.title, name: offer.name, email: offer.email, status: offer.status, dateFrom: offer.dateFrom, groupSize: offer.groupSize, createdAt: offer.createdAt, validUntil: offer.validUntil })),
    },
    { headers: ADMIN_NO_STORE },
  );
}

export default function AdminOffers() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  useLiveData();
  return (
    <>
      <AdminPageHeader title={t("admin.offers.heading")} subtitle={t("admin.offers.subtitle")} />
      <nav className="admin-tabs" aria-label={t("admin.fields.status")}>
        {[...OFFER_STATUSES, "all" as const].map((status) => (
          <Link key={status} to={`/admin/offers?status=${status}`} className="admin-tabs__tab" aria-current={(data.status ?? "all") === status ? "page" : undefined}>
            {status === "all" ? t("admin.offers.all") : t(`admin.status.${status}`, { defaultValue: status })}
          </Link>
        ))}
      </nav>
      <AdminCard id="offers">
        {data.offers.length === 0 ? (
          <AdminEmpty>{t("admin.today.empty")}</AdminEmpty>
        ) : (
          <div className="admin-table-wrap">
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col">{t("admin.fields.reference")}</th>
                  <th scope="col">{t("admin.fields.experience")}</th>
                  <th scope="col">{t("admin.fields.customer")}</th>
                  <th scope="col">{t("admin.fields.travelDate")}</th>
                  <th scope="col">{t("admin.fields.travellers")}</th>
                  <th scope="col">{t("admin.fields.status")}</th>
                  <th scope="col">{t("admin.fields.waitingSince")}</th>
                </tr>
              </thead>
              <tbody>
                {data.offers.map((offer) => (
                  <tr key={offer.reference}>
                    <td><Link to={`/admin/offers/${offer.reference}`}>{offer.reference}</Link></td>
                    <td>{offer.title}</td>
                    <td>
                      {offer.name}
                      <span className="admin-muted" dir="ltr">{offer.email}</span>
                    </td>
                    <td><AdminDate value={offer.dateFrom} /></td>
                    <td>{offer.groupSize}</td>
                    <td><StatusBadge status={offer.status} /></td>
                    <td><AdminTime value={offer.createdAt} /></td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </AdminCard>
    </>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
