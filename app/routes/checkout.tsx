import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { clientAddress } from "#app/lib/client-address.server";
import { CheckoutSummary, InstallmentsMethod, PaymentMarks } from "#app/components/commerce/checkout-parts";
import { installmentsOffer } from "#app/commerce/installments";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { LocalizedLink } from "#app/components/localized-link";
import { askedLinesOfCart, reviewCart } from "#app/commerce/cart.server";
import { CheckoutSchema, COUNTRY_CODES } from "#app/commerce/checkout-schema";
import { findOrderByToken, getOrderPayment, placeOrder, resultPath } from "#app/commerce/orders.server";
import { CACHE_PRIVATE, pageHeaders } from "#app/lib/http";
import { pageMeta } from "#app/lib/meta";
import { getPageContext, pageSeo } from "#app/web/page.server";
import { redirectWithToast } from "#app/web/toast.server";
import { readCartId } from "#app/web/cart-cookie.server";
import { cartPath, checkoutPath, localized } from "#app/lib/paths";
import { answerFieldsOf, validateCartAnswers } from "#app/booking/questions";
import { BookingQuestionsFieldsets } from "#app/components/commerce/booking-questions";
import type { CacheHandle } from "#app/lib/cache-policy";
import { ErrorList, FormErrors } from "#app/components/forms";
import { InputField, SelectField } from "#app/components/conform-fields";
import { getUser } from "#app/web/session-cookie.server";
import { recordConsent } from "#app/account/consent-records.server";
import { MarketingOptIn } from "#app/components/marketing-opt-in";
export { shouldRevalidate } from "#app/lib/revalidation";

export const handle = { cache: "private" } satisfies CacheHandle;
export const headers = pageHeaders;

export const meta: MetaFunction<typeof loader> = (args) => {
  const base = pageMeta(args as Parameters<typeof pageMeta>[0]);
  const data = args.data;
  // 'Redirecting to Secure Checkout...': the browser moves on by itself, with or without JavaScript.
  return data && data.mode === "redirect" ? [...base, { httpEquiv: "refresh", content: `1;url=${data.paymentUrl}` }] : base;
};

export async function loader({ request, context: app }: LoaderFunctionArgs) {
  const context = getPageContext(request);
  const noStore = { "Cache-Control": CACHE_PRIVATE };
  const payToken = context.url.searchParams.get("pay");
  if (payToken) {
    const order = await findOrderByToken(app.db, payToken);
    if (!order) return redirect(localized(context.locale, cartPath()), { status: 303 });
    const latest = order.status === "AWAITING_PAYMENT" || order.status === "PAY_LATER" ? await getOrderPayment(app.db, order.id) : null;
    // A pay-later order's payment link (from the team's email) leads to its open session, else to its page and "Pay now".
    const payment = latest && (order.status === "AWAITING_PAYMENT" || (latest.status === "CREATED" && latest.gateway !== "offline")) ? latest : null;
    if (!payment) return redirect(localized(context.locale, resultPath(order)), { status: 303 });
    return json({ mode: "redirect" as const, seo: pageSeo(context, "checkout"), paymentUrl: payment.redirectUrl }, { headers: noStore });
  }
  const [review, user] = await Promise.all([reviewCart(app, await readCartId(app.cookies.cart, request), context.locale), getUser(app, request)]);
  // Signed in, checkout is faster: the lead guest starts as the account holder.
  const [firstName = "", ...rest] = (user?.name ?? "").trim().split(/\s+/);
  const prefill = user ? { firstName, lastName: rest.join(" "), email: user.email } : {};
  return json(
    {
      mode: "form" as const,
      seo: pageSeo(context, "checkout"),
      review,
      installments: installmentsOffer(review, app.payments.default.installments),
      // A fresh key per visit to the form; a double submit of the same form finds the same order.
      idempotencyKey: crypto.randomUUID(),
      prefill,
      cancelled: context.url.searchParams.has("cancelled"),
    },
    { headers: noStore },
  );
}

