/**
 * What the stamp needs from the signing certificate (a ZATCA CSID, an X.509 certificate in base64):
 * its digest as XAdES writes it, its issuer and serial, its public key and its own signature.
 */
import { createHash, X509Certificate } from "node:crypto";

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

type DerItem = { tag: number; contentStart: number; end: number };

function readDer(bytes: Uint8Array, offset: number): DerItem {
  const tag = bytes[offset];
  let lengthByte = bytes[offset + 1];
  if (tag === undefined || lengthByte === undefined) throw new CertificateError("DER: truncated");
  let cursor = offset + 2;
  let length = lengthByte;
  if (lengthByte & 0x80) {
    const count = lengthByte & 0x7f;
    if (count === 0 || count > 4) throw new CertificateError("DER: unsupported length");
    length = 0;
    for (let index = 0; index < count; index += 1) {
      lengthByte = bytes[cursor];
      if (lengthByte === undefined) throw new CertificateError("DER: truncated length");
      length = length * 256 + lengthByte;
      cursor += 1;
    }
  }
  if (cursor + length > bytes.length) throw new CertificateError("DER: item runs past the end");
  return { tag, contentStart: cursor, end: cursor + length };
}

/**
 * Certificate ::= SEQUENCE { tbsCertificate, signatureAlgorithm, signatureValue BIT STRING }: the
 * bytes of the BIT STRING after its unused-bits octet.
 */
export function certificateSignature(der: Uint8Array): Uint8Array {
  const certificate = readDer(der, 0);
  if (certificate.tag !== 0x30) throw new CertificateError("DER: certificate is not a SEQUENCE");
  const tbs = readDer(der, certificate.contentStart);
  const algorithm = readDer(der, tbs.end);
  const signature = readDer(der, algorithm.end);
  if (signature.tag !== 0x03) throw new CertificateError("DER: signatureValue is not a BIT STRING");
  return der.slice(signature.contentStart + 1, signature.end);
}
