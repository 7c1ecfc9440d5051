/**
 * The console's order page as one value: the order, each booking line with its travellers by name and
 * what was refunded of it, the payments, refunds and messages, the one timeline (commerce's story,
 * staff actions, messages), the pay-later panel and what the staff member may do. The route only
 * wires it to the request; every rule the page shows is decided here.
 */
import { readAnswer } from "#app/booking/questions";
import { isPaymentMethod } from "#app/payments/gateway";
import type { LocaleCode } from "#app/lib/locales";
import { can, type StaffRole } from "#app/staff/roles";
import { loadOrderDossier } from "./back-office.server";
import { autoRejectAt } from "./decide-pending.server";
import { isNotifiedOutcome } from "./notifications/customer-events";
import type { CommerceDeps } from "./order-records.server";
import { loadPayLaterState } from "./pay-later.server";
import { netAmount } from "./pricing";
import { agentRefundAllowance } from "./refunds.server";

export type OrderPageInput = { reference: string; locale: LocaleCode; role: StaffRole };

/** Everything /admin/orders/<reference> shows; null when no order has that reference (or id). */
export async function loadOrderPage(deps: Pick<CommerceDeps, "db" | "env" | "clock">, input: OrderPageInput) {
  const dossier = await loadOrderDossier(deps.db, input.reference, input.locale);
  if (!dossier) return null;
  const { order } = dossier;
  const { role } = input;
  const payLaterState = order.paymentMethod === "pay_later" ? await loadPayLaterState(deps.db, order) : null;
  // What an agent may still refund here (null for an admin): shown beside the refund form.
  const refundAllowance = can(role, "refunds.small") ? await agentRefundAllowance(deps, { orderId: order.id, currency: order.currency, role, now: deps.clock.now() }) : null;
  const refundable = dossier.payments.some((payment) => payment.status === "CAPTURED");
  return {
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
      travellers: item.travellers,
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
      autoRejectAt: item.status === "PENDING" ? autoRejectAt(order.purchasedAt, deps.env.ON_REQUEST_AUTO_REJECT_HOURS) : null,
      cancellation: item.cancellation,
      refunded: item.refunded,
      answers: item.bookingAnswers.map((answer) => readAnswer(answer, input.locale)),
      /** A staff member who may decide sees the decision forms of an undecided on-request booking. */
      decidable: item.status === "PENDING" && !item.decision && can(role, "bookings.decide"),
      /** The refund and cancel forms: for a booked (or cancelled) line, to a staff member who may refund. */
      refundForms: can(role, "refunds.small") && (item.status === "CONFIRMED" || item.status === "CANCELLED"),
      // The refund form's key: submitting the same rendered form twice refunds once.
      refundKey: crypto.randomUUID(),
    })),
    refunds: dossier.refunds.map((refund) => ({
      id: refund.id,
      itemId: refund.orderItemId,
      amount: refund.amount,
      currency: refund.currency,
      state: refund.state,
      reason: refund.reason,
      actor: refund.actor,
      attempts: refund.attempts,
      lastError: refund.lastError,
      nextAttemptAt: refund.nextAttemptAt,
      createdAt: refund.createdAt,
    })),
    payments: dossier.payments.map((payment) => ({
      id: payment.id,
      gateway: payment.gateway,
      sessionId: payment.sessionId,
      status: payment.status,
      captureMethod: payment.captureMethod,
      /** How the customer paid, as the gateway said (null before anyone paid, or for older payments). */
      method: isPaymentMethod(payment.method) ? payment.method : null,
      currency: payment.currency,
      amount: payment.amount,
      capturedAmount: payment.capturedAmount,
      refundedAmount: payment.refundedAmount,
      declineCode: payment.declineCode,
      purpose: payment.purpose,
      createdAt: payment.createdAt,
    })),
    // An email about an outcome can be sent again (rebuilt from the order); WhatsApp templates cannot.
    messages: dossier.messages.map((message) => ({ ...message, resendable: message.channel === "email" && isNotifiedOutcome(message.kind) })),
    timeline: dossier.timeline,
    payLater: payLaterState
      ? {
          reference: order.reference,
          open: order.status === "PAY_LATER",
          currency: order.currency,
          total: order.totalAmount,
          dueAt: payLaterState.dueAt?.toISOString() ?? null,
          paid: payLaterState.paid,
          outstanding: order.status === "PAY_LATER" ? payLaterState.outstanding : 0,
          openLink: order.status === "PAY_LATER" ? payLaterState.openLink : null,
          canCollect: can(role, "payments.collect"),
        }
      : null,
    refundable,
    refundAllowance,
    can: { refund: can(role, "refunds.small"), override: can(role, "policy.override"), resend: can(role, "messages.send") },
  };
}

export type OrderPage = NonNullable<Awaited<ReturnType<typeof loadOrderPage>>>;
