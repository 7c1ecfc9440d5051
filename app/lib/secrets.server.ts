/**
 * Secrets that sign cookies and webhooks. None has a constant default: when one is not configured,
 * a random value is generated once per installation and kept in DATA_DIR/secrets.json (mode 0600),
 * so a local `npm start` works with no configuration and survives restarts. A public deployment
 * (an https SITE_URL) must configure them explicitly: several instances would otherwise each invent
 * their own, and a deployment should never depend on a file nobody chose.
 */
import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";

export const SECRET_NAMES = ["SESSION_SECRET", "SANITY_WEBHOOK_SECRET", "SANDBOX_WEBHOOK_SECRET"] as const;
export type SecretName = (typeof SECRET_NAMES)[number];
export type Secrets = Record<SecretName, string>;

/** Shorter than this, or one of the values ever published as an example, and a secret is weak. */
export const MIN_SECRET_LENGTH = 32;
const PUBLISHED_VALUES = new Set([
  "dev-only-secret-change-me-please",
  "dev-only-webhook-secret",
  "dev-only-sandbox-webhook-secret",
  "changeme",
  "secret",
]);

/** Why a configured secret is not good enough for a public deployment, or null when it is. */
export function secretWeakness(value: string | undefined): "missing" | "too-short" | "published" | "repetitive" | null {
  if (!value) return "missing";
  if (PUBLISHED_VALUES.has(value) || value.startsWith("dev-only")) return "published";
  if (value.length < MIN_SECRET_LENGTH) return "too-short";
  // "aaaa…", "1234…": fewer than 8 distinct characters cannot carry much entropy.
  if (new Set(value).size < 8) return "repetitive";
  return null;
}

/** The installation's generated secrets, creating the file (0600) and any missing entry. */
export function installationSecrets(dataDir: string): Secrets {
  const file = path.join(dataDir, "secrets.json");
  let stored: Partial<Record<string, unknown>> = {};
  if (existsSync(file)) {
    try {
      stored = JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
    } catch {
      throw new Error(`${file} is not valid JSON: fix or delete it (deleting it signs everyone out)`);
    }
  }
  const secrets = {} as Secrets;
  let changed = false;
  for (const name of SECRET_NAMES) {
    const value = stored[name];
    if (typeof value === "string" && value.length >= MIN_SECRET_LENGTH) {
      secrets[name] = value;
    } else {
      secrets[name] = randomBytes(32).toString("base64url");
      changed = true;
    }
  }
  if (changed) {
    mkdirSync(dataDir, { recursive: true });
    const temporary = `${file}.${process.pid}.tmp`;
    writeFileSync(temporary, `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600 });
    renameSync(temporary, file);
  }
  // A file copied in from elsewhere may be world-readable: tighten it every time.
  chmodSync(file, 0o600);
  return secrets;
}

export interface DeploymentFacts {
  siteUrl: string;
  /** As given in the environment (empty when unset), not after defaults. */
  configured: Partial<Record<SecretName | "PAYMENT_GATEWAY", string>>;
}

/** True when the store faces the public: customers reach it over https. */
export function isPublicDeployment(siteUrl: string): boolean {
  return siteUrl.startsWith("https://");
}

/**
 * The problems that must stop a public deployment from starting (empty when it may start): a
 * missing or weak secret, or the sandbox gateway (which accepts test cards) not chosen explicitly.
 */
export function deploymentProblems(facts: DeploymentFacts): string[] {
  if (!isPublicDeployment(facts.siteUrl)) return [];
  const problems: string[] = [];
  for (const name of SECRET_NAMES) {
    // The sandbox secret matters only when the sandbox gateway is in use.
    if (name === "SANDBOX_WEBHOOK_SECRET" && facts.configured.PAYMENT_GATEWAY !== "sandbox") continue;
    const weakness = secretWeakness(facts.configured[name]);
    if (weakness) problems.push(`${name} is ${weakness === "missing" ? "not set" : weakness === "too-short" ? `shorter than ${MIN_SECRET_LENGTH} characters` : weakness === "published" ? "a published example value" : "too repetitive"}`);
  }
  if (!facts.configured.PAYMENT_GATEWAY) {
    problems.push("PAYMENT_GATEWAY is not set: choose stripe, or sandbox explicitly (test mode: no real payment)");
  }
  return problems;
}
