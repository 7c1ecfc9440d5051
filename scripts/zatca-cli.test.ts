import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { sampleInvoice } from "#app/testing/invoicing-fixtures.server";
import { makeTestSigner } from "#app/testing/zatca-certificate.server";
import { buildDocumentXml } from "#app/invoicing/ubl";
import { runZatca } from "./zatca-cli";

const samplePath = fileURLToPath(new URL("../app/invoicing/fixtures/zatca-sdk/Simplified_Invoice.xml", import.meta.url));

function cli(argv: string[], files: Record<string, string> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const written: Record<string, string> = {};
  const code = runZatca(argv, {
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
  it("hash prints the hash ZATCA's sample records, exit 0", () => {
    expect(cli(["hash", samplePath])).toMatchObject({ code: 0, stdout: "Hss2gNFjBY5OJn/5CEVZSSNUMrSf4QlCMxwsioPN6fA=\n" });
  });

  it("qr decodes the nine fields of a document's QR, exit 0; a malformed payload exits 1", () => {
    const { code, stdout } = cli(["qr", samplePath]);
    expect(code).toBe(0);
    expect(stdout.trim().split("\n").map((line) => line.split(" ")[0])).toEqual(["1", "2", "3", "4", "5", "6", "7", "8", "9"]);
    expect(stdout).toContain("6 invoice hash: Hss2gNFjBY5OJn/5CEVZSSNUMrSf4QlCMxwsioPN6fA=");
    expect(cli(["qr", "AQVSaWhsYQ=="])).toMatchObject({ code: 1, stderr: "field 2 is missing\n" });
  });

  it("sign stamps an unsigned document that validate then passes; hash agrees with the stamp", () => {
    const signer = makeTestSigner(new Date("2026-11-28T10:00:00Z"));
    const files = {
      "unsigned.xml": buildDocumentXml(sampleInvoice()),
      "key.pem": signer.privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
      "cert.pem": signer.certificate,
    };
    const signed = cli(["sign", "unsigned.xml", "--key", "key.pem", "--cert", "cert.pem", "--out", "signed.xml"], files);
    expect(signed.code).toBe(0);
    const signedXml = signed.written["signed.xml"]!;
    expect(signedXml).toContain("<ds:SignatureValue>");
    const validated = cli(["validate", "signed.xml"], { ...files, "signed.xml": signedXml });
    expect(validated.code).toBe(0);
    expect(validated.stdout).toMatch(/^valid: \d+ checks pass$/m);
    expect(signed.stderr).toBe(`invoice hash ${cli(["hash", "signed.xml"], { "signed.xml": signedXml }).stdout}`);
  });

  it("validate exits 1 and names the failing rules", () => {
    const { code, stdout } = cli(["validate", "unsigned.xml"], { "unsigned.xml": buildDocumentXml(sampleInvoice()) });
    expect(code).toBe(1);
    expect(stdout).toContain("FAIL BR-KSA-60");
    expect(stdout).toMatch(/^invalid: 3 of \d+ checks fail$/m);
  });

  it("usage, unreadable and malformed input exit 2", () => {
    expect(cli([]).code).toBe(2);
    expect(cli(["hash"]).code).toBe(2);
    expect(cli(["sign", "x.xml"]).code).toBe(2);
    expect(cli(["hash", "/nonexistent/invoice.xml"]).code).toBe(2);
    expect(cli(["hash", "bad.xml"], { "bad.xml": "<Invoice><cbc:ID>1</Invoice>" })).toMatchObject({ code: 2 });
    expect(cli(["hash", "dtd.xml"], { "dtd.xml": '<!DOCTYPE x [<!ENTITY a "b">]><Invoice/>' }).code).toBe(2);
  });

  it("sign refuses a key that is not the certificate's, exit 1", () => {
    const signer = makeTestSigner();
    const other = makeTestSigner();
    const files = { "u.xml": buildDocumentXml(sampleInvoice()), "k.pem": other.privateKey.export({ type: "pkcs8", format: "pem" }).toString(), "c.pem": signer.certificate };
    expect(cli(["sign", "u.xml", "--key", "k.pem", "--cert", "c.pem"], files)).toMatchObject({ code: 1, stderr: "the private key does not belong to the certificate\n" });
  });
});
