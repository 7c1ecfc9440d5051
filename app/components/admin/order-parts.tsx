/**
 * The console order page's parts: a booking line (travellers by name, what was refunded of it, the
 * decision and refund forms), the timeline, the payment card and its refunds.
 */
import { BookingAnswers } from "#app/components/booking-answers";
import type { ReactNode } from "react";
import type { SerializeFrom, TypedResponse } from "@remix-run/node";
import { Form, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { OrderNotice } from "#app/commerce/order-actions.server";
import type { OrderPage } from "#app/commerce/order-view.server";
import type { AgentAllowance } from "#app/commerce/refunds.server";
import { formatMoney } from "#app/i18n/format";
import { useLocale } from "#app/i18n/use-locale";
import { isCurrencyCode } from "#app/lib/money";
import { adminOrderPath } from "#app/lib/paths";
import { AdminDate, AdminEmpty, AdminFacts, AdminMoney, AdminTime, StatusBadge } from "./admin-ui";

/** Confirm, or reject with a reason the customer reads: one pending item's decision forms. */
export function DecisionForms({ itemId, autoRejectAt: deadline }: { itemId: string; autoRejectAt: string | null }) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  return (
    <div className="admin-decision" data-testid={`decide-${itemId}`}>
      {deadline ? (
        <p className="admin-decision__deadline">
          {t("admin.decide.deadline")} <AdminTime value={deadline} />
        </p>
      ) : null}
      <Form method="post" className="admin-inline-form">
        <input type="hidden" name="itemId" value={itemId} />
        <button type="submit" name="intent" value="confirm" className="button button--small" disabled={busy}>
          {t("admin.decide.confirm")}
        </button>
      </Form>
      <Form method="post" className="admin-form admin-decision__reject">
        <input type="hidden" name="itemId" value={itemId} />
        <label htmlFor={`reason-${itemId}`}>{t("admin.decide.reason")}</label>
        <textarea id={`reason-${itemId}`} name="reason" required maxLength={500} rows={2} />
        <p className="form-hint">{t("admin.decide.reasonHint")}</p>
        <button type="submit" name="intent" value="reject" className="button button--secondary button--small" disabled={busy}>
          {t("admin.decide.reject")}
        </button>
      </Form>
    </div>
  );
}

type ItemView = { id: string; status: string; currency: string; net: number; refunded: number; refundKey: string };

/** A notice's text; a limit refusal says how much of the agents' limit is left, in the order's currency. */
export function useNoticeText(): (notice: OrderNotice) => string {
  const { t } = useTranslation();
  const { code } = useLocale();
  const money = (amount: number, currency: string) => (isCurrencyCode(currency) ? formatMoney(code, amount, currency) : `${amount} ${currency}`);
  return (notice) => (notice.allowance ? t(notice.key, { remaining: money(notice.allowance.remaining, notice.allowance.currency), limit: money(notice.allowance.limit, notice.allowance.currency) }) : t(notice.key));
}

/** What agents may still refund (a hint for an agent, beside the refund form). */
function AllowanceHint({ allowance }: { allowance: AgentAllowance }) {
  const text = useNoticeText();
  return (
    <p className="form-hint admin-refund__allowance" data-testid="refund-allowance">
      {text({ key: allowance.scope === "day" ? "admin.refunds.allowanceDay" : "admin.refunds.allowanceOrder", tone: "ok", allowance })}
    </p>
  );
}

