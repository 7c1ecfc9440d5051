/**
 * One order as the team sees it: the customer, each item with its booking and status, the payment
 * (authorised / captured / refunded, gateway ids), the messages sent, and one timeline of everything
 * that happened (commerce's events and staff actions from the audit log, in time order).
 */
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AdminCard, AdminDate, AdminEmpty, AdminFacts, AdminMoney, AdminPageHeader, AdminTime, StatusBadge } from "#app/components/admin/admin-ui";
import { useLiveData } from "#app/components/admin/use-live-data";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { findOrderByReference, loadOrderDossier } from "#app/commerce/back-office.server";
import { autoRejectAt, confirmPendingItem, rejectPendingItem, type DecisionResult } from "#app/commerce/decide-pending.server";
import { DecisionSchema } from "#app/commerce/decision-schema";
import { isNotifiedOutcome } from "#app/commerce/notifications/customer-events";
import { netAmount } from "#app/commerce/pricing";
import type { CacheHandle } from "#app/lib/cache-policy";
import { adminOrderPath } from "#app/lib/paths";
import { RefundFormSchema } from "#app/commerce/refund-schema";
import { cancelItemForCustomer } from "#app/commerce/cancellation.server";
import { agentRefundAllowance, listOrderRefunds, refundItem, retryRefund, type AgentAllowance } from "#app/commerce/refunds.server";
import { formatMoney } from "#app/i18n/format";
import { useLocale } from "#app/i18n/use-locale";
import { isCurrencyCode, toMinor } from "#app/lib/money";
import { listAudit } from "#app/staff/audit.server";
import { PayLaterPanel } from "#app/components/admin/pay-later-panel";
import { loadPayLaterState } from "#app/commerce/pay-later.server";
import { can } from "#app/staff/roles";
import { ADMIN_NO_STORE, actorOf, adminNotFound, adminPageContext, requireStaff } from "#app/web/admin-auth.server";

export const handle = { cache: "private" } satisfies CacheHandle;
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Rihla Console" }];

export type TimelineEntry = { at: string; kind: string; actor: string; detail: string | null; source: "event" | "audit" };

