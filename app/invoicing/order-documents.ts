/**
 * What an order's invoice and a refund's credit note say, from the order as the account pages read it
 * (structurally: any value with these fields will do, so this domain imports no other). Pure.
 */
import { convertAmount, currencyExponent, isCurrencyCode, type CurrencyCode } from "#app/lib/money";
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

/**
 * The currency a document of the order is stated in, and its amounts from the order's minor units: the
 * order's own when it has two decimals, as every ZATCA amount has (its VAT then also in SAR, BT-111);
 * else (the three-decimal dinars, the yen) SAR, converted line by line at the store's rate table.
 */
function documentMoney(order: Pick<PaidOrderFacts, "reference" | "currency">): { currency: CurrencyCode; amount: (minor: number) => number } {
  const currency = order.currency;
  if (!isCurrencyCode(currency)) throw new IssueError(`order ${order.reference}: unknown currency ${currency}`);
  if (currencyExponent(currency) === 2) return { currency, amount: (minor) => minor };
  return { currency: "SAR", amount: (minor) => convertAmount(minor, currency, "SAR") };
}

/** Lines in the document's currency, and what they cover of the order's money (`sourceAmount`). */
function inDocumentMoney(order: Pick<PaidOrderFacts, "reference" | "currency">, lines: Array<{ name: string; quantity: number; totalWithVat: number }>) {
  const money = documentMoney(order);
  return {
    currency: money.currency,
    sourceAmount: lines.reduce((total, line) => total + line.totalWithVat, 0),
    lines: lines.map((line) => ({ ...line, totalWithVat: money.amount(line.totalWithVat) })),
  };
}

/** The invoice of a paid order: one line per booking, its price after its share of the discount. */
export function invoiceRequestForOrder(order: PaidOrderFacts): IssueRequest {
  const lines = order.items.map((item) => ({
    name: [item.title, item.optionTitle, item.localDate].filter(Boolean).join(" — "),
    quantity: Math.max(1, item.travellers),
    totalWithVat: item.amount - item.discountShare,
  }));
  const sum = lines.reduce((total, line) => total + line.totalWithVat, 0);
  if (sum !== order.totalAmount) throw new IssueError(`order ${order.reference}: lines add up to ${sum}, the order to ${order.totalAmount}`);
  return { kind: "invoice", sourceKey: `order:${order.id}`, orderId: order.id, paymentMeansCode: paymentMeansCode(order.paidWith), ...inDocumentMoney(order, lines) };
}

/** The credit note of one refund: what goes back, against the order's invoice. */
export function creditNoteRequestForRefund(
  order: PaidOrderFacts,
  refund: { id: string; reason: string; lines: { name: string; totalWithVat: number }[] },
  invoiceId: string,
): IssueRequest {
  const amount = refund.lines.reduce((total, line) => total + line.totalWithVat, 0);
  if (amount <= 0 || amount > order.totalAmount) throw new IssueError(`refund ${refund.id}: ${amount} is not between 1 and the order's ${order.totalAmount}`);
  if (!refund.reason.trim()) throw new IssueError(`refund ${refund.id}: a credit note needs a reason (BR-KSA-17)`);
  return {
    kind: "creditNote",
    sourceKey: `refund:${refund.id}`,
    orderId: order.id,
    invoiceId,
    reason: refund.reason,
    paymentMeansCode: paymentMeansCode(order.paidWith),
    ...inDocumentMoney(order, refund.lines.map((line) => ({ ...line, quantity: 1 }))),
  };
}

/**
 * The debit note for money captured on an order after its invoice was issued (the price difference of
 * a booking moved to a dearer day): `amount` more, against the order's invoice. Keyed by what the
 * order's payments add up to, so the same money is never debited twice and a later charge gets its own.
 */
export function debitNoteRequestForCharge(order: Pick<PaidOrderFacts, "id" | "reference" | "currency" | "paidWith">, charge: { capturedTotal: number; amount: number; reason: string }, invoiceId: string): IssueRequest {
  if (charge.amount <= 0) throw new IssueError(`order ${order.reference}: a debit note needs an amount above 0, not ${charge.amount}`);
  return {
    kind: "debitNote",
    sourceKey: `charge:${order.id}:${charge.capturedTotal}`,
    orderId: order.id,
    invoiceId,
    reason: charge.reason,
    paymentMeansCode: paymentMeansCode(order.paidWith),
    ...inDocumentMoney(order, [{ name: `${charge.reason} — ${order.reference}`, quantity: 1, totalWithVat: charge.amount }]),
  };
}
