import { config } from "zod";

/**
 * Zod 4 probes `new Function` when it builds an object schema, to compile faster parsers. Under the
 * storefront's CSP (no 'unsafe-eval') the browser refuses the probe and reports a violation even though
 * zod catches it; so in the browser zod parses without compiling. root.tsx imports this module first,
 * before any module builds a schema; package.json lists it as the one file with side effects.
 */
if (typeof document !== "undefined") config({ jitless: true });
