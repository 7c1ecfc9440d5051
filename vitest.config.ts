import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: {
      "#app": fileURLToPath(new URL("./app", import.meta.url)),
      "#cms": fileURLToPath(new URL("./cms", import.meta.url)),
    },
  },
  test: {
    include: ["app/**/*.test.{ts,tsx}", "cms/**/*.test.{ts,tsx}", "scripts/**/*.test.{ts,js}", "server/**/*.test.{ts,js}"],
    environment: "node",
    // Builds the seeded template database once; each test file then loads its own copy.
    globalSetup: ["./app/db/test-global-setup.ts"],
    globals: true,
    // Two cores: keep the pool small so PGlite-backed files don't starve each other.
    pool: "forks",
    poolOptions: { forks: { maxForks: 2, minForks: 1 } },
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
