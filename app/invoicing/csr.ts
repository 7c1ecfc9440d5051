/**
 * The certificate signing request ZATCA's compliance API takes (its SDK's `csr-config` fields): subject
 * C, OU, O, CN; a subject alternative name holding the unit's serial (1-solution|2-model|3-serial), the
 * VAT number, the invoice types it issues ("1100": standard and simplified), its address and business
 * category; and the certificate template that says which Fatoora environment it is for.
 */
import { createPublicKey, sign, verify, type KeyObject } from "node:crypto";
import { bitString, children, der, distinguishedName, explicit, integer, objectIdentifier, OID, readElement, readObjectIdentifier, sequence, set, TAG, type DerElement } from "./der";

export type FatooraEnvironment = "developer-portal" | "simulation" | "production";

const TEMPLATE: Record<FatooraEnvironment, string> = { "developer-portal": "TSTZATCA-Code-Signing", simulation: "PREZATCA-Code-Signing", production: "ZATCA-Code-Signing" };

export type CsrFields = {
  /** The unit's common name, e.g. "Rihla-web-1-310122393500003". */
  commonName: string;
  /** "1-<solution>|2-<model>|3-<serial>" */
  unitSerial: string;
  vatNumber: string;
  organization: string;
  /** The branch (or, for a VAT group, the member's TIN). */
  organizationalUnit: string;
  /** Four digits: standard, simplified, future use, future use. */
  invoiceTypes: string;
  address: string;
  businessCategory: string;
  environment: FatooraEnvironment;
};

function extension(oid: string, value: Buffer): Buffer {
  return sequence(objectIdentifier(oid), der(TAG.octetString, value));
}

/** The DER of a CSR for `publicKey`, signed with `privateKey` (ECDSA with SHA-256). */
export function buildCsr(fields: CsrFields, privateKey: KeyObject, publicKey: KeyObject): Buffer {
  const subject = distinguishedName([
    [OID.country, "SA"],
    [OID.organizationalUnit, fields.organizationalUnit],
    [OID.organization, fields.organization],
    [OID.commonName, fields.commonName],
  ]);
  const alternativeName = sequence(
    der(
      0xa4,
      distinguishedName([
        [OID.serialNumber, fields.unitSerial],
        [OID.userId, fields.vatNumber],
        [OID.title, fields.invoiceTypes],
        [OID.registeredAddress, fields.address],
        [OID.businessCategory, fields.businessCategory],
      ]),
    ),
  );
  const extensions = sequence(extension(OID.certificateTemplateName, der(TAG.printable, Buffer.from(TEMPLATE[fields.environment], "ascii"))), extension(OID.subjectAltName, alternativeName));
  const info = sequence(integer(Buffer.from([0])), subject, publicKey.export({ type: "spki", format: "der" }), explicit(0, sequence(objectIdentifier(OID.extensionRequest), set(extensions))));
  const algorithm = sequence(objectIdentifier(OID.ecdsaWithSha256));
  return sequence(info, algorithm, bitString(sign("sha256", info, privateKey)));
}

export function csrPem(csr: Buffer): string {
  const lines = csr.toString("base64").match(/.{1,64}/g) ?? [];
  return `-----BEGIN CERTIFICATE REQUEST-----\n${lines.join("\n")}\n-----END CERTIFICATE REQUEST-----\n`;
}

export class CsrError extends Error {}

export type ReadCsr = { subject: DerElement; publicKey: KeyObject; subjectPublicKeyInfo: Buffer; template: string | null };

/** Reads a CSR (PEM or DER) and checks it is signed by the key it carries. */
export function readCsr(input: string | Buffer): ReadCsr {
  const bytes = typeof input === "string" ? Buffer.from(input.replace(/-----(BEGIN|END) CERTIFICATE REQUEST-----/g, "").replace(/\s+/g, ""), "base64") : input;
  try {
    const [info, , signature] = children(readElement(bytes));
    if (!info || !signature) throw new CsrError("not a certification request");
    const [, subject, spki, attributes] = children(info);
    if (!subject || !spki) throw new CsrError("no subject or public key");
    const publicKey = createPublicKey({ key: spki.bytes, format: "der", type: "spki" });
    if (!verify("sha256", info.bytes, publicKey, signature.body.subarray(1))) throw new CsrError("the request is not signed by its own key");
    let template: string | null = null;
    for (const attribute of attributes ? children(attributes) : []) {
      const [oid, values] = children(attribute);
      if (!oid || !values || readObjectIdentifier(oid) !== OID.extensionRequest) continue;
      for (const item of children(children(values)[0]!)) {
        const [extensionOid, value] = children(item);
        if (extensionOid && value && readObjectIdentifier(extensionOid) === OID.certificateTemplateName) template = readElement(value.body).body.toString("ascii");
      }
    }
    return { subject, publicKey, subjectPublicKeyInfo: spki.bytes, template };
  } catch (error) {
    if (error instanceof CsrError) throw error;
    throw new CsrError(`not a certification request: ${error instanceof Error ? error.message : String(error)}`);
  }
}
