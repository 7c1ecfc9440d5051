/**
 * What the stamp needs from the signing certificate (a ZATCA CSID, an X.509 certificate in base64):
 * its digest as XAdES writes it, its issuer and serial, its public key and its own signature.
 */
import { createHash, X509Certificate } from "node:crypto";
import { children, DerError, readElement, TAG, type DerElement } from "./der";

export type CertificateDetails = {
  /** The certificate as ds:X509Certificate carries it: base64 of the DER, no armour, no line breaks. */
  base64: string;
  /** xades:CertDigest — SHA-256 over the base64 text (not the DER), written as base64 of the hex digest. */
  digest: string;
  /** Most specific component first, as ZATCA's samples write it: "CN=…, DC=…". */
  issuerName: string;
  /** Decimal. */
  serialNumber: string;
  /** DER SubjectPublicKeyInfo (QR tag 8). */
  publicKey: Uint8Array;
  /** The issuer's signature over the certificate, DER (QR tag 9). */
  signature: Uint8Array;
  x509: X509Certificate;
};

export class CertificateError extends Error {}

/** base64 of the hex SHA-256 of a text — the encoding ZATCA uses for its XAdES digests. */
export function base64OfHexSha256(text: string): string {
  return Buffer.from(createHash("sha256").update(text, "utf8").digest("hex"), "utf8").toString("base64");
}

/** Accepts PEM or bare base64 (whitespace ignored). */
export function certificateDetails(certificate: string): CertificateDetails {
  const base64 = certificate
    .replace(/-----(BEGIN|END) CERTIFICATE-----/g, "")
    .replace(/\s+/g, "");
  let x509: X509Certificate;
  try {
    x509 = new X509Certificate(Buffer.from(base64, "base64"));
  } catch (error) {
    throw new CertificateError(`not an X.509 certificate: ${error instanceof Error ? error.message : String(error)}`);
  }
  return {
    base64,
    digest: base64OfHexSha256(base64),
    issuerName: x509.issuer.split("\n").reverse().join(", "),
    serialNumber: BigInt(`0x${x509.serialNumber}`).toString(10),
    publicKey: new Uint8Array(x509.publicKey.export({ type: "spki", format: "der" })),
    signature: certificateSignature(new Uint8Array(x509.raw)),
    x509,
  };
}

/**
 * Certificate ::= SEQUENCE { tbsCertificate, signatureAlgorithm, signatureValue BIT STRING }: the
 * bytes of the BIT STRING after its unused-bits octet.
 */
export function certificateSignature(der: Uint8Array): Uint8Array {
  let signature: DerElement | undefined;
  try {
    const certificate = readElement(Buffer.from(der.buffer, der.byteOffset, der.byteLength));
    if (certificate.tag !== TAG.sequence) throw new CertificateError("DER: certificate is not a SEQUENCE");
    signature = children(certificate)[2];
  } catch (error) {
    if (error instanceof DerError) throw new CertificateError(`DER: ${error.message}`);
    throw error;
  }
  if (signature?.tag !== TAG.bitString) throw new CertificateError("DER: signatureValue is not a BIT STRING");
  return Uint8Array.from(signature.body.subarray(1));
}
