// `npm start`: builds the storefront when there is no build (or the sources are newer than it),
// then serves it. Data lives under DATA_DIR (default ./data, git-ignored).
import { spawnSync } from "node:child_process";
import path from "node:path";
import { buildIsStale } from "./build-state.js";

process.env.NODE_ENV ??= "production";

if (buildIsStale()) {
  console.log("Building the storefront…");
  const result = spawnSync(process.execPath, [path.resolve("scripts/build.js")], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const { startServer } = await import("../server.js");
await startServer();
