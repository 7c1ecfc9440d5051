import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { sampleInvoice } from "#app/testing/invoicing-fixtures.server";
import { makeTestSigner } from "#app/testing/zatca-certificate.server";
import { buildDocumentXml } from "#app/invoicing/ubl";
import { runZatca } from "./zatca-cli";

const samplePath = fileURLToPath(new URL("../app/invoicing/fixtures/zatca-sdk/Simplified_Invoice.xml", import.meta.url));

async function cli(argv: string[], files: Record<string, string> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const written: Record<string, string> = {};
  const code = await runZatca(argv, {
    stdout: (text) => out.push(text),
    stderr: (text) => err.push(text),
    readFile: (path) => {
      if (path in files) return files[path]!;
      return readFileSync(path, "utf8");
    },
    writeFile: (path, text) => {
      written[path] = text;
    },
    now: () => new Date("2026-11-28T10:00:00Z"),
  });
  return { code, stdout: out.join(""), stderr: err.join(""), written };
}

describe("npm run zatca", () => {
  it("hash prints the hash ZATCA's sample records, exit 0", async () => {
    expect(await cli(["hash", samplePath])).toMatchObject({ code: 0, stdout: "Hss2gNFjBY5OJn/5CEVZSSNUMrSf4QlCMxwsioPN6fA=\n" });
  });

  it("qr decodes the nine fields of a document's QR, exit 0; a malformed payload exits 1", async () => {
    const { code, stdout } = await cli(["qr", samplePath]);
    expect(code).toBe(0);
    expect(stdout.trim().split("\n").map((line) => line.split(" ")[0])).toEqual(["1", "2", "3", "4", "5", "6", "7", "8", "9"]);
    expect(stdout).toContain("6 invoice hash: Hss2gNFjBY5OJn/5CEVZSSNUMrSf4QlCMxwsioPN6fA=");
    expect(await cli(["qr", "AQVSaWhsYQ=="])).toMatchObject({ code: 1, stderr: "field 2 is missing\n" });
  });

  it("sign stamps an unsigned document that validate then passes; hash agrees with the stamp", async () => {
    const signer = makeTestSigner(new Date("2026-11-28T10:00:00Z"));
    const files = {
      "unsigned.xml": buildDocumentXml(sampleInvoice()),
      "key.pem": signer.privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
      "cert.pem": signer.certificate,
    };
    const signed = await cli(["sign", "unsigned.xml", "--key", "key.pem", "--cert", "cert.pem", "--out", "signed.xml"], files);
    expect(signed.code).toBe(0);
    const signedXml = signed.written["signed.xml"]!;
    expect(signedXml).toContain("<ds:SignatureValue>");
    const validated = await cli(["validate", "signed.xml"], { ...files, "signed.xml": signedXml });
    expect(validated.code).toBe(0);
    expect(validated.stdout).toMatch(/^valid: \d+ checks pass$/m);
    expect(signed.stderr).toBe(`invoice hash ${(await cli(["hash", "signed.xml"], { "signed.xml": signedXml })).stdout}`);
  });

  it("validate exits 1 and names the failing rules", async () => {
    const { code, stdout } = await cli(["validate", "unsigned.xml"], { "unsigned.xml": buildDocumentXml(sampleInvoice()) });
    expect(code).toBe(1);
    expect(stdout).toContain("FAIL BR-KSA-60");
    expect(stdout).toMatch(/^invalid: 3 of \d+ checks fail$/m);
  });

  it("usage, unreadable and malformed input exit 2", async () => {
    expect((await cli([])).code).toBe(2);
    expect((await cli(["hash"])).code).toBe(2);
    expect((await cli(["sign", "x.xml"])).code).toBe(2);
    expect((await cli(["hash", "/nonexistent/invoice.xml"])).code).toBe(2);
    expect(await cli(["hash", "bad.xml"], { "bad.xml": "<Invoice><cbc:ID>1</Invoice>" })).toMatchObject({ code: 2 });
    expect((await cli(["hash", "dtd.xml"], { "dtd.xml": '<!DOCTYPE x [<!ENTITY a "b">]><Invoice/>' })).code).toBe(2);
  });

  it("sign refuses a key that is not the certificate's, exit 1", async () => {
    const signer = makeTestSigner();
    const other = makeTestSigner();
    const files = { "u.xml": buildDocumentXml(sampleInvoice()), "k.pem": other.privateKey.export({ type: "pkcs8", format: "pem" }).toString(), "c.pem": signer.certificate };
    expect(await cli(["sign", "u.xml", "--key", "k.pem", "--cert", "c.pem"], files)).toMatchObject({ code: 1, stderr: "the private key does not belong to the certificate\n" });
  });
});

