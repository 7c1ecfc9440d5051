/**
 * The periodic pass that keeps the tax documents in step with the money (run on one instance at a
 * time): an invoice for every order paid since the unit was onboarded (in its currency, the VAT also in
 * SAR; in SAR for a currency of three decimals or none), where "covered" is always counted in the
 * order's own money (source_amount), a debit note for money
 * captured on it after its invoice, a credit note for every amount refunded on it and not yet credited,
 * and each document reported to ZATCA, retried with
 * backoff until it is accepted or refused. Every step is found again from the database, so a restart
 * or a crash at any point loses nothing: a document is made once (its source key), and a report whose
 * answer was lost is sent again, which ZATCA answers "already reported".
 */
import { and, asc, eq, gt, gte, inArray, isNull, lte, or, sql } from "drizzle-orm";
import type { Database } from "#app/db/db.server";
import { productTitle } from "#app/db/product-texts";
import { bookingChanges, customerCancellations, orderItems, orderRefunds, orders, payments, products, taxDocumentReports, taxDocuments } from "#app/db/schema";
import { recordAudit, type Actor } from "#app/staff/audit.server";
import type { FatooraClient, ReportOutcome } from "./fatoora.server";
import { issueDocument, IssueError, type IssueDeps, type TaxDocument } from "./issue.server";
import { creditNoteRequestForRefund, debitNoteRequestForCharge, invoiceRequestForOrder, type PaidOrderFacts } from "./order-documents";
import { loadUnit, signingCredentials, unitStatus, type OnboardedUnit } from "./unit-credentials.server";

/** What issuing needs, but the credentials: the pass unseals them from the unit. */
export type InvoicingDeps = Omit<IssueDeps, "credentials"> & {
  /** ZATCA_KEY; null when it is not set (then nothing is issued). */
  key: string | null;
  client: FatooraClient | null;
  batch?: number;
};

export type PassResult = { issued: number; credited: number; debited: number; reported: number; rejected: number; retrying: number; skipped?: string };

const FIRST_RETRY_MS = 30_000;
const LONGEST_RETRY_MS = 60 * 60_000;

/** 30 s, 1 min, 2 min, … up to an hour: well inside the 24 hours ZATCA allows for reporting. */
export function retryDelayMs(attempts: number): number {
  return Math.min(LONGEST_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1));
}

/** What was captured on an order (halalas) and with which method. */
async function capturedOn(db: Database, orderId: string): Promise<{ captured: number; method: string | null }> {
  const rows = await db.select({ captured: payments.capturedAmount, method: payments.method }).from(payments).where(and(eq(payments.orderId, orderId), gt(payments.capturedAmount, 0)));
  return { captured: rows.reduce((sum, row) => sum + row.captured, 0), method: rows[0]?.method ?? null };
}

/**
 * The order as its invoice tells it: the bookings that were charged, after their discount. When the
 * captured amount is not the sum of some natural set of bookings (a capture of part of an order), one
 * line for the order keeps the invoice equal to the money, to the halala.
 */
async function paidOrderFacts(db: Database, order: typeof orders.$inferSelect, captured: number, method: string | null): Promise<PaidOrderFacts> {
  const items = await db.select({ item: orderItems, title: productTitle }).from(orderItems).leftJoin(products, eq(products.id, orderItems.productId)).where(eq(orderItems.orderId, order.id)).orderBy(asc(orderItems.position));
  const lineOf = ({ item, title }: (typeof items)[number]) => ({
    title: (title as Record<string, string> | null)?.en ?? "Experience",
    optionTitle: "",
    localDate: item.localDate,
    travellers: item.units.reduce((sum, unit) => sum + unit.quantity, 0),
    amount: item.amount,
    discountShare: item.discountShare,
  });
  const net = (rows: typeof items) => rows.reduce((sum, row) => sum + row.item.amount - row.item.discountShare, 0);
  const charged = items.filter((row) => row.item.status === "CONFIRMED" || row.item.status === "CANCELLED");
  const chosen = net(items) === captured ? items : net(charged) === captured ? charged : null;
  const lines = chosen ? chosen.map(lineOf) : [{ title: `Booking ${order.reference}`, optionTitle: "", localDate: "", travellers: 1, amount: captured, discountShare: 0 }];
  return { id: order.id, reference: order.reference, currency: order.currency, totalAmount: captured, paidWith: method, items: lines };
}

