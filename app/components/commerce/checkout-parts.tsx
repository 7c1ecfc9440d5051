import type { SerializeFrom } from "@remix-run/node";
import { useTranslation } from "react-i18next";
import type { CartReview } from "#app/commerce/cart.server";
import { useFormatLocalDate, useFormatMoney } from "#app/i18n/use-format";
import type { InstallmentsOffer } from "#app/commerce/installments";
import type { CurrencyCode } from "#app/lib/money";
import type { PaymentMethod } from "#app/payments/gateway";
import { CartTotals } from "./cart-totals";

/** The order summary beside the checkout form. */
export function CheckoutSummary({ review }: { review: SerializeFrom<CartReview> }) {
  const { t } = useTranslation();
  const formatMoney = useFormatMoney();
  const formatDate = useFormatLocalDate("short");
  const money = (amount: number) => formatMoney({ amount, currency: review.currency });
  return (
    <aside className="cart-summary" aria-labelledby="checkout-summary-heading">
      <h2 id="checkout-summary-heading">{t("booking.cart.summary")}</h2>
      <ul className="checkout-lines">
        {review.lines.map((line) => (
          <li key={line.id}>
            <strong>{line.title}</strong>
            <span>
              {formatDate(line.localDate)}
              {line.time ? <span dir="ltr"> · {line.time}</span> : null}
            </span>
            <span>{line.current ? money(line.current.amount) : t("booking.cart.unavailable")}</span>
          </li>
        ))}
      </ul>
      <CartTotals review={review} promoCode={review.promo?.code ?? null} totalTestId="checkout-total" />
      <ul className="checkout-trust">
        <li>{t("booking.checkout.trust.secure")}</li>
        <li>{t("booking.checkout.trust.email")}</li>
      </ul>
    </aside>
  );
}

/** The Saudi methods first: most customers pay with them. */
const MARKS: PaymentMethod[] = ["mada", "applepay", "stcpay", "visa", "mastercard"];

/** The methods the hosted payment page takes, as marks under "Pay now by card" (names, so no image loads). */
export function PaymentMarks() {
  const { t } = useTranslation();
  return (
    <ul className="payment-marks" aria-label={t("booking.checkout.methodsAccepted")}>
      {MARKS.map((method) => (
        <li key={method} className={`payment-mark payment-mark--${method}`} dir="ltr">
          {t(`booking.paymentMethods.${method}`)}
        </li>
      ))}
    </ul>
  );
}

/**
 * Tabby's pay in 4 at checkout: the first payment and a button when this cart may use it, else why not
 * (an on-request experience, the amount, the currency). Nothing when the gateway has no Tabby.
 */
export function InstallmentsMethod({ offer, currency, busy }: { offer: InstallmentsOffer | null; currency: CurrencyCode; busy: boolean }) {
  const { t } = useTranslation();
  const formatMoney = useFormatMoney();
  if (!offer) return null;
  return (
    <div className="checkout-method">
      <h2>
        {t("booking.checkout.installments")} <span className="payment-mark payment-mark--tabby" dir="ltr">{t("booking.paymentMethods.tabby")}</span>
      </h2>
      {offer.available ? (
        <>
          <p>{t("booking.checkout.installmentsText", { amount: formatMoney({ amount: offer.firstPayment, currency }) })}</p>
          <button type="submit" name="paymentMethod" value="installments" className="button button--secondary" disabled={busy}>
            {t("booking.checkout.confirmInstallments")}
          </button>
        </>
      ) : (
        <p role="note">
          {t(`booking.checkout.installmentsUnavailable.${offer.reason}`, offer.limits ? { min: formatMoney({ amount: offer.limits.min, currency }), max: formatMoney({ amount: offer.limits.max, currency }) } : {})}
        </p>
      )}
    </div>
  );
}

