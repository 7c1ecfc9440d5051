/**
 * Where an uncached page render spends its time: starts the production server under `node --cpu-prof`,
 * drives a page with the page cache stepped aside (a personal cookie, as `npm run bench` does), stops
 * the server and prints the functions with the most self time, then the same grouped by package or
 * app folder.
 *
 *   npm run profile                                   the filtered city listing
 *   npm run profile -- /things-to-do-in-dubai/slug   any path
 *   npm run profile -- --seconds 20 --top 30
 *
 * Builds first when the production build is missing or stale (production-build.ts, as the bench does). Self time is sampled CPU time on the server's main
 * thread over the measured load only; "(idle)", "(program)" and "(garbage collector)" are V8's own entries.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { withProductionServer } from "./production-build";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { seconds: { type: "string", default: "10" }, top: { type: "string", default: "20" }, connections: { type: "string", default: "10" } },
});
const PAGE = positionals[0] ?? "/things-to-do-in-dubai?sort=price-asc&duration=1-4h&rating=4";
const PORT = Number(process.env.PROFILE_PORT ?? 3310);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const PERSONAL_COOKIE = "rihla_flash=profile";

type ProfileNode = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount?: number; children?: number[] };
type Profile = { nodes: ProfileNode[]; startTime: number; endTime: number; samples: number[]; timeDeltas: number[] };

/** A short place name: a package (node_modules/<name>), an app file, or Node's own module. */
function place(url: string): string {
  if (!url) return "(V8)";
  const packageMatch = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (packageMatch) return packageMatch[1]!;
  const appMatch = /\/(build\/server\/[^?]+|app\/[^?]+)$/.exec(url);
  if (appMatch) return appMatch[1]!;
  return url.replace(/^file:\/\//, "").replace(/^node:/, "node:");
}

/** Self time over the last `windowSeconds` of the profile (the measured load; start-up and seeding left out). */
function summarise(profile: Profile, top: number, windowSeconds: number) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const from = profile.endTime - windowSeconds * 1e6;
  const hitsById = new Map<number, number>();
  let time = profile.startTime;
  let total = 0;
  let first = Number.POSITIVE_INFINITY;
  profile.samples.forEach((id, index) => {
    time += profile.timeDeltas[index] ?? 0;
    if (time < from) return;
    first = Math.min(first, time);
    total += 1;
    hitsById.set(id, (hitsById.get(id) ?? 0) + 1);
  });
  const interval = (profile.endTime - first) / 1000 / Math.max(1, total);
  const byFunction = new Map<string, number>();
  const byPlace = new Map<string, number>();
  for (const [id, hits] of hitsById) {
    const node = nodes.get(id)!;
    const where = place(node.callFrame.url);
    const name = `${node.callFrame.functionName || "(anonymous)"}  ${where}${node.callFrame.url ? `:${node.callFrame.lineNumber + 1}` : ""}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + hits);
    byPlace.set(where, (byPlace.get(where) ?? 0) + hits);
  }
  const print = (title: string, entries: Map<string, number>) => {
    console.log(`\n${title}`);
    for (const [name, hits] of [...entries].sort((a, b) => b[1] - a[1]).slice(0, top)) {
      console.log(`${((hits / total) * 100).toFixed(1).padStart(5)} %  ${(hits * interval).toFixed(0).padStart(6)} ms  ${name}`);
    }
  };
  console.log(`${total} samples over the last ${windowSeconds} s of the profile`);
  print("self time by function", byFunction);
  print("self time by package or app file", byPlace);
}

async function main() {
  const profileDir = mkdtempSync(path.join(os.tmpdir(), "rihla-cpuprofile-"));
  await withProductionServer({ port: PORT, nodeArgs: ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] }, async () => {
    const options = { url: ORIGIN + PAGE, headers: { cookie: PERSONAL_COOKIE, "accept-encoding": "gzip" }, connections: Number(values.connections) };
    await autocannon({ ...options, duration: 2 });
    const result = await autocannon({ ...options, duration: Number(values.seconds) });
    console.log(`${PAGE}: ${Math.round(result.requests.average)} req/s uncached at ${options.connections} connections, ${result.non2xx + result.errors} errors`);
  });
  const file = readdirSync(profileDir).find((name) => name.endsWith(".cpuprofile"));
  if (!file) throw new Error("the server wrote no profile");
  // The measured load, less a second for the shutdown that follows it.
  summarise(JSON.parse(readFileSync(path.join(profileDir, file), "utf8")) as Profile, Number(values.top), Number(values.seconds) - 1);
  rmSync(profileDir, { recursive: true, force: true });
}

await main();
