/**
 * A secp256k1 key and an X.509 certificate made at test time, shaped like a ZATCA CSID (an issuer of CN
 * and DCs, a long serial), so stamping tests need no committed private key; and a test CA that issues
 * such certificates for a CSR's key, as the fake Fatoora does. Node's crypto makes keys and signatures;
 * the certificate's DER is assembled with app/invoicing/der.ts.
 */
import { generateKeyPairSync, randomBytes, sign, type KeyObject } from "node:crypto";
import { bitString, distinguishedName, explicit, integer, objectIdentifier, OID, sequence, utcTime } from "#app/invoicing/der";

export type TestSigner = { privateKey: KeyObject; certificate: string; issuerName: string };

export type TestCertificateAuthority = { privateKey: KeyObject; name: Buffer; issuerName: string };

const DAY_MS = 86_400_000;

export function makeTestCertificateAuthority(): TestCertificateAuthority {
  const { privateKey } = generateKeyPairSync("ec", { namedCurve: "secp256k1" });
  const name = distinguishedName([
    [OID.domainComponent, "local"],
    [OID.domainComponent, "test"],
    [OID.commonName, "RIHLA-TEST-CA"],
  ]);
  return { privateKey, name, issuerName: "CN=RIHLA-TEST-CA, DC=test, DC=local" };
}

/** A certificate (base64 DER) for a subject's name and public key, valid from `notBefore` to `notAfter`. */
export function issueTestCertificate(authority: TestCertificateAuthority, subject: Buffer, subjectPublicKeyInfo: Buffer, notBefore: Date, notAfter: Date): string {
  const algorithm = sequence(objectIdentifier(OID.ecdsaWithSha256));
  const serial = randomBytes(19);
  serial[0] = (serial[0]! & 0x7f) | 0x10;
  const tbs = sequence(explicit(0, integer(Buffer.from([2]))), integer(serial), algorithm, authority.name, sequence(utcTime(notBefore), utcTime(notAfter)), subject, subjectPublicKeyInfo);
  return sequence(tbs, algorithm, bitString(sign("sha256", tbs, authority.privateKey))).toString("base64");
}

/** A fresh key pair and a certificate for it, valid from a year ago for two years. */
export function makeTestSigner(now = new Date()): TestSigner {
  const authority = makeTestCertificateAuthority();
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "secp256k1" });
  const subject = distinguishedName([
    [OID.country, "SA"],
    [OID.organization, "Rihla Test"],
    [OID.commonName, "TST-rihla-test-300000000000003"],
  ]);
  const certificate = issueTestCertificate(authority, subject, publicKey.export({ type: "spki", format: "der" }), new Date(now.getTime() - 365 * DAY_MS), new Date(now.getTime() + 365 * DAY_MS));
  return { privateKey, certificate, issuerName: authority.issuerName };
}
