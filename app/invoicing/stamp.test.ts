import { readdirSync, readFileSync } from "node:fs";
import { createHash } from "node:crypto";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { makeTestSigner } from "#app/testing/zatca-certificate.server";
import { certificateDetails } from "./certificate";
import { decodeQr } from "./qr";
import { checkStamp, GENESIS_PIH, hashInput, invoiceHash, StampError, stampDocument } from "./stamp";
import { sampleInvoice, sampleSeller as seller } from "#app/testing/invoicing-fixtures.server";
import { buildDocumentXml } from "./ubl";

const samplesDir = fileURLToPath(new URL("./fixtures/zatca-sdk/", import.meta.url));
const samples = readdirSync(samplesDir).filter((file) => file.endsWith(".xml"));

function recorded(xml: string, pattern: RegExp): string {
  const match = pattern.exec(xml);
  if (!match?.[1]) throw new Error(`not in sample: ${pattern}`);
  return match[1];
}

describe("ZATCA's signed SDK samples (independent references)", () => {
  it("are all here", () => {
    expect(samples.length).toBeGreaterThanOrEqual(4);
  });

  it.each(samples)("%s: our invoice hash equals its own DigestValue", (file) => {
    const xml = readFileSync(samplesDir + file, "utf8");
    expect(invoiceHash(xml)).toBe(recorded(xml, /<ds:Reference Id="invoiceSignedData" URI="">[\s\S]*?<ds:DigestValue>([^<]+)</));
  });

  it.each(samples)("%s: every stamp check passes (signature, certificate digest, signed properties, QR)", (file) => {
    const checks = checkStamp(readFileSync(samplesDir + file, "utf8"));
    expect(checks.filter((check) => !check.ok)).toEqual([]);
    expect(checks.map((check) => check.name)).toEqual(
      expect.arrayContaining(["signature verifies against the certificate", "QR hash = invoice hash", "SignedProperties digest"]),
    );
  });

  it.each(samples)("%s: its QR's hash field equals the hash", (file) => {
    const xml = readFileSync(samplesDir + file, "utf8");
    const qr = decodeQr(recorded(xml, /<cbc:ID>QR<\/cbc:ID>\s*<cac:Attachment>\s*<cbc:EmbeddedDocumentBinaryObject[^>]*>([^<]+)</));
    expect(qr.invoiceHash).toBe(invoiceHash(xml));
  });

  it("a changed amount changes the hash and fails the checks", () => {
    const xml = readFileSync(samplesDir + "Simplified_Invoice.xml", "utf8").replace("<cbc:PayableAmount currencyID=\"SAR\">231.15", "<cbc:PayableAmount currencyID=\"SAR\">231.16");
    expect(checkStamp(xml).find((check) => check.name === "invoice hash = DigestValue")?.ok).toBe(false);
  });

  it("keeps the whitespace around removed elements, as ZATCA's SDK does (stripping it hashes differently)", () => {
    const xml = readFileSync(samplesDir + "Simplified_Invoice.xml", "utf8");
    expect(hashInput(xml)).toContain('xmlns:ext="urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2">\n\n    <cbc:ProfileID>');
    const stripped = xml.replace(/<ext:UBLExtensions>[\s\S]*<\/ext:UBLExtensions>\s*/, "");
    expect(invoiceHash(stripped)).not.toBe(invoiceHash(xml));
  });

  it("reads the sample certificate as the samples record it", () => {
    const xml = readFileSync(samplesDir + "Simplified_Invoice.xml", "utf8");
    const certificate = certificateDetails(recorded(xml, /<ds:X509Certificate>([^<]+)</));
    expect(certificate.issuerName).toBe(recorded(xml, /<ds:X509IssuerName>([^<]+)</));
    expect(certificate.serialNumber).toBe(recorded(xml, /<ds:X509SerialNumber>([^<]+)</));
  });
});

describe("stampDocument", () => {
  const signer = makeTestSigner();

  it("stamps our invoice so every check passes and the hash is that of the unsigned document", () => {
    const unsigned = buildDocumentXml(sampleInvoice());
    const stamped = stampDocument(unsigned, signer, new Date("2026-11-28T09:15:02Z"));
    expect(stamped.invoiceHash).toBe(invoiceHash(unsigned));
    expect(checkStamp(stamped.xml).filter((check) => !check.ok)).toEqual([]);
    const qr = decodeQr(stamped.qr);
    expect(qr).toMatchObject({ sellerName: seller.name, vatNumber: seller.vatNumber, timestamp: "2026-11-28T12:15:00", totalWithVat: "862.50", vatTotal: "112.50", invoiceHash: stamped.invoiceHash });
    expect(stamped.xml).toContain("<xades:SigningTime>2026-11-28T09:15:02</xades:SigningTime>");
    expect(stamped.xml).toContain(`<ds:X509IssuerName>${signer.issuerName}</ds:X509IssuerName>`);
  });

  it("chains: the next document's PIH is this one's hash", () => {
    const first = stampDocument(buildDocumentXml(sampleInvoice()), signer, new Date());
    const second = stampDocument(buildDocumentXml(sampleInvoice({ counter: 2, number: "INV-000002", previousHash: first.invoiceHash })), signer, new Date());
    expect(second.xml).toContain(`<cbc:EmbeddedDocumentBinaryObject mimeCode="text/plain">${first.invoiceHash}</cbc:EmbeddedDocumentBinaryObject>`);
    expect(GENESIS_PIH).toBe(Buffer.from(createHash("sha256").update("0").digest("hex")).toString("base64"));
  });

  it("refuses a key that is not the certificate's, and a document already stamped", () => {
    const other = makeTestSigner();
    const unsigned = buildDocumentXml(sampleInvoice());
    expect(() => stampDocument(unsigned, { privateKey: other.privateKey, certificate: signer.certificate }, new Date())).toThrow(StampError);
    const stamped = stampDocument(unsigned, signer, new Date());
    expect(() => stampDocument(stamped.xml, signer, new Date())).toThrow(/already stamped/);
  });

  it("a tampered stamped document fails its signature or hash check", () => {
    const stamped = stampDocument(buildDocumentXml(sampleInvoice()), signer, new Date());
    const tampered = stamped.xml.replace("Desert safari — child", "Desert safari — infant");
    const failed = checkStamp(tampered).filter((check) => !check.ok).map((check) => check.name);
    expect(failed).toContain("invoice hash = DigestValue");
  });
});
