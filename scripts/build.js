// `npm run build` (and the builds of `npm start`, `npm test`, the bench): the Remix production build,
// then the seed's worker thread beside it. Remix bundles the seed (app/db/seed/seed.server.ts) into
// build/index.js, but the worker that seed starts by file (seed-worker.ts) is imported by nothing, so
// Remix never emits it; without build/seed-worker.js a server's first start generates the catalogue
// on its main thread. Plain JavaScript: start.js runs it with node, without tsx. The environment
// passes through (NODE_ENV, RIHLA_TEST_ROUTES for the test build).
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";

const remix = spawnSync(process.execPath, [path.resolve("node_modules/@remix-run/dev/dist/cli.js"), "build"], { stdio: "inherit" });
if (remix.status !== 0) process.exit(remix.status ?? 1);

// The esbuild Remix builds with: a dependency of @remix-run/dev, not one of ours.
const esbuild = createRequire(createRequire(import.meta.url).resolve("@remix-run/dev/package.json"))("esbuild");

/**
 * Leaves packages to Node's resolver at run time, as Remix's server build does (none of the
 * serverDependenciesToBundle are reached from the worker). Our own `#app/*` imports are bundled:
 * esbuild resolves them through tsconfig.json's paths, as Remix does.
 */
const externalPackages = {
  name: "external-packages",
  /** @param {import("esbuild").PluginBuild} build */
  setup(build) {
    build.onResolve({ filter: /.*/ }, ({ path: id, kind }) => {
      if (kind === "entry-point" || id.startsWith(".") || id.startsWith("#") || path.isAbsolute(id)) return undefined;
      return { path: id, external: true };
    });
  },
};

await esbuild.build({
  absWorkingDir: process.cwd(),
  entryPoints: ["app/db/seed/seed-worker.ts"],
  // Beside build/index.js: seed.server.ts looks for ./seed-worker.js next to the module it was bundled into.
  outfile: "build/seed-worker.js",
  bundle: true,
  // As build/index.js: remix.config.js's serverPlatform and serverModuleFormat, Remix's server target.
  platform: "node",
  format: "esm",
  target: "node18",
  tsconfig: "tsconfig.json",
  minifySyntax: true,
  logLevel: "warning",
  plugins: [externalPackages],
});
console.log("Built the seed's worker thread: build/seed-worker.js");
