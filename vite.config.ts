import { fileURLToPath } from "node:url";
import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig, type Plugin, type UserConfig } from "vite";

// Loaders and actions are typed for single fetch (what `useLoaderData` receives is what turbo-stream
// carries, not JSON): the types follow the flag below.
declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

/** `#app/…`, `#cms/…`: the same names tsconfig.json's paths and package.json's imports give them. */
export const aliases = {
  "#app": fileURLToPath(new URL("./app", import.meta.url)),
  "#cms": fileURLToPath(new URL("./cms", import.meta.url)),
};

/**
 * Packages the server bundle includes instead of leaving to Node's resolver: they ship ESM that Node
 * cannot load on its own (no file extensions, or JSX-free ESM beside CommonJS that React code imports).
 */
const SERVER_BUNDLED = [/^remix-i18next/, /^react-i18next/, /^swr/, /^@portabletext\//];

/**
 * In the browser, "react-i18next" is app/i18n/browser-react-i18next.tsx: `useTranslation` over a ~1 KB
 * translator instead of react-i18next and i18next (~17 KB gzip of first-load JavaScript). The server
 * renders with the real ones; app/i18n/translator.test.ts holds the two to the same texts.
 */
function browserTranslations(): Plugin {
  const replacement = fileURLToPath(new URL("./app/i18n/browser-react-i18next.tsx", import.meta.url));
  return {
    name: "rihla:browser-translations",
    enforce: "pre",
    resolveId(source, _importer, options) {
      return source === "react-i18next" && !options?.ssr ? replacement : null;
    },
  };
}

export default defineConfig(({ isSsrBuild }): UserConfig => ({
  resolve: { alias: aliases },
  // public/ is served by server.js as it is (it also holds the catalogue's generated images, written
  // at run time): nothing is copied into the build.
  publicDir: false,
  ssr: { noExternal: SERVER_BUNDLED },
  build: isSsrBuild
    ? {
        // The server's bundle stays one file (and the seed's worker sits beside it, see scripts/build.js):
        // a server gains nothing from chunks it loads at start anyway. Not minified: its stack traces stay readable.
        rollupOptions: { output: { inlineDynamicImports: true } },
        minify: false,
      }
    : {
        // Terser, two passes: ~4 KB gzip less first-load JavaScript than esbuild's minifier on the same
        // chunks (81.5 against 84.6 KB for React, the router and Remix), for ~1 minute more build time.
        minify: "terser",
        terserOptions: { compress: { passes: 2 }, ecma: 2020 },
      },
  plugins: [
    browserTranslations(),
    remix({
      serverModuleFormat: "esm",
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        // A page's manifest names only its own routes (the others are asked for from /__manifest as
        // links appear), instead of all ~130 route ids × 4 locales on every page.
        v3_lazyRouteDiscovery: true,
        // The route table is app/routes.ts.
        v3_routeConfig: true,
      },
    }),
  ],
}));
