import { Form, Link, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { SerializeFrom } from "@remix-run/node";
import type { CartLine, CartNotice, CartReview } from "#app/commerce/cart.server";
import { useFormatLocalDate, useFormatMoney } from "#app/i18n/use-format";
import { useLocalizedPath } from "#app/i18n/use-locale";
import { LocalizedLink } from "#app/components/localized-link";
import { cartPath, checkoutPath, experiencePath, listingPath } from "#app/lib/paths";
import { useStorefrontType } from "#app/layouts/use-layout";
import { CartTotals } from "./cart-totals";

export function CartNoticeView({ notice }: { notice: CartNotice }) {
  const { t } = useTranslation();
  if (!notice) return null;
  return (
    <div className={`cart-notice cart-notice--${notice === "pricesChanged" ? "info" : "warning"}`} role="alert" data-notice={notice}>
      <p>
        <strong>{t(`booking.cart.notice.${notice}`)}</strong>
      </p>
      <p>{t(`booking.cart.notice.${notice}Text`)}</p>
    </div>
  );
}

export function CartLineView({ line, onDelete }: { line: SerializeFrom<CartLine>; onDelete: (item: { id: string; title: string }) => void }) {
  const { t } = useTranslation();
  const formatMoney = useFormatMoney();
  // "Tue, 7 Jan 2030": the product's local date.
  const formatDate = useFormatLocalDate("short");
  const location = useLocation();
  const localize = useLocalizedPath();
  return (
    <li className={`cart-line cart-line--${line.status}`} data-testid="cart-line">
      <div className="cart-line__main">
        <h2 className="cart-line__title">
          <Link to={localize(experiencePath(line.slug))}>{line.title}</Link>
        </h2>
        {line.optionTitle ? <p className="cart-line__option">{line.optionTitle}</p> : null}
        <dl className="cart-line__facts">
          <div>
            <dt>{t("booking.cart.date")}</dt>
            <dd>{formatDate(line.localDate)}</dd>
          </div>
          <div>
            <dt>{t("booking.cart.time")}</dt>
            <dd dir="ltr">{line.time ?? t("booking.cart.allDay")}</dd>
          </div>
          <div>
            <dt>{t("booking.cart.travellers")}</dt>
            <dd>{line.travellers.map((traveller) => `${traveller.quantity} × ${traveller.title}`).join(", ")}</dd>
          </div>
          {line.extras.length ? (
            <div>
              <dt>{t("booking.cart.extras")}</dt>
              <dd>{line.extras.join(", ")}</dd>
            </div>
          ) : null}
        </dl>
      </div>
      <div className="cart-line__side">
        {line.status === "unavailable" ? (
          <p className="cart-line__status cart-line__status--unavailable">{t("booking.cart.unavailable")}</p>
        ) : line.status === "priceChanged" && line.current ? (
          <p className="cart-line__price">
            <span className="cart-line__status">{t("booking.cart.priceChanged")}</span>{" "}
            <s>{t("booking.cart.oldPrice", { price: formatMoney(line.snapshot) })}</s> <strong>{t("booking.cart.newPrice", { price: formatMoney(line.current) })}</strong>
          </p>
        ) : (
          <p className="cart-line__price">
            <span className="visually-hidden">{t("booking.cart.price")}: </span>
            <strong>{formatMoney(line.current ?? line.snapshot)}</strong>
          </p>
        )}
        <a
          href={`${location.pathname}?confirmDelete=${encodeURIComponent(line.id)}`}
          className="button button--secondary cart-line__delete"
          onClick={(event) => {
            // With JavaScript the confirmation is a dialog; without, this link opens the confirmation page.
            event.preventDefault();
            onDelete({ id: line.id, title: line.title });
          }}
        >
          {t("booking.cart.delete")}
        </a>
      </div>
    </li>
  );
}

export function DeleteConfirmation({ item, onCancel }: { item: { id: string; title: string }; onCancel?: () => void }) {
  const { t } = useTranslation();
  const localize = useLocalizedPath();
  return (
    <div className="cart-confirm" role="alertdialog" aria-labelledby="delete-heading" aria-describedby="delete-text">
      <h2 id="delete-heading">{t("booking.cart.deleteTitle")}</h2>
      <p id="delete-text">{t("booking.cart.deleteText", { title: item.title })}</p>
      <Form method="post" action={localize(cartPath())} className="cart-confirm__actions">
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="itemId" value={item.id} />
        <button type="submit" className="button button--primary">
          {t("booking.cart.deleteConfirm")}
        </button>
        {onCancel ? (
          <button type="button" className="button button--secondary" onClick={onCancel}>
            {t("booking.cart.cancel")}
          </button>
        ) : (
          <LocalizedLink to={cartPath()} className="button button--secondary">
            {t("booking.cart.cancel")}
          </LocalizedLink>
        )}
      </Form>
    </div>
  );
}

type PromoError = { reason: string; code: string; minimum: { amount: number; currency: string } | null } | null;

export function CartSummary({ review, promoError, busy }: { review: SerializeFrom<CartReview>; promoError: PromoError; busy: boolean }) {
  const { t } = useTranslation();
  const formatMoney = useFormatMoney();
  const localize = useLocalizedPath();
  const storefrontType = useStorefrontType();
  const promo = review.promo;
  const refusal = promoError ?? (promo && !promo.applied ? { reason: promo.reason, code: promo.code, minimum: promo.minimum ?? null } : null);
  const refusalText = refusal
    ? t(`booking.promo.errors.${refusal.reason}`, { minimum: refusal.minimum ? formatMoney({ amount: refusal.minimum.amount, currency: review.currency }) : "" })
    : null;
  const canCheckout = review.lines.some((line) => line.status !== "unavailable") && !review.lines.some((line) => line.status === "unavailable");
  const changed = review.notice !== null;
  return (
    <aside className="cart-summary" aria-labelledby="summary-heading">
      <h2 id="summary-heading">{t("booking.cart.summary")}</h2>
      {promo?.applied ? (
        <Form method="post" className="cart-promo cart-promo--applied">
          <input type="hidden" name="intent" value="remove-promo" />
          <span>{t("booking.promo.active", { code: promo.code })}</span>
          <button type="submit" className="button button--link">
            {t("booking.promo.remove")}
          </button>
        </Form>
      ) : (
        <Form method="post" className="cart-promo">
          <input type="hidden" name="intent" value="apply-promo" />
          <label htmlFor="promo-code">{t("booking.promo.label")}</label>
          <div className="cart-promo__row">
            <input
              id="promo-code"
              name="code"
              type="text"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              placeholder={t("booking.promo.placeholder")}
              defaultValue={refusal?.code ?? ""}
              aria-invalid={refusal ? true : undefined}
              aria-describedby={refusal ? "promo-error" : undefined}
            />
            <button type="submit" className="button button--secondary" disabled={busy}>
              {t("booking.promo.apply")}
            </button>
          </div>
          {refusalText ? (
            <p id="promo-error" className="field-error" role="alert">
              {refusalText}
            </p>
          ) : null}
        </Form>
      )}
      <CartTotals review={review} changed={changed} totalTestId="cart-total" />
      {canCheckout ? (
        <Link to={localize(checkoutPath())} className="button button--primary cart-summary__checkout">
          {t("booking.cart.checkout")}
        </Link>
      ) : null}
      <LocalizedLink to={listingPath(storefrontType)} className="button button--link">
        {t("booking.cart.continue")}
      </LocalizedLink>
    </aside>
  );
}
