/**
 * The manifest: who is coming on a day, per product and time slot (lead guest, units, pickup, contact,
 * paid or not, checked in or not), from the storefront and from resellers (a badge names the
 * reseller), with a check-in link per booking, a print view and a CSV. A GET form picks the day and
 * product: works without JavaScript.
 */
import { BookingAnswers } from "#app/components/booking-answers";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AdminCard, AdminDate, AdminFilterActions, AdminEmpty, AdminPageHeader, AdminTime, StatusBadge } from "#app/components/admin/admin-ui";
import { useLiveData } from "#app/components/admin/use-live-data";
import { DepartureResources } from "#app/components/admin/departure-resources";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { resourcesOnDepartures } from "#app/booking/departure-resources.server";
import { listResources } from "#app/booking/resources-console.server";
import { departureResourceAction } from "#app/web/pages/departure-resources-action.server";
import { loadManifest, parseManifestFilter } from "#app/commerce/manifest.server";
import type { CacheHandle } from "#app/lib/cache-policy";
import { addDays } from "#app/lib/dates";
import { adminOrderPath, checkInPath, manifestCsvPath, manifestPath } from "#app/lib/paths";
import { can } from "#app/staff/roles";
import { ADMIN_NO_STORE, adminPageContext, requireStaff } from "#app/web/admin-auth.server";
export { shouldRevalidate } from "#app/lib/revalidation";

export const handle = { cache: "private" } satisfies CacheHandle;
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Rihla Console" }];

export async function loader({ request, context: app }: LoaderFunctionArgs) {
  const member = await requireStaff(app, request, "orders.view");
  const { locale, t } = adminPageContext(request);
  const params = new URL(request.url).searchParams;
  const filter = parseManifestFilter(params, app.clock.now());
  const manifest = await loadManifest(app.db, filter, locale);
  const canAssign = can(member.role, "catalogue.manage");
  const resources = canAssign ? await listResources(app.db) : [];
  const assigned = await resourcesOnDepartures(app.db, manifest.slots);
  return json(
    { title: t("admin.manifest.title"), manifest, print: params.get("view") === "print", canCheckIn: can(member.role, "tickets.redeem"), canAssign, resources, assigned },
    { headers: ADMIN_NO_STORE },
  );
}

/** Assigns a guide or resource to one departure (option + slot), or takes one off; a clash is refused with the departure it clashes with (409). */
export async function action({ request, context: app }: ActionFunctionArgs) {
  const member = await requireStaff(app, request, "catalogue.manage");
  const { locale } = adminPageContext(request);
  return departureResourceAction(app.db, request, await request.formData(), member, locale, app.clock.now());
}