/** Refund part of a booked item, or cancel it for the customer (under its policy; admins may override). */
export function RefundForms({ item, canOverride, refundable, allowance }: { item: ItemView; canOverride: boolean; refundable: boolean; allowance: AgentAllowance | null }) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const left = Math.max(0, item.net - item.refunded);
  return (
    <div className="admin-refund" data-testid={`refund-${item.id}`}>
      {refundable && left > 0 ? (
        <Form method="post" className="admin-form admin-refund__form">
          <input type="hidden" name="itemId" value={item.id} />
          <input type="hidden" name="idempotencyKey" value={item.refundKey} />
          <h4>{t("admin.refunds.refundTitle")}</h4>
          <p className="form-hint">
            {t("admin.refunds.left")} <AdminMoney amount={left} currency={item.currency} />
          </p>
          {allowance ? <AllowanceHint allowance={allowance} /> : null}
          <label htmlFor={`refund-amount-${item.id}`}>{t("admin.refunds.amount", { currency: item.currency })}</label>
          <input id={`refund-amount-${item.id}`} name="amount" inputMode="decimal" required pattern="\d{1,9}([.,]\d{1,3})?" dir="ltr" />
          <label htmlFor={`refund-reason-${item.id}`}>{t("admin.refunds.reason")}</label>
          <input id={`refund-reason-${item.id}`} name="reason" required maxLength={500} />
          <button type="submit" name="intent" value="refund" className="button button--small" disabled={busy}>
            {t("admin.refunds.refund")}
          </button>
        </Form>
      ) : null}
      {item.status === "CONFIRMED" ? (
        <Form method="post" className="admin-form admin-refund__form">
          <input type="hidden" name="itemId" value={item.id} />
          <h4>{t("admin.refunds.cancelTitle")}</h4>
          <p className="form-hint">{t("admin.refunds.cancelHint")}</p>
          <label htmlFor={`cancel-reason-${item.id}`}>{t("admin.refunds.reason")}</label>
          <input id={`cancel-reason-${item.id}`} name="reason" required maxLength={500} />
          {canOverride ? (
            <label className="admin-refund__override">
              <input type="checkbox" name="override" value="on" /> {t("admin.refunds.override")}
            </label>
          ) : null}
          <button type="submit" name="intent" value="cancel" className="button button--secondary button--small" disabled={busy}>
            {t("admin.refunds.cancel")}
          </button>
        </Form>
      ) : null}
    </div>
  );
}

/** The order page as the route's loader sends it: through `json()`, so its dates arrive as strings. */
type Page = SerializeFrom<() => TypedResponse<OrderPage>>;
type Line = Page["items"][number];

/** One booking line: what, when, who travels (by the unit's name), what it cost and what was refunded of it. */
export function BookingLine({ item, page }: { item: Line; page: Page }) {
  const { t } = useTranslation();
  const rows: Array<[string, ReactNode]> = [
    [t("admin.fields.travelDate"), <AdminDate key="d" value={item.localDate} />],
    [t("admin.fields.travellers"), item.travellers.map((traveller) => `${traveller.quantity} × ${traveller.title}`).join(", ")],
    ...(item.answers.length > 0 ? [[t("booking.questions.answers"), <BookingAnswers key="a" answers={item.answers} />] as [string, ReactNode]] : []),
    [t("admin.fields.amount"), <AdminMoney key="m" amount={item.net} currency={item.currency} />],
  ];
  if (item.refunded > 0) rows.push([t("admin.fields.refunded"), <AdminMoney key="r" amount={item.refunded} currency={item.currency} />]);
  rows.push(
    [t("admin.fields.confirmation"), item.instantConfirmation ? t("admin.order.instant") : t("admin.order.onRequest")],
    [t("admin.fields.booking"), <code key="b" dir="ltr">{item.bookingUuid}</code>],
  );
  if (item.failureCode) rows.push([t("admin.fields.failure"), item.failureCode]);
  if (item.refundState !== "NONE") rows.push([t("admin.fields.refund"), <StatusBadge key="rs" status={item.refundState} />]);
  if (item.cancellation) rows.push([t("admin.fields.cancellation"), <AdminMoney key="c" amount={item.cancellation.refundAmount} currency={item.currency} />]);
  if (item.decisionReason) rows.push([t("admin.fields.decisionReason"), item.decisionReason]);
  if (item.decidedBy) rows.push([t("admin.fields.decidedBy"), <span key="by" dir="ltr">{item.decidedBy}</span>]);
  return (
    <li className="admin-item" data-testid={`item-${item.id}`}>
      <div className="admin-item__head">
        <h3>{item.title}</h3>
        <StatusBadge status={item.status} />
      </div>
      <AdminFacts rows={rows} />
      {item.decidable ? <DecisionForms itemId={item.id} autoRejectAt={item.autoRejectAt} /> : null}
      {item.refundForms ? <RefundForms item={item} canOverride={page.can.override} refundable={page.refundable} allowance={page.refundAllowance} /> : null}
    </li>
  );
}

/** The order's story, staff actions and messages in one list, oldest first. */
export function OrderTimeline({ entries }: { entries: Page["timeline"] }) {
  const { t } = useTranslation();
  if (entries.length === 0) return <AdminEmpty>{t("admin.order.noEvents")}</AdminEmpty>;
  return (
    <ol className="admin-timeline" data-testid="order-timeline">
      {entries.map((entry, index) => (
        <li key={index} className={`admin-timeline__entry admin-timeline__entry--${entry.source}`}>
          <AdminTime value={entry.at} />
          <span className="admin-timeline__kind">{t(`admin.events.${entry.kind}`, { defaultValue: entry.kind })}</span>
          {entry.money ? <AdminMoney amount={entry.money.amount} currency={entry.money.currency} /> : null}
          <bdi className="admin-timeline__actor" dir="ltr">
            {entry.actor}
          </bdi>
          {entry.note ? <bdi className="admin-timeline__detail">{entry.note}</bdi> : null}
        </li>
      ))}
    </ol>
  );
}

