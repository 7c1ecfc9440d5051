/**
 * Tax documents follow the money end to end: a booking paid by card through the sandbox gateway gets a
 * stamped, chained invoice reported to a local fake of ZATCA's Fatoora API (onboarded through the same
 * fake); a refund gets a credit note chained after it; an outage, a lost answer and a restart lose
 * nothing and report nothing twice; two instances never issue the same counter.
 */
import { convertAmount } from "#app/lib/money";
import { randomUUID } from "node:crypto";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refundItem } from "#app/commerce/refunds.server";
import { auditLog, bookingChanges, orders, payments, taxDocumentReports, taxDocuments, zatcaUnits } from "#app/db/schema";
import { capturedCardOrder, createCardTestContext, pickProduct, type CardTestContext, type TestProduct } from "#app/testing/commerce-fixtures.server";
import { startFakeFatoora, type FakeFatoora } from "#app/testing/fake-fatoora.server";
import { sampleSeller } from "#app/testing/invoicing-fixtures.server";
import { FatooraClient } from "./fatoora.server";
import { invoicingOverview, retryDelayMs, retryReport, runInvoicingPass, type InvoicingDeps } from "./invoicing-pass.server";
import { onboardUnit, OnboardingError } from "./onboarding.server";
import { qrOfDocument } from "./order-tax-documents.server";
import { decodeQr } from "./qr";
import { checkStamp } from "./stamp";
import { validateDocument } from "./validate";
import { loadUnit } from "./unit-credentials.server";
import { UnsealError } from "#app/lib/sealed-box.server";

const KEY = "a-test-zatca-key-of-32-characters-or-more";
let card: CardTestContext;
let fatoora: FakeFatoora;
let product: TestProduct;
let day = 20;
let deps: InvoicingDeps;

beforeAll(async () => {
  card = await createCardTestContext();
  fatoora = await startFakeFatoora({ now: () => card.ctx.clock.now() });
  product = await pickProduct(card.ctx, { instant: true, refundable: true });
  const client = new FatooraClient(fatoora.origin);
  deps = { db: card.ctx.db, now: () => card.ctx.clock.now(), seller: sampleSeller, unit: "web-1", vatRatePercent: 15, key: KEY, client };
});
afterAll(async () => {
  await fatoora?.close();
  await card?.ctx.stop();
});

const documentsOf = (orderId: string) => card.ctx.db.select().from(taxDocuments).where(eq(taxDocuments.orderId, orderId)).orderBy(asc(taxDocuments.counter));
const reportOf = async (documentId: string) => (await card.ctx.db.select().from(taxDocumentReports).where(eq(taxDocumentReports.documentId, documentId)))[0]!;
const qrOf = (xml: string) => decodeQr(qrOfDocument(xml)!);
/** The clock moved past every retry's wait. */
const later = () => card.ctx.setNow(new Date(card.ctx.clock.now().getTime() + retryDelayMs(10) + 1000));

describe("onboarding", () => {
  it("a wrong one-time code keeps nothing; before onboarding no document is issued", async () => {
    await expect(onboardUnit({ ...deps, client: deps.client!, key: KEY, now: deps.now(), environment: "simulation", otp: "654321", branch: "Riyadh", businessCategory: "Travel" })).rejects.toThrow(OnboardingError);
    expect(await loadUnit(card.ctx.db, KEY, "web-1")).toBeNull();
    expect(await runInvoicingPass(deps)).toMatchObject({ issued: 0, skipped: "unit web-1 is not onboarded" });
  });

  it("makes a key and CSR, passes the compliance checks and keeps the production CSID sealed", async () => {
    const unit = await onboardUnit({ ...deps, client: deps.client!, key: KEY, now: deps.now(), environment: "simulation", otp: fatoora.otp, branch: "Riyadh", businessCategory: "Travel", activeFrom: new Date(Date.now() - 3_600_000) });
    // (Orders are stamped with the database's clock, the documents with the test's fixed one.)
    // An invoice, a credit note and a debit note: each type the unit will send.
    expect(fatoora.complianceChecks).toBe(3);
    expect(unit.certificateExpiresAt.getTime()).toBeGreaterThan(deps.now().getTime() + 300 * 86_400_000);
    const [row] = await card.ctx.db.select().from(zatcaUnits).where(eq(zatcaUnits.unit, "web-1"));
    expect(row!.sealed).not.toContain("PRIVATE KEY");
    expect(Buffer.from(row!.sealed, "base64").toString("latin1")).not.toContain("PRIVATE KEY");
    await expect(loadUnit(card.ctx.db, "another-key-that-is-32-characters-long", "web-1")).rejects.toThrow(UnsealError);
  });
});

