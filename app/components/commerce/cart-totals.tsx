import type { SerializeFrom } from "@remix-run/node";
import { useTranslation } from "react-i18next";
import type { CartReview } from "#app/commerce/cart.server";
import { useFormatMoney } from "#app/i18n/use-format";

/**
 * Subtotal, discount and total of a cart as the cart page and the checkout summary show them (one
 * totals block, two places; Hydrogen's CartSummary is the model). `changed` says the total moved since
 * the items were added; `promoCode` names the code beside the discount.
 */
export function CartTotals({ review, changed = false, promoCode = null, totalTestId }: { review: SerializeFrom<CartReview>; changed?: boolean; promoCode?: string | null; totalTestId: string }) {
  const { t } = useTranslation();
  const formatMoney = useFormatMoney();
  const money = (amount: number) => formatMoney({ amount, currency: review.currency });
  return (
    <dl className="cart-totals">
      <div>
        <dt>{t("booking.cart.subtotal")}</dt>
        <dd>{money(review.subtotal)}</dd>
      </div>
      {review.discount > 0 ? (
        <div>
          <dt>
            {t("booking.cart.discount")}
            {promoCode ? ` (${promoCode})` : ""}
          </dt>
          <dd>−{money(review.discount)}</dd>
        </div>
      ) : null}
      <div className="cart-totals__total">
        <dt>{changed ? t("booking.cart.newTotal") : t("booking.cart.total")}</dt>
        <dd data-testid={totalTestId}>{money(review.total)}</dd>
      </div>
    </dl>
  );
}
