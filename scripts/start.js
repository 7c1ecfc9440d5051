// `npm start`: builds the storefront when there is no build (or the sources are newer than it),
// then serves it. Data lives under DATA_DIR (default ./data, git-ignored).
import { spawn, spawnSync } from "node:child_process";
import path from "node:path";
import { missingAllocatorEnv, withAllocatorEnv } from "../server/allocator.js";
import { buildIsStale } from "./build-state.js";

process.env.NODE_ENV ??= "production";

if (buildIsStale()) {
  console.log("Building the storefront…");
  const result = spawnSync(process.execPath, [path.resolve("scripts/build.js")], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (missingAllocatorEnv(process.env).length > 0) {
  // glibc reads its malloc settings (server/allocator.js) only at a process's start: the server runs
  // in a child started with them. A process manager's SIGTERM (or Ctrl-C) reaches it as a SIGTERM, so it
  // drains as it would on its own; its exit code is ours.
  const server = spawn(process.execPath, [...process.execArgv, path.resolve("server.js")], { stdio: "inherit", env: withAllocatorEnv(process.env) });
  const stop = () => server.kill("SIGTERM");
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
  server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
} else {
  const { startServer } = await import("../server.js");
  await startServer();
}
