/**
 * Onboarding an issuing unit with ZATCA, as the Fatoora portal's steps go: a new secp256k1 key and a
 * CSR with the unit's fields; the compliance CSID for it (with the portal's one-time code); the
 * compliance checks (a sample simplified invoice, credit note and debit note signed with that CSID); the
 * production CSID; then the key and both CSIDs are kept sealed in the database (unit-credentials).
 * Nothing is kept before every step passed, so a failed onboarding leaves the unit as it was.
 */
import { generateKeyPairSync, randomUUID } from "node:crypto";
import type { Database } from "#app/db/db.server";
import { buildCsr, csrPem, type CsrFields, type FatooraEnvironment } from "./csr";
import { certificateOfCsid, FatooraError, type DocumentSubmission, type FatooraClient, type ValidationResults } from "./fatoora.server";
import { GENESIS_PIH, stampDocument } from "./stamp";
import { buildDocumentXml, type Seller } from "./ubl";
import { saveUnit, type OnboardedUnit } from "./unit-credentials.server";

export type OnboardingInput = {
  db: Database;
  client: FatooraClient;
  key: string;
  now: Date;
  unit: string;
  environment: FatooraEnvironment;
  seller: Seller;
  vatRatePercent: number;
  otp: string;
  /** The branch name on the certificate (OU). */
  branch: string;
  businessCategory: string;
  /** Orders placed from then on are invoiced on this unit (default: now, the go-live). */
  activeFrom?: Date;
};

export class OnboardingError extends Error {}

function csrFields(input: OnboardingInput): CsrFields {
  const address = input.seller.address;
  return {
    commonName: `Rihla-${input.unit}-${input.seller.vatNumber}`,
    unitSerial: `1-Rihla|2-Storefront|3-${input.unit}`,
    vatNumber: input.seller.vatNumber,
    organization: input.seller.name,
    organizationalUnit: input.branch,
    // Simplified documents only: the storefront sells to consumers.
    invoiceTypes: "0100",
    address: `${address.buildingNumber} ${address.street}, ${address.district}, ${address.city} ${address.postalZone}`,
    businessCategory: input.businessCategory,
    environment: input.environment,
  };
}

/** The compliance step's samples: what this unit will issue, signed with the compliance CSID, as Fatoora takes them. */
function complianceSamples(input: OnboardingInput, credentials: { privateKey: string; certificate: string }): DocumentSubmission[] {
  const common = { issuedAt: input.now, seller: input.seller, currency: "SAR" as const, vatRatePercent: input.vatRatePercent, paymentMeansCode: "48", lines: [{ name: "Compliance sample — desert safari", quantity: 1, totalWithVat: 11_500 }] };
  const invoiceUuid = randomUUID();
  const invoice = stampDocument(buildDocumentXml({ ...common, kind: "invoice", number: "COMPLIANCE-INV-1", uuid: invoiceUuid, counter: 1, previousHash: GENESIS_PIH }), credentials, input.now);
  const creditNoteUuid = randomUUID();
  const creditNote = stampDocument(
    buildDocumentXml({ ...common, kind: "creditNote", number: "COMPLIANCE-CRN-2", uuid: creditNoteUuid, counter: 2, previousHash: invoice.invoiceHash, invoiceNumber: "COMPLIANCE-INV-1", reason: "Compliance sample: cancelled booking" }),
    credentials,
    input.now,
  );
  // The unit issues debit notes too (a booking moved to a dearer date): ZATCA checks each type it will send.
  const debitNoteUuid = randomUUID();
  const debitNote = stampDocument(
    buildDocumentXml({ ...common, kind: "debitNote", number: "COMPLIANCE-DBN-3", uuid: debitNoteUuid, counter: 3, previousHash: creditNote.invoiceHash, invoiceNumber: "COMPLIANCE-INV-1", reason: "Compliance sample: booking moved to a dearer date" }),
    credentials,
    input.now,
  );
  return [
    { invoiceHash: invoice.invoiceHash, uuid: invoiceUuid, xml: invoice.xml },
    { invoiceHash: creditNote.invoiceHash, uuid: creditNoteUuid, xml: creditNote.xml },
    { invoiceHash: debitNote.invoiceHash, uuid: debitNoteUuid, xml: debitNote.xml },
  ];
}

function errorsOf(results: ValidationResults): string {
  return (results.errorMessages ?? []).map((message) => `${message.code ?? ""} ${message.message ?? ""}`.trim()).join("; ");
}

export async function onboardUnit(input: OnboardingInput): Promise<OnboardedUnit> {
  if (!/^\d{6}$/.test(input.otp)) throw new OnboardingError("The OTP is the six digits the Fatoora portal shows.");
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "secp256k1" });
  const privateKeyPem = privateKey.export({ type: "pkcs8", format: "pem" }).toString();
  const request = csrPem(buildCsr(csrFields(input), privateKey, publicKey));
  try {
    const compliance = await input.client.complianceCsid(request, input.otp);
    for (const sample of complianceSamples(input, { privateKey: privateKeyPem, certificate: certificateOfCsid(compliance) })) {
      const results = await input.client.complianceCheck(compliance, sample);
      if (results.status !== "PASS" && results.status !== "WARNING") throw new OnboardingError(`ZATCA's compliance check failed: ${errorsOf(results) || results.status}`);
    }
    const production = await input.client.productionCsid(compliance);
    return await saveUnit(input.db, input.key, { unit: input.unit, environment: input.environment, activeFrom: input.activeFrom ?? input.now, secrets: { privateKeyPem, csrPem: request, compliance, production } }, input.now);
  } catch (error) {
    if (error instanceof FatooraError) throw new OnboardingError(`${error.message}: ${JSON.stringify(error.body).slice(0, 300)}`);
    throw error;
  }
}
