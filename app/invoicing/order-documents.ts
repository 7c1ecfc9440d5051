/**
 * What an order's invoice and a refund's credit note say, from the order as the account pages read it
 * (structurally: any value with these fields will do, so this domain imports no other). Pure.
 */
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

function requireSar(order: Pick<PaidOrderFacts, "reference" | "currency">): void {
  // Another currency needs the VAT in SAR beside it (BT-111); not built yet, so refuse rather than guess.
  if (order.currency !== "SAR") throw new IssueError(`order ${order.reference}: tax documents are issued in SAR, not ${order.currency}`);
}

/** The invoice of a paid order: one line per booking, its price after its share of the discount. */
export function invoiceRequestForOrder(order: PaidOrderFacts): IssueRequest {
  requireSar(order);
  const lines = order.items.map((item) => ({
    name: [item.title, item.optionTitle, item.localDate].filter(Boolean).join(" — "),
    quantity: Math.max(1, item.travellers),
    totalWithVat: item.amount - item.discountShare,
  }));
  const sum = lines.reduce((total, line) => total + line.totalWithVat, 0);
  if (sum !== order.totalAmount) throw new IssueError(`order ${order.reference}: lines add up to ${sum}, the order to ${order.totalAmount}`);
  return { kind: "invoice", sourceKey: `order:${order.id}`, orderId: order.id, paymentMeansCode: paymentMeansCode(order.paidWith), lines };
}

/** The credit note of one refund: what goes back, against the order's invoice. */
export function creditNoteRequestForRefund(
  order: PaidOrderFacts,
  refund: { id: string; reason: string; lines: { name: string; totalWithVat: number }[] },
  invoiceId: string,
): IssueRequest {
  requireSar(order);
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
    lines: refund.lines.map((line) => ({ ...line, quantity: 1 })),
  };
}

/**
 * The debit note for money captured on an order after its invoice was issued (the price difference of
 * a booking moved to a dearer day): `amount` more, against the order's invoice. Keyed by what the
 * order's payments add up to, so the same money is never debited twice and a later charge gets its own.
 */
export function debitNoteRequestForCharge(order: Pick<PaidOrderFacts, "id" | "reference" | "currency" | "paidWith">, charge: { capturedTotal: number; amount: number; reason: string }, invoiceId: string): IssueRequest {
  requireSar(order);
  if (charge.amount <= 0) throw new IssueError(`order ${order.reference}: a debit note needs an amount above 0, not ${charge.amount}`);
  return {
    kind: "debitNote",
    sourceKey: `charge:${order.id}:${charge.capturedTotal}`,
    orderId: order.id,
    invoiceId,
    reason: charge.reason,
    paymentMeansCode: paymentMeansCode(order.paidWith),
    lines: [{ name: `${charge.reason} — ${order.reference}`, quantity: 1, totalWithVat: charge.amount }],
  };
}
