/**
 * One custom offer request: what the customer asked for, the quote sent (its options, validity and
 * message) and its status; an agent quotes (or re-quotes) up to three dated options, or withdraws.
 */
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AdminCard, AdminCustomerCard, AdminDate, AdminFacts, AdminMoney, AdminNotice, AdminRecordHeader, AdminTime, StatusBadge } from "#app/components/admin/admin-ui";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { Field, TextareaField } from "#app/components/forms";
import { loadOfferPage, submitOfferForm, type OfferFormErrors } from "#app/commerce/offer-form.server";
import type { CacheHandle } from "#app/lib/cache-policy";
import { ADMIN_NO_STORE, actorOf, adminNotFound, loadRecordPage, requireStaff } from "#app/web/admin-auth.server";
export { shouldRevalidate } from "#app/lib/revalidation";

export const handle = { cache: "private" } satisfies CacheHandle;
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Rihla Console" }];

export async function loader({ request, params, context: app }: LoaderFunctionArgs) {
  const { page, t, query } = await loadRecordPage(app, request, params.reference, (lookup) => loadOfferPage(app, lookup));
  return json({ ...page, title: t("admin.offers.offerTitle", { reference: page.offer.reference }), done: query.get("done")?.slice(0, 20) ?? null }, { headers: ADMIN_NO_STORE });
}

type FormErrors = OfferFormErrors;

export async function action({ request, params, context: app }: ActionFunctionArgs) {
  const member = await requireStaff(app, request, "offers.quote");
  const result = await submitOfferForm(app, { reference: params.reference ?? "", formData: await request.formData(), actor: actorOf(member) });
  if (result.ok) return redirect(`/admin/offers/${result.reference}?done=${result.done}`, { status: 303, headers: ADMIN_NO_STORE });
  if ("notFound" in result) throw adminNotFound(request);
  return json({ errors: result.errors }, { status: result.status, headers: ADMIN_NO_STORE });
}

