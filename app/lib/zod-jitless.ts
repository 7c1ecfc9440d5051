/**
 * Zod 4 probes `new Function` when it builds an object schema, to compile faster parsers. Under the
 * storefront's CSP (no 'unsafe-eval') the browser refuses the probe and reports a violation even though
 * zod catches it; so in the browser zod parses without compiling. root.tsx imports this module first,
 * before any module builds a schema; package.json lists it as the one file with side effects.
 *
 * It sets zod's global configuration object (`globalThis.__zod_globalConfig`, which zod adopts when it
 * loads: `globalThis.__zod_globalConfig ??= {}`) rather than calling `config()` from "zod": importing
 * zod here put the whole library (~90 KB gzip) into the root chunk, so every page downloaded it
 * whether or not it had a form validated in the browser. Zod now loads only with the routes that use
 * it, after root.tsx's module body has run (the entry imports root before any other route module).
 */
type ZodGlobal = typeof globalThis & { __zod_globalConfig?: { jitless?: boolean } };

if (typeof document !== "undefined") {
  const scope = globalThis as ZodGlobal;
  scope.__zod_globalConfig ??= {};
  scope.__zod_globalConfig.jitless = true;
}
