import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { BookingAnswers } from "#app/components/booking-answers";
import { Form, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { listCustomOffers, type OfferListItem } from "#app/account/custom-offers.server";
import { quoteCustomerCancellation } from "#app/commerce/cancellation.server";
import { listInvoices, type Invoice } from "#app/account/orders.server";
import { findUserByEmail, sendVerificationEmail } from "#app/auth/auth.server";
import { hitRateLimit } from "#app/auth/rate-limit.server";
import { getUser } from "#app/web/session-cookie.server";
import { accountConsents, recordConsent } from "#app/account/consent-records.server";
import { readConsent, readVisitorId } from "#app/lib/consent.server";
import { ConsentChoices } from "#app/components/account/consent-choices";
import { requireUser } from "#app/web/sign-in.server";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { LocalizedLink } from "#app/components/localized-link";
import { PostButton } from "#app/components/forms";
import { useLocale, useLocalizedPath } from "#app/i18n/use-locale";
import { CACHE_PRIVATE, pageHeaders } from "#app/lib/http";
import { pageMeta } from "#app/lib/meta";
import { RIYADH_TIME_ZONE } from "#app/lib/dates";
import { formatInstant } from "#app/i18n/format";
import { useFormatAmount, useFormatLocalDate } from "#app/i18n/use-format";
import { getPageContext, pageSeo } from "#app/web/page.server";
import { redirectWithToast } from "#app/web/toast.server";
import { accountDataPath, accountDataPdfPath, accountDeletePath, checkoutResultPath, experiencePath, invoicesPath, listingPath, localized, loginPath } from "#app/lib/paths";
import type { CacheHandle } from "#app/lib/cache-policy";
import { useStorefrontType } from "#app/layouts/use-layout";
export { shouldRevalidate } from "#app/lib/revalidation";

export const handle = { cache: "private" } satisfies CacheHandle;
export const headers = pageHeaders;
export const meta = pageMeta;

export async function loader({ request, context: app }: LoaderFunctionArgs) {
  const context = getPageContext(request);
  const base = { seo: pageSeo(context, "invoices"), heading: context.t("pages.invoices.heading"), locale: context.locale };
  const user = await getUser(app, request);
  if (!user) return json({ ...base, user: null, invoices: [] as Invoice[], offers: [] as OfferListItem[], cancel: null, consents: null, loginPath: loginPath({ redirectTo: context.url.pathname }) }, { headers: { "Cache-Control": CACHE_PRIVATE } });
  const [invoices, offers] = await Promise.all([listInvoices(user.id, context.locale, app.db), listCustomOffers(app.db, user, context.locale)]);
  const cancelId = context.url.searchParams.get("cancel");
  const quoted = cancelId ? await quoteCustomerCancellation(app, { userId: user.id }, cancelId, context.locale) : null;
  const cancel = quoted ? { itemId: quoted.item.id, title: quoted.item.title, localDate: quoted.item.localDate, ...quoted.quote } : null;
  const cookie = request.headers.get("Cookie");
  const consents = await accountConsents(app.db, { userId: user.id, email: user.email, visitorId: readVisitorId(cookie), browserChoice: readConsent(cookie) });
  return json(
    { ...base, user: { name: user.name, emailVerified: user.emailVerified }, invoices, offers, cancel, consents, loginPath: "" },
    { headers: { "Cache-Control": CACHE_PRIVATE } },
  );
}

/** intent=resend-verification: another confirmation link (rate limited with the reset mails); intent=marketing: give or withdraw (recorded). */
export async function action({ request, context: app }: ActionFunctionArgs) {
  const { locale } = getPageContext(request);
  const user = await requireUser(app, request);
  const form = await request.formData();
  const back = localized(locale, invoicesPath());
  if (form.get("intent") === "marketing") {
    const give = form.get("marketing") === "give";
    await recordConsent(app.db, { userId: user.id }, { purpose: "marketing", granted: give, method: "account" }, app.clock.now());
    return redirectWithToast(app, `${back}#your-data-heading`, { type: "success", key: give ? "account.consent.toasts.marketingGiven" : "account.consent.toasts.marketingWithdrawn" });
  }
  if (form.get("intent") !== "resend-verification" || user.emailVerified) return redirectWithToast(app, back, { type: "info", key: "account.toasts.verified" });
  const limit = await hitRateLimit("resetAccount", `verify:${user.email}`, { db: app.db, secret: app.env.SESSION_SECRET });
  if (!limit.allowed) return redirectWithToast(app, back, { type: "error", key: "account.errors.rateLimited" });
  const row = await findUserByEmail(user.email, app.db);
  if (row) await sendVerificationEmail(row, locale, app);
  return redirectWithToast(app, back, { type: "success", key: "account.toasts.verifySent" });
}

type Data = ReturnType<typeof useLoaderData<typeof loader>>;


function CancelStep({ cancel, locale }: { cancel: NonNullable<Data["cancel"]>; locale: string }) {
  const { t } = useTranslation();
  const money = useFormatAmount();
  return (
    <section className="notice cancel-step" aria-labelledby="cancel-heading" data-testid="cancel-step">
      <h2 id="cancel-heading">{t("account.cancel.heading")}</h2>
      <p>
        <strong>{cancel.title}</strong> · {cancel.localDate}
      </p>
      {cancel.allowed ? (
        <>
          <dl>
            <dt>{t("account.cancel.paidTotal")}</dt>
            <dd>{money(cancel.paid, cancel.currency)}</dd>
            <dt>{t("account.cancel.penalty", { percent: cancel.penaltyPercent })}</dt>
            <dd>{money(cancel.paid - cancel.refundAmount, cancel.currency)}</dd>
            <dt>{t("account.cancel.refund")}</dt>
            <dd data-testid="refund-amount">{money(cancel.refundAmount, cancel.currency)}</dd>
          </dl>
          <PostButton action={`/account/cancel/${cancel.itemId}`} values={{ lang: locale }} className="button button--danger">
            {t("account.cancel.confirm")}
          </PostButton>
        </>
      ) : (
        <p role="alert">{t("account.cancel.notAllowed")}</p>
      )}
      <LocalizedLink to={invoicesPath()}>{t("account.cancel.keep")}</LocalizedLink>
    </section>
  );
}

function InvoiceCard({ invoice, locale }: { invoice: Data["invoices"][number]; locale: string }) {
  const { t } = useTranslation();
  const localize = useLocalizedPath();
  const { code } = useLocale();
  const money = useFormatAmount();
  const formatDay = useFormatLocalDate("medium");
  const invoiceAvailable = invoice.items.some((item) => item.status === "CONFIRMED" || item.status === "CANCELLED");
  return (
    <article className="invoice-card" data-testid="invoice" aria-labelledby={`invoice-${invoice.id}`}>
      <h2 id={`invoice-${invoice.id}`}>
        {t("account.invoices.orderId")}: <span data-testid="order-id">{invoice.reference}</span>
      </h2>
      <dl className="invoice-card__facts">
        <dt>{t("account.invoices.invoiceId")}</dt>
        <dd data-testid="invoice-id">{invoice.invoiceId}</dd>
        <dt>{t("account.invoices.purchaseDate")}</dt>
        <dd>{formatInstant(code, invoice.purchasedAt, RIYADH_TIME_ZONE, { dateStyle: "medium" })}</dd>
        <dt>{t("account.invoices.status")}</dt>
        <dd>
          <span className={`status-badge status-badge--${invoice.status.toLowerCase()}`} data-testid="order-status">
            {t(`account.invoices.statuses.${invoice.status}`)}
          </span>
        </dd>
      </dl>
      {invoice.payLater ? (
        <Form method="post" reloadDocument action={`${localize(checkoutResultPath("on_hold", { order: invoice.payLater.token }))}`} className="invoice-card__pay">
          <input type="hidden" name="intent" value="pay-now" />
          {invoice.payLater.dueAt ? <p>{t("booking.result.payLater.dueBy", { deadline: formatInstant(code, invoice.payLater.dueAt, RIYADH_TIME_ZONE) })}</p> : null}
          <button type="submit" className="button button--primary" data-testid="pay-now">
            {t("booking.result.payLater.payNow")}
          </button>
        </Form>
      ) : null}
      <h3>{t("account.invoices.priceDetails")}</h3>
      <dl className="invoice-card__price">
        <dt>{t("account.invoices.originalPrice")}</dt>
        <dd>{money(invoice.originalAmount, invoice.currency)}</dd>
        {invoice.discountAmount > 0 ? (
          <>
            <dt>{t("account.invoices.discount")}</dt>
            <dd>-{money(invoice.discountAmount, invoice.currency)}</dd>
          </>
        ) : null}
        {invoice.promoCode ? (
          <>
            <dt>{t("account.invoices.promoCode")}</dt>
            <dd>{invoice.promoCode}</dd>
          </>
        ) : null}
        <dt>{t("account.invoices.total")}</dt>
        <dd>
          <strong>{money(invoice.totalAmount, invoice.currency)}</strong>
        </dd>
        {invoice.paidWith ? (
          <>
            <dt>{t("booking.result.paidWith")}</dt>
            <dd data-testid="payment-method">{t(`booking.paymentMethods.${invoice.paidWith}`)}</dd>
          </>
        ) : null}
        {invoice.refundedAmount > 0 ? (
          <>
            <dt>{t("booking.result.refunded")}</dt>
            <dd data-testid="order-refunded">−{money(invoice.refundedAmount, invoice.currency)}</dd>
          </>
        ) : null}
      </dl>
      <h3>{t("account.invoices.guestInfo")}</h3>
      <p>
        {invoice.guest.firstName} {invoice.guest.lastName} · {invoice.guest.email} · <span dir="ltr">{invoice.guest.phone}</span>
      </p>
      <h3>{t("account.invoices.bookingsHeading")}</h3>
      <ul className="invoice-card__items">
        {invoice.items.map((item) => (
          <li key={item.id} data-testid="booking">
            <h4>
              <LocalizedLink to={experiencePath(item.slug)}>{item.title}</LocalizedLink>
            </h4>
            <p>
              {t("account.invoices.bookingDate")}: {formatDay(item.localDate)}
              {item.startTime ? ` · ${item.startTime}` : ""} · {t("account.invoices.travellers", { count: item.travellers })}
            </p>
            <p>
              {t("account.invoices.additionalServices")}: {item.extras.length ? item.extras.join(", ") : t("account.invoices.noAdditionalServices")}
            </p>
            <p>
              {t("account.invoices.location")}: {item.meetingPoint}{" "}
              <a href={`https://www.openstreetmap.org/?mlat=${item.latitude}&mlon=${item.longitude}#map=15/${item.latitude}/${item.longitude}`} target="_blank" rel="noreferrer">
                {t("account.invoices.showOnMap")}
              </a>
            </p>
            <BookingAnswers answers={item.answers} />
            <p>
              {t("account.invoices.status")}: <span className={`status-badge status-badge--${item.status.toLowerCase()}`} data-testid="booking-status">{t(`account.invoices.statuses.${item.status}`)}</span>
              {item.cancellation ? <span data-testid="refunded"> · {t("account.invoices.refunded", { amount: money(item.cancellation.refundAmount, invoice.currency) })}</span> : null}
            </p>
            {item.status === "CONFIRMED" && !invoice.payLater ? (
              <p className="invoice-card__actions">
                <a className="button button--primary" href={`/account/tickets/${item.id}?lang=${locale}`} download>
                  {t("account.invoices.downloadTicket")}
                </a>{" "}
                <LocalizedLink className="button button--secondary" to={invoicesPath({ cancel: item.id })}>
                  {t("account.invoices.cancel")}
                </LocalizedLink>
              </p>
            ) : null}
          </li>
        ))}
      </ul>
      {invoiceAvailable ? (
        <a className="button button--secondary" href={`/account/invoices/${invoice.id}?lang=${locale}`} download>
          {t("account.invoices.downloadInvoice")}
        </a>
      ) : null}
    </article>
  );
}

function OfferList({ offers, locale }: { offers: Data["offers"]; locale: string }) {
  const { t } = useTranslation();
  const { code } = useLocale();
  const formatDay = useFormatLocalDate("medium");
  const money = useFormatAmount();
  return (
    <section aria-labelledby="offers-heading" className="offer-list">
      <h2 id="offers-heading">{t("account.offers.heading")}</h2>
      <ul>
        {offers.map((offer) => (
          <li key={offer.reference} data-testid="offer">
            <strong>{t("account.offers.reference", { reference: offer.reference })}</strong> ·{" "}
            <LocalizedLink to={experiencePath(offer.slug)}>{offer.title}</LocalizedLink> · {formatDay(offer.dateFrom)}
            {offer.dateTo ? ` – ${formatDay(offer.dateTo)}` : ""} · {t("account.offers.people", { count: offer.groupSize })} ·{" "}
            <span data-testid="offer-status">{t(`account.offers.status.${offer.status}`)}</span>
            {offer.quote ? (
              <div className="offer-quote" data-testid="offer-quote">
                {offer.quote.message ? <p className="offer-quote__message">{offer.quote.message}</p> : null}
                {offer.validUntil ? <p className="offer-quote__valid">{t("account.offers.validUntil", { date: formatInstant(code, offer.validUntil, RIYADH_TIME_ZONE) })}</p> : null}
                <ol className="offer-quote__options">
                  {offer.quote.options.map((option, index) => (
                    <li key={index} className="offer-quote__option" data-testid="offer-option">
                      <p>
                        <strong>{formatDay(option.localDate)}</strong>
                        {option.time ? (
                          <>
                            {" · "}
                            <bdi>{option.time}</bdi>
                          </>
                        ) : null}
                      </p>
                      <p>
                        <strong>{money(option.amount, offer.currency)}</strong>
                      </p>
                      {option.included ? <p>{option.included}</p> : null}
                      {offer.open ? (
                        <PostButton action={`/account/offers/${offer.reference}`} values={{ lang: locale, intent: "accept", option: index }} className="button button--primary" reloadDocument>
                          {t("account.offers.accept")}
                        </PostButton>
                      ) : offer.acceptedOption === index ? (
                        <p className="offer-quote__chosen">{t("account.offers.chosen")}</p>
                      ) : null}
                    </li>
                  ))}
                </ol>
                {offer.open ? (
                  <PostButton action={`/account/offers/${offer.reference}`} values={{ lang: locale, intent: "decline" }} className="button button--secondary">
                    {t("account.offers.decline")}
                  </PostButton>
                ) : null}
              </div>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The account's PDPL rights: its consents, a copy of its data (JSON and a readable PDF), and its deletion. */
function YourData({ consents }: { consents: NonNullable<Data["consents"]> }) {
  const { t } = useTranslation();
  const localize = useLocalizedPath();
  return (
    <section className="your-data" aria-labelledby="your-data-heading" data-testid="your-data">
      <h2 id="your-data-heading">{t("pages.yourData.heading")}</h2>
      <p>{t("pages.yourData.intro")}</p>
      <ConsentChoices analytics={consents.analytics} marketing={consents.marketing} backTo={localize(invoicesPath())} />
      <div className="your-data__actions">
        <a className="button button--secondary" href={accountDataPath()} download>
          {t("pages.yourData.download")}
        </a>
        <a className="button button--secondary" href={accountDataPdfPath()} download>
          {t("pages.yourData.downloadPdf")}
        </a>
        <LocalizedLink className="button button--link" to={accountDeletePath()}>
          {t("pages.yourData.delete")}
        </LocalizedLink>
      </div>
    </section>
  );
}

export default function InvoicesRoute() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const storefrontType = useStorefrontType();
  return (
    <section className="container page invoices-page">
      <h1>{data.heading}</h1>
      {!data.user ? (
        <div className="notice" data-testid="invoices-logged-out">
          <p>{t("account.invoices.loggedOut")}</p>
          <LocalizedLink to={data.loginPath} className="button button--primary">
            {t("account.nav.login")}
          </LocalizedLink>
        </div>
      ) : (
        <>
          {!data.user.emailVerified ? (
            <div className="notice notice--info">
              <p>{t("account.verify.pending")}</p>
              <PostButton values={{ intent: "resend-verification" }} className="link-button">
                {t("account.verify.resend")}
              </PostButton>
            </div>
          ) : null}
          {data.cancel ? <CancelStep cancel={data.cancel} locale={data.locale} /> : null}
          {data.offers.length > 0 ? <OfferList offers={data.offers} locale={data.locale} /> : null}
          {data.invoices.length === 0 ? (
            <div className="notice" data-testid="invoices-empty">
              <p>{t("account.invoices.empty")}</p>
              <LocalizedLink to={listingPath(storefrontType)} className="button button--primary">
                {t("account.invoices.browse")}
              </LocalizedLink>
            </div>
          ) : (
            <>
              <p>{t("account.invoices.orderCount", { count: data.invoices.length })}</p>
              {data.invoices.map((invoice) => (
                <InvoiceCard key={invoice.id} invoice={invoice} locale={data.locale} />
              ))}
            </>
          )}
          {data.consents ? <YourData consents={data.consents} /> : null}
        </>
      )}
    </section>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
