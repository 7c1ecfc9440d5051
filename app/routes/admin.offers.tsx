/** Custom offer requests: those waiting for a quote first, then every other state; each opens its page. */
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AdminCard, AdminDate, AdminTable, AdminPageHeader, AdminTime, StatusBadge } from "#app/components/admin/admin-ui";
import { useLiveData } from "#app/components/admin/use-live-data";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { isOfferStatus, OFFER_STATUSES } from "#app/commerce/offer-state";
import { listOffersForStaff } from "#app/commerce/offers.server";
import type { CacheHandle } from "#app/lib/cache-policy";
import { ADMIN_NO_STORE, adminPageContext, requireStaff } from "#app/web/admin-auth.server";
export { shouldRevalidate } from "#app/lib/revalidation";

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
        <AdminTable
          rows={data.offers}
          rowKey={(offer) => offer.reference}
          empty={t("admin.today.empty")}
          columns={[
            { header: t("admin.fields.reference"), cell: (offer) => <Link to={`/admin/offers/${offer.reference}`}>{offer.reference}</Link> },
            { header: t("admin.fields.experience"), cell: (offer) => offer.title },
            {
              header: t("admin.fields.customer"),
              cell: (offer) => (
                <>
                  {offer.name}
                  <span className="admin-muted" dir="ltr">{offer.email}</span>
                </>
              ),
            },
            { header: t("admin.fields.travelDate"), cell: (offer) => <AdminDate value={offer.dateFrom} /> },
            { header: t("admin.fields.travellers"), cell: (offer) => offer.groupSize },
            { header: t("admin.fields.status"), cell: (offer) => <StatusBadge status={offer.status} /> },
            { header: t("admin.fields.waitingSince"), cell: (offer) => <AdminTime value={offer.createdAt} /> },
          ]}
        />
      </AdminCard>
    </>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