export async function action({ request, context: app }: ActionFunctionArgs) {
  const { locale } = getPageContext(request);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: CheckoutSchema });
  const noStore = { "Cache-Control": CACHE_PRIVATE };
  const cartId = await readCartId(app.cookies.cart, request);
  // The booking questions are checked with the contact details, so one submit shows every message.
  const typed = answerFieldsOf(formData);
  const checked = validateCartAnswers(await askedLinesOfCart(app.db, cartId), typed);
  const answers = { values: typed, errors: checked.ok ? {} : checked.errors };
  if (submission.status !== "success") return json({ result: submission.reply(), answers }, { status: 400, headers: noStore });
  if (!checked.ok) return json({ result: submission.reply({ formErrors: ["booking.questions.errors.summary"] }), answers }, { status: 400, headers: noStore });
  if (!cartId) return redirectWithToast(app, localized(locale, cartPath()), { type: "error", key: "booking.checkout.refused.EMPTY_CART" });
  const { firstName, lastName, email, countryCode, phone, paymentMethod, idempotencyKey, expectedTotal, marketing } = submission.value;
  const user = await getUser(app, request);
  const placed = await placeOrder(app, {
    cartId,
    locale,
    lead: { firstName, lastName, email, countryCode, phone },
    method: paymentMethod,
    idempotencyKey,
    expectedTotal,
    userId: user?.id ?? null,
    address: clientAddress(request),
    answers: checked.answers,
  });
  if (placed.ok) {
    // The tick is the customer's own (the box starts unticked), for the address they typed.
    if (marketing === "on") await recordConsent(app.db, { userId: user?.id ?? null, email }, { purpose: "marketing", granted: true, method: "checkout" }, app.clock.now());
    return redirect(localized(locale, placed.redirectTo), { status: 303 });
  }
  if (placed.reason === "ANSWERS_MISSING") {
    // The cart gained a booking with questions since the form was shown: the form asks them now.
    return redirectWithToast(app, localized(locale, checkoutPath()), { type: "error", key: "booking.checkout.refused.ANSWERS_MISSING" });
  }
  if (placed.reason === "PAY_LATER_LIMIT") {
    return json({ result: submission.reply({ formErrors: ["booking.checkout.refused.PAY_LATER_LIMIT"] }), answers }, { status: 429, headers: noStore });
  }
  if (placed.reason === "PAY_LATER_NOT_ALLOWED") {
    // The cart changed since the form was shown (or the form was forged): the typed details stay, card remains.
    return json({ result: submission.reply({ formErrors: ["booking.checkout.refused.PAY_LATER_NOT_ALLOWED"] }), answers }, { status: 409, headers: noStore });
  }
  if (placed.reason === "INSTALLMENTS_NOT_ALLOWED") {
    // Same as pay later: the cart no longer fits Tabby (or the form was forged); the details stay, card remains.
    return json({ result: submission.reply({ formErrors: ["booking.checkout.refused.INSTALLMENTS_NOT_ALLOWED"] }), answers }, { status: 409, headers: noStore });
  }
  if (placed.reason === "PAYMENT_UNAVAILABLE") {
    return json({ result: submission.reply({ formErrors: ["booking.checkout.refused.PAYMENT_UNAVAILABLE"] }), answers }, { status: 503, headers: noStore });
  }
  return redirectWithToast(app, localized(locale, cartPath()), { type: "error", key: `booking.checkout.refused.${placed.reason}` });
}

function Redirecting({ paymentUrl }: { paymentUrl: string }) {
  const { t } = useTranslation();
  useEffect(() => {
    const timer = setTimeout(() => window.location.assign(paymentUrl), 600);
    return () => clearTimeout(timer);
  }, [paymentUrl]);
  return (
    <section className="container page checkout-redirect" aria-live="polite">
      <div className="spinner" aria-hidden="true" />
      <h1>{t("booking.checkout.redirecting")}</h1>
      <p>{t("booking.checkout.redirectingText")}</p>
      <a href={paymentUrl} className="button button--primary">
        {t("booking.checkout.continueToPayment")}
      </a>
    </section>
  );
}

export default function CheckoutRoute() {
  const data = useLoaderData<typeof loader>();
  if (data.mode === "redirect") return <Redirecting paymentUrl={data.paymentUrl} />;
  return <CheckoutForm />;
}