export async function loader({ request, params, context: app }: LoaderFunctionArgs) {
  const member = await requireStaff(app, request, "orders.view");
  const { locale, t } = adminPageContext(request);
  const dossier = await loadOrderDossier(app.db, params.reference ?? "", locale);
  if (!dossier) throw adminNotFound(request);
  const audit = await listAudit(app.db, { orderId: dossier.order.id, limit: 500 });
  const timeline: TimelineEntry[] = [
    ...dossier.events.map((event) => ({ at: event.createdAt.toISOString(), kind: event.kind, actor: event.actor, detail: Object.keys(event.detail).length ? JSON.stringify(event.detail) : null, source: "event" as const })),
    ...audit.map((entry) => ({ at: entry.createdAt.toISOString(), kind: entry.action, actor: entry.actorEmail, detail: entry.reason ?? null, source: "audit" as const })),
  ].sort((a, b) => a.at.localeCompare(b.at));
  const { order } = dossier;
  const payLaterState = order.paymentMethod === "pay_later" ? await loadPayLaterState(app.db, order) : null;
  const payLater = payLaterState
    ? {
        reference: order.reference,
        open: order.status === "PAY_LATER",
        currency: order.currency,
        total: order.totalAmount,
        dueAt: payLaterState.dueAt?.toISOString() ?? null,
        paid: payLaterState.paid,
        outstanding: order.status === "PAY_LATER" ? payLaterState.outstanding : 0,
        openLink: order.status === "PAY_LATER" ? payLaterState.openLink : null,
        canCollect: can(member.role, "payments.collect"),
      }
    : null;
  const refunds = await listOrderRefunds(app.db, order.id);
  // What agents may still refund here (null for an admin): shown beside the refund form.
  const refundAllowance = can(member.role, "refunds.small") ? await agentRefundAllowance(app, { orderId: order.id, currency: order.currency, role: member.role, now: app.clock.now() }) : null;
  return json(
    {
      title: t("admin.order.title", { reference: order.reference }),
      role: member.role,
      order: {
        id: order.id,
        reference: order.reference,
        status: order.status,
        paymentMethod: order.paymentMethod,
        locale: order.locale,
        currency: order.currency,
        originalAmount: order.originalAmount,
        discountAmount: order.discountAmount,
        totalAmount: order.totalAmount,
        promoCode: order.promoCode,
        name: `${order.firstName} ${order.lastName}`,
        email: order.email,
        phone: `${order.countryCode} ${order.phone}`,
        purchasedAt: order.purchasedAt,
        updatedAt: order.updatedAt,
        account: order.userId !== null,
      },
      items: dossier.items.map((item) => ({
        id: item.id,
        title: item.title,
        productId: item.productId,
        optionId: item.optionId,
        bookingUuid: item.bookingUuid,
        localDate: item.localDate,
        availabilityId: item.availabilityId,
        units: item.units,
        instantConfirmation: item.instantConfirmation,
        status: item.status,
        failureCode: item.failureCode,
        refundState: item.refundState,
        currency: item.currency,
        amount: item.amount,
        net: netAmount(item),
        decision: item.decision,
        decisionReason: item.decisionReason,
        decidedBy: item.decidedBy,
        autoRejectAt: item.status === "PENDING" ? autoRejectAt(order.purchasedAt, app.env.ON_REQUEST_AUTO_REJECT_HOURS).toISOString() : null,
        cancellation: item.cancellation,
        // Team refunds made or reserved for it, and the customer's own cancellation refund (as the domain caps them).
        refunded: refunds.filter((refund) => refund.orderItemId === item.id).reduce((sum, refund) => sum + refund.amount, 0) + (item.cancellation && item.cancellation.refundState !== "NONE" ? item.cancellation.refundAmount : 0),
        // The refund form's key: submitting the same rendered form twice refunds once.
        refundKey: crypto.randomUUID(),
      })),
      refunds: refunds.map((refund) => ({
        id: refund.id,
        itemId: refund.orderItemId,
        amount: refund.amount,
        currency: refund.currency,
        state: refund.state,
        reason: refund.reason,
        actor: refund.actor,
        attempts: refund.attempts,
        lastError: refund.lastError,
        nextAttemptAt: refund.nextAttemptAt?.toISOString() ?? null,
        createdAt: refund.createdAt.toISOString(),
      })),
      payments: dossier.payments.map((payment) => ({
        id: payment.id,
        gateway: payment.gateway,
        sessionId: payment.sessionId,
        status: payment.status,
        captureMethod: payment.captureMethod,
        currency: payment.currency,
        amount: payment.amount,
        capturedAmount: payment.capturedAmount,
        refundedAmount: payment.refundedAmount,
        declineCode: payment.declineCode,
        createdAt: payment.createdAt,
      })),
      // An email about an outcome can be sent again (rebuilt from the order); WhatsApp templates cannot.
      messages: dossier.messages.map((message) => ({ ...message, resendable: message.channel === "email" && isNotifiedOutcome(message.kind) })),
      canResend: can(member.role, "messages.send"),
      timeline,
      can: { decide: member.role === "agent" || member.role === "admin", refund: can(member.role, "refunds.small"), override: can(member.role, "policy.override") },
      refundAllowance,
      autoRejectHours: app.env.ON_REQUEST_AUTO_REJECT_HOURS,
      payLater,
      payLaterNotice: new URL(request.url).searchParams.get("payLater")?.slice(0, 40) ?? null,
    },
    { headers: ADMIN_NO_STORE },
  );
}

/** `allowance`: a refusal at the agents' limit says what is left of it (the key interpolates `remaining` and `limit`). */
export type OrderNotice = { key: string; tone: "ok" | "bad"; allowance?: AgentAllowance };

