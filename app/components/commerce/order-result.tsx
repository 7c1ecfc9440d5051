import type { SerializeFrom } from "@remix-run/node";
import { Form, useLoaderData, useRevalidator } from "@remix-run/react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import type { OrderResult } from "#app/commerce/result.server";
import { LocalizedLink } from "#app/components/localized-link";
import { DefinitionRow } from "#app/components/definition-row";
import { PostButton } from "#app/components/forms";
import { formatInstant, isolate } from "#app/i18n/format";
import { useFormatLocalDate, useFormatMoney } from "#app/i18n/use-format";
import { useLocale, useLocalizedPath } from "#app/i18n/use-locale";
import { cartPath, checkoutPath, checkoutResultPath, homePath, invoicesPath, listingPath, manageBookingPath } from "#app/lib/paths";
import { RIYADH_TIME_ZONE } from "#app/lib/dates";
import { useStorefrontType } from "#app/layouts/use-layout";

export type OrderResultData = { result: OrderResult | null };

const POLL_MS = 2000;

/** 'Booking in Progress, Almost There!': polls with JavaScript, refreshes itself without. */
function InProgress() {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  useEffect(() => {
    const timer = setInterval(() => {
      if (revalidator.state === "idle") revalidator.revalidate();
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [revalidator]);
  return (
    <div className="order-result order-result--progress" role="status" aria-live="polite">
      {/* Without JavaScript the browser reloads the page until the outcome is known. */}
      <noscript>
        <meta httpEquiv="refresh" content={String(POLL_MS / 1000)} />
      </noscript>
      <div className="spinner" aria-hidden="true" />
      <h1>{t("booking.result.progress.heading")}</h1>
      <p>{t("booking.result.progress.text")}</p>
      <noscript>
        <a href="" className="button button--secondary">
          {t("booking.result.progress.refresh")}
        </a>
      </noscript>
    </div>
  );
}

function OrderFacts({ result }: { result: SerializeFrom<OrderResult> }) {
  const { t } = useTranslation();
  const formatMoney = useFormatMoney();
  const formatDate = useFormatLocalDate("short");
  const { code } = useLocale();
  const money = (amount: number) => formatMoney({ amount, currency: result.currency });
  return (
    <>
      <dl className="order-facts">
        <DefinitionRow term={t("booking.result.orderId")} valueProps={{ "data-testid": "order-reference", dir: "ltr" }}>
          {result.reference}
        </DefinitionRow>
        <DefinitionRow term={t("booking.result.purchaseId")} valueProps={{ dir: "ltr" }}>
          {result.purchaseId}
        </DefinitionRow>
        <DefinitionRow term={t("booking.result.purchaseDate")}>{formatInstant(code, result.purchasedAt, RIYADH_TIME_ZONE)}</DefinitionRow>
        <DefinitionRow term={t("booking.result.originalPrice")}>{money(result.originalAmount)}</DefinitionRow>
        {result.discountAmount > 0 ? (
          <DefinitionRow term={`${t("booking.result.discount")}${result.promoCode ? ` (${t("booking.result.promoCode")}: ${result.promoCode})` : ""}`}>−{money(result.discountAmount)}</DefinitionRow>
        ) : null}
        <DefinitionRow term={t("booking.result.total")}>{money(result.totalAmount)}</DefinitionRow>
        {result.payment ? (
          <DefinitionRow term={t("booking.result.paidWith")} valueProps={{ "data-testid": "payment-method" }}>
            {t(`booking.paymentMethods.${result.payment.method}`)}
          </DefinitionRow>
        ) : null}
        {result.payment && result.payment.refunded > 0 ? (
          <DefinitionRow term={t("booking.result.refunded")} valueProps={{ "data-testid": "order-refunded" }}>
            −{money(result.payment.refunded)}
          </DefinitionRow>
        ) : null}
      </dl>
      <h2>{t("booking.result.bookings")}</h2>
      <ul className="order-items">
        {result.items.map((item) => (
          <li key={item.id} className={`order-item order-item--${item.status.toLowerCase()}`} data-testid="order-item" data-status={item.status}>
            <strong>{item.title}</strong>
            <span>
              {formatDate(item.localDate)}
              {item.time ? <span dir="ltr"> · {item.time}</span> : null}
            </span>
            <span>{t("booking.cart.travellers")}: {item.travellers}</span>
            <span className="order-item__status">{t(item.rejected ? "booking.itemStatus.REJECTED" : `booking.itemStatus.${item.status}`)}</span>
            {item.reason ? (
              <span className="order-item__reason" data-testid="order-item-reason">
                {t("booking.email.decision.reason", { reason: item.reason })}
              </span>
            ) : null}
          </li>
        ))}
      </ul>
    </>
  );
}

/** Every result screen: booked, partially confirmed, failed, booking error, turned down, on hold, pay later, in progress. */
export function OrderResultPage() {
  const { result } = useLoaderData<OrderResultData>();
  const { t } = useTranslation();
  const localize = useLocalizedPath();
  const { code } = useLocale();
  const formatDeadline = (value: string) => formatInstant(code, value, RIYADH_TIME_ZONE);
  const storefrontType = useStorefrontType();
  if (!result) {
    return (
      <section className="container page order-result">
        <h1>{t("booking.result.noOrder")}</h1>
        <p>{t("booking.result.noOrderText")}</p>
        <LocalizedLink to={cartPath()} className="button button--primary">
          {t("booking.result.goToCart")}
        </LocalizedLink>
      </section>
    );
  }
  if (result.screen === "progress") {
    return (
      <section className="container page">
        <InProgress />
      </section>
    );
  }
  const screen = result.screen;
  const tone = screen === "success" ? "success" : screen === "partial" || screen === "onHold" || screen === "payLater" || screen === "rejected" ? "info" : "error";
  return (
    <section className={`container page order-result order-result--${tone}`} data-screen={screen}>
      <div className="order-result__head" role={tone === "error" ? "alert" : "status"}>
        <h1>{t(`booking.result.${screen}.heading`)}</h1>
        <p>
          {screen === "onHold" && result.payment?.charged
            ? t("booking.result.onHold.textCharged", { method: t(`booking.paymentMethods.${result.payment.method}`) })
            : t(`booking.result.${screen}.text`, { email: isolate(result.email) })}
        </p>
        {screen === "failed" || screen === "error" ? <p>{t(`booking.result.${screen}.refund`)}</p> : null}
        {screen === "rejected" && result.rejectedMoney ? <p data-testid="rejected-money">{t(`booking.result.rejected.money.${result.rejectedMoney}`)}</p> : null}
      </div>
      <div className="order-result__actions">
        {screen === "failed" ? (
          <LocalizedLink to={checkoutPath()} className="button button--primary">
            {t("booking.result.failed.tryAgain")}
          </LocalizedLink>
        ) : null}
        {result.payLater ? (
          <Form method="post" reloadDocument action={localize(checkoutResultPath("on_hold", { order: result.token }))} className="order-result__pay">
            <input type="hidden" name="intent" value="pay-now" />
            <button type="submit" className="button button--primary" data-testid="pay-now">
              {t("booking.result.payLater.payNow")}
            </button>
            {result.payLater.dueAt ? <p className="order-result__due">{t("booking.result.payLater.dueBy", { deadline: formatDeadline(result.payLater.dueAt) })}</p> : null}
          </Form>
        ) : null}
        {result.hasRetry ? (
          <PostButton action={localize(cartPath())} values={{ intent: "retry", order: result.token }} className="button button--primary">
            {t("booking.result.partial.retry")}
          </PostButton>
        ) : null}
        {screen === "rejected" ? (
          <LocalizedLink to={listingPath(storefrontType)} className="button button--primary">
            {t("booking.result.rejected.browse")}
          </LocalizedLink>
        ) : null}
        {screen === "failed" || screen === "error" || screen === "rejected" ? null : (
          // Tickets (PDF with QR) and tax invoices live on "Your Booking".
          <LocalizedLink to={invoicesPath()} className={`button ${result.hasRetry ? "button--secondary" : "button--primary"}`}>
            {t("booking.result.ticketsAndInvoices")}
          </LocalizedLink>
        )}
        {screen === "success" || screen === "partial" ? (
          // Move it to another time or cancel it, with no account (the order's secret link).
          <LocalizedLink to={manageBookingPath({ order: result.token })} className="button button--secondary" data-testid="manage-booking-link">
            {t("booking.result.manage")}
          </LocalizedLink>
        ) : null}
      </div>
      <OrderFacts result={result} />
      <LocalizedLink to={homePath()} className="button button--link">
        {t("booking.result.home")}
      </LocalizedLink>
    </section>
  );
}
