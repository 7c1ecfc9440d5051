import { mkdtempSync, readFileSync, statSync, writeFileSync, chmodSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { deploymentProblems, installationSecrets, secretWeakness, SECRET_NAMES } from "./secrets.server";

const strong = "k3J9-vQ2xZ8_pL5mN7bR4tY6wE1aS0dF";

describe("installation secrets", () => {
  test("are random, long, kept in DATA_DIR with mode 0600, and stable across restarts", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "rihla-secrets-"));
    const first = installationSecrets(dir);
    const file = path.join(dir, "secrets.json");
    expect(statSync(file).mode & 0o777).toBe(0o600);
    for (const name of SECRET_NAMES) {
      expect(first[name].length).toBeGreaterThanOrEqual(32);
      expect(secretWeakness(first[name])).toBeNull();
    }
    expect(new Set(Object.values(first)).size).toBe(SECRET_NAMES.length);
    expect(installationSecrets(dir)).toEqual(first);
  });

  test("two installations never share a secret", () => {
    const a = installationSecrets(mkdtempSync(path.join(tmpdir(), "rihla-secrets-")));
    const b = installationSecrets(mkdtempSync(path.join(tmpdir(), "rihla-secrets-")));
    expect(a.SESSION_SECRET).not.toBe(b.SESSION_SECRET);
  });

  test("a missing or short entry is filled in, and a loose file mode is tightened", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "rihla-secrets-"));
    const file = path.join(dir, "secrets.json");
    writeFileSync(file, JSON.stringify({ SESSION_SECRET: strong, SANITY_WEBHOOK_SECRET: "short" }));
    chmodSync(file, 0o644);
    const secrets = installationSecrets(dir);
    expect(secrets.SESSION_SECRET).toBe(strong);
    expect(secrets.SANITY_WEBHOOK_SECRET).not.toBe("short");
    expect(JSON.parse(readFileSync(file, "utf8")).SANDBOX_WEBHOOK_SECRET).toBe(secrets.SANDBOX_WEBHOOK_SECRET);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  test("a corrupt file stops the start with a message instead of silently signing everyone out", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "rihla-secrets-"));
    writeFileSync(path.join(dir, "secrets.json"), "{not json");
    expect(() => installationSecrets(dir)).toThrow(/not valid JSON/);
  });
});

describe("a public deployment refuses to start", () => {
  const good = { SESSION_SECRET: strong, SANITY_WEBHOOK_SECRET: `${strong}x`, SANDBOX_WEBHOOK_SECRET: `${strong}y` };

  test("locally (http) nothing is required", () => {
    expect(deploymentProblems({ siteUrl: "http://localhost:3000", configured: {} })).toEqual([]);
  });

  test("on https with nothing configured, every secret and the gateway are named", () => {
    const problems = deploymentProblems({ siteUrl: "https://rihla.example", configured: {} });
    expect(problems.join("\n")).toMatch(/SESSION_SECRET is not set/);
    expect(problems.join("\n")).toMatch(/SANITY_WEBHOOK_SECRET is not set/);
    expect(problems.join("\n")).toMatch(/PAYMENT_GATEWAY is not set/);
  });

  test.each([
    ["dev-only-secret-change-me-please", /published example/],
    ["short-secret", /shorter than 32/],
    ["a".repeat(40), /too repetitive/],
  ])("on a weak SESSION_SECRET (%s)", (value, message) => {
    const problems = deploymentProblems({ siteUrl: "https://rihla.example", configured: { ...good, SESSION_SECRET: value, PAYMENT_GATEWAY: "stripe" } });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(message);
  });

  test("the sandbox gateway only when chosen explicitly, and then its webhook secret must be strong", () => {
    expect(deploymentProblems({ siteUrl: "https://rihla.example", configured: { ...good, PAYMENT_GATEWAY: "sandbox" } })).toEqual([]);
    expect(deploymentProblems({ siteUrl: "https://rihla.example", configured: { ...good, SANDBOX_WEBHOOK_SECRET: "dev-only-sandbox-webhook-secret", PAYMENT_GATEWAY: "sandbox" } })).toEqual([
      "SANDBOX_WEBHOOK_SECRET is a published example value",
    ]);
    // With Stripe the sandbox secret is irrelevant.
    expect(deploymentProblems({ siteUrl: "https://rihla.example", configured: { SESSION_SECRET: strong, SANITY_WEBHOOK_SECRET: `${strong}x`, PAYMENT_GATEWAY: "stripe" } })).toEqual([]);
  });
});