const DECISION_NOTICES: Record<string, OrderNotice> = {
  CONFIRMED: { key: "admin.decide.confirmed", tone: "ok" },
  REJECTED: { key: "admin.decide.rejected", tone: "ok" },
  NOT_FOUND: { key: "admin.errors.notFound", tone: "bad" },
  NOT_PENDING: { key: "admin.decide.notPending", tone: "bad" },
  ALREADY_DECIDED: { key: "admin.decide.alreadyDecided", tone: "bad" },
  SUPPLIER_REFUSED: { key: "admin.decide.supplierRefused", tone: "bad" },
};

const REFUND_NOTICES: Record<string, OrderNotice> = {
  REFUNDED: { key: "admin.refunds.done", tone: "ok" },
  REFUNDING: { key: "admin.refunds.pending", tone: "ok" },
  FAILED: { key: "admin.refunds.failed", tone: "bad" },
  CANCELLED: { key: "admin.refunds.cancelled", tone: "ok" },
  NOT_FOUND: { key: "admin.errors.notFound", tone: "bad" },
  NOT_REFUNDABLE: { key: "admin.refunds.notRefundable", tone: "bad" },
  INVALID_AMOUNT: { key: "admin.refunds.amountInvalid", tone: "bad" },
  REASON_REQUIRED: { key: "admin.refunds.reasonRequired", tone: "bad" },
  EXCEEDS_ITEM: { key: "admin.refunds.exceedsItem", tone: "bad" },
  EXCEEDS_CAPTURED: { key: "admin.refunds.exceedsCaptured", tone: "bad" },
  NOT_CANCELLABLE: { key: "admin.refunds.notCancellable", tone: "bad" },
  FORBIDDEN: { key: "admin.refunds.overrideForbidden", tone: "bad" },
  OUTSIDE_POLICY: { key: "admin.refunds.outsidePolicy", tone: "bad" },
  SUPPLIER_REFUSED: { key: "admin.refunds.supplierRefused", tone: "bad" },
  NOT_FAILED: { key: "admin.refunds.notFailed", tone: "bad" },
};

/** The notice for a refusal at the agents' limit: which limit binds, and what is left of it. */
function limitNotice(allowance: AgentAllowance): OrderNotice {
  return { key: allowance.scope === "day" ? "admin.refunds.limitDay" : "admin.refunds.limitOrder", tone: "bad", allowance };
}

/** Refund, cancel and retry: the team's money actions on one order. */
async function refundAction(app: ActionFunctionArgs["context"], request: Request, reference: string, formData: FormData) {
  const raw = Object.fromEntries(formData);
  const member = await requireStaff(app, request, raw.intent === "cancel" && raw.override === "on" ? "policy.override" : "refunds.small");
  const order = await findOrderByReference(app.db, reference);
  if (!order) throw adminNotFound(request);
  const orderId = order.id;
  const parsed = RefundFormSchema.safeParse(raw);
  const itemId = String(formData.get("itemId") ?? "");
  const reply = (notice: OrderNotice, status: number) => json({ notice, itemId }, { status, headers: ADMIN_NO_STORE });
  if (!parsed.success) return reply({ key: parsed.error.issues[0]?.message ?? "admin.errors.required", tone: "bad" }, 400);
  const input = parsed.data;
  const actor = actorOf(member);
  if (input.intent === "retryRefund") {
    const result = await retryRefund(app, { refundId: input.refundId, orderId, actor });
    return result.ok ? reply(REFUND_NOTICES[result.refund.state]!, 200) : reply(REFUND_NOTICES[result.reason]!, result.reason === "NOT_FOUND" ? 404 : 409);
  }
  if (input.intent === "cancel") {
    const result = await cancelItemForCustomer(app, { itemId: input.itemId, orderId, reason: input.reason, override: input.override === "on", actor, role: member.role });
    if (result.ok) return reply(result.refund?.state === "FAILED" ? REFUND_NOTICES.FAILED! : REFUND_NOTICES.CANCELLED!, 200);
    if (result.reason === "LIMIT") return reply(limitNotice(result.allowance), 403);
    return reply(REFUND_NOTICES[result.reason]!, result.reason === "NOT_FOUND" ? 404 : 409);
  }
  let amount: number;
  try {
    if (!isCurrencyCode(order.currency)) throw new Error("no currency");
    amount = toMinor(input.amount.replace(",", "."), order.currency);
  } catch {
    return reply(REFUND_NOTICES.INVALID_AMOUNT!, 400);
  }
  const result = await refundItem(app, { orderId, itemId: input.itemId, amount, reason: input.reason, idempotencyKey: input.idempotencyKey, actor, role: member.role });
  if (result.ok) return reply(REFUND_NOTICES[result.refund.state]!, 200);
  if (result.reason === "LIMIT") return reply(limitNotice(result.allowance), 403);
  return reply(REFUND_NOTICES[result.reason]!, result.reason === "NOT_FOUND" ? 404 : 409);
}

