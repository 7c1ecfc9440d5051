/**
 * Telling the customer about an order: one email per outcome through sendMail, and a WhatsApp
 * message through a notifier interface (the default only logs; a provider adapter plugs in here).
 *
 * notifyOrder builds the notice from a stored order; notifyOrderOutcome words and sends it.
 */
import { getFixedT } from "#app/i18n/i18n.server";
import { getLocale, isLocaleCode, type LocaleCode } from "#app/i18n/locales";
import type { Database } from "#app/db/db.server";
import type { Env } from "#app/lib/env.server";
import type { Mailer } from "#app/lib/mailer.server";
import { isCurrencyCode } from "#app/lib/money";
import { formatLocalDate, formatMoney } from "#app/i18n/format";
import { localized } from "#app/lib/paths";
import { loadProducts } from "./cart.server";
import { getOrderItems, resultPath, type OrderRow } from "./order-records.server";

export interface WhatsAppNotifier {
  send(to: string, text: string): Promise<void>;
}

/** Logs instead of sending: no WhatsApp provider is configured. Logs no phone number in full. */
export const loggingWhatsAppNotifier: WhatsAppNotifier = {
  async send(to, text) {
    console.info(`[whatsapp] to …${to.slice(-3)}: ${text.slice(0, 80)}`);
  },
};

/** What telling a customer needs: the site's origin, the mailer and the WhatsApp notifier. */
export type NotifyDeps = { env: Pick<Env, "SITE_URL">; mailer: Mailer; whatsapp: WhatsAppNotifier };

export type NotifiedOutcome = "CONFIRMED" | "PARTIALLY_CONFIRMED" | "ON_HOLD" | "PAY_LATER" | "PAYMENT_FAILED" | "BOOKING_FAILED";

export interface OrderNotice {
  outcome: NotifiedOutcome;
  reference: string;
  locale: string;
  email: string;
  phone: string;
  firstName: string;
  total: number;
  currency: string;
  accessUrlPath: string;
  items: Array<{ title: string; localDate: string; status: string }>;
}

export async function notifyOrderOutcome(deps: NotifyDeps, notice: OrderNotice): Promise<void> {
  const locale = isLocaleCode(notice.locale) ? notice.locale : "en";
  const t = getFixedT(locale);
  const key = `booking.email.${notice.outcome}`;
  const total = isCurrencyCode(notice.currency) ? formatMoney(locale, notice.total, notice.currency) : `${notice.total} ${notice.currency}`;
  const link = `${deps.env.SITE_URL}${localized(locale, notice.accessUrlPath)}`;
  const lines = notice.items.map((item) => `- ${item.title} (${formatLocalDate(locale, item.localDate, "short")}): ${t(`booking.itemStatus.${item.status}`)}`);
  const text = [
    t("booking.email.greeting", { name: notice.firstName }),
    "",
    t(`${key}.body`, { reference: notice.reference }),
    "",
    ...lines,
    "",
    t("booking.email.total", { total }),
    t("booking.email.link", { link }),
  ].join("\n");
  await deps.mailer.send({ to: notice.email, subject: t(`${key}.subject`, { reference: notice.reference }), text });
  if (notice.outcome === "ON_HOLD" || notice.outcome === "PAY_LATER" || notice.outcome === "CONFIRMED") {
    await deps.whatsapp.send(notice.phone, t(`${key}.subject`, { reference: notice.reference })).catch((error: unknown) => console.error("[whatsapp]", error));
  }
}

/** Tells the customer of an order's outcome, listing each item under its title in the order's language. */
export async function notifyOrder(deps: NotifyDeps & { db: Database }, order: OrderRow, outcome: NotifiedOutcome): Promise<void> {
  const items = await getOrderItems(deps.db, order.id);
  const products = await loadProducts(deps.db, items.map((item) => item.productId));
  const locale = order.locale as LocaleCode;
  await notifyOrderOutcome(deps, {
    outcome,
    reference: order.reference,
    locale: order.locale,
    email: order.email,
    phone: `${order.countryCode}${order.phone}`,
    firstName: order.firstName,
    total: order.totalAmount,
    currency: order.currency,
    accessUrlPath: resultPath({ status: outcome, accessToken: order.accessToken }),
    items: items.map((item) => ({ title: products.get(item.productId)?.title[locale] ?? item.productId, localDate: item.localDate, status: item.status })),
  });
}
