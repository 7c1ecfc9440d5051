// `npm test`: every test, in the order that fails fastest. Type check, unit tests (vitest, on the
// embedded PGlite database; again on a PostgreSQL server when TEST_DATABASE_URL is set), the Sanity
// studio build, one production build, then the Playwright suites (JavaScript on and off) against it.
// `npm test -- unit|studio|e2e` runs one part.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";

const bin = (name) => path.resolve("node_modules/.bin", name);

function run(title, command, args, env = {}) {
  console.log(`\n▶ ${title}`);
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  if (result.status !== 0) {
    console.error(`✖ ${title} failed`);
    process.exit(result.status ?? 1);
  }
}

const only = process.argv[2];
const serverDatabaseUrl = process.env.TEST_DATABASE_URL;

if (!only || only === "unit") {
  run("Type check", bin("tsc"), ["-p", "."]);
  // The first run always uses PGlite, whatever the shell has set.
  run("Unit tests (PGlite)", bin("vitest"), ["run"], { TEST_DATABASE_URL: "" });
  if (serverDatabaseUrl) {
    // Every suite that touches the database, again on a real server (folders that do not exist yet are skipped).
    const databaseSuites = ["app/db", "app/booking", "app/catalogue", "app/commerce", "app/content", "app/site", "app/auth", "app/account", "app/octo", "app/staff"].filter((folder) =>
      existsSync(folder),
    );
    run("Database tests (PostgreSQL server)", bin("vitest"), ["run", ...databaseSuites], {
      TEST_DATABASE_URL: serverDatabaseUrl,
    });
  }
}
if (!only || only === "studio") {
  // The editors' studio must keep building (offline; its output is not served by the storefront).
  run("Sanity studio build", bin("sanity"), ["build", "cms/dist", "-y"]);
  run("Studio build contents", process.execPath, [path.resolve("scripts/check-studio-build.js")]);
}
if (!only || only === "e2e") {
  // The production build plus the test-only routes (app/routes.ts TEST_ONLY_ROUTES) the suites drive.
  run("Production build", process.execPath, [path.resolve("scripts/build.js")], { NODE_ENV: "production", RIHLA_TEST_ROUTES: "1" });
  run("End-to-end tests (Chromium, JavaScript on and off)", bin("playwright"), ["test"]);
}
