/**
 * An issuing unit's key and CSIDs in the database, sealed with ZATCA_KEY (AES-256-GCM, scrypt): a
 * database dump or a backup holds them only sealed, and nothing here logs them. There is no default
 * key; without one, nothing is onboarded and no document is issued.
 */
import { X509Certificate } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "#app/db/db.server";
import { zatcaUnits } from "#app/db/schema";
import { passphraseFrom, seal, unseal } from "#app/lib/sealed-box.server";
import type { FatooraEnvironment } from "./csr";
import { certificateOfCsid, type Csid } from "./fatoora.server";
import type { SigningCredentials } from "./stamp";

const MAGIC = Buffer.from("RIHLAZU1", "ascii");
export const MIN_ZATCA_KEY_LENGTH = 32;

export class ZatcaKeyError extends Error {}

export function zatcaKeyFrom(env: { ZATCA_KEY?: string | undefined }): string {
  return passphraseFrom(env.ZATCA_KEY, "ZATCA_KEY", "the unit's private key is kept sealed with it", (message) => new ZatcaKeyError(message), MIN_ZATCA_KEY_LENGTH);
}

export type UnitSecrets = { privateKeyPem: string; csrPem: string; compliance: Csid; production: Csid };

export type OnboardedUnit = { unit: string; environment: FatooraEnvironment; activeFrom: Date; certificateExpiresAt: Date; secrets: UnitSecrets };

export async function saveUnit(db: Database, key: string, unit: Omit<OnboardedUnit, "certificateExpiresAt">, now: Date): Promise<OnboardedUnit> {
  const certificateExpiresAt = new Date(new X509Certificate(Buffer.from(certificateOfCsid(unit.secrets.production), "base64")).validTo);
  const sealed = seal(MAGIC, Buffer.from(JSON.stringify(unit.secrets), "utf8"), key).toString("base64");
  const row = { environment: unit.environment, sealed, certificateExpiresAt, activeFrom: unit.activeFrom, updatedAt: now };
  await db
    .insert(zatcaUnits)
    .values({ unit: unit.unit, ...row })
    .onConflictDoUpdate({ target: zatcaUnits.unit, set: row });
  return { ...unit, certificateExpiresAt };
}

/** What the console may show of a unit: never its secrets. */
export async function unitStatus(db: Database, unit: string): Promise<{ environment: string; activeFrom: Date; certificateExpiresAt: Date } | null> {
  const [row] = await db.select({ environment: zatcaUnits.environment, activeFrom: zatcaUnits.activeFrom, certificateExpiresAt: zatcaUnits.certificateExpiresAt }).from(zatcaUnits).where(eq(zatcaUnits.unit, unit));
  return row ?? null;
}

/**
 * The last secrets unsealed, with the sealed text and key they came from. Unsealing derives the key with
 * scrypt (tens of milliseconds of CPU on the event loop); the invoicing pass asks every few seconds, and
 * the row changes only at onboarding.
 */
let lastUnsealed: { sealed: string; key: string; secrets: UnitSecrets } | null = null;

function unsealSecrets(sealed: string, key: string): UnitSecrets {
  if (lastUnsealed?.sealed === sealed && lastUnsealed.key === key) return lastUnsealed.secrets;
  const secrets = JSON.parse(unseal(MAGIC, Buffer.from(sealed, "base64"), key).toString("utf8")) as UnitSecrets;
  lastUnsealed = { sealed, key, secrets };
  return secrets;
}

/** The unit, unsealed; null when it was never onboarded. A wrong key throws (UnsealError). */
export async function loadUnit(db: Database, key: string, unit: string): Promise<OnboardedUnit | null> {
  const [row] = await db.select().from(zatcaUnits).where(eq(zatcaUnits.unit, unit));
  if (!row) return null;
  const secrets = unsealSecrets(row.sealed, key);
  return { unit: row.unit, environment: row.environment as FatooraEnvironment, activeFrom: row.activeFrom, certificateExpiresAt: row.certificateExpiresAt, secrets };
}

/** What the stamp signs with: the production CSID's certificate and the unit's key. */
export function signingCredentials(unit: OnboardedUnit): SigningCredentials {
  return { privateKey: unit.secrets.privateKeyPem, certificate: certificateOfCsid(unit.secrets.production) };
}