export default function AdminManifest() {
  const { manifest, print, canCheckIn, canAssign, resources, assigned } = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>()?.refusal;
  const { t } = useTranslation();
  useLiveData();
  const query = { date: manifest.date, product: manifest.productId ?? undefined };
  const travellers = manifest.slots.reduce((sum, slot) => sum + slot.travellers, 0);
  return (
    <div className={print ? "admin-manifest admin-manifest--print" : "admin-manifest"}>
      <AdminPageHeader
        title={
          <>
            {t("admin.manifest.heading")} · <AdminDate value={manifest.date} />
          </>
        }
        subtitle={`${t("admin.manifest.bookings", { count: manifest.rows.length })} · ${t("admin.manifest.travellers", { count: travellers })}`}
        actions={
          <>
            {print ? (
              <Link className="button button--secondary" to={manifestPath(query)}>
                {t("admin.manifest.screenView")}
              </Link>
            ) : (
              <Link className="button button--secondary" to={manifestPath({ ...query, view: "print" })}>
                {t("admin.manifest.printView")}
              </Link>
            )}
            <a className="button button--secondary" href={manifestCsvPath(query)} download>
              {t("admin.manifest.export")}
            </a>
          </>
        }
      />
      <Form method="get" className="admin-filters admin-manifest__filters">
        <div className="form-field">
          <label htmlFor="manifest-date">{t("admin.fields.travelDate")}</label>
          <input id="manifest-date" name="date" type="date" defaultValue={manifest.date} required />
        </div>
        <div className="form-field">
          <label htmlFor="manifest-product">{t("admin.fields.experience")}</label>
          <select id="manifest-product" name="product" defaultValue={manifest.productId ?? ""}>
            <option value="">{t("admin.manifest.allProducts")}</option>
            {manifest.products.map((product) => (
              <option key={product.id} value={product.id}>
                {product.title}
              </option>
            ))}
            {manifest.productId && !manifest.products.some((product) => product.id === manifest.productId) ? <option value={manifest.productId}>{manifest.productId}</option> : null}
          </select>
        </div>
        <AdminFilterActions submit={t("admin.manifest.show")}>
          <Link to={manifestPath({ date: addDays(manifest.date, -1) })}>{t("admin.manifest.previousDay")}</Link>
          <Link to={manifestPath({ date: addDays(manifest.date, 1) })}>{t("admin.manifest.nextDay")}</Link>
        </AdminFilterActions>
      </Form>
      {manifest.slots.length === 0 ? (
        <AdminEmpty>{t("admin.manifest.none")}</AdminEmpty>
      ) : (
        manifest.slots.map((slot, index) => (
          <AdminCard
            key={slot.key}
            id={`slot-${slot.productId}-${slot.startTime ?? "day"}`.replace(/[^\w-]/g, "")}
            className="admin-manifest__slot"
            title={
              <>
                <span className="admin-manifest__time" dir="ltr">{slot.startTime ?? t("admin.manifest.allDay")}</span>
                <span>
                  {slot.productTitle}
                  {slot.optionTitle ? <span className="admin-muted">{slot.optionTitle}</span> : null}
                </span>
                <span className="admin-count" title={t("admin.fields.travellers")}>
                  {slot.travellers}
                </span>
              </>
            }
          >
            <div className="admin-table-wrap">
              <table className="admin-table admin-manifest__table">
                <thead>
                  <tr>
                    <th scope="col">{t("admin.manifest.guest")}</th>
                    <th scope="col">{t("admin.fields.travellers")}</th>
                    <th scope="col">{t("admin.manifest.pickup")}</th>
                    <th scope="col">{t("admin.manifest.contact")}</th>
                    <th scope="col">{t("admin.fields.paymentMethod")}</th>
                    <th scope="col">{t("admin.manifest.checkIn")}</th>
                  </tr>
                </thead>
                <tbody>
                  {slot.rows.map((row) => (
                    <tr key={row.itemId} data-testid={`manifest-${row.reference}`}>
                      <td>
                        <strong>{row.leadGuest || "—"}</strong>
                        {row.channel.kind === "RESELLER" ? (
                          <>
                            <span className="admin-reference admin-muted">
                              <bdi>{row.reference}</bdi>
                            </span>
                            <span className="admin-badge admin-badge--channel" title={t("admin.manifest.viaReseller")} data-testid="manifest-channel">
                              {row.channel.name}
                            </span>
                          </>
                        ) : (
                          <Link to={adminOrderPath(row.reference)} className="admin-reference admin-muted">
                            {row.reference}
                          </Link>
                        )}
                        {row.itemStatus !== "CONFIRMED" && row.itemStatus !== "REDEEMED" ? <StatusBadge status={row.itemStatus} /> : null}
                        <BookingAnswers answers={row.answers} />
                      </td>
                      <td>
                        <strong>{row.travellers}</strong>
                        <span className="admin-muted">{row.units.map((unit) => `${unit.quantity} × ${unit.title}`).join(", ")}</span>
                      </td>
                      <td>{row.pickup ?? "—"}</td>
                      <td>
                        {row.phone ? (
                          <a href={`tel:${row.phone}`} dir="ltr">
                            {row.phone}
                          </a>
                        ) : null}
                        {row.email ? (
                          <a href={`mailto:${row.email}`} dir="ltr" className="admin-muted">
                            {row.email}
                          </a>
                        ) : null}
                        {!row.phone && !row.email ? "—" : null}
                      </td>
                      <td>
                        <StatusBadge status={row.payment} />
                      </td>
                      <td>
                        {row.checkedInAt ? (
                          <>
                            <StatusBadge status="REDEEMED" />
                            <span className="admin-muted">
                              <AdminTime value={row.checkedInAt} />
                            </span>
                          </>
                        ) : row.ticketCode && canCheckIn ? (
                          <Link to={checkInPath(row.ticketCode)} className="button button--small button--secondary admin-manifest__check-in">
                            {t("admin.checkIn.action")}
                          </Link>
                        ) : (
                          <span className="admin-muted">{t("admin.manifest.noTicket")}</span>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <DepartureResources optionId={slot.optionId} availabilityId={slot.availabilityId} assigned={assigned[index] ?? []} resources={resources} canAssign={canAssign && !print} refusal={refusal} />
          </AdminCard>
        ))
      )}
    </div>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
