/**
 * The production build the bench and the profiler measure (rebuilt when there is none, it is older than
 * the sources, or it carries the e2e test routes, RIHLA_TEST_ROUTES), and a server on it.
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { withAllocatorEnv } from "../server/allocator.js";
import { buildIsStale } from "./build-state.js";

/** Builds for production when there is no build, it is older than the sources, or it carries test routes. */
export function ensureProductionBuild() {
  if (!buildIsStale()) return;
  process.stderr.write("building for production…\n");
  const built = spawnSync(process.execPath, [path.resolve("scripts/build.js")], { stdio: ["ignore", 2, 2], env: { ...process.env, NODE_ENV: "production", RIHLA_TEST_ROUTES: "" } });
  if (built.status !== 0) process.exit(1);
}

/** What `work` is told of the server it runs against: its process id (for its memory, /proc/{pid}/status). */
export type ProductionServer = { pid: number };

/**
 * Runs `work` against the production server on `port` (Node started with `nodeArgs`, `env` added to its
 * environment, e.g. PAGE_CACHE=off), ready and on a
 * data directory of its own unless `dataDir` is given, and stops it after (the wait lets a profile be
 * written on exit).
 */
export async function withProductionServer<T>(options: { port: number; nodeArgs?: string[]; dataDir?: string; env?: Record<string, string> }, work: (server: ProductionServer) => Promise<T>): Promise<T> {
  ensureProductionBuild();
  const dataDir = options.dataDir ?? mkdtempSync(path.join(os.tmpdir(), "rihla-production-"));
  const origin = `http://127.0.0.1:${options.port}`;
  process.stderr.write(`starting the server on ${origin} (DATA_DIR ${dataDir})…\n`);
  const server = spawn(process.execPath, [...(options.nodeArgs ?? []), "server.js"], {
    // The allocator settings production runs with (server/allocator.js, as `npm start` sets them).
    env: { ...withAllocatorEnv(process.env), NODE_ENV: "production", PORT: String(options.port), DATA_DIR: dataDir, DRAIN_DELAY_SECONDS: "0", ...options.env },
    stdio: ["ignore", "ignore", "inherit"],
  });
  try {
    const deadline = Date.now() + 5 * 60_000;
    for (let ready = false; !ready; ) {
      if (server.exitCode !== null) throw new Error(`the server exited (${server.exitCode})`);
      if (Date.now() > deadline) throw new Error("the server was not ready within 5 minutes");
      ready = await fetch(`${origin}/readyz`).then(
        (response) => response.ok,
        () => false,
      );
      if (!ready) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    return await work({ pid: server.pid ?? 0 });
  } finally {
    const exited = new Promise((resolve) => server.once("exit", resolve));
    server.kill("SIGTERM");
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 30_000))]);
    if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}