/** Why money went back on an order, for the credit note (BR-KSA-17): the latest reason recorded. */
async function refundReason(db: Database, orderId: string): Promise<string> {
  const [team] = await db.select({ reason: orderRefunds.reason }).from(orderRefunds).where(eq(orderRefunds.orderId, orderId)).orderBy(sql`${orderRefunds.createdAt} DESC`).limit(1);
  if (team?.reason.trim()) return team.reason.trim();
  const [cancelled] = await db.select({ id: customerCancellations.orderItemId }).from(customerCancellations).where(eq(customerCancellations.orderId, orderId)).limit(1);
  if (cancelled) return "Booking cancelled by the customer";
  const [decided] = await db.select({ reason: orderItems.decisionReason }).from(orderItems).where(and(eq(orderItems.orderId, orderId), sql`${orderItems.decisionReason} IS NOT NULL`)).limit(1);
  return decided?.reason?.trim() || "Booking not confirmed or cancelled; payment returned";
}

/** A refund still on its way to the gateway: its amount may yet be given back, so wait for it. */
async function refundInFlight(db: Database, orderId: string): Promise<boolean> {
  const [item] = await db.select({ id: orderItems.id }).from(orderItems).where(and(eq(orderItems.orderId, orderId), eq(orderItems.refundState, "REFUNDING"))).limit(1);
  const [team] = await db.select({ id: orderRefunds.id }).from(orderRefunds).where(and(eq(orderRefunds.orderId, orderId), eq(orderRefunds.state, "REFUNDING"))).limit(1);
  const [customer] = await db.select({ id: customerCancellations.orderItemId }).from(customerCancellations).where(and(eq(customerCancellations.orderId, orderId), eq(customerCancellations.refundState, "REFUNDING"))).limit(1);
  return Boolean(item || team || customer);
}

/**
 * Issues one document; one a rule refuses (IssueError) is logged and skipped, so it holds back neither
 * the orders after it nor reporting. It is tried again on the next pass.
 */
async function unlessRefused(reference: string, issueIt: () => Promise<TaxDocument>): Promise<TaxDocument | null> {
  try {
    return await issueIt();
  } catch (error) {
    if (!(error instanceof IssueError)) throw error;
    console.error(`[zatca] order ${reference}: no document issued`, error.message);
    return null;
  }
}

async function issueOwedInvoices(deps: InvoicingDeps, issue: IssueDeps, unit: OnboardedUnit, limit: number): Promise<number> {
  const owed = await deps.db
    .select()
    .from(orders)
    .where(
      and(
        gte(orders.purchasedAt, unit.activeFrom),
        sql`EXISTS (SELECT 1 FROM ${payments} WHERE ${payments.orderId} = ${orders.id} AND ${payments.capturedAmount} > 0)`,
        sql`NOT EXISTS (SELECT 1 FROM ${taxDocuments} WHERE ${taxDocuments.sourceKey} = 'order:' || ${orders.id})`,
      ),
    )
    .orderBy(asc(orders.purchasedAt))
    .limit(limit);
  let issued = 0;
  for (const order of owed) {
    const money = await capturedOn(deps.db, order.id);
    const made = await unlessRefused(order.reference, async () => issueDocument(issue, invoiceRequestForOrder(await paidOrderFacts(deps.db, order, money.captured, money.method))));
    if (made) issued += 1;
  }
  return issued;
}

/** What an invoice's debit notes added to it (halalas). */
const debitedOn = sql<number>`(SELECT COALESCE(SUM(debit.source_amount), 0) FROM ${taxDocuments} debit WHERE debit.invoice_id = ${taxDocuments.id} AND debit.kind = 'debitNote')::int`;

/** Why more was charged on an invoiced order, for the debit note (BR-KSA-17). */
async function chargeReason(db: Database, orderId: string): Promise<string> {
  const [moved] = await db.select({ id: bookingChanges.id }).from(bookingChanges).where(and(eq(bookingChanges.orderId, orderId), eq(bookingChanges.status, "APPLIED"))).limit(1);
  return moved ? "Booking moved to a dearer date" : "Further payment on the order";
}

/**
 * A debit note for money captured on an order after its invoice was issued (a paid move's difference,
 * a later payment of a pay-later order): the order's payments add up to more than its invoice and its
 * debit notes, so one more note charges the rest, once per captured total.
 */
