import { describe, expect, it } from "vitest";
import { convertAmount } from "#app/lib/money";
import { IssueError } from "./issue.server";
import { creditNoteRequestForRefund, invoiceRequestForOrder, paymentMeansCode, type PaidOrderFacts } from "./order-documents";

const order: PaidOrderFacts = {
  id: "o1",
  reference: "RH-1001",
  currency: "SAR",
  totalAmount: 90_000,
  paidWith: "mada",
  items: [
    { title: "Edge of the World", optionTitle: "Sunset", localDate: "2026-12-01", travellers: 2, amount: 60_000, discountShare: 5_000 },
    { title: "Diriyah walk", optionTitle: "", localDate: "2026-12-02", travellers: 1, amount: 35_000, discountShare: 0 },
  ],
};

describe("invoiceRequestForOrder", () => {
  it("one line per booking after its discount share, adding up to what was paid", () => {
    expect(invoiceRequestForOrder(order)).toEqual({
      kind: "invoice",
      sourceKey: "order:o1",
      orderId: "o1",
      currency: "SAR",
      sourceAmount: 90_000,
      paymentMeansCode: "48",
      lines: [
        { name: "Edge of the World — Sunset — 2026-12-01", quantity: 2, totalWithVat: 55_000 },
        { name: "Diriyah walk — 2026-12-02", quantity: 1, totalWithVat: 35_000 },
      ],
    });
  });

  it("refuses lines that do not add up to the order; states a two-decimal currency as it is, a three-decimal one in SAR", () => {
    expect(() => invoiceRequestForOrder({ ...order, totalAmount: 90_001 })).toThrow(IssueError);
    expect(invoiceRequestForOrder({ ...order, currency: "AED" })).toMatchObject({ currency: "AED", sourceAmount: 90_000, lines: [{ totalWithVat: 55_000 }, { totalWithVat: 35_000 }] });
    // 90.000 Kuwaiti dinars (fils) become riyals at the rate table, line by line; what they cover stays in fils.
    const kuwaiti = invoiceRequestForOrder({ ...order, currency: "KWD" });
    expect(kuwaiti).toMatchObject({ currency: "SAR", sourceAmount: 90_000 });
    expect(kuwaiti.lines.map((line) => line.totalWithVat)).toEqual([convertAmount(55_000, "KWD", "SAR"), convertAmount(35_000, "KWD", "SAR")]);
  });

  it("names how it was paid (UNTDID 4461)", () => {
    expect([paymentMeansCode("visa"), paymentMeansCode("applepay"), paymentMeansCode("stcpay"), paymentMeansCode(null)]).toEqual(["48", "48", "68", "1"]);
  });
});

describe("creditNoteRequestForRefund", () => {
  it("a credit note for what goes back, against the invoice, with the reason", () => {
    const request = creditNoteRequestForRefund(order, { id: "r1", reason: "Cancelled by the customer", lines: [{ name: "Diriyah walk — 2026-12-02", totalWithVat: 35_000 }] }, "inv1");
    expect(request).toMatchObject({ kind: "creditNote", sourceKey: "refund:r1", invoiceId: "inv1", reason: "Cancelled by the customer", lines: [{ quantity: 1, totalWithVat: 35_000 }] });
  });

  it("refuses more than was paid, nothing, or no reason", () => {
    expect(() => creditNoteRequestForRefund(order, { id: "r", reason: "x", lines: [{ name: "a", totalWithVat: 90_001 }] }, "i")).toThrow(IssueError);
    expect(() => creditNoteRequestForRefund(order, { id: "r", reason: "x", lines: [] }, "i")).toThrow(IssueError);
    expect(() => creditNoteRequestForRefund(order, { id: "r", reason: " ", lines: [{ name: "a", totalWithVat: 1 }] }, "i")).toThrow(/reason/);
  });
});
