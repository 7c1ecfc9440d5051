/**
 * A secp256k1 key and a self-signed X.509 certificate made at test time, shaped like a ZATCA CSID
 * (an issuer of CN and DCs, a long serial), so stamping tests need no committed private key.
 * Node's crypto makes the key and the signature; the certificate's DER is assembled here.
 */
import { generateKeyPairSync, randomBytes, sign, type KeyObject } from "node:crypto";

function length(bytes: number): Buffer {
  if (bytes < 0x80) return Buffer.from([bytes]);
  const octets: number[] = [];
  for (let rest = bytes; rest > 0; rest = Math.floor(rest / 256)) octets.unshift(rest % 256);
  return Buffer.from([0x80 | octets.length, ...octets]);
}

function der(tag: number, ...content: Buffer[]): Buffer {
  const body = Buffer.concat(content);
  return Buffer.concat([Buffer.from([tag]), length(body.length), body]);
}

const sequence = (...content: Buffer[]) => der(0x30, ...content);
const set = (...content: Buffer[]) => der(0x31, ...content);

function objectIdentifier(dotted: string): Buffer {
  const [first = 0, second = 0, ...rest] = dotted.split(".").map(Number);
  const bytes = [first * 40 + second];
  for (const arc of rest) {
    const chunk = [arc & 0x7f];
    for (let value = Math.floor(arc / 128); value > 0; value = Math.floor(value / 128)) chunk.unshift((value & 0x7f) | 0x80);
    bytes.push(...chunk);
  }
  return der(0x06, Buffer.from(bytes));
}

function integer(value: Buffer): Buffer {
  return der(0x02, value[0]! & 0x80 ? Buffer.concat([Buffer.from([0]), value]) : value);
}

const OID = { commonName: "2.5.4.3", domainComponent: "0.9.2342.19200300.100.1.25", organization: "2.5.4.10", country: "2.5.4.6", ecdsaWithSha256: "1.2.840.10045.4.3.2" };

function name(parts: [oid: string, value: string][]): Buffer {
  return sequence(...parts.map(([oid, value]) => set(sequence(objectIdentifier(oid), der(oid === OID.domainComponent ? 0x16 : 0x0c, Buffer.from(value, "utf8"))))));
}

function utcTime(at: Date): Buffer {
  return der(0x17, Buffer.from(`${at.toISOString().slice(2, 19).replace(/[-T:]/g, "")}Z`, "ascii"));
}

export type TestSigner = { privateKey: KeyObject; certificate: string; issuerName: string };

/** A fresh key pair and a certificate for it, valid from a year ago for two years. */
export function makeTestSigner(now = new Date()): TestSigner {
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "secp256k1" });
  const issuer = name([
    [OID.domainComponent, "local"],
    [OID.domainComponent, "test"],
    [OID.commonName, "RIHLA-TEST-CA"],
  ]);
  const subject = name([
    [OID.country, "SA"],
    [OID.organization, "Rihla Test"],
    [OID.commonName, "TST-rihla-test-300000000000003"],
  ]);
  const algorithm = sequence(objectIdentifier(OID.ecdsaWithSha256));
  const notBefore = new Date(now.getTime() - 365 * 86_400_000);
  const notAfter = new Date(now.getTime() + 365 * 86_400_000);
  const serial = randomBytes(19);
  serial[0] = (serial[0]! & 0x7f) | 0x10;
  const tbs = sequence(
    der(0xa0, integer(Buffer.from([2]))),
    integer(serial),
    algorithm,
    issuer,
    sequence(utcTime(notBefore), utcTime(notAfter)),
    subject,
    publicKey.export({ type: "spki", format: "der" }),
  );
  const signature = sign("sha256", tbs, privateKey);
  const certificate = sequence(tbs, algorithm, der(0x03, Buffer.from([0]), signature));
  return { privateKey, certificate: certificate.toString("base64"), issuerName: "CN=RIHLA-TEST-CA, DC=test, DC=local" };
}