export async function action({ request, params, context: app }: ActionFunctionArgs) {
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (intent === "refund" || intent === "cancel" || intent === "retryRefund") return refundAction(app, request, params.reference ?? "", formData);
  if (intent !== "confirm" && intent !== "reject") {
    await requireStaff(app, request, "orders.view");
    return json({ notice: { key: "admin.errors.notFound", tone: "bad" } as OrderNotice }, { status: 400, headers: ADMIN_NO_STORE });
  }
  const member = await requireStaff(app, request, "bookings.decide");
  const order = await findOrderByReference(app.db, params.reference ?? "");
  if (!order) throw adminNotFound(request);
  const orderId = order.id;
  const parsed = DecisionSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) return json({ notice: { key: parsed.error.issues[0]?.message ?? "admin.errors.required", tone: "bad" } as OrderNotice, itemId: String(formData.get("itemId") ?? "") }, { status: 400, headers: ADMIN_NO_STORE });
  const input = parsed.data;
  const result: DecisionResult =
    input.intent === "confirm"
      ? await confirmPendingItem(app, { itemId: input.itemId, orderId, actor: actorOf(member) })
      : await rejectPendingItem(app, { itemId: input.itemId, orderId, actor: actorOf(member), reason: input.reason ?? "" });
  const notice = result.ok ? DECISION_NOTICES[input.intent === "confirm" ? "CONFIRMED" : "REJECTED"]! : DECISION_NOTICES[result.reason]!;
  return json({ notice, itemId: input.itemId }, { status: result.ok ? 200 : result.reason === "NOT_FOUND" ? 404 : 409, headers: ADMIN_NO_STORE });
}