describe("documents follow the money", () => {
  it("a booking paid by card gets a valid invoice reported to ZATCA; a refund a credit note chained after it", async () => {
    const paid = await capturedCardOrder(card, product, { daysAhead: day++, adults: 2 });
    expect(await runInvoicingPass(deps)).toMatchObject({ issued: 1, reported: 1 });
    const [invoice] = await documentsOf(paid.orderId);
    expect(invoice).toMatchObject({ kind: "invoice", payableAmount: paid.captured });
    expect(checkStamp(invoice!.xml).filter((check) => !check.ok)).toEqual([]);
    expect(validateDocument(invoice!.xml, { now: deps.now() }).filter((rule) => !rule.ok)).toEqual([]);
    const qr = qrOf(invoice!.xml);
    expect(qr).toMatchObject({ sellerName: sampleSeller.name, vatNumber: sampleSeller.vatNumber, invoiceHash: invoice!.invoiceHash });
    expect(await reportOf(invoice!.id)).toMatchObject({ status: "REPORTED", attempts: 1 });
    expect(fatoora.reports.get(invoice!.uuid)).toMatchObject({ sent: 1, accepted: 1 });

    const half = Math.floor(paid.captured / 2);
    const refunded = await refundItem(card.ctx, { orderId: paid.orderId, itemId: paid.item.id, amount: half, idempotencyKey: randomUUID(), reason: "Guest fell ill", actor: { id: null, email: "admin@rihla.test" }, role: "admin" });
    expect(refunded.ok).toBe(true);
    expect(await runInvoicingPass(deps)).toMatchObject({ issued: 0, credited: 1, reported: 1 });
    const [, creditNote] = await documentsOf(paid.orderId);
    expect(creditNote).toMatchObject({ kind: "creditNote", invoiceId: invoice!.id, payableAmount: half, counter: invoice!.counter + 1, previousHash: invoice!.invoiceHash });
    expect(creditNote!.xml).toContain("Guest fell ill");
    expect(validateDocument(creditNote!.xml, { now: deps.now() }).filter((rule) => !rule.ok)).toEqual([]);
    // Nothing more is owed: another pass issues and reports nothing.
    expect(await runInvoicingPass(deps)).toMatchObject({ issued: 0, credited: 0, reported: 0 });
  });

  it("a booking moved to a dearer date after its invoice: the difference paid gets a debit note against the invoice, once", async () => {
    const paid = await capturedCardOrder(card, product, { daysAhead: day++ });
    expect(await runInvoicingPass(deps)).toMatchObject({ issued: 1 });
    const [invoice] = await documentsOf(paid.orderId);
    // The guest paid 75 SAR more to move it (manage my booking writes the move and its CHANGE payment).
    const changeId = randomUUID();
    const now = card.ctx.clock.now();
    await card.ctx.db.insert(bookingChanges).values({ id: changeId, orderId: paid.orderId, orderItemId: paid.item.id, fromAvailabilityId: paid.item.availabilityId, toAvailabilityId: paid.item.availabilityId, currency: "SAR", difference: 7_500, status: "APPLIED", gateway: "sandbox", gatewaySessionId: `sbx_move_${changeId}`, createdAt: now, updatedAt: now });
    await card.ctx.db.insert(payments).values({ id: randomUUID(), orderId: paid.orderId, gateway: "sandbox", sessionId: `sbx_move_${changeId}`, redirectUrl: "", captureMethod: "automatic", status: "CAPTURED", currency: "SAR", amount: 7_500, capturedAmount: 7_500, method: "mada", purpose: "CHANGE" });
    expect(await runInvoicingPass(deps)).toMatchObject({ issued: 0, debited: 1, credited: 0 });
    const [, debitNote] = await documentsOf(paid.orderId);
    expect(debitNote).toMatchObject({ kind: "debitNote", invoiceId: invoice!.id, payableAmount: 7_500, counter: invoice!.counter + 1, previousHash: invoice!.invoiceHash });
    expect(debitNote!.number).toMatch(/^DBN-web-1-/);
    expect(debitNote!.xml).toContain(">383</cbc:InvoiceTypeCode>");
    expect(debitNote!.xml).toContain(`<cbc:ID>${invoice!.number}</cbc:ID>`);
    expect(debitNote!.xml).toContain("Booking moved to a dearer date");
    expect(validateDocument(debitNote!.xml, { now: deps.now() }).filter((rule) => !rule.ok)).toEqual([]);
    expect(checkStamp(debitNote!.xml).filter((check) => !check.ok)).toEqual([]);
    expect(await runInvoicingPass(deps)).toMatchObject({ debited: 0 });
    // A full refund afterwards credits what the invoice and the debit note charged together.
    const refunded = await refundItem(card.ctx, { orderId: paid.orderId, itemId: paid.item.id, amount: paid.captured, idempotencyKey: randomUUID(), reason: "Guest cancelled", actor: { id: null, email: "admin@rihla.test" }, role: "admin" });
    expect(refunded.ok).toBe(true);
    expect(await runInvoicingPass(deps)).toMatchObject({ credited: 1 });
    const notes = (await documentsOf(paid.orderId)).filter((document) => document.kind === "creditNote");
    expect(notes.map((note) => note.payableAmount)).toEqual([paid.captured]);
  });

  it("an order in US dollars gets an invoice in dollars that states its VAT in SAR too (BT-111); one in dinars one in riyals", async () => {
    const paid = await capturedCardOrder(card, product, { daysAhead: day++ });
    // As if the guest had paid in dollars (the cart's currency): the same cents, another currency.
    await card.ctx.db.update(orders).set({ currency: "USD" }).where(eq(orders.id, paid.orderId));
    await card.ctx.db.update(payments).set({ currency: "USD" }).where(eq(payments.orderId, paid.orderId));
    const dinars = await capturedCardOrder(card, product, { daysAhead: day++ });
    await card.ctx.db.update(orders).set({ currency: "BHD" }).where(eq(orders.id, dinars.orderId));
    expect(await runInvoicingPass(deps)).toMatchObject({ issued: 2 });
    const [invoice] = await documentsOf(paid.orderId);
    expect(invoice).toMatchObject({ kind: "invoice", payableAmount: paid.captured });
    expect(invoice!.xml).toContain("<cbc:DocumentCurrencyCode>USD</cbc:DocumentCurrencyCode>");
    expect(invoice!.xml).toContain("<cbc:TaxCurrencyCode>SAR</cbc:TaxCurrencyCode>");
    const vatInUsd = paid.captured - Math.round((paid.captured * 100) / 115);
    const sarVat = /<cbc:TaxAmount currencyID="SAR">([\d.]+)<\/cbc:TaxAmount>/.exec(invoice!.xml)?.[1];
    // The riyal is pegged at 3.75 to the dollar: the VAT in SAR is the dollars' times 3.75, to the halala.
    expect(Math.abs(Number(sarVat) * 100 - vatInUsd * 3.75)).toBeLessThanOrEqual(1);
    expect(qrOf(invoice!.xml).vatTotal).toBe(sarVat);
    expect(validateDocument(invoice!.xml, { now: deps.now() }).filter((rule) => !rule.ok)).toEqual([]);
    // Bahraini dinars have three decimals, a ZATCA amount two: the invoice is in riyals at the rate table,
    // and covers the fils captured, so nothing more is owed on the next pass.
    const [inRiyals] = await documentsOf(dinars.orderId);
    expect(inRiyals).toMatchObject({ kind: "invoice", currency: "SAR", sourceAmount: dinars.captured, payableAmount: convertAmount(dinars.captured, "BHD", "SAR") });
    expect(inRiyals!.xml).toContain("<cbc:DocumentCurrencyCode>SAR</cbc:DocumentCurrencyCode>");
    expect(validateDocument(inRiyals!.xml, { now: deps.now() }).filter((rule) => !rule.ok)).toEqual([]);
    expect(await runInvoicingPass(deps)).toMatchObject({ issued: 0, debited: 0, credited: 0 });
  });

  it("ZATCA down: the report waits and is retried with backoff; then accepted once", async () => {
    const paid = await capturedCardOrder(card, product, { daysAhead: day++ });
    fatoora.failNext = 1;
    expect(await runInvoicingPass(deps)).toMatchObject({ issued: 1, retrying: 1 });
    const [invoice] = await documentsOf(paid.orderId);
    expect(await reportOf(invoice!.id)).toMatchObject({ status: "PENDING", attempts: 1, response: { httpStatus: 503 } });
    expect((await invoicingOverview(card.ctx.db, "web-1")).queue.map((document) => document.id)).toContain(invoice!.id);
    // Not before its time.
    expect(await runInvoicingPass(deps)).toMatchObject({ reported: 0 });
    later();
    expect(await runInvoicingPass(deps)).toMatchObject({ reported: 1 });
    expect(await reportOf(invoice!.id)).toMatchObject({ status: "REPORTED", attempts: 2 });
    expect(fatoora.reports.get(invoice!.uuid)).toMatchObject({ accepted: 1 });
  });

  it("an answer lost mid-report (a crash): the next pass sends again and ZATCA keeps it once", async () => {
    const paid = await capturedCardOrder(card, product, { daysAhead: day++ });
    fatoora.dropNextReport = true;
    expect(await runInvoicingPass(deps)).toMatchObject({ issued: 1, retrying: 1 });
    const [invoice] = await documentsOf(paid.orderId);
    expect(fatoora.reports.get(invoice!.uuid)).toMatchObject({ accepted: 1 });
    later();
    expect(await runInvoicingPass(deps)).toMatchObject({ reported: 1 });
    expect(await reportOf(invoice!.id)).toMatchObject({ status: "REPORTED", response: { httpStatus: 409 } });
    expect(fatoora.reports.get(invoice!.uuid)).toMatchObject({ sent: 2, accepted: 1 });
  });

  it("the console's retry reports a waiting document on the next pass, audited; one not waiting is refused", async () => {
    const paid = await capturedCardOrder(card, product, { daysAhead: day++ });
    fatoora.failNext = 1;
    expect(await runInvoicingPass(deps)).toMatchObject({ issued: 1, retrying: 1 });
    const [invoice] = await documentsOf(paid.orderId);
    const admin = { id: null, email: "admin@rihla.test" };
    expect(await retryReport(card.ctx.db, invoice!.id, admin, deps.now())).toBe(true);
    expect(await runInvoicingPass(deps)).toMatchObject({ reported: 1 });
    expect(await retryReport(card.ctx.db, invoice!.id, admin, deps.now())).toBe(false);
    const audited = await card.ctx.db.select().from(auditLog).where(eq(auditLog.subjectId, invoice!.id));
    expect(audited.map((entry) => entry.action)).toEqual(["zatca.report_retried"]);
  });

  it("two instances passing at once issue each order once, on consecutive counters", async () => {
    const orders = [];
    for (let index = 0; index < 4; index += 1) orders.push(await capturedCardOrder(card, product, { daysAhead: day++ }));
    await Promise.all([runInvoicingPass(deps), runInvoicingPass({ ...deps })]);
    const chain = await card.ctx.db.select().from(taxDocuments).where(eq(taxDocuments.unit, "web-1")).orderBy(asc(taxDocuments.counter));
    expect(chain.map((document) => document.counter)).toEqual(chain.map((_, index) => index + 1));
    chain.slice(1).forEach((document, index) => expect(document.previousHash).toBe(chain[index]!.invoiceHash));
    for (const order of orders) expect((await documentsOf(order.orderId)).filter((document) => document.kind === "invoice")).toHaveLength(1);
  });
});

