import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { CartLineView, CartNoticeView, CartSummary, DeleteConfirmation } from "#app/components/commerce/cart-parts";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { LocalizedLink } from "#app/components/localized-link";
import { removeCartItem, reviewCart, setCartPromo, getCart } from "#app/commerce/cart.server";
import { addSelectionToCart, applyPromoToCart, parseAddToCart, readdFailedItems } from "#app/commerce/cart-form.server";
import { CACHE_PRIVATE, pageHeaders } from "#app/lib/http";
import { pageMeta } from "#app/lib/meta";
import { getPageContext, pageSeo } from "#app/web/page.server";
import { getDisplayCurrency } from "#app/lib/currency.server";
import { redirectWithToast } from "#app/web/toast.server";
import { cartPath, listingPath, localized } from "#app/lib/paths";
import { safeRedirect } from "#app/lib/safe-redirect";
import type { CacheHandle } from "#app/lib/cache-policy";
import { useStorefrontType } from "#app/layouts/use-layout";
import { getOrCreateCart, readCartId } from "#app/web/cart-cookie.server";
export { shouldRevalidate } from "#app/lib/revalidation";

export const handle = { cache: "private" } satisfies CacheHandle;
export const headers = pageHeaders;
export const meta = pageMeta;

export async function loader({ request, context: app }: LoaderFunctionArgs) {
  const context = getPageContext(request);
  const review = await reviewCart(app, await readCartId(app.cookies.cart, request), context.locale);
  const confirmId = context.url.searchParams.get("confirmDelete");
  const confirmItem = confirmId ? (review.lines.find((line) => line.id === confirmId) ?? null) : null;
  return json(
    { seo: pageSeo(context, "cart"), review, confirmItem: confirmItem ? { id: confirmItem.id, title: confirmItem.title } : null },
    { headers: { "Cache-Control": CACHE_PRIVATE } },
  );
}

export async function action({ request, context: app }: ActionFunctionArgs) {
  const { locale } = getPageContext(request);
  const cartPage = localized(locale, cartPath());
  const form = await request.formData();
  const intent = form.get("intent");
  const noStore = { "Cache-Control": CACHE_PRIVATE };

  if (intent === "add") {
    const back = safeRedirect(form.get("redirectTo"), cartPage);
    const parsed = parseAddToCart(form);
    if (!parsed) return redirectWithToast(app, back, { type: "error", key: "booking.cart.errors.INVALID" });
    const currency = parsed.currency ?? (await getDisplayCurrency(request, "SAR"));
    const { cart, setCookie } = await getOrCreateCart(app, request, currency);
    const result = await addSelectionToCart(app, cart, parsed.selection);
    const init = setCookie ? { headers: { "Set-Cookie": setCookie } } : {};
    if (!result.ok) return redirectWithToast(app, back, { type: "error", key: `booking.cart.errors.${result.reason}` }, init);
    return redirectWithToast(app, cartPage, { type: "success", key: "booking.cart.added" }, init);
  }

  const cart = await getCart(app.db, await readCartId(app.cookies.cart, request));
  if (!cart) return redirect(cartPage, { status: 303 });

  if (intent === "delete") {
    const itemId = String(form.get("itemId") ?? "");
    await removeCartItem(app.db, cart.id, itemId);
    return redirectWithToast(app, cartPage, { type: "success", key: "booking.cart.removed" });
  }
  if (intent === "apply-promo") {
    const typed = String(form.get("code") ?? "").slice(0, 40);
    const result = await applyPromoToCart(app, cart.id, typed, locale);
    if (!result.ok) return json({ promoError: { reason: result.reason, code: typed, minimum: result.minimum ?? null } }, { status: 400, headers: noStore });
    return redirectWithToast(app, cartPage, { type: "success", key: "booking.promo.applied", values: { code: result.code } });
  }
  if (intent === "remove-promo") {
    await setCartPromo(app.db, cart.id, null);
    return redirectWithToast(app, cartPage, { type: "success", key: "booking.promo.removed" });
  }
  if (intent === "retry") {
    await readdFailedItems(app, cart.id, String(form.get("order") ?? ""));
    return redirect(cartPage, { status: 303 });
  }
  return json({ promoError: null }, { status: 400, headers: noStore });
}

export default function CartRoute() {
  const { review, confirmItem } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  const storefrontType = useStorefrontType();
  const navigation = useNavigation();
  const [dialogItem, setDialogItem] = useState<{ id: string; title: string } | null>(null);
  const dialogRef = useRef<HTMLDialogElement>(null);

  if (confirmItem) {
    // Without JavaScript, deleting goes through this confirmation page.
    return (
      <section className="container page cart-page">
        <DeleteConfirmation item={confirmItem} />
      </section>
    );
  }

  const openDialog = (item: { id: string; title: string }) => {
    setDialogItem(item);
    requestAnimationFrame(() => dialogRef.current?.showModal());
  };

  return (
    <section className="container page cart-page" aria-labelledby="cart-heading">
      <h1 id="cart-heading">{t("booking.cart.heading")}</h1>
      {review.lines.length === 0 ? (
        <div className="cart-empty" role="status">
          <h2>{t("booking.cart.empty")}</h2>
          <p>{t("booking.cart.emptyText")}</p>
          <LocalizedLink to={listingPath(storefrontType)} className="button button--primary">
            {t("booking.cart.browse")}
          </LocalizedLink>
        </div>
      ) : (
        <div className="cart-layout">
          <div className="cart-items">
            <CartNoticeView notice={review.notice} />
            <p className="cart-count">{t("booking.cart.items", { count: review.lines.length })}</p>
            <ul className="cart-lines">
              {review.lines.map((line) => (
                <CartLineView key={line.id} line={line} onDelete={openDialog} />
              ))}
            </ul>
          </div>
          <CartSummary review={review} promoError={actionData && "promoError" in actionData ? actionData.promoError : null} busy={navigation.state !== "idle"} />
        </div>
      )}
      <dialog ref={dialogRef} className="cart-dialog" aria-labelledby="delete-heading" onClose={() => setDialogItem(null)}>
        {dialogItem ? <DeleteConfirmation item={dialogItem} onCancel={() => dialogRef.current?.close()} /> : null}
      </dialog>
    </section>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
