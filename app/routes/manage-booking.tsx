/**
 * /manage-booking?order=<the order's secret> — the guest's own page for each booking: move it to
 * another time of the same option (?item=&date= lists that day's times and what each costs or gives
 * back), or cancel it (?cancel=<item> shows the refund before the button). Plain forms: no JavaScript.
 */
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { cancelCustomerBooking } from "#app/commerce/cancellation.server";
import { changeOutcome, loadManagedOrder, moveBooking, moveChoices, syncChangePayment, type ManagedItem, type MoveChoice, type MoveRefusal } from "#app/commerce/manage-booking.server";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { HiddenFields } from "#app/components/forms";
import { LocalizedLink } from "#app/components/localized-link";
import { useFormatAmount, useFormatLocalDate } from "#app/i18n/use-format";
import type { CacheHandle } from "#app/lib/cache-policy";
import { addDays, localDateAt, RIYADH_TIME_ZONE } from "#app/lib/dates";
import { CACHE_PRIVATE, pageHeaders } from "#app/lib/http";
import { localePrefix } from "#app/lib/locales";
import { pageMeta } from "#app/lib/meta";
import { manageBookingPath } from "#app/lib/paths";
import { getPageContext, pageSeo } from "#app/web/page.server";
import { redirectWithToast } from "#app/web/toast.server";
export { shouldRevalidate } from "#app/lib/revalidation";

export const meta = pageMeta;
export const headers = pageHeaders;
export const handle = { cache: "private" } satisfies CacheHandle;

/** Every answer is this guest's own. */
const noStore = { "Cache-Control": CACHE_PRIVATE };

export async function loader({ request, context: app }: LoaderFunctionArgs) {
  const context = getPageContext(request);
  const params = context.url.searchParams;
  const token = params.get("order") ?? "";
  const seo = pageSeo(context, "manageBooking");
  const changeId = params.get("change");
  if (changeId) await syncChangePayment(app, token, changeId);
  const order = await loadManagedOrder(app, token, context.locale);
  if (!order) return json({ seo, order: null, move: null, cancelId: null, change: null, today: "" }, { status: 404, headers: noStore });
  const itemId = params.get("item") ?? "";
  const date = params.get("date") ?? "";
  const moving = order.items.find((item) => item.id === itemId && !item.refusal);
  const choices = moving && date ? await moveChoices(app, token, moving.id, date) : null;
  const move = moving ? { itemId: moving.id, date, choices } : null;
  const change = changeId ? await changeOutcome(app.db, order.id, changeId) : null;
  const today = localDateAt(RIYADH_TIME_ZONE, app.clock.now());
  return json({ seo, order, move, cancelId: params.get("cancel"), change, today }, { headers: noStore });
}

export async function action({ request, context: app }: ActionFunctionArgs) {
  const context = getPageContext(request);
  const token = context.url.searchParams.get("order") ?? "";
  const form = await request.formData();
  const itemId = String(form.get("item") ?? "");
  const back = localePrefix(context.locale) + manageBookingPath({ order: token });
  if (form.get("intent") === "cancel") {
    const outcome = await cancelCustomerBooking(app, { accessToken: token }, itemId);
    if (outcome.status === "not-found") return json({ refusal: "NOT_FOUND" as MoveRefusal }, { status: 404, headers: noStore });
    if (outcome.status === "not-allowed") return json({ refusal: "PAST_WINDOW" as MoveRefusal }, { status: 409, headers: noStore });
    return redirectWithToast(app, back, { type: "success", key: "account.toasts.cancelled" }, { headers: noStore });
  }
  const availabilityId = String(form.get("availabilityId") ?? "");
  if (!availabilityId) return json({ refusal: "SLOT_UNAVAILABLE" as MoveRefusal, missing: true }, { status: 400, headers: noStore });
  const outcome = await moveBooking(app, token, itemId, availabilityId, context.locale);
  if (outcome.status === "pay") return redirect(outcome.redirectUrl, { status: 303, headers: noStore });
  if (outcome.status === "refused") return json({ refusal: outcome.reason }, { status: outcome.reason === "NOT_FOUND" ? 404 : 409, headers: noStore });
  return redirectWithToast(app, back, { type: "success", key: outcome.difference < 0 ? "pages.manageBooking.movedRefund" : "pages.manageBooking.moved" }, { headers: noStore });
}

