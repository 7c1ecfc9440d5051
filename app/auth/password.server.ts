import { hash, verify } from "@node-rs/argon2";

// Algorithm.Argon2id is a const enum, which isolatedModules builds cannot inline; 2 is its value.
const ARGON2ID = 2;

/** OWASP's argon2id minimum (19 MiB, 2 passes, 1 lane): ~20 ms here, costly for an attacker at scale. */
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** The argon2id PHC string of a password (salt included). */
export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/**
 * True when `password` matches `passwordHash`. A hash that is no argon2 string (an account whose
 * password is still to be set from a link) reads as no match after the time of a real check, so its
 * answer is as slow as a wrong password's and tells nothing about the account.
 */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  if (!passwordHash.startsWith("$argon2")) {
    await burnPasswordCheck(password);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | undefined;

/**
 * Spends the time of one verification against a throw-away hash, so a login for an unknown email
 * takes as long as one with a wrong password and does not reveal which addresses have accounts.
 */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummy ??= hashPassword("rihla-timing-equaliser");
  await verifyPassword(await dummy, password);
}
