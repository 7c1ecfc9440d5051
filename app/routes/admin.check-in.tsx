/**
 * Check-in. /admin/check-in takes a typed code (or a scanned link pasted in); /admin/check-in/:code is
 * what a ticket's QR opens: the ticket (product, date, slot, units, lead guest, order) and a "Check in"
 * button that lets it in once. A second check-in is refused, saying when and by whom. Works without
 * JavaScript (GET form, POST with the outcome as action data). Anyone not staff gets the usual 404.
 */
import { formatInstant, formatMoney } from "#app/i18n/format";
import { RIYADH_TIME_ZONE } from "#app/lib/dates";
import { isCurrencyCode } from "#app/lib/money";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { normalizeTicketCode } from "#app/booking/tickets.server";
import { AdminCard, AdminDate, AdminFilterActions, AdminFacts, AdminPageHeader, StatusBadge } from "#app/components/admin/admin-ui";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { checkInTicket, loadCheckInTicket } from "#app/commerce/check-in.server";
import { useLocale } from "#app/i18n/use-locale";
import type { CacheHandle } from "#app/lib/cache-policy";
import { adminOrderPath, checkInPath } from "#app/lib/paths";
import { ADMIN_NO_STORE, actorOf, adminPageContext, requireStaff } from "#app/web/admin-auth.server";
export { shouldRevalidate } from "#app/lib/revalidation";

export const handle = { cache: "private" } satisfies CacheHandle;
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Rihla Console" }];

