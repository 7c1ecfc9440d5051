import { defineConfig } from "drizzle-kit";

// One migration set for PGlite and PostgreSQL servers; applied at runtime by app/db/db.server.ts.
export default defineConfig({
  dialect: "postgresql",
  schema: "./app/db/schema/index.ts",
  out: "./drizzle",
});