export default function AdminOffer() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const errors: FormErrors = result?.errors ?? {};
  const busy = useNavigation().state === "submitting";
  const { t } = useTranslation();
  const { offer } = data;
  const err = (key: string) => (errors[key] ? [t(errors[key]!)] : undefined);
  return (
    <>
      <AdminRecordHeader back={{ to: "/admin/offers", label: t("admin.nav.offers") }} reference={offer.reference} status={offer.status} subtitle={offer.title} />
      <AdminNotice tone="ok" role="status" testId="offer-notice">
        {data.done ? t(`admin.offers.done.${data.done}`, { defaultValue: "" }) : null}
      </AdminNotice>
      <AdminNotice tone="bad" role="alert">
        {errors.form ? t(errors.form) : null}
      </AdminNotice>
      <div className="admin-order">
        <div className="admin-order__main">
          <AdminCard id="offer-request" title={t("admin.offers.request")}>
            <AdminFacts
              rows={[
                [t("admin.fields.experience"), offer.title],
                [t("admin.offers.dates"), <span key="d"><AdminDate value={offer.dateFrom} />{offer.dateTo ? <> – <AdminDate value={offer.dateTo} /></> : null}</span>],
                [t("admin.fields.travellers"), offer.groupSize],
                [t("admin.offers.budget"), offer.budget !== null ? <AdminMoney key="b" amount={offer.budget} currency={offer.currency} /> : "—"],
                [t("admin.offers.received"), <AdminTime key="r" value={offer.createdAt} />],
              ]}
            />
            <blockquote className="admin-quote-message">{offer.message}</blockquote>
          </AdminCard>
          {offer.quote ? (
            <AdminCard id="offer-quote" title={t("admin.offers.quoteSent")}>
              <ol className="admin-items">
                {offer.quote.options.map((option, index) => (
                  <li key={index} className="admin-item" data-testid="quote-option">
                    <div className="admin-item__head">
                      <h3>
                        <AdminDate value={option.localDate} /> {option.time ? <span dir="ltr">{option.time}</span> : null}
                      </h3>
                      {offer.acceptedOption === index ? <StatusBadge status="ACCEPTED" /> : null}
                    </div>
                    <AdminFacts rows={[[t("admin.fields.amount"), <AdminMoney key="m" amount={option.amount} currency={offer.currency} />], [t("admin.offers.included"), option.included || "—"]]} />
                  </li>
                ))}
              </ol>
              <AdminFacts
                rows={[
                  [t("admin.offers.validUntil"), offer.validUntil ? <AdminTime key="v" value={offer.validUntil} /> : "—"],
                  [t("admin.offers.quotedBy"), <span key="q" dir="ltr">{offer.quotedBy ?? "—"}</span>],
                  ...(offer.closedReason ? [[t("admin.payLater.reason"), offer.closedReason] as [string, string]] : []),
                ]}
              />
              {offer.quote.message ? <blockquote className="admin-quote-message">{offer.quote.message}</blockquote> : null}
            </AdminCard>
          ) : null}
        </div>
        <aside className="admin-order__side">
          <AdminCustomerCard id="offer-customer" name={offer.name} email={offer.email} phone={offer.phone ? <span dir="ltr">{offer.phone}</span> : "—"} locale={offer.locale} />
          {data.canQuote && data.quotable ? (
            <AdminCard id="offer-quote-form" title={offer.quote ? t("admin.offers.requote") : t("admin.offers.quote")}>
              <Form method="post" className="admin-form" noValidate={false}>
                <input type="hidden" name="intent" value="quote" />
                {Array.from({ length: 3 }, (_, index) => {
                  const existing = offer.quote?.options[index];
                  return (
                    <fieldset key={index} className="admin-fieldset">
                      <legend>{t("admin.offers.option", { number: index + 1 })}</legend>
                      <Field label={t("admin.fields.travelDate")} errors={err(`options.${index}.date`)} errorId={`o${index}-date-error`} inputProps={{ id: `o${index}-date`, name: `options[${index}].date`, type: "date", min: data.today, required: index === 0, defaultValue: existing?.localDate ?? (index === 0 ? offer.dateFrom : undefined) }} />
                      {offer.startTime ? <Field label={t("admin.offers.time")} hint={t("admin.offers.timeHint")} errors={err(`options.${index}.time`)} errorId={`o${index}-time-error`} inputProps={{ id: `o${index}-time`, name: `options[${index}].time`, type: "time", defaultValue: existing?.time ?? undefined }} /> : null}
                      <Field label={t("admin.payLater.amount", { currency: offer.currency })} errors={err(`options.${index}.price`)} errorId={`o${index}-price-error`} inputProps={{ id: `o${index}-price`, name: `options[${index}].price`, type: "number", min: "0.01", step: "0.01", inputMode: "decimal", required: index === 0, dir: "ltr", defaultValue: existing ? String(existing.amount / 100) : undefined }} />
                      <TextareaField label={t("admin.offers.included")} textareaProps={{ id: `o${index}-included`, name: `options[${index}].included`, rows: 2, maxLength: 1000, defaultValue: existing?.included }} />
                    </fieldset>
                  );
                })}
                <Field label={t("admin.offers.validUntil")} errors={err("validUntil")} errorId="valid-until-error" inputProps={{ id: "valid-until", name: "validUntil", type: "date", required: true, min: data.today, defaultValue: data.defaultValidUntil }} />
                <TextareaField label={t("admin.offers.message")} textareaProps={{ id: "quote-message", name: "message", rows: 4, maxLength: 4000, defaultValue: offer.quote?.message }} />
                <button type="submit" className="button button--primary" disabled={busy}>
                  {t("admin.offers.send")}
                </button>
              </Form>
            </AdminCard>
          ) : null}
          {data.canQuote && data.withdrawable ? (
            <AdminCard id="offer-withdraw" title={t("admin.offers.withdraw")}>
              <Form method="post" className="admin-form">
                <input type="hidden" name="intent" value="withdraw" />
                <Field label={t("admin.payLater.reason")} hint={t("admin.payLater.reasonHint")} errors={err("reason")} errorId="withdraw-reason-error" inputProps={{ id: "withdraw-reason", name: "reason", required: true, maxLength: 500 }} />
                <button type="submit" className="button button--danger" disabled={busy}>
                  {t("admin.offers.withdraw")}
                </button>
              </Form>
            </AdminCard>
          ) : null}
        </aside>
      </div>
    </>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
