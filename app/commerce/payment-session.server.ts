/**
 * Opening a hosted-payment session for an order on the configured gateway: the same description, return
 * page and customer details whether it pays a checkout or a pay-later link; the caller chooses the
 * amount, how it is captured, where a cancelled payment returns (and a paid one, when it is not the
 * order's result page: a move's difference returns to the manage page), and the idempotency key.
 */
import type { LocaleCode } from "#app/lib/locales";
import { checkoutResultPath, localized } from "#app/lib/paths";
import type { CaptureMethod, PaymentSession } from "#app/payments/gateway";
import type { CommerceDeps } from "./order-records.server";

type SessionOrder = { id: string; reference: string; currency: string; email: string; countryCode: string; phone: string; accessToken: string };

export async function openOrderSession(
  deps: Pick<CommerceDeps, "payments" | "env">,
  order: SessionOrder,
  locale: LocaleCode,
  options: { amount: number; captureMethod: CaptureMethod; cancelPath: string; idempotencyKey: string; installments?: boolean; returnPath?: string },
): Promise<{ session: PaymentSession; gateway: string }> {
  const gateway = deps.payments.default;
  const site = deps.env.SITE_URL.replace(/\/$/, "");
  const session = await gateway.createSession({
    orderId: order.id,
    reference: order.reference,
    amount: options.amount,
    currency: order.currency,
    captureMethod: options.captureMethod,
    description: `Rihla ${order.reference}`,
    returnUrl: site + localized(locale, options.returnPath ?? checkoutResultPath("success", { order: order.accessToken })),
    cancelUrl: site + localized(locale, options.cancelPath),
    customerEmail: order.email,
    customerPhone: { countryCode: order.countryCode, number: order.phone },
    locale,
    idempotencyKey: options.idempotencyKey,
    ...(options.installments ? { installments: true } : {}),
  });
  return { session, gateway: gateway.name };
}