async function issueOwedDebitNotes(deps: InvoicingDeps, issue: IssueDeps, limit: number): Promise<number> {
  const captured = sql<number>`(SELECT COALESCE(SUM(${payments.capturedAmount}), 0) FROM ${payments} WHERE ${payments.orderId} = ${orders.id})::int`;
  const paidWith = sql<string | null>`(SELECT ${payments.method} FROM ${payments} WHERE ${payments.orderId} = ${orders.id} AND ${payments.capturedAmount} > 0 ORDER BY ${payments.createdAt} DESC LIMIT 1)`;
  const owing = await deps.db
    .select({ invoice: taxDocuments, order: orders, captured, debited: debitedOn, paidWith })
    .from(taxDocuments)
    .innerJoin(orders, eq(orders.id, taxDocuments.orderId))
    .where(and(eq(taxDocuments.kind, "invoice"), sql`${captured} > ${taxDocuments.sourceAmount} + ${debitedOn}`))
    .limit(limit);
  let issued = 0;
  for (const { invoice, order, captured: total, debited, paidWith: method } of owing) {
    const amount = total - invoice.sourceAmount - debited;
    const charge = { capturedTotal: total, amount, reason: await chargeReason(deps.db, order.id) };
    if (await unlessRefused(order.reference, () => issueDocument(issue, debitNoteRequestForCharge({ ...order, paidWith: method }, charge, invoice.id)))) issued += 1;
  }
  return issued;
}

async function issueOwedCreditNotes(deps: InvoicingDeps, issue: IssueDeps, limit: number): Promise<number> {
  const refunded = sql<number>`(SELECT COALESCE(SUM(${payments.refundedAmount}), 0) FROM ${payments} WHERE ${payments.orderId} = ${orders.id} AND ${payments.capturedAmount} > 0)::int`;
  const credited = sql<number>`(SELECT COALESCE(SUM(credit.source_amount), 0) FROM ${taxDocuments} credit WHERE credit.invoice_id = ${taxDocuments.id} AND credit.kind = 'creditNote')::int`;
  const paidWith = sql<string | null>`(SELECT ${payments.method} FROM ${payments} WHERE ${payments.orderId} = ${orders.id} AND ${payments.capturedAmount} > 0 LIMIT 1)`;
  const owing = await deps.db
    .select({ invoice: taxDocuments, order: orders, refunded, credited, debited: debitedOn, paidWith })
    .from(taxDocuments)
    .innerJoin(orders, eq(orders.id, taxDocuments.orderId))
    .where(and(eq(taxDocuments.kind, "invoice"), sql`${refunded} > ${credited}`))
    .limit(limit);
  let issued = 0;
  for (const { invoice, order, ...money } of owing) {
    if (await refundInFlight(deps.db, order.id)) continue;
    // Never more back than the invoice and its debit notes charged.
    const owed = Math.min(money.refunded, invoice.sourceAmount + money.debited) - money.credited;
    if (owed <= 0) continue;
    // A credit note names the invoice and the amount, not the bookings: the order's facts without its lines.
    const facts: PaidOrderFacts = { id: order.id, reference: order.reference, currency: order.currency, totalAmount: invoice.sourceAmount + money.debited, paidWith: money.paidWith, items: [] };
    const reason = await refundReason(deps.db, order.id);
    // The key is the refunded total it brings the credit up to: each further refund is one more note, once.
    const refund = { id: `${order.id}:${money.credited + owed}`, reason, lines: [{ name: `Refund — ${order.reference}`, totalWithVat: owed }] };
    if (await unlessRefused(order.reference, () => issueDocument(issue, creditNoteRequestForRefund(facts, refund, invoice.id)))) issued += 1;
  }
  return issued;
}

async function reportDue(deps: InvoicingDeps, unit: OnboardedUnit, limit: number): Promise<Pick<PassResult, "reported" | "rejected" | "retrying">> {
  const result = { reported: 0, rejected: 0, retrying: 0 };
  if (!deps.client) return result;
  const now = deps.now();
  const due = await deps.db
    .select({ report: taxDocumentReports, document: taxDocuments })
    .from(taxDocumentReports)
    .innerJoin(taxDocuments, eq(taxDocuments.id, taxDocumentReports.documentId))
    .where(and(eq(taxDocumentReports.status, "PENDING"), eq(taxDocuments.unit, unit.unit), or(isNull(taxDocumentReports.nextAttemptAt), lte(taxDocumentReports.nextAttemptAt, now))))
    .orderBy(asc(taxDocuments.counter))
    .limit(limit);
  for (const { report, document } of due) {
    // Claimed before sending: a crash after the send waits for the next attempt rather than looping.
    const attempts = report.attempts + 1;
    const claimed = await deps.db
      .update(taxDocumentReports)
      .set({ attempts, nextAttemptAt: new Date(now.getTime() + retryDelayMs(attempts)), updatedAt: now })
      .where(and(eq(taxDocumentReports.documentId, document.id), eq(taxDocumentReports.attempts, report.attempts), eq(taxDocumentReports.status, "PENDING")))
      .returning({ id: taxDocumentReports.documentId });
    if (claimed.length === 0) continue;
    const outcome = await deps.client.report(unit.secrets.production, { invoiceHash: document.invoiceHash, uuid: document.uuid, xml: document.xml });
    await recordOutcome(deps.db, document, outcome, deps.now());
    result[outcome.kind === "reported" ? "reported" : outcome.kind === "rejected" ? "rejected" : "retrying"] += 1;
  }
  return result;
}

