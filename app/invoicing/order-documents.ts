/**
 * What an order's invoice and a refund's credit note say, from the order as the account pages read it
 * (structurally: any value with these fields will do, so this domain imports no other). Pure.
 */
import { CURRENCIES, currencyExponent, isCurrencyCode, type CurrencyCode } from "#app/lib/money";
import { IssueError, type IssueRequest } from "./issue.server";

export type PaidOrderFacts = {
  id: string;
  reference: string;
  currency: string;
  /** Halalas paid, VAT included, after discounts. */
  totalAmount: number;
  paidWith: string | null;
  items: { title: string; optionTitle: string; localDate: string; travellers: number; amount: number; discountShare: number }[];
};

/** UNTDID 4461: 48 bank card (mada, Visa, Mastercard, a card in Apple Pay), 68 online payment service, 1 not defined. */
export function paymentMeansCode(paidWith: string | null): string {
  if (paidWith === null) return "1";
  if (paidWith === "stcpay" || paidWith === "tabby") return "68";
  return "48";
}

/** The currencies a document can be in: two decimals, as every ZATCA amount has (three-decimal dinars are not). */
export const DOCUMENT_CURRENCIES = CURRENCIES.filter((currency) => currencyExponent(currency) === 2);

/** The order's currency, when a document can state it (its VAT then also in SAR, BT-111). */
function documentCurrency(order: Pick<PaidOrderFacts, "reference" | "currency">): CurrencyCode {
  const currency = order.currency;
  if (!isCurrencyCode(currency) || !DOCUMENT_CURRENCIES.includes(currency)) throw new IssueError(`order ${order.reference}: no tax document in ${currency} (ZATCA amounts have two decimals)`);
  return currency;
}

/** The invoice of a paid order: one line per booking, its price after its share of the discount. */
export function invoiceRequestForOrder(order: PaidOrderFacts): IssueRequest {
  const currency = documentCurrency(order);
  const lines = order.items.map((item) => ({
    name: [item.title, item.optionTitle, item.localDate].filter(Boolean).join(" — "),
    quantity: Math.max(1, item.travellers),
    totalWithVat: item.amount - item.discountShare,
  }));
  const sum = lines.reduce((total, line) => total + line.totalWithVat, 0);
  if (sum !== order.totalAmount) throw new IssueError(`order ${order.reference}: lines add up to ${sum}, the order to ${order.totalAmount}`);
  return { kind: "invoice", sourceKey: `order:${order.id}`, orderId: order.id, currency, paymentMeansCode: paymentMeansCode(order.paidWith), lines };
}

/** The credit note of one refund: what goes back, against the order's invoice. */
export function creditNoteRequestForRefund(
  order: PaidOrderFacts,
  refund: { id: string; reason: string; lines: { name: string; totalWithVat: number }[] },
  invoiceId: string,
): IssueRequest {
  const currency = documentCurrency(order);
  const amount = refund.lines.reduce((total, line) => total + line.totalWithVat, 0);
  if (amount <= 0 || amount > order.totalAmount) throw new IssueError(`refund ${refund.id}: ${amount} is not between 1 and the order's ${order.totalAmount}`);
  if (!refund.reason.trim()) throw new IssueError(`refund ${refund.id}: a credit note needs a reason (BR-KSA-17)`);
  return {
    kind: "creditNote",
    sourceKey: `refund:${refund.id}`,
    orderId: order.id,
    currency,
    invoiceId,
    reason: refund.reason,
    paymentMeansCode: paymentMeansCode(order.paidWith),
    lines: refund.lines.map((line) => ({ ...line, quantity: 1 })),
  };
}

/**
 * The debit note for money captured on an order after its invoice was issued (the price difference of
 * a booking moved to a dearer day): `amount` more, against the order's invoice. Keyed by what the
 * order's payments add up to, so the same money is never debited twice and a later charge gets its own.
 */
export function debitNoteRequestForCharge(order: Pick<PaidOrderFacts, "id" | "reference" | "currency" | "paidWith">, charge: { capturedTotal: number; amount: number; reason: string }, invoiceId: string): IssueRequest {
  const currency = documentCurrency(order);
  if (charge.amount <= 0) throw new IssueError(`order ${order.reference}: a debit note needs an amount above 0, not ${charge.amount}`);
  return {
    kind: "debitNote",
    sourceKey: `charge:${order.id}:${charge.capturedTotal}`,
    orderId: order.id,
    currency,
    invoiceId,
    reason: charge.reason,
    paymentMeansCode: paymentMeansCode(order.paidWith),
    lines: [{ name: `${charge.reason} — ${order.reference}`, quantity: 1, totalWithVat: charge.amount }],
  };
}
