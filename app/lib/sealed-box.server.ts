/**
 * Bytes sealed with a passphrase: AES-256-GCM under a key derived by scrypt with a random salt per
 * seal, the format's magic bound in as associated data. A wrong passphrase and a changed byte are one
 * refusal (GCM cannot tell them apart). Layout: magic | salt (16) | iv (12) | ciphertext | tag (16).
 * Used for backup files and for a ZATCA unit's private key in the database.
 */
import { createCipheriv, createDecipheriv, randomBytes, scryptSync } from "node:crypto";

const SALT_BYTES = 16;
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** Not sealed with this magic, cut short, changed, or another passphrase. */
export class UnsealError extends Error {}

function deriveKey(passphrase: string, salt: Buffer): Buffer {
  return scryptSync(passphrase, salt, 32);
}

export function seal(magic: Buffer, plain: Uint8Array, passphrase: string): Buffer {
  const salt = randomBytes(SALT_BYTES);
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", deriveKey(passphrase, salt), iv);
  cipher.setAAD(magic);
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([magic, salt, iv, body, cipher.getAuthTag()]);
}

/** Throws UnsealError("format") for what is not this kind of box, UnsealError("key") when it does not open. */
export function unseal(magic: Buffer, sealed: Uint8Array, passphrase: string): Buffer {
  const data = Buffer.from(sealed.buffer, sealed.byteOffset, sealed.byteLength);
  const headerBytes = magic.length + SALT_BYTES + IV_BYTES;
  if (data.length < headerBytes + TAG_BYTES || !data.subarray(0, magic.length).equals(magic)) throw new UnsealError("format");
  const salt = data.subarray(magic.length, magic.length + SALT_BYTES);
  const iv = data.subarray(magic.length + SALT_BYTES, headerBytes);
  const decipher = createDecipheriv("aes-256-gcm", deriveKey(passphrase, salt), iv);
  decipher.setAAD(magic);
  decipher.setAuthTag(data.subarray(data.length - TAG_BYTES));
  try {
    return Buffer.concat([decipher.update(data.subarray(headerBytes, data.length - TAG_BYTES)), decipher.final()]);
  } catch {
    throw new UnsealError("key");
  }
}

/**
 * A sealing passphrase from the environment, or a clear refusal naming what to set: there is no default
 * (a box nobody can open, or anybody can, is worse than none). `onError` makes the caller's own error.
 */
export function passphraseFrom(value: string | undefined, name: string, guards: string, onError: (message: string) => Error, minLength = 32): string {
  if (!value) throw onError(`${name} is not set: ${guards} and there is no default. Set it to ${minLength}+ random characters (e.g. \`openssl rand -base64 32\`) and keep a copy away from what it protects.`);
  if (value.length < minLength) throw onError(`${name} is too short: use ${minLength}+ random characters.`);
  return value;
}
