/** A booking paid by card, end to end through the sandbox gateway, gives a stamped and chained invoice. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { capturedCardOrder, createCardTestContext, orderState, pickProduct, type CardTestContext } from "#app/testing/commerce-fixtures.server";
import { sampleSeller } from "#app/testing/invoicing-fixtures.server";
import { makeTestSigner } from "#app/testing/zatca-certificate.server";
import { issueDocument, type IssueDeps } from "./issue.server";
import { creditNoteRequestForRefund, invoiceRequestForOrder, type PaidOrderFacts } from "./order-documents";
import { decodeQr } from "./qr";
import { checkStamp } from "./stamp";
import { amountText } from "./ubl";
import { validateDocument } from "./validate";

let card: CardTestContext;
beforeAll(async () => {
  card = await createCardTestContext();
});
afterAll(async () => {
  await card?.ctx.stop();
});

describe("a paid order's tax documents", () => {
  it("a booking paid by card gives a valid stamped invoice whose QR agrees with the order; a refund a credit note chained after it", async () => {
    const product = await pickProduct(card.ctx, { instant: true });
    const paid = await capturedCardOrder(card, product, { daysAhead: 12, adults: 2 });
    const state = await orderState(card.ctx, paid.orderId);
    const facts: PaidOrderFacts = {
      id: state.order.id,
      reference: state.order.reference,
      currency: state.order.currency,
      totalAmount: state.order.totalAmount,
      paidWith: state.payment.method,
      items: [{ title: "Experience", optionTitle: "", localDate: state.item.localDate, travellers: 2, amount: state.item.amount, discountShare: state.item.discountShare }],
    };
    const signer = makeTestSigner(card.ctx.clock.now());
    const deps: IssueDeps = { db: card.ctx.db, now: () => card.ctx.clock.now(), seller: sampleSeller, unit: "web-order-test", vatRatePercent: 15, credentials: async () => signer };

    const invoice = await issueDocument(deps, invoiceRequestForOrder(facts));
    expect(invoice).toMatchObject({ orderId: paid.orderId, counter: 1, payableAmount: state.order.totalAmount });
    expect(checkStamp(invoice.xml).filter((check) => !check.ok)).toEqual([]);
    expect(validateDocument(invoice.xml, { now: card.ctx.clock.now() }).filter((result) => !result.ok)).toEqual([]);
    const qr = decodeQr(/<cbc:ID>QR<\/cbc:ID><cac:Attachment><cbc:EmbeddedDocumentBinaryObject mimeCode="text\/plain">([^<]+)</.exec(invoice.xml)![1]!);
    expect(qr.invoiceHash).toBe(invoice.invoiceHash);
    expect(invoice.xml).toContain(`<cbc:PayableAmount currencyID="SAR">${amountText(state.order.totalAmount)}</cbc:PayableAmount>`);

    const creditNote = await issueDocument(deps, creditNoteRequestForRefund(facts, { id: "refund-1", reason: "Cancelled by the customer", lines: [{ name: "Experience", totalWithVat: state.order.totalAmount }] }, invoice.id));
    expect(creditNote).toMatchObject({ counter: 2, previousHash: invoice.invoiceHash, kind: "creditNote" });
    expect(validateDocument(creditNote.xml, { now: card.ctx.clock.now() }).filter((result) => !result.ok)).toEqual([]);
  });
});
