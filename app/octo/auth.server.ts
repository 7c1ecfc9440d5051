/**
 * Reseller API keys. A key is 32 random bytes (base64url) behind a readable prefix; only its sha256
 * is stored, so a leaked database does not leak working keys. Keys are created by
 * `npm run octo:key -- --reseller "Name"` and shown once; they can expire, be revoked, carry their own
 * rate limit, or be test keys. Every request is counted per key and minute (`api_key_usage`), which
 * is both the rate limit's window and the usage staff see.
 */
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { and, desc, eq, gte, lt, sql } from "drizzle-orm";
import { rowsOf, type Database } from "#app/db/db.server";
import * as schema from "#app/db/schema";
import { OctoError } from "./protocol";

const KEY_PREFIX = "rihla_octo_";

/** How long per-minute usage rows are kept. */
export const USAGE_RETENTION_DAYS = 7;

export interface Reseller {
  id: string;
  name: string;
  /** The key's id (for usage counts and the rate limit). */
  keyId: string;
  /** A test key: its bookings are testMode and hold no seats. */
  testMode: boolean;
  /** The key's own limit per minute, or null for the installation's. */
  rateLimitPerMinute: number | null;
}

export function hashApiKey(key: string): string {
  return createHash("sha256").update(key, "utf8").digest("hex");
}

export interface ApiKeyOptions {
  /** The key is refused from this instant on. */
  expiresAt?: Date | null;
  /** Requests a minute before 429 (default: OCTO_RATE_LIMIT_PER_MINUTE). */
  rateLimitPerMinute?: number | null;
  /** A test key (bookings are testMode: checked against vacancies, holding no seats). */
  testMode?: boolean;
}

/** Creates a key for the reseller of that name (creating the reseller when new); returns the key in clear, once. */
export async function createApiKey(db: Database, resellerName: string, options: ApiKeyOptions = {}): Promise<{ reseller: { id: string; name: string }; key: string; keyId: string }> {
  const name = resellerName.trim();
  if (!name) throw new Error("A reseller name is required");
  if (options.rateLimitPerMinute !== undefined && options.rateLimitPerMinute !== null && !(Number.isInteger(options.rateLimitPerMinute) && options.rateLimitPerMinute > 0)) {
    throw new Error("The rate limit is a whole number of requests a minute, at least 1");
  }
  const key = `${KEY_PREFIX}${randomBytes(32).toString("base64url")}`;
  const keyId = `key_${randomUUID().replace(/-/g, "").slice(0, 16)}`;
  const reseller = await db.transaction(async (tx) => {
    const [existing] = await tx.select({ id: schema.resellers.id, name: schema.resellers.name }).from(schema.resellers).where(eq(schema.resellers.name, name));
    const row = existing ?? { id: `rsl_${randomUUID().replace(/-/g, "").slice(0, 16)}`, name };
    if (!existing) await tx.insert(schema.resellers).values(row);
    await tx.insert(schema.apiKeys).values({
      id: keyId,
      resellerId: row.id,
      keyHash: hashApiKey(key),
      prefix: key.slice(0, KEY_PREFIX.length + 6),
      expiresAt: options.expiresAt ?? null,
      rateLimitPerMinute: options.rateLimitPerMinute ?? null,
      testMode: options.testMode ?? false,
    });
    return row;
  });
  return { reseller, key, keyId };
}

/** Revokes a key (from now on 403); false when there is no such key. Revoking twice keeps the first date. */
export async function revokeApiKey(db: Database, keyId: string, now: Date = new Date()): Promise<boolean> {
  const [row] = await db.select({ revokedAt: schema.apiKeys.revokedAt }).from(schema.apiKeys).where(eq(schema.apiKeys.id, keyId));
  if (!row) return false;
  if (!row.revokedAt) await db.update(schema.apiKeys).set({ revokedAt: now }).where(eq(schema.apiKeys.id, keyId));
  return true;
}

/**
 * The reseller behind a request's `Authorization: Bearer …`; 401 without a key, 403 for an unknown,
 * revoked, expired or disabled one.
 */
export async function authenticate(db: Database, request: Request, now: Date = new Date()): Promise<Reseller> {
  const header = request.headers.get("Authorization") ?? "";
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match?.[1]) throw new OctoError("UNAUTHORIZED", "Send your API key as `Authorization: Bearer <key>`");
  const [row] = await db
    .select({
      id: schema.resellers.id,
      name: schema.resellers.name,
      keyId: schema.apiKeys.id,
      revokedAt: schema.apiKeys.revokedAt,
      expiresAt: schema.apiKeys.expiresAt,
      testMode: schema.apiKeys.testMode,
      rateLimitPerMinute: schema.apiKeys.rateLimitPerMinute,
      disabledAt: schema.resellers.disabledAt,
    })
    .from(schema.apiKeys)
    .innerJoin(schema.resellers, eq(schema.resellers.id, schema.apiKeys.resellerId))
    .where(eq(schema.apiKeys.keyHash, hashApiKey(match[1])));
  if (!row || row.revokedAt || row.disabledAt) throw new OctoError("FORBIDDEN", "This API key is invalid or has been revoked");
  if (row.expiresAt && row.expiresAt.getTime() <= now.getTime()) throw new OctoError("FORBIDDEN", `This API key expired at ${row.expiresAt.toISOString()}; ask for a new one`);
  return { id: row.id, name: row.name, keyId: row.keyId, testMode: row.testMode, rateLimitPerMinute: row.rateLimitPerMinute };
}