type Data = ReturnType<typeof useLoaderData<typeof loader>>;
type Order = NonNullable<Data["order"]>;

/** "+ SAR 50.00 to pay", "SAR 20.00 back to you" or "Same price". */
function DifferenceText({ difference, currency }: { difference: number; currency: string }) {
  const { t } = useTranslation();
  const money = useFormatAmount();
  if (difference > 0) return <span className="manage-booking__difference manage-booking__difference--more">{t("pages.manageBooking.pay", { amount: money(difference, currency) })}</span>;
  if (difference < 0) return <span className="manage-booking__difference">{t("pages.manageBooking.back", { amount: money(-difference, currency) })}</span>;
  return <span className="manage-booking__difference">{t("pages.manageBooking.samePrice")}</span>;
}

function MoveSection({ order, item, move, today }: { order: Order; item: ManagedItem; move: Data["move"]; today: string }) {
  const { t } = useTranslation();
  const open = move?.itemId === item.id;
  const choices: MoveChoice[] | null = open ? (move?.choices ?? null) : null;
  return (
    <section className="manage-booking__section" aria-labelledby={`move-${item.id}`}>
      <h3 id={`move-${item.id}`}>{t("pages.manageBooking.moveHeading")}</h3>
      <Form method="get" className="manage-booking__date">
        <HiddenFields values={{ order: order.token, item: item.id }} />
        <div className="form-field">
          <label htmlFor={`date-${item.id}`}>{t("pages.manageBooking.newDate")}</label>
          <input id={`date-${item.id}`} type="date" name="date" min={today} max={addDays(today, 365)} defaultValue={open ? move?.date : ""} required />
        </div>
        <button type="submit" className="button button--secondary">
          {t("pages.manageBooking.showTimes")}
        </button>
      </Form>
      {choices === null ? null : choices.length === 0 ? (
        <p role="status">{t("pages.manageBooking.noTimes")}</p>
      ) : (
        // A document submit: a dearer time answers with the gateway's hosted page, outside the app's routes.
        <Form method="post" reloadDocument className="manage-booking__move" data-testid="move-form">
          <HiddenFields values={{ intent: "move", item: item.id }} />
          <fieldset>
            <legend>{t("pages.manageBooking.chooseTime")}</legend>
            <ul className="manage-booking__choices">
              {choices.map((choice, index) => (
                <li key={choice.availabilityId}>
                  <label className="manage-booking__choice">
                    <input type="radio" name="availabilityId" value={choice.availabilityId} defaultChecked={index === 0} required />
                    <span className="manage-booking__time" dir="ltr">
                      {choice.localTime ?? t("pages.manageBooking.allDay")}
                    </span>
                    <DifferenceText difference={choice.difference} currency={order.currency} />
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
          <button type="submit" className="button button--primary">
            {t("pages.manageBooking.moveButton")}
          </button>
          <p className="manage-booking__hint">{t("pages.manageBooking.moveHint")}</p>
        </Form>
      )}
    </section>
  );
}

function CancelSection({ order, item, asked }: { order: Order; item: ManagedItem; asked: boolean }) {
  const { t } = useTranslation();
  const money = useFormatAmount();
  const { quote } = item;
  return (
    <section className="manage-booking__section cancel-step" aria-labelledby={`cancel-${item.id}`}>
      <h3 id={`cancel-${item.id}`}>{t("pages.manageBooking.cancelHeading")}</h3>
      <dl>
        <dt>{t("account.cancel.paidTotal")}</dt>
        <dd>{money(quote.paid, order.currency)}</dd>
        <dt>{t("account.cancel.penalty", { percent: quote.penaltyPercent })}</dt>
        <dd>{money(quote.paid - quote.refundAmount, order.currency)}</dd>
        <dt>{t("account.cancel.refund")}</dt>
        <dd data-testid="refund-amount">{money(quote.refundAmount, order.currency)}</dd>
      </dl>
      {asked ? (
        <Form method="post" className="manage-booking__confirm">
          <HiddenFields values={{ intent: "cancel", item: item.id }} />
          <p>{t("account.cancel.heading")}</p>
          <button type="submit" className="button button--danger">
            {t("account.cancel.confirm")}
          </button>
          <LocalizedLink to={manageBookingPath({ order: order.token })}>{t("account.cancel.keep")}</LocalizedLink>
        </Form>
      ) : (
        <LocalizedLink className="button button--secondary" to={manageBookingPath({ order: order.token, cancel: item.id })}>
          {t("pages.manageBooking.cancelButton")}
        </LocalizedLink>
      )}
    </section>
  );
}

function ItemCard({ order, item, data }: { order: Order; item: ManagedItem; data: Data }) {
  const { t } = useTranslation();
  const formatDate = useFormatLocalDate("long");
  const money = useFormatAmount();
  return (
    <article className="invoice-card manage-booking__item" data-testid="managed-item">
      <h2>{item.title}</h2>
      <p className="manage-booking__when">
        <span data-testid="managed-date">{formatDate(item.localDate)}</span>
        {item.localTime ? (
          <span dir="ltr" data-testid="managed-time">
            {item.localTime}
          </span>
        ) : null}
        <span>{t("pages.manageBooking.guests", { count: item.guests })}</span>
        <span className="manage-booking__status">{t(`booking.itemStatus.${item.status}`, { defaultValue: item.status })}</span>
      </p>
      {item.awaitingPayment ? (
        <p className="notice notice--info manage-booking__waiting">
          {t("pages.manageBooking.awaiting", { amount: money(item.awaitingPayment.difference, order.currency) })}{" "}
          <a className="button button--secondary" href={item.awaitingPayment.redirectUrl}>
            {t("pages.manageBooking.continuePayment")}
          </a>
        </p>
      ) : null}
      {item.refusal ? (
        item.status === "CANCELLED" ? null : <p className="notice notice--warning">{t(`pages.manageBooking.refusal.${item.refusal}`)}</p>
      ) : (
        <div className="manage-booking__actions">
          <MoveSection order={order} item={item} move={data.move} today={data.today} />
          <CancelSection order={order} item={item} asked={data.cancelId === item.id} />
        </div>
      )}
    </article>
  );
}

export default function ManageBooking() {
  const { t } = useTranslation();
  const data = useLoaderData<typeof loader>();
  const posted = useActionData<typeof action>();
  if (!data.order) {
    return (
      <section className="container page manage-booking" data-testid="manage-booking">
        <h1>{t("pages.manageBooking.heading")}</h1>
        <p role="alert">{t("pages.manageBooking.invalid")}</p>
      </section>
    );
  }
  const order = data.order;
  return (
    <section className="container page manage-booking" data-testid="manage-booking">
      <h1>{t("pages.manageBooking.heading")}</h1>
      <p className="manage-booking__reference">{t("pages.manageBooking.reference", { reference: order.reference })}</p>
      {data.change === "APPLIED" ? <p className="notice notice--info" role="status">{t("pages.manageBooking.moved")}</p> : null}
      {data.change === "FAILED" ? <p className="notice notice--warning" role="alert">{t("pages.manageBooking.moveFailed")}</p> : null}
      {data.change === "WAITING" ? <p className="notice notice--info" role="status">{t("pages.manageBooking.waiting")}</p> : null}
      {posted ? (
        <p className="notice notice--warning" role="alert" data-testid="manage-error">
          {t(`pages.manageBooking.refusal.${posted.refusal}`)}
        </p>
      ) : null}
      {order.items.map((item) => (
        <ItemCard key={item.id} order={order} item={item} data={data} />
      ))}
    </section>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
