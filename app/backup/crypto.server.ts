/**
 * Backup files at rest: AES-256-GCM with a key derived from BACKUP_KEY (scrypt, a random salt per file),
 * so a copied backup tells nothing without the key, and a changed byte (or a wrong key) is refused rather
 * than restored. There is no default key: a backup nobody can decrypt, or one anybody can, is worse than none.
 *
 * File layout: "RIHLABK1" then the sealed box (app/lib/sealed-box.server.ts).
 */
import { passphraseFrom, seal, unseal, UnsealError } from "#app/lib/sealed-box.server";

const MAGIC = Buffer.from("RIHLABK1", "ascii");
/** A passphrase shorter than this is refused: the key guards every customer's personal data. */
export const MIN_BACKUP_KEY_LENGTH = 32;

export class BackupKeyError extends Error {}
export class BackupIntegrityError extends Error {}

/** The key from the environment, or a clear refusal naming what to set. */
export function backupKeyFrom(env: Record<string, string | undefined>): string {
  return passphraseFrom(env.BACKUP_KEY, "BACKUP_KEY", "backups are encrypted with it", (message) => new BackupKeyError(message), MIN_BACKUP_KEY_LENGTH);
}

export function encryptBackup(plain: Uint8Array, passphrase: string): Buffer {
  return seal(MAGIC, plain, passphrase);
}

export function decryptBackup(file: Uint8Array, passphrase: string): Buffer {
  try {
    return unseal(MAGIC, file, passphrase);
  } catch (error) {
    if (!(error instanceof UnsealError)) throw error;
    if (error.message === "format") throw new BackupIntegrityError("Not a Rihla backup file (or a truncated one).");
    throw new BackupIntegrityError("The backup cannot be decrypted: wrong BACKUP_KEY, or the file was changed or damaged.");
  }
}
