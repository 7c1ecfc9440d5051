import { afterEach, describe, expect, test } from "vitest";
import { getEnv, resetEnvForTests } from "./env.server";

const saved = { PORT: process.env.PORT, SITE_URL: process.env.SITE_URL, TRUST_PROXY: process.env.TRUST_PROXY };

function withEnv(values: Record<string, string | undefined>) {
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  resetEnvForTests();
  return getEnv();
}

afterEach(() => withEnv(saved));

describe("env defaults", () => {
  test("without SITE_URL, links go to the port the server listens on", () => {
    expect(withEnv({ PORT: "3911", SITE_URL: undefined }).SITE_URL).toBe("http://localhost:3911");
    expect(withEnv({ PORT: "3911", SITE_URL: "" }).SITE_URL).toBe("http://localhost:3911");
    expect(withEnv({ PORT: undefined, SITE_URL: undefined }).SITE_URL).toBe("http://localhost:3000");
  });

  test("a set SITE_URL wins", () => {
    expect(withEnv({ PORT: "3911", SITE_URL: "https://rihla.example" }).SITE_URL).toBe("https://rihla.example");
  });

  test("TRUST_PROXY is a number of hops, none by default", () => {
    expect(withEnv({ TRUST_PROXY: undefined }).TRUST_PROXY).toBe(0);
    expect(withEnv({ TRUST_PROXY: "2" }).TRUST_PROXY).toBe(2);
    expect(() => withEnv({ TRUST_PROXY: "true" })).toThrow(/TRUST_PROXY/);
  });
});
