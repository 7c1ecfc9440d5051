import { generateKeyPairSync } from "node:crypto";
import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { buildCsr, csrPem, readCsr, type CsrFields } from "./csr";
import { CsrError } from "./csr";

const fields: CsrFields = {
  commonName: "Rihla-web-1-310122393500003",
  unitSerial: "1-Rihla|2-Storefront|3-0b5f6c8e-6f1d-4a55-9a7c-3f1c2d9e8b10",
  vatNumber: "310122393500003",
  organization: "Rihla Travel and Tourism Co.",
  organizationalUnit: "Riyadh Branch",
  invoiceTypes: "1100",
  address: "King Fahd Road 1234, Al Olaya, Riyadh",
  businessCategory: "Travel and tourism",
  environment: "simulation",
};

describe("the CSR for ZATCA's compliance API", () => {
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "secp256k1" });
  const csr = buildCsr(fields, privateKey, publicKey);

  it("reads back with its key, a valid self-signature and the environment's template", () => {
    const read = readCsr(csrPem(csr));
    expect(read.template).toBe("PREZATCA-Code-Signing");
    expect(read.publicKey.export({ type: "spki", format: "der" }).equals(publicKey.export({ type: "spki", format: "der" }))).toBe(true);
  });

  it("OpenSSL verifies it and reads ZATCA's subject and alternative-name fields", () => {
    const text = execFileSync("openssl", ["req", "-noout", "-verify", "-text"], { input: csrPem(csr), stdio: ["pipe", "pipe", "pipe"] }).toString();
    expect(text).toMatch(/C\s?=\s?SA, OU\s?=\s?Riyadh Branch, O\s?=\s?Rihla Travel and Tourism Co\., CN\s?=\s?Rihla-web-1-310122393500003/);
    expect(text).toContain("PREZATCA-Code-Signing");
    expect(text).toContain("310122393500003");
    expect(text).toContain("1-Rihla|2-Storefront|3-0b5f6c8e-6f1d-4a55-9a7c-3f1c2d9e8b10");
    expect(text).toContain("1100");
  });

  it("a changed byte is refused", () => {
    const changed = Buffer.from(csr);
    changed[60] = changed[60]! ^ 0xff;
    expect(() => readCsr(changed)).toThrow(CsrError);
  });
});