describe("the customer's PDF", () => {
  it("carries the issued invoice's number, its Phase 2 QR, the Hijri date, Arabic labels and the credit note", async () => {
    const { renderInvoicePdf } = await import("#app/account/pdf.server");
    const { issuedTaxDocuments } = await import("./order-tax-documents.server");
    const { getInvoiceForUser } = await import("#app/account/orders.server");
    const { orders } = await import("#app/db/schema");
    const paid = await capturedCardOrder(card, product, { daysAhead: day++, adults: 2 });
    await runInvoicingPass(deps);
    await refundItem(card.ctx, { orderId: paid.orderId, itemId: paid.item.id, amount: 1000, idempotencyKey: randomUUID(), reason: "Goodwill", actor: { id: null, email: "admin@rihla.test" }, role: "admin" });
    await runInvoicingPass(deps);
    const issued = (await issuedTaxDocuments(card.ctx.db, paid.orderId))!;
    expect(issued.creditNotes).toHaveLength(1);
    const [invoiceRow] = await documentsOf(paid.orderId);
    expect(qrOf(invoiceRow!.xml)).toMatchObject({ invoiceHash: invoiceRow!.invoiceHash });
    // The PDF's QR is the stamped one (nine fields), not the Phase 1 five.
    expect(decodeQr(issued.qr)).toMatchObject({ invoiceHash: invoiceRow!.invoiceHash });

    const userId = randomUUID();
    await card.ctx.db.update(orders).set({ userId }).where(eq(orders.id, paid.orderId));
    const invoice = (await getInvoiceForUser(userId, paid.orderId, "en", card.ctx.db))!;
    const pdf = await renderInvoicePdf(card.ctx.env, invoice, "en", issued);
    const { mkdtemp, writeFile } = await import("node:fs/promises");
    const { execFileSync } = await import("node:child_process");
    const path = await import("node:path");
    const os = await import("node:os");
    const file = path.join(await mkdtemp(path.join(os.tmpdir(), "pdf-")), "invoice.pdf");
    await writeFile(file, pdf);
    const text = execFileSync("pdftotext", ["-layout", file, "-"]).toString();
    expect(text).toContain(issued.number);
    expect(text).toContain("Hijri date");
    expect(text).toMatch(/14\d\d AH/);
    expect(text).toMatch(new RegExp(`Credit note\\s+${issued.creditNotes[0]!.number}`));
    expect(text).toContain("-SAR 10.00");
  });
});
