import type { SerializeFrom } from "@remix-run/node";
import { useTranslation } from "react-i18next";
import type { CartReview } from "#app/commerce/cart.server";
import { useFormatMoney } from "#app/i18n/use-format";
import { DefinitionRow } from "#app/components/definition-row";

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
      <DefinitionRow term={t("booking.cart.subtotal")}>{money(review.subtotal)}</DefinitionRow>
      {review.discount > 0 ? <DefinitionRow term={`${t("booking.cart.discount")}${promoCode ? ` (${promoCode})` : ""}`}>−{money(review.discount)}</DefinitionRow> : null}
      <DefinitionRow className="cart-totals__total" term={changed ? t("booking.cart.newTotal") : t("booking.cart.total")} valueProps={{ "data-testid": totalTestId }}>
        {money(review.total)}
      </DefinitionRow>
    </dl>
  );
}
