// `npm run build` (and the builds of `npm start`, `npm test`, the bench): the Remix production build
// on Vite (vite.config.ts: build/client for browsers, build/server/index.js for server.js), then the
// seed's worker thread beside the server bundle. The server bundle includes the seed
// (app/db/seed/seed.server.ts), but the worker that seed starts by file (seed-worker.ts) is imported by
// nothing, so Vite never emits it; without build/server/seed-worker.js a server's first start generates
// the catalogue on its main thread. Plain JavaScript: start.js runs it with node, without tsx. The environment
// passes through (NODE_ENV, RIHLA_TEST_ROUTES for the test build).
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";

const remix = spawnSync(process.execPath, [path.resolve("node_modules/@remix-run/dev/dist/cli.js"), "vite:build"], { stdio: "inherit" });
if (remix.status !== 0) process.exit(remix.status ?? 1);

// The esbuild Vite transforms with: a dependency of vite, not one of ours.
const esbuild = createRequire(createRequire(import.meta.url).resolve("vite/package.json"))("esbuild");

/**
 * Leaves packages to Node's resolver at run time, as the server bundle does (none of the packages
 * vite.config.ts bundles are reached from the worker). Our own `#app/*` imports are bundled: esbuild
 * resolves them through tsconfig.json's paths.
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
  // Beside build/server/index.js: seed.server.ts looks for ./seed-worker.js next to the module it was bundled into.
  outfile: "build/server/seed-worker.js",
  bundle: true,
  // As build/server/index.js: Node, ES modules (vite.config.ts's serverModuleFormat).
  platform: "node",
  format: "esm",
  target: "node18",
  tsconfig: "tsconfig.json",
  minifySyntax: true,
  logLevel: "warning",
  plugins: [externalPackages],
});
console.log("Built the seed's worker thread: build/server/seed-worker.js");
