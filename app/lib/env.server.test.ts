import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseEnv } from "./env.server";

const dataDir = () => mkdtempSync(path.join(tmpdir(), "rihla-env-"));
const strong = (tag: string) => `${tag}-k3J9vQ2xZ8pL5mN7bR4tY6wE1aS0dF`;

describe("the environment", () => {
  test("with no configuration, a local start works and its secrets are this installation's own, not constants", () => {
    const dir = dataDir();
    const env = parseEnv({ DATA_DIR: dir });
    expect(env.SESSION_SECRET.length).toBeGreaterThanOrEqual(32);
    expect(env.SESSION_SECRET).not.toMatch(/dev-only/);
    expect(parseEnv({ DATA_DIR: dir }).SESSION_SECRET).toBe(env.SESSION_SECRET);
    expect(parseEnv({ DATA_DIR: dataDir() }).SESSION_SECRET).not.toBe(env.SESSION_SECRET);
    expect(env.PAYMENT_TEST_MODE).toBe(true);
  });

  test("a configured secret wins over the generated one", () => {
    expect(parseEnv({ DATA_DIR: dataDir(), SESSION_SECRET: strong("session") }).SESSION_SECRET).toBe(strong("session"));
  });

  test("an https deployment refuses to start on the development defaults", () => {
    expect(() => parseEnv({ DATA_DIR: dataDir(), SITE_URL: "https://rihla.example" })).toThrow(/Refusing to start a public deployment[\s\S]*SESSION_SECRET is not set[\s\S]*PAYMENT_GATEWAY is not set/);
    expect(() => parseEnv({ DATA_DIR: dataDir(), SITE_URL: "https://rihla.example", SESSION_SECRET: "dev-only-secret-change-me-please", SANITY_WEBHOOK_SECRET: strong("cms"), PAYMENT_GATEWAY: "stripe" })).toThrow(/SESSION_SECRET is a published example value/);
  });

  test("an https deployment starts with strong secrets, and on the sandbox only when chosen, in test mode", () => {
    const configured = { DATA_DIR: dataDir(), SITE_URL: "https://rihla.example", SESSION_SECRET: strong("session"), SANITY_WEBHOOK_SECRET: strong("cms") };
    expect(parseEnv({ ...configured, PAYMENT_GATEWAY: "stripe" }).PAYMENT_TEST_MODE).toBe(false);
    expect(() => parseEnv({ ...configured, PAYMENT_GATEWAY: "sandbox" })).toThrow(/SANDBOX_WEBHOOK_SECRET is not set/);
    expect(parseEnv({ ...configured, PAYMENT_GATEWAY: "sandbox", SANDBOX_WEBHOOK_SECRET: strong("sandbox") }).PAYMENT_TEST_MODE).toBe(true);
  });
});