async function recordOutcome(db: Database, document: TaxDocument, outcome: ReportOutcome, now: Date): Promise<void> {
  const response = outcome.kind === "retry" ? { httpStatus: outcome.httpStatus, detail: outcome.detail } : { httpStatus: outcome.httpStatus, validationResults: outcome.results };
  const status = outcome.kind === "reported" ? "REPORTED" : outcome.kind === "rejected" ? "REJECTED" : "PENDING";
  await db
    .update(taxDocumentReports)
    .set({ status, response, reportedAt: outcome.kind === "reported" ? now : null, updatedAt: now })
    .where(eq(taxDocumentReports.documentId, document.id));
}

/** One pass: issue what is owed, then report what is due. Nothing happens before the unit is onboarded. */
export async function runInvoicingPass(deps: InvoicingDeps): Promise<PassResult> {
  const none: PassResult = { issued: 0, credited: 0, debited: 0, reported: 0, rejected: 0, retrying: 0 };
  if (!deps.key) return { ...none, skipped: "ZATCA_KEY is not set" };
  const unit = await loadUnit(deps.db, deps.key, deps.unit);
  if (!unit) return { ...none, skipped: `unit ${deps.unit} is not onboarded` };
  const issue: IssueDeps = { db: deps.db, now: deps.now, seller: deps.seller, unit: deps.unit, vatRatePercent: deps.vatRatePercent, credentials: async () => signingCredentials(unit) };
  const limit = deps.batch ?? 50;
  const issued = await issueOwedInvoices(deps, issue, unit, limit);
  // Debits before credits: a refund of the moved booking may take back what the debit note charged.
  const debited = await issueOwedDebitNotes(deps, issue, limit);
  const credited = await issueOwedCreditNotes(deps, issue, limit);
  return { issued, credited, debited, ...(await reportDue(deps, unit, limit)) };
}

/** The console's page: the unit (never its secrets), counts, and the documents ZATCA has not accepted yet, oldest first. */
export async function invoicingOverview(db: Database, unitName: string, limit = 100) {
  const unit = await unitStatus(db, unitName);
  const [counts] = await db
    .select({
      issued: sql<number>`count(*)::int`,
      reported: sql<number>`count(*) FILTER (WHERE ${taxDocumentReports.status} = 'REPORTED')::int`,
      waiting: sql<number>`count(*) FILTER (WHERE ${taxDocumentReports.status} = 'PENDING')::int`,
      rejected: sql<number>`count(*) FILTER (WHERE ${taxDocumentReports.status} = 'REJECTED')::int`,
    })
    .from(taxDocumentReports);
  const queue = await db
    .select({ id: taxDocuments.id, number: taxDocuments.number, kind: taxDocuments.kind, orderReference: orders.reference, issuedAt: taxDocuments.issuedAt, currency: taxDocuments.currency, payableAmount: taxDocuments.payableAmount, status: taxDocumentReports.status, attempts: taxDocumentReports.attempts, nextAttemptAt: taxDocumentReports.nextAttemptAt, response: taxDocumentReports.response })
    .from(taxDocumentReports)
    .innerJoin(taxDocuments, eq(taxDocuments.id, taxDocumentReports.documentId))
    .leftJoin(orders, eq(orders.id, taxDocuments.orderId))
    .where(inArray(taxDocumentReports.status, ["PENDING", "REJECTED"]))
    .orderBy(asc(taxDocuments.issuedAt))
    .limit(limit);
  return { unit, counts: counts ?? { issued: 0, reported: 0, waiting: 0, rejected: 0 }, queue };
}

/**
 * The console's retry: report it on the next pass (a refused document after it was corrected at ZATCA's
 * side, or a long outage), audited as `actor`'s. False when the document is not waiting to be reported.
 */
export async function retryReport(db: Database, documentId: string, actor: Actor, now: Date): Promise<boolean> {
  const moved = await db.update(taxDocumentReports).set({ status: "PENDING", nextAttemptAt: now, updatedAt: now }).where(and(eq(taxDocumentReports.documentId, documentId), inArray(taxDocumentReports.status, ["PENDING", "REJECTED"]))).returning({ id: taxDocumentReports.documentId });
  if (moved.length === 0) return false;
  await recordAudit(db, actor, { action: "zatca.report_retried", subjectType: "tax_document", subjectId: documentId }, now);
  return true;
}
