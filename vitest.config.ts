import { defineConfig } from "vitest/config";
import { aliases } from "./vite.config";

// The build's Vite config (vite.config.ts) without Remix's plugin: the same module names; tests import
// modules directly, route modules included, and render with their own server builds.
export default defineConfig({
  resolve: { alias: aliases },
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
