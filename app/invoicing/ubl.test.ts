import { describe, expect, it } from "vitest";
import { parseXml, textOf, descendants } from "./xml";
import { amountText, buildDocumentXml, riyadhDateTime, splitVatInclusive, vatOn } from "./ubl";
import { sampleInvoice } from "#app/testing/invoicing-fixtures.server";

describe("splitVatInclusive", () => {
  it("reconciles every total to the halala: payable = net + VAT + rounding, VAT = net × 15 %, rounding at most one halala", () => {
    let rounded = 0;
    for (let total = 0; total <= 50_000; total += 1) {
      const amounts = splitVatInclusive([total], 15);
      expect(amounts.payable).toBe(total);
      expect(amounts.net + amounts.vat + amounts.rounding).toBe(total);
      expect(amounts.vat).toBe(vatOn(amounts.net, 15));
      expect(Math.abs(amounts.rounding)).toBeLessThanOrEqual(1);
      if (amounts.rounding !== 0) rounded += 1;
    }
    // 1.15 × net skips about one total in eight; only those carry a PayableRoundingAmount.
    expect(rounded / 50_001).toBeGreaterThan(0.1);
    expect(rounded / 50_001).toBeLessThan(0.16);
  });

  it("shares the net over the lines so the line nets add up to it", () => {
    const amounts = splitVatInclusive([33_333, 33_333, 33_334, 1], 15);
    expect(amounts.lines.reduce((sum, line) => sum + line.net, 0)).toBe(amounts.net);
  });

  it("writes the rounding when no net fits: SAR 872.50 paid is 758.70 + 113.81 − 0.01", () => {
    expect(splitVatInclusive([69_000, 18_250], 15)).toMatchObject({ net: 75_870, vat: 11_381, rounding: -1, payable: 87_250 });
    const xml = buildDocumentXml(sampleInvoice({ lines: [{ name: "Safari", quantity: 1, totalWithVat: 87_250 }] }));
    expect(xml).toContain('<cbc:PayableRoundingAmount currencyID="SAR">-0.01</cbc:PayableRoundingAmount>');
    expect(xml).toContain('<cbc:PayableAmount currencyID="SAR">872.50</cbc:PayableAmount>');
  });
});

describe("buildDocumentXml", () => {
  it("a simplified invoice: 388, subtype 0200000, ICV and PIH, totals that add up", () => {
    const document = parseXml(buildDocumentXml(sampleInvoice()));
    const text = (local: string) => descendants(document.root, (element) => element.local === local).map(textOf);
    expect(text("InvoiceTypeCode")).toEqual(["388"]);
    expect(document.root.children.some((node) => node.kind === "element" && node.local === "InvoiceTypeCode" && node.attributes[0]?.value === "0200000")).toBe(true);
    expect(text("TaxInclusiveAmount")).toEqual(["862.50"]);
    expect(text("TaxExclusiveAmount")).toEqual(["750.00"]);
    expect(text("LineExtensionAmount")).toEqual(["750.00", "600.00", "150.00"]);
    expect(text("PriceAmount")).toEqual(["300.00", "150.00"]);
  });

  it("a credit note: 381 with the invoice it corrects and the reason", () => {
    const xml = buildDocumentXml({ ...sampleInvoice(), kind: "creditNote", invoiceNumber: "INV-000001", reason: "Tour cancelled by the customer <48h>" });
    expect(xml).toContain('<cbc:InvoiceTypeCode name="0200000">381</cbc:InvoiceTypeCode>');
    expect(xml).toMatch(/<cac:BillingReference>\s*<cac:InvoiceDocumentReference>\s*<cbc:ID>INV-000001<\/cbc:ID>/);
    expect(xml).toContain("<cbc:InstructionNote>Tour cancelled by the customer &lt;48h&gt;</cbc:InstructionNote>");
  });

  it("a unit price that is not whole halalas goes per base quantity, so quantity × price is the line net", () => {
    const xml = buildDocumentXml(sampleInvoice({ lines: [{ name: "Museum ticket", quantity: 3, totalWithVat: 10_000 }] }));
    expect(xml).toMatch(/<cbc:PriceAmount currencyID="SAR">86\.96<\/cbc:PriceAmount><cbc:BaseQuantity unitCode="PCE">3<\/cbc:BaseQuantity>/);
  });

  it("dates the document on the Riyadh clock", () => {
    expect(riyadhDateTime(new Date("2026-11-28T22:30:00Z"))).toEqual({ date: "2026-11-29", time: "01:30:00" });
    expect(amountText(5)).toBe("0.05");
    expect(amountText(-1)).toBe("-0.01");
  });
});