export type RateDecision = { allowed: true; remaining: number } | { allowed: false; retryAfterSeconds: number };

/**
 * Counts one request of a key in the current minute and decides it against the key's limit: one
 * statement (an upsert of the window, and the key's last use and total), so every instance counts
 * the same window and two requests cannot both take the last place.
 */
export async function countKeyRequest(db: Database, reseller: Pick<Reseller, "keyId" | "rateLimitPerMinute">, defaultLimit: number, now: Date = new Date()): Promise<RateDecision> {
  const limit = reseller.rateLimitPerMinute ?? defaultLimit;
  const windowStart = new Date(Math.floor(now.getTime() / 60_000) * 60_000);
  const rows = rowsOf<{ requests: number }>(
    await db.execute(sql`
      WITH hit AS (
        INSERT INTO api_key_usage (key_id, window_start, requests, refused)
        VALUES (${reseller.keyId}, ${windowStart.toISOString()}::timestamptz, 1, 0)
        ON CONFLICT (key_id, window_start) DO UPDATE SET
          requests = api_key_usage.requests + 1,
          refused = api_key_usage.refused + CASE WHEN api_key_usage.requests + 1 > ${limit} THEN 1 ELSE 0 END
        RETURNING requests
      ), touched AS (
        UPDATE api_keys SET
          last_used_at = ${now.toISOString()}::timestamptz,
          request_count = request_count + (SELECT CASE WHEN requests <= ${limit} THEN 1 ELSE 0 END FROM hit)
        WHERE id = ${reseller.keyId}
        RETURNING id
      )
      SELECT requests FROM hit`),
  );
  const requests = Number(rows[0]?.requests ?? 1);
  // The first request of a window tidies the key's old windows (once a minute at most).
  if (requests === 1) {
    await db
      .delete(schema.apiKeyUsage)
      .where(and(eq(schema.apiKeyUsage.keyId, reseller.keyId), lt(schema.apiKeyUsage.windowStart, new Date(now.getTime() - USAGE_RETENTION_DAYS * 86_400_000))));
  }
  if (requests <= limit) return { allowed: true, remaining: limit - requests };
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((windowStart.getTime() + 60_000 - now.getTime()) / 1000)) };
}

/** A key as staff see it: who, state, limits and use. */
export interface ApiKeyUsage {
  keyId: string;
  prefix: string;
  resellerId: string;
  resellerName: string;
  createdAt: Date;
  expiresAt: Date | null;
  revokedAt: Date | null;
  testMode: boolean;
  rateLimitPerMinute: number | null;
  lastUsedAt: Date | null;
  /** Requests answered since the key was made (429s excluded). */
  requestCount: number;
  /** Requests in the last 24 hours, and how many of them were refused with 429. */
  requestsLastDay: number;
  refusedLastDay: number;
}

/** Every key with its usage (most recently used first). */
export async function listApiKeys(db: Database, now: Date = new Date()): Promise<ApiKeyUsage[]> {
  const since = new Date(now.getTime() - 86_400_000);
  const recent = db
    .select({
      keyId: schema.apiKeyUsage.keyId,
      requests: sql<number>`sum(${schema.apiKeyUsage.requests})::int`.as("requests"),
      refused: sql<number>`sum(${schema.apiKeyUsage.refused})::int`.as("refused"),
    })
    .from(schema.apiKeyUsage)
    .where(gte(schema.apiKeyUsage.windowStart, since))
    .groupBy(schema.apiKeyUsage.keyId)
    .as("recent");
  const rows = await db
    .select({ key: schema.apiKeys, resellerName: schema.resellers.name, requests: recent.requests, refused: recent.refused })
    .from(schema.apiKeys)
    .innerJoin(schema.resellers, eq(schema.resellers.id, schema.apiKeys.resellerId))
    .leftJoin(recent, eq(recent.keyId, schema.apiKeys.id))
    .orderBy(sql`${schema.apiKeys.lastUsedAt} DESC NULLS LAST`, desc(schema.apiKeys.createdAt));
  return rows.map(({ key, resellerName, requests, refused }) => ({
    keyId: key.id,
    prefix: key.prefix,
    resellerId: key.resellerId,
    resellerName,
    createdAt: key.createdAt,
    expiresAt: key.expiresAt,
    revokedAt: key.revokedAt,
    testMode: key.testMode,
    rateLimitPerMinute: key.rateLimitPerMinute,
    lastUsedAt: key.lastUsedAt,
    requestCount: Number(key.requestCount),
    requestsLastDay: Number(requests ?? 0),
    refusedLastDay: Number(refused ?? 0),
  }));
}