/** The payments (authorised, captured, refunded, gateway ids) and the team's refunds with their state. */
export function PaymentDetails({ page }: { page: Page }) {
  const { t } = useTranslation();
  return (
    <>
      {page.payments.map((payment) => (
        <div key={payment.id} className="admin-payment">
          <div className="admin-item__head">
            <h3>
              {payment.gateway}
              {payment.purpose === "CHANGE" ? <span className="admin-muted"> · {t("admin.order.movePayment")}</span> : null}
            </h3>
            <StatusBadge status={payment.status} />
          </div>
          <AdminFacts
            rows={[
              [t("admin.fields.authorised"), <AdminMoney key="a" amount={payment.amount} currency={payment.currency} />],
              [t("admin.fields.captured"), <AdminMoney key="c" amount={payment.capturedAmount} currency={payment.currency} />],
              [t("admin.fields.refunded"), <AdminMoney key="r" amount={payment.refundedAmount} currency={payment.currency} />],
              ...(payment.method ? [[t("admin.fields.paidWith"), <span key="m" data-testid="payment-method">{t(`booking.paymentMethods.${payment.method}`)}</span>] as [string, ReactNode]] : []),
              [t("admin.fields.gatewayId"), <code key="g" dir="ltr">{payment.sessionId}</code>],
              ...(payment.declineCode ? [[t("admin.fields.declineCode"), payment.declineCode] as [string, string]] : []),
            ]}
          />
        </div>
      ))}
      {page.refunds.length > 0 ? (
        <>
          <h3 className="admin-refunds__title">{t("admin.refunds.title")}</h3>
          <ul className="admin-list admin-refunds" data-testid="order-refunds">
            {page.refunds.map((refund) => (
              <li key={refund.id} className="admin-refunds__row">
                <AdminMoney amount={refund.amount} currency={refund.currency} /> <StatusBadge status={refund.state} /> · <AdminTime value={refund.createdAt} /> · <span dir="ltr">{refund.actor}</span>
                <span className="admin-refunds__reason">{refund.reason}</span>
                {refund.state === "FAILED" ? (
                  <>
                    {refund.nextAttemptAt ? (
                      <span className="form-hint">
                        {t("admin.refunds.nextAttempt")} <AdminTime value={refund.nextAttemptAt} />
                      </span>
                    ) : (
                      <span className="form-hint">{t("admin.refunds.retriesStopped", { attempts: refund.attempts })}</span>
                    )}
                    {page.can.refund ? (
                      <Form method="post" className="admin-inline-form">
                        <input type="hidden" name="refundId" value={refund.id} />
                        <button type="submit" name="intent" value="retryRefund" className="button button--small">
                          {t("admin.refunds.retry")}
                        </button>
                      </Form>
                    ) : null}
                  </>
                ) : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </>
  );
}

/** The messages sent about the order, each email about an outcome with a Resend button. */
export function OrderMessages({ page, notice }: { page: Page; notice: string | null }) {
  const { t } = useTranslation();
  return (
    <>
      {notice === "resent" || notice === "failed" ? (
        <p className={`admin-notice admin-notice--${notice === "resent" ? "ok" : "bad"}`} role="status">
          {t(`admin.order.resend.${notice}`)}
        </p>
      ) : null}
      {page.messages.length === 0 ? (
        <AdminEmpty>{t("admin.order.noMessages")}</AdminEmpty>
      ) : (
        <ul className="admin-list admin-messages">
          {page.messages.map((message) => (
            <li key={message.id} className="admin-messages__entry" data-testid={`message-${message.id}`}>
              <span>
                <AdminTime value={message.createdAt} /> · {t(`admin.channels.${message.channel}`)} · {message.subject ?? message.kind} <StatusBadge status={message.status} />
                {message.error ? <span className="admin-muted">{message.error}</span> : null}
              </span>
              {message.resendable && page.can.resend ? (
                <Form method="post" action={`${adminOrderPath(page.order.reference)}/messages/${message.id}/resend`} className="admin-messages__resend">
                  <button type="submit" className="button button--small button--secondary" aria-label={t("admin.order.resend.label", { subject: message.subject ?? message.kind })}>
                    {t("admin.order.resend.action")}
                  </button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