/** A typed code, or the check-in link a scanner app copied: the code is its last path segment. */
function codeFrom(input: string): string {
  const text = input.trim().slice(0, 300);
  const last = text.split(/[/?#]/).filter(Boolean);
  const segment = text.includes("/") ? (last.at(-1) ?? "") : text;
  return normalizeTicketCode(decodeURIComponent(segment.replace(/%(?![0-9A-Fa-f]{2})/g, "")));
}

export async function loader({ request, params, context: app }: LoaderFunctionArgs) {
  await requireStaff(app, request, "tickets.redeem");
  const { locale, t } = adminPageContext(request);
  const typed = new URL(request.url).searchParams.get("code");
  if (!params.code && typed?.trim()) {
    const code = codeFrom(typed);
    if (code) throw redirect(checkInPath(code), { headers: ADMIN_NO_STORE });
  }
  const code = params.code ? codeFrom(params.code) : null;
  const ticket = code ? await loadCheckInTicket(app.db, code, locale) : null;
  return json({ title: t("admin.checkIn.title"), code, ticket }, { status: code && !ticket ? 404 : 200, headers: ADMIN_NO_STORE });
}

export async function action({ request, params, context: app }: ActionFunctionArgs) {
  const member = await requireStaff(app, request, "tickets.redeem");
  const { locale } = adminPageContext(request);
  const form = await request.formData();
  if (form.get("intent") !== "check-in" || !params.code) return json({ outcome: null }, { status: 400, headers: ADMIN_NO_STORE });
  const result = await checkInTicket(app.db, codeFrom(params.code), actorOf(member), app.clock.now(), locale);
  return json({ outcome: result.ok ? ("CHECKED_IN" as const) : result.reason }, { status: result.ok ? 200 : result.reason === "NOT_FOUND" ? 404 : 409, headers: ADMIN_NO_STORE });
}

export default function AdminCheckIn() {
  const { code, ticket } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const { t } = useTranslation();
  const locale = useLocale();
  const when = (value: string) => formatInstant(locale.code, value, RIYADH_TIME_ZONE);
  const outcome = actionData?.outcome ?? null;
  const redeemedLine = ticket?.redeemedAt
    ? ticket.redeemedBy
      ? t("admin.checkIn.redeemedBy", { when: when(ticket.redeemedAt), who: ticket.redeemedBy })
      : t("admin.checkIn.redeemedAt", { when: when(ticket.redeemedAt) })
    : null;
  return (
    <div className="admin-check-in">
      <AdminPageHeader title={t("admin.checkIn.heading")} subtitle={t("admin.checkIn.subtitle")} />
      <Form method="get" action={checkInPath()} className="admin-filters admin-check-in__find" role="search">
        <div className="form-field admin-filters__search">
          <label htmlFor="check-in-code">{t("admin.checkIn.code")}</label>
          <input id="check-in-code" name="code" type="text" autoComplete="off" autoCapitalize="characters" spellCheck={false} dir="ltr" defaultValue={ticket ? "" : (code ?? "")} required maxLength={300} />
        </div>
        <AdminFilterActions submit={t("admin.checkIn.find")} tone="secondary" />
      </Form>
      {code && !ticket ? (
        <p className="admin-notice admin-notice--bad" role="alert">
          {t("admin.checkIn.notFound")}
        </p>
      ) : null}
      {ticket ? (
        <AdminCard id="check-in-ticket" className="admin-check-in__ticket" title={
          <>
            {ticket.productTitle} <StatusBadge status={ticket.redeemedAt ? "REDEEMED" : ticket.bookingStatus} />
          </>
        }>
          {outcome === "CHECKED_IN" ? (
            <p className="admin-notice admin-notice--ok" role="status">
              {t("admin.checkIn.done", { count: ticket.units.reduce((sum, unit) => sum + unit.quantity, 0) })}
            </p>
          ) : outcome === "ALREADY_REDEEMED" ? (
            <p className="admin-notice admin-notice--bad" role="alert">
              {t("admin.checkIn.refused")} {redeemedLine}
            </p>
          ) : outcome === "UNPAID" ? null : outcome ? (
            <p className="admin-notice admin-notice--bad" role="alert">
              {t(`admin.checkIn.reasons.${outcome}`)}
            </p>
          ) : null}
          <AdminFacts
            rows={[
              [t("admin.fields.experience"), ticket.optionTitle ? `${ticket.productTitle} — ${ticket.optionTitle}` : ticket.productTitle],
              [t("admin.fields.travelDate"), <AdminDate key="d" value={ticket.localDate} />],
              [t("admin.checkIn.slot"), <span key="s" dir="ltr">{ticket.startTime ?? t("admin.manifest.allDay")}</span>],
              [t("admin.fields.travellers"), ticket.units.map((unit) => `${unit.quantity} × ${unit.title}`).join(", ")],
              [t("admin.manifest.guest"), ticket.leadGuest ?? "—"],
              [t("admin.checkIn.payment"), <StatusBadge key="p" status={ticket.payment} />],
              [t("admin.fields.reference"), ticket.orderReference ? <Link key="r" to={adminOrderPath(ticket.orderReference)} className="admin-reference">{ticket.orderReference}</Link> : "—"],
              [t("admin.checkIn.admits"), ticket.kind === "VOUCHER" ? t("admin.checkIn.wholeBooking") : t("admin.checkIn.oneTraveller")],
              [t("admin.checkIn.code"), <code key="c" dir="ltr">{ticket.code}</code>],
            ]}
          />
          {outcome === "CHECKED_IN" || outcome === "ALREADY_REDEEMED" ? null : ticket.redeemedAt ? (
            <p className="admin-notice admin-notice--bad" role="alert" data-testid="check-in-state">
              {t("admin.checkIn.refused")} {redeemedLine}
            </p>
          ) : ticket.testMode ? (
            <p className="admin-notice admin-notice--bad">{t("admin.checkIn.reasons.TEST_BOOKING")}</p>
          ) : ticket.bookingStatus !== "CONFIRMED" ? (
            <p className="admin-notice admin-notice--bad">{t("admin.checkIn.reasons.NOT_CONFIRMED")}</p>
          ) : ticket.payment === "UNPAID" ? (
            <UnpaidNotice ticket={ticket} />
          ) : (
            <Form method="post" className="admin-check-in__form">
              <button type="submit" name="intent" value="check-in" className="button button--primary admin-check-in__button" disabled={navigation.state === "submitting"}>
                {t("admin.checkIn.action")}
              </button>
            </Form>
          )}
        </AdminCard>
      ) : null}
    </div>
  );
}

/** An order that has paid nothing: what is due, and the way to the order to record the payment. */
function UnpaidNotice({ ticket }: { ticket: { amountDue: { amount: number; currency: string } | null; orderReference: string | null } }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const due = ticket.amountDue && isCurrencyCode(ticket.amountDue.currency) ? formatMoney(locale.code, ticket.amountDue.amount, ticket.amountDue.currency) : null;
  return (
    <div className="admin-notice admin-notice--bad" role="alert" data-testid="check-in-unpaid">
      <p>{due ? t("admin.checkIn.unpaid", { amount: due }) : t("admin.checkIn.reasons.UNPAID")}</p>
      {ticket.orderReference ? (
        <p>
          <Link to={adminOrderPath(ticket.orderReference)} className="button button--secondary">
            {t("admin.checkIn.collect")}
          </Link>
        </p>
      ) : null}
    </div>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