/** Confirm, or reject with a reason the customer reads: one pending item's decision forms. */
function DecisionForms({ itemId, autoRejectAt: deadline }: { itemId: string; autoRejectAt: string | null }) {
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
function useNoticeText(): (notice: OrderNotice) => string {
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
function RefundForms({ item, canOverride, refundable, allowance }: { item: ItemView; canOverride: boolean; refundable: boolean; allowance: AgentAllowance | null }) {
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

export default function AdminOrder() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { t } = useTranslation();
  const noticeText = useNoticeText();
  useLiveData();
  const { order } = data;
  const [searchParams] = useSearchParams();
  const messageNotice = searchParams.get("message");
  return (
    <>
      <p className="admin-breadcrumb">
        <Link to="/admin/orders">{t("admin.nav.orders")}</Link>
      </p>
      <AdminPageHeader
        title={
          <>
            <span className="admin-reference">{order.reference}</span> <StatusBadge status={order.status} />
          </>
        }
        subtitle={
          <>
            {t("admin.order.placed")} <AdminTime value={order.purchasedAt} />
          </>
        }
      />
      {result?.notice ? (
        <p className={`admin-notice admin-notice--${result.notice.tone}`} role={result.notice.tone === "bad" ? "alert" : "status"}>
          {noticeText(result.notice)}
        </p>
      ) : null}
      <div className="admin-order">
        <div className="admin-order__main">
          <AdminCard id="order-items" title={t("admin.order.items")}>
            <ol className="admin-items">
              {data.items.map((item) => (
                <li key={item.id} className="admin-item" data-testid={`item-${item.id}`}>
                  <div className="admin-item__head">
                    <h3>{item.title}</h3>
                    <StatusBadge status={item.status} />
                  </div>
                  <AdminFacts
                    rows={[
                      [t("admin.fields.travelDate"), <AdminDate key="d" value={item.localDate} />],
                      [t("admin.fields.travellers"), item.units.map((unit) => `${unit.quantity} × ${unit.unitId}`).join(", ")],
                      [t("admin.fields.amount"), <AdminMoney key="m" amount={item.net} currency={item.currency} />],
                      [t("admin.fields.confirmation"), item.instantConfirmation ? t("admin.order.instant") : t("admin.order.onRequest")],
                      [t("admin.fields.booking"), <code key="b" dir="ltr">{item.bookingUuid}</code>],
                      ...(item.failureCode ? [[t("admin.fields.failure"), item.failureCode] as [string, string]] : []),
                      ...(item.refundState !== "NONE" ? [[t("admin.fields.refund"), <StatusBadge key="r" status={item.refundState} />] as [string, JSX.Element]] : []),
                      ...(item.cancellation
                        ? [[t("admin.fields.cancellation"), <AdminMoney key="c" amount={item.cancellation.refundAmount} currency={item.currency} />] as [string, JSX.Element]]
                        : []),
                      ...(item.decisionReason ? [[t("admin.fields.decisionReason"), item.decisionReason] as [string, string]] : []),
                      ...(item.decidedBy ? [[t("admin.fields.decidedBy"), <span key="by" dir="ltr">{item.decidedBy}</span>] as [string, JSX.Element]] : []),
                    ]}
                  />
                  {item.status === "PENDING" && !item.decision && data.can.decide ? <DecisionForms itemId={item.id} autoRejectAt={item.autoRejectAt} /> : null}
                  {data.can.refund && (item.status === "CONFIRMED" || item.status === "CANCELLED") ? (
                    <RefundForms item={item} canOverride={data.can.override} refundable={data.payments.some((payment) => payment.status === "CAPTURED")} allowance={data.refundAllowance} />
                  ) : null}
                </li>
              ))}
            </ol>
          </AdminCard>
          <AdminCard id="order-timeline" title={t("admin.order.timeline")}>
            {data.timeline.length === 0 ? (
              <AdminEmpty>{t("admin.order.noEvents")}</AdminEmpty>
            ) : (
              <ol className="admin-timeline">
                {data.timeline.map((entry, index) => (
                  <li key={index} className={`admin-timeline__entry admin-timeline__entry--${entry.source}`}>
                    <AdminTime value={entry.at} />
                    <span className="admin-timeline__kind">{t(`admin.events.${entry.kind}`, { defaultValue: entry.kind })}</span>
                    <span className="admin-timeline__actor" dir="ltr">{entry.actor}</span>
                    {entry.detail ? <span className="admin-timeline__detail">{entry.detail}</span> : null}
                  </li>
                ))}
              </ol>
            )}
          </AdminCard>
        </div>
        <aside className="admin-order__side">
          <AdminCard id="order-customer" title={t("admin.order.customer")}>
            <AdminFacts
              rows={[
                [t("admin.fields.name"), order.name],
                [t("admin.fields.email"), <a key="e" href={`mailto:${order.email}`} dir="ltr">{order.email}</a>],
                [t("admin.fields.phone"), <a key="p" href={`tel:${order.phone.replace(/\s/g, "")}`} dir="ltr">{order.phone}</a>],
                [t("admin.fields.language"), order.locale],
                [t("admin.fields.account"), order.account ? t("admin.order.hasAccount") : t("admin.order.guest")],
              ]}
            />
          </AdminCard>
          {data.payLater ? <PayLaterPanel data={data.payLater} notice={data.payLaterNotice} /> : null}
          <AdminCard id="order-payment" title={t("admin.order.payment")}>
            <AdminFacts
              rows={[
                [t("admin.fields.paymentMethod"), t(`admin.methods.${order.paymentMethod}`, { defaultValue: order.paymentMethod })],
                [t("admin.fields.subtotal"), <AdminMoney key="s" amount={order.originalAmount} currency={order.currency} />],
                ...(order.discountAmount > 0 ? [[`${t("admin.fields.discount")}${order.promoCode ? ` (${order.promoCode})` : ""}`, <AdminMoney key="d" amount={-order.discountAmount} currency={order.currency} />] as [string, JSX.Element]] : []),
                [t("admin.fields.total"), <strong key="t"><AdminMoney amount={order.totalAmount} currency={order.currency} /></strong>],
              ]}
            />
            {data.payments.map((payment) => (
              <div key={payment.id} className="admin-payment">
                <div className="admin-item__head">
                  <h3>{payment.gateway}</h3>
                  <StatusBadge status={payment.status} />
                </div>
                <AdminFacts
                  rows={[
                    [t("admin.fields.authorised"), <AdminMoney key="a" amount={payment.amount} currency={payment.currency} />],
                    [t("admin.fields.captured"), <AdminMoney key="c" amount={payment.capturedAmount} currency={payment.currency} />],
                    [t("admin.fields.refunded"), <AdminMoney key="r" amount={payment.refundedAmount} currency={payment.currency} />],
                    [t("admin.fields.gatewayId"), <code key="g" dir="ltr">{payment.sessionId}</code>],
                    ...(payment.declineCode ? [[t("admin.fields.declineCode"), payment.declineCode] as [string, string]] : []),
                  ]}
                />
              </div>
            ))}
            {data.refunds.length > 0 ? (
              <>
                <h3 className="admin-refunds__title">{t("admin.refunds.title")}</h3>
                <ul className="admin-list admin-refunds" data-testid="order-refunds">
                  {data.refunds.map((refund) => (
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
                          {data.can.refund ? (
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
          </AdminCard>
          <AdminCard id="order-messages" title={t("admin.order.messages")}>
            {messageNotice === "resent" || messageNotice === "failed" ? (
              <p className={`admin-notice admin-notice--${messageNotice === "resent" ? "ok" : "bad"}`} role="status">
                {t(`admin.order.resend.${messageNotice}`)}
              </p>
            ) : null}
            {data.messages.length === 0 ? (
              <AdminEmpty>{t("admin.order.noMessages")}</AdminEmpty>
            ) : (
              <ul className="admin-list admin-messages">
                {data.messages.map((message) => (
                  <li key={message.id} className="admin-messages__entry" data-testid={`message-${message.id}`}>
                    <span>
                      <AdminTime value={message.createdAt} /> · {t(`admin.channels.${message.channel}`)} · {message.subject ?? message.kind} <StatusBadge status={message.status} />
                      {message.error ? <span className="admin-muted">{message.error}</span> : null}
                    </span>
                    {message.resendable && data.canResend ? (
                      <Form method="post" action={`${adminOrderPath(order.reference)}/messages/${message.id}/resend`} className="admin-messages__resend">
                        <button type="submit" className="button button--small button--secondary" aria-label={t("admin.order.resend.label", { subject: message.subject ?? message.kind })}>
                          {t("admin.order.resend.action")}
                        </button>
                      </Form>
                    ) : null}
                  </li>
                ))}
              </ul>
            )}
          </AdminCard>
        </aside>
      </div>
    </>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