describe("npm run zatca -- validate: the UBL 2.1 schema", () => {
  const samples = ["Simplified_Invoice.xml", "Simplified_Credit_Note.xml", "Simplified_Debit_Note.xml", "v3.4.6_Simplified_Invoice.xml"];
  it.each(samples)("ZATCA's own sample %s is valid against the schema", async (name) => {
    const path = fileURLToPath(new URL(`../app/invoicing/fixtures/zatca-sdk/${name}`, import.meta.url));
    expect((await cli(["validate", path])).stdout).toContain("ok   UBL-2.1-XSD");
  });

  it("our own credit note, signed, is valid against the schema and every rule", async () => {
    const signer = makeTestSigner(new Date("2026-11-28T10:00:00Z"));
    const note = buildDocumentXml({ ...sampleInvoice(), kind: "creditNote", number: "CRN-000001", counter: 2, invoiceNumber: "INV-000001", reason: "Cancelled by the guest" });
    const files = { "n.xml": note, "k.pem": signer.privateKey.export({ type: "pkcs8", format: "pem" }).toString(), "c.pem": signer.certificate };
    const signed = (await cli(["sign", "n.xml", "--key", "k.pem", "--cert", "c.pem", "--out", "s.xml"], files)).written["s.xml"]!;
    const { code, stdout } = await cli(["validate", "s.xml"], { "s.xml": signed });
    expect(stdout).toContain("ok   UBL-2.1-XSD");
    expect(code).toBe(0);
  });

  it("a document with an element the schema does not allow fails the schema check, naming the line", async () => {
    const signer = makeTestSigner(new Date("2026-11-28T10:00:00Z"));
    const files = { "u.xml": buildDocumentXml(sampleInvoice()), "k.pem": signer.privateKey.export({ type: "pkcs8", format: "pem" }).toString(), "c.pem": signer.certificate };
    const signed = (await cli(["sign", "u.xml", "--key", "k.pem", "--cert", "c.pem", "--out", "s.xml"], files)).written["s.xml"]!;
    const broken = signed.replace("<cbc:IssueDate>", "<cbc:Colour>red</cbc:Colour><cbc:IssueDate>");
    const { code, stdout } = await cli(["validate", "b.xml"], { "b.xml": broken });
    expect(code).toBe(1);
    expect(stdout).toContain("FAIL UBL-2.1-XSD");
    expect(stdout).toMatch(/line \d+: .*Colour/);
  });
});

describe("npm run zatca -- a document in another currency", () => {
  it("states its VAT in SAR beside its own (BT-111), passes the schema and every rule, and its QR's VAT is the SAR one", async () => {
    const signer = makeTestSigner(new Date("2026-11-28T10:00:00Z"));
    // 86.25 US dollars VAT included: 11.25 of VAT, 42.19 SAR at 3.75.
    const invoice = buildDocumentXml(sampleInvoice({ currency: "USD", vatInSar: 4_219, lines: [{ name: "Desert safari — adult", quantity: 1, totalWithVat: 8_625 }] }));
    const files = { "u.xml": invoice, "k.pem": signer.privateKey.export({ type: "pkcs8", format: "pem" }).toString(), "c.pem": signer.certificate };
    const signed = (await cli(["sign", "u.xml", "--key", "k.pem", "--cert", "c.pem", "--out", "s.xml"], files)).written["s.xml"]!;
    expect(signed).toContain('<cbc:TaxAmount currencyID="SAR">42.19</cbc:TaxAmount>');
    expect(signed).toContain('<cbc:TaxAmount currencyID="USD">11.25</cbc:TaxAmount>');
    const validated = await cli(["validate", "s.xml"], { "s.xml": signed });
    expect(validated.stdout).toContain("ok   BR-53");
    expect(validated.code).toBe(0);
    expect((await cli(["qr", "s.xml"], { "s.xml": signed })).stdout).toContain("5 VAT total: 42.19");
    expect(() => buildDocumentXml(sampleInvoice({ currency: "USD" }))).toThrow(/SAR/);
  });
});
