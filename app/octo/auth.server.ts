/**
 * Reseller API keys. A key is 32 random bytes (base64url) behind a readable prefix; only its sha256
 * is stored, so a leaked database does not leak working keys. Keys are created by
 * `npm run octo:key -- --reseller "Name"` and shown once.
 */
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "#app/db/db.server";
import * as schema from "#app/db/schema";
import { OctoError } from "./protocol";

const KEY_PREFIX = "rihla_octo_";

export interface Reseller {
  id: string;
  name: string;
}

export function hashApiKey(key: string): string {
  return createHash("sha256").update(key, "utf8").digest("hex");
}

/** Creates a key for the reseller of that name (creating the reseller when new); returns the key in clear, once. */
export async function createApiKey(db: Database, resellerName: string): Promise<{ reseller: Reseller; key: string; keyId: string }> {
  const name = resellerName.trim();
  if (!name) throw new Error("A reseller name is required");
  const key = `${KEY_PREFIX}${randomBytes(32).toString("base64url")}`;
  const keyId = `key_${randomUUID().replace(/-/g, "").slice(0, 16)}`;
  const reseller = await db.transaction(async (tx) => {
    const [existing] = await tx.select({ id: schema.resellers.id, name: schema.resellers.name }).from(schema.resellers).where(eq(schema.resellers.name, name));
    const row = existing ?? { id: `rsl_${randomUUID().replace(/-/g, "").slice(0, 16)}`, name };
    if (!existing) await tx.insert(schema.resellers).values(row);
    await tx.insert(schema.apiKeys).values({ id: keyId, resellerId: row.id, keyHash: hashApiKey(key), prefix: key.slice(0, KEY_PREFIX.length + 6) });
    return row;
  });
  return { reseller, key, keyId };
}

/** The reseller behind a request's `Authorization: Bearer …`; 401 without a key, 403 for an unknown, revoked or disabled one. */
export async function authenticate(db: Database, request: Request): Promise<Reseller> {
  const header = request.headers.get("Authorization") ?? "";
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match?.[1]) throw new OctoError("UNAUTHORIZED", "Send your API key as `Authorization: Bearer <key>`");
  const [row] = await db
    .select({ id: schema.resellers.id, name: schema.resellers.name, revokedAt: schema.apiKeys.revokedAt, disabledAt: schema.resellers.disabledAt })
    .from(schema.apiKeys)
    .innerJoin(schema.resellers, eq(schema.resellers.id, schema.apiKeys.resellerId))
    .where(eq(schema.apiKeys.keyHash, hashApiKey(match[1])));
  if (!row || row.revokedAt || row.disabledAt) throw new OctoError("FORBIDDEN", "This API key is invalid or has been revoked");
  return { id: row.id, name: row.name };
}
