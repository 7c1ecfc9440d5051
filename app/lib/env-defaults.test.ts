import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { parseEnv } from "./env.server";

const withEnv = (values: Record<string, string | undefined>) => parseEnv({ DATA_DIR: mkdtempSync(path.join(tmpdir(), "rihla-env-")), ...values });

describe("env defaults", () => {
  test("without SITE_URL, links go to the port the server listens on", () => {
    expect(withEnv({ PORT: "3911", SITE_URL: undefined }).SITE_URL).toBe("http://localhost:3911");
    expect(withEnv({ PORT: "3911", SITE_URL: "" }).SITE_URL).toBe("http://localhost:3911");
    expect(withEnv({ PORT: undefined, SITE_URL: undefined }).SITE_URL).toBe("http://localhost:3000");
  });

  test("a set SITE_URL wins", () => {
    const strong = "k3J9-vQ2xZ8_pL5mN7bR4tY6wE1aS0dF";
    expect(withEnv({ PORT: "3911", SITE_URL: "https://rihla.example", SESSION_SECRET: strong, SANITY_WEBHOOK_SECRET: `${strong}-cms`, PAYMENT_GATEWAY: "stripe" }).SITE_URL).toBe("https://rihla.example");
  });

  test("TRUST_PROXY is a number of hops, none by default", () => {
    expect(withEnv({ TRUST_PROXY: undefined }).TRUST_PROXY).toBe(0);
    expect(withEnv({ TRUST_PROXY: "2" }).TRUST_PROXY).toBe(2);
    expect(() => withEnv({ TRUST_PROXY: "true" })).toThrow(/TRUST_PROXY/);
  });

  test("agents' daily refund limit: 10 × the per-order limit unless set", () => {
    expect(withEnv({}).AGENT_REFUND_DAILY_LIMIT_SAR).toBe(10_000);
    expect(withEnv({ AGENT_REFUND_LIMIT_SAR: "500", AGENT_REFUND_DAILY_LIMIT_SAR: "" }).AGENT_REFUND_DAILY_LIMIT_SAR).toBe(5_000);
    expect(withEnv({ AGENT_REFUND_DAILY_LIMIT_SAR: "2500" }).AGENT_REFUND_DAILY_LIMIT_SAR).toBe(2_500);
    expect(withEnv({ AGENT_REFUND_DAILY_LIMIT_SAR: "0" }).AGENT_REFUND_DAILY_LIMIT_SAR).toBe(0);
    expect(() => withEnv({ AGENT_REFUND_DAILY_LIMIT_SAR: "lots" })).toThrow(/AGENT_REFUND_DAILY_LIMIT_SAR/);
  });
});