function CheckoutForm() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const { t } = useTranslation();
  const [form, fields] = useForm({
    id: "checkout",
    lastResult: actionData?.result,
    defaultValue: { countryCode: "+966", ...(data.mode === "form" ? data.prefill : {}) },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: CheckoutSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  if (data.mode !== "form") return null;
  const { review } = data;
  const payable = review.lines.length > 0 && !review.lines.some((line) => line.status === "unavailable");
  const busy = navigation.state === "submitting";

  if (!payable) {
    return (
      <section className="container page checkout-page">
        <h1>{t("booking.checkout.heading")}</h1>
        <p role="status">{t("booking.checkout.emptyCart")}</p>
        <LocalizedLink to={cartPath()} className="button button--primary">
          {t("booking.checkout.backToCart")}
        </LocalizedLink>
      </section>
    );
  }

  return (
    <section className="container page checkout-page" aria-labelledby="checkout-heading">
      <h1 id="checkout-heading">{t("booking.checkout.heading")}</h1>
      {data.cancelled ? <p className="cart-notice cart-notice--info" role="status">{t("booking.checkout.cancelled")}</p> : null}
      <div className="checkout-layout">
        <Form method="post" {...getFormProps(form)} className="checkout-form">
          <input type="hidden" name="idempotencyKey" value={data.idempotencyKey} />
          <input type="hidden" name="expectedTotal" value={review.total} />
          <fieldset>
            <legend>{t("booking.checkout.lead")}</legend>
            <p className="checkout-form__hint">{t("booking.checkout.leadText")}</p>
            <InputField className="field" field={fields.firstName} label={t("booking.checkout.firstName")} autoComplete="given-name" />
            <InputField className="field" field={fields.lastName} label={t("booking.checkout.lastName")} autoComplete="family-name" />
            {/* The form is noValidate (conform), so the schema's message, not the browser's, explains a wrong format, also without JavaScript. */}
            <InputField className="field" field={fields.email} label={t("booking.checkout.email")} type="email" autoComplete="email" dir="ltr" />
            <div className="field field--phone">
              <SelectField className="field__part" field={fields.countryCode} label={t("booking.checkout.countryCode")} dir="ltr">
                {COUNTRY_CODES.map((code) => (
                  <option key={code} value={code}>
                    {code}
                  </option>
                ))}
              </SelectField>
              <InputField className="field__part" field={fields.phone} type="tel" inputMode="tel" label={t("booking.checkout.phone")} autoComplete="tel-national" dir="ltr" />
            </div>
            <MarketingOptIn id="checkout-marketing" checked={fields.marketing.initialValue === "on"} />
          </fieldset>
          <BookingQuestionsFieldsets lines={review.lines.map((line) => ({ id: line.id, title: line.title, travellerCount: line.travellerCount, questions: line.questions }))} state={actionData?.answers} />
          <fieldset className="checkout-methods">
            <legend>{t("booking.checkout.paymentMethod")}</legend>
            <ErrorList id={fields.paymentMethod.errorId} errors={fields.paymentMethod.errors} />
            <div className="checkout-method">
              <h2>{t("booking.checkout.card")}</h2>
              <p>{t("booking.checkout.cardText")}</p>
              <PaymentMarks />
              {review.lines.some((line) => !line.instantConfirmation) ? <p role="note">{t("booking.checkout.onRequestMethods")}</p> : null}
              <button type="submit" name="paymentMethod" value="card" className="button button--primary" disabled={busy}>
                {t("booking.checkout.confirmPay")}
              </button>
            </div>
            <InstallmentsMethod offer={data.installments} currency={review.currency} busy={busy} />
            <div className="checkout-method">
              <h2>{t("booking.checkout.payLater")}</h2>
              {review.payLaterAvailable ? (
                <>
                  <p>{t("booking.checkout.payLaterText")}</p>
                  <button type="submit" name="paymentMethod" value="pay_later" className="button button--secondary" disabled={busy}>
                    {t("booking.checkout.confirmBook")}
                  </button>
                </>
              ) : (
                <p role="note">{t("booking.checkout.payLaterUnavailable")}</p>
              )}
            </div>
          </fieldset>
          <FormErrors id={form.errorId} errors={form.errors} />
        </Form>
        <CheckoutSummary review={review} />
      </div>
    </section>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
