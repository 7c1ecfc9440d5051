// @ts-check
// glibc's malloc settings the storefront's server runs with (docs/decisions/041). glibc reads them once,
// when the process starts, so they are set by whoever starts it: `npm start` (scripts/start.js), the
// bench and the profiler (scripts/production-build.ts), or the operator for a bare `node server.js`.
//
// Why: sharp (libvips, libheif/aom) allocates image-sized buffers from libuv's worker threads. By default
// glibc gives each thread an arena of its own (up to 8 per core) and raises its mmap threshold up to
// 32 MB after the first large free, so later image buffers come from those arenas and stay there once
// freed: a burst of AVIF encodings left the server hundreds of MB larger for good. Two arenas, and a
// fixed 128 KB threshold (image buffers are mmapped and given back to the system on free), bring the
// memory back after a burst and keep it lower from the start (the seed's images go through sharp too).

/** The settings, by environment variable; an operator's own value for any of them wins. */
export const ALLOCATOR_ENV = Object.freeze({ MALLOC_ARENA_MAX: "2", MALLOC_MMAP_THRESHOLD_: "131072" });

/**
 * `env` with the allocator settings it does not set itself.
 * @param {Record<string, string | undefined>} env
 * @returns {Record<string, string | undefined>}
 */
export function withAllocatorEnv(env) {
  return { ...ALLOCATOR_ENV, ...env };
}

/**
 * The allocator settings missing from `env` (none off Linux: they are glibc's).
 * @param {Record<string, string | undefined>} env
 * @returns {string[]}
 */
export function missingAllocatorEnv(env, platform = process.platform) {
  if (platform !== "linux") return [];
  return Object.keys(ALLOCATOR_ENV).filter((name) => env[name] === undefined);
}
