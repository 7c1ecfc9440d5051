/**
 * A guide's (or a resource's) day sheet (issue #33): its departures on one day in time order, each with
 * product, option, start time and its manifest (lead guests, travellers, phones). Phone sized, and it
 * prints without the console's chrome.
 */
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AdminDate, AdminEmpty, AdminPageHeader } from "#app/components/admin/admin-ui";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { BookingAnswers } from "#app/components/booking-answers";
import { findResource, resourceDay } from "#app/booking/resources-console.server";
import type { CacheHandle } from "#app/lib/cache-policy";
import { isIsoDate, todayInRiyadh } from "#app/lib/dates";
import { ADMIN_NO_STORE, adminNotFound, adminPageContext, requireStaff } from "#app/web/admin-auth.server";
export { shouldRevalidate } from "#app/lib/revalidation";

export const handle = { cache: "private" } satisfies CacheHandle;
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Rihla Console" }];

export async function loader({ request, params, context: app }: LoaderFunctionArgs) {
  await requireStaff(app, request, "orders.view");
  const { locale, t } = adminPageContext(request);
  const resource = await findResource(app.db, params.resourceId ?? "");
  if (!resource) throw adminNotFound(request);
  const asked = new URL(request.url).searchParams.get("date") ?? "";
  const date = isIsoDate(asked) ? asked : todayInRiyadh(app.clock.now());
  const departures = await resourceDay(app.db, resource.id, date, locale);
  return json({ title: t("admin.resources.dayTitle", { name: resource.name }), resource, date, departures }, { headers: ADMIN_NO_STORE });
}

export default function AdminResourceDay() {
  const { resource, date, departures } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <div className="admin-day-sheet">
      <AdminPageHeader
        title={
          <>
            <bdi>{resource.name}</bdi> · <AdminDate value={date} />
          </>
        }
        subtitle={`${t(`admin.resources.kinds.${resource.kind}`)} · ${t("admin.resources.departures", { count: departures.length })}`}
      />
      <Form method="get" className="admin-filters admin-day-sheet__filters">
        <div className="form-field">
          <label htmlFor="day-date">{t("admin.fields.travelDate")}</label>
          <input id="day-date" name="date" type="date" defaultValue={date} required />
        </div>
        <button type="submit" className="button button--secondary">
          {t("admin.manifest.show")}
        </button>
      </Form>
      {departures.length === 0 ? (
        <AdminEmpty>{t("admin.resources.noDepartures")}</AdminEmpty>
      ) : (
        departures.map((departure) => (
          <section key={`${departure.optionId}|${departure.availabilityId}`} className="admin-day-sheet__departure" data-testid="day-departure">
            <h2>
              <span className="admin-manifest__time" dir="ltr">
                {departure.startTime ?? t("admin.manifest.allDay")}
              </span>{" "}
              {departure.product}
              {departure.option ? <span className="admin-muted"> · {departure.option}</span> : null}
            </h2>
            <p className="admin-muted">{t("admin.manifest.travellers", { count: departure.slot?.travellers ?? 0 })}</p>
            {departure.meetingPoint ? (
              <p className="admin-day-sheet__meeting">
                <strong>{t("admin.resources.meetingPoint")}:</strong> {departure.meetingPoint}
              </p>
            ) : null}
            {departure.slot ? (
              <ul className="admin-day-sheet__guests">
                {departure.slot.rows.map((row) => (
                  <li key={row.itemId}>
                    <strong>{row.leadGuest || "—"}</strong>
                    <span>{t("admin.manifest.travellers", { count: row.travellers })}</span>
                    {row.phone ? (
                      <a href={`tel:${row.phone}`} dir="ltr">
                        {row.phone}
                      </a>
                    ) : null}
                    {row.pickup ? <span className="admin-muted">{row.pickup}</span> : null}
                    <BookingAnswers answers={row.answers} />
                  </li>
                ))}
              </ul>
            ) : null}
          </section>
        ))
      )}
    </div>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
