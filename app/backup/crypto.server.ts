/**
 * Backup files at rest: AES-256-GCM with a key derived from BACKUP_KEY (scrypt, a random salt per file),
 * so a copied backup tells nothing without the key, and a changed byte (or a wrong key) is refused rather
 * than restored. There is no default key: a backup nobody can decrypt, or one anybody can, is worse than none.
 *
 * File layout: "RIHLABK1" | salt (16) | iv (12) | ciphertext | tag (16).
 */
import { createCipheriv, createDecipheriv, randomBytes, scryptSync } from "node:crypto";

const MAGIC = Buffer.from("RIHLABK1", "ascii");
const SALT_BYTES = 16;
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** A passphrase shorter than this is refused: the key guards every customer's personal data. */
export const MIN_BACKUP_KEY_LENGTH = 32;

export class BackupKeyError extends Error {}
export class BackupIntegrityError extends Error {}

/** The key from the environment, or a clear refusal naming what to set. */
export function backupKeyFrom(env: Record<string, string | undefined>): string {
  const key = env.BACKUP_KEY ?? "";
  if (!key) throw new BackupKeyError("BACKUP_KEY is not set: backups are encrypted and there is no default key. Set it to 32+ random characters (e.g. `openssl rand -base64 32`) and keep a copy away from the backups.");
  if (key.length < MIN_BACKUP_KEY_LENGTH) throw new BackupKeyError(`BACKUP_KEY is too short: use ${MIN_BACKUP_KEY_LENGTH}+ random characters.`);
  return key;
}

function deriveKey(passphrase: string, salt: Buffer): Buffer {
  return scryptSync(passphrase, salt, 32);
}

export function encryptBackup(plain: Uint8Array, passphrase: string): Buffer {
  const salt = randomBytes(SALT_BYTES);
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", deriveKey(passphrase, salt), iv);
  cipher.setAAD(MAGIC);
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([MAGIC, salt, iv, body, cipher.getAuthTag()]);
}

export function decryptBackup(file: Uint8Array, passphrase: string): Buffer {
  const data = Buffer.from(file.buffer, file.byteOffset, file.byteLength);
  const headerBytes = MAGIC.length + SALT_BYTES + IV_BYTES;
  if (data.length < headerBytes + TAG_BYTES || !data.subarray(0, MAGIC.length).equals(MAGIC)) throw new BackupIntegrityError("Not a Rihla backup file (or a truncated one).");
  const salt = data.subarray(MAGIC.length, MAGIC.length + SALT_BYTES);
  const iv = data.subarray(MAGIC.length + SALT_BYTES, headerBytes);
  const tag = data.subarray(data.length - TAG_BYTES);
  const decipher = createDecipheriv("aes-256-gcm", deriveKey(passphrase, salt), iv);
  decipher.setAAD(MAGIC);
  decipher.setAuthTag(tag);
  try {
    return Buffer.concat([decipher.update(data.subarray(headerBytes, data.length - TAG_BYTES)), decipher.final()]);
  } catch {
    // GCM cannot tell a wrong key from a changed byte; both mean "do not restore this".
    throw new BackupIntegrityError("The backup cannot be decrypted: wrong BACKUP_KEY, or the file was changed or damaged.");
  }
}
