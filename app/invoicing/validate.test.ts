import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { makeTestSigner } from "#app/testing/zatca-certificate.server";
import { sampleInvoice } from "#app/testing/invoicing-fixtures.server";
import { decodeQr } from "./qr";
import { stampDocument } from "./stamp";
import { buildDocumentXml } from "./ubl";
import { validateDocument } from "./validate";

const now = new Date("2026-11-28T10:00:00Z");
const failed = (xml: string) => validateDocument(xml, { now }).filter((result) => !result.ok).map((result) => result.rule);
const signer = makeTestSigner(now);
const stamped = (xml: string) => stampDocument(xml, signer, now).xml;

describe("validateDocument", () => {
  it("passes ZATCA's own signed simplified invoice sample", () => {
    const sample = readFileSync(fileURLToPath(new URL("./fixtures/zatca-sdk/Simplified_Invoice.xml", import.meta.url)), "utf8");
    expect(failed(sample)).toEqual([]);
  });

  it("passes our stamped invoice and credit note", () => {
    expect(failed(stamped(buildDocumentXml(sampleInvoice())))).toEqual([]);
    const creditNote = buildDocumentXml({ ...sampleInvoice({ counter: 2 }), kind: "creditNote", invoiceNumber: "INV-000001", reason: "Tour cancelled" });
    expect(failed(stamped(creditNote))).toEqual([]);
  });

  it("passes a document whose total needed a payable rounding; its QR shows what was paid, as ZATCA's SDK does", () => {
    const xml = stamped(buildDocumentXml(sampleInvoice({ lines: [{ name: "Safari", quantity: 1, totalWithVat: 87_250 }] })));
    expect(failed(xml)).toEqual([]);
    const payload = /<cbc:ID>QR<\/cbc:ID><cac:Attachment><cbc:EmbeddedDocumentBinaryObject mimeCode="text\/plain">([^<]+)</.exec(xml)![1]!;
    expect(decodeQr(payload)).toMatchObject({ totalWithVat: "872.50", vatTotal: "113.81" });
  });

  it("names the rule an unsigned document breaks", () => {
    expect(failed(buildDocumentXml(sampleInvoice()))).toEqual(["BR-KSA-60", "BR-KSA-28", "BR-KSA-27"]);
  });

  it("names the rules a wrong seller, counter or total breaks", () => {
    const base = sampleInvoice();
    const xml = buildDocumentXml({ ...base, counter: 0, seller: { ...base.seller, vatNumber: "123456789012345", address: { ...base.seller.address, buildingNumber: "12", postalZone: "1221" } } });
    expect(failed(stamped(xml))).toEqual(expect.arrayContaining(["BR-KSA-40", "BR-KSA-37", "BR-KSA-66"]));
    const wrongTotal = stamped(buildDocumentXml(base)).replace('<cbc:TaxInclusiveAmount currencyID="SAR">862.50', '<cbc:TaxInclusiveAmount currencyID="SAR">862.51');
    expect(failed(wrongTotal)).toEqual(expect.arrayContaining(["BR-CO-15", "BR-CO-16", "stamp"]));
  });

  it("a credit note without its invoice or reason breaks BR-KSA-56 and BR-KSA-17", () => {
    const creditNote = buildDocumentXml({ ...sampleInvoice(), kind: "creditNote", invoiceNumber: "", reason: " " });
    expect(failed(stamped(creditNote))).toEqual(["BR-KSA-56", "BR-KSA-17"]);
  });

  it("an issue date in the future breaks BR-KSA-04", () => {
    expect(failed(stamped(buildDocumentXml(sampleInvoice({ issuedAt: new Date("2026-12-05T10:00:00Z") }))))).toEqual(["BR-KSA-04"]);
  });
});
